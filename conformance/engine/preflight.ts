// The preflight (docs/conformance.md, "The preflight"): before any rule runs, both profile accounts log in (source §4,
// §5 rule 5) and the company lists confirm the profile's scope (source §1: "GET /company/list/ returns data.companies"),
// their rows, ids and boards found as the checks find them (engine/discovery.ts); then the member's room for what the
// run creates (engine/room.ts).

import { ApiError, OutcomeUnknownError } from '../../client/index.js';
import { isObject } from '../../contract/json.js';
import { sharedValidators } from '../../contract/validators.js';
import { PROFILE_FIELDS, type Profile } from '../profile.js';
import { cutAtCodePoint } from '../report/inert-text.js';
import type { Actor, Actors } from './actors.js';
import { collectionOf, KINDS, rowsIn, rowsWithin, type WorkspaceId, workspaceIdOf } from './discovery.js';
import { baseUrlHint, type EntryPoint, profileFieldHint } from './entry-points.js';
import type { Answer } from './exchange-record.js';
import { NotVerified, notApplicableIn } from './explain.js';
import type { Redactor } from './redact.js';
import type { Creations } from './registry.js';
import { type Room, roomFor, roomWarning } from './room.js';
import { NoAnswerError } from './send.js';

/** The profile does not fit the target; the message names the field or account to fix and its variable. */
export class PreflightError extends Error {
  override readonly name: string = 'PreflightError';
  constructor(message: string) {
    super(`preflight: ${message}`);
  }
}

/** The target refused the profile's account or contradicted one of its ids. */
export class ProfileMismatchError extends PreflightError {
  override readonly name = 'ProfileMismatchError';
}

/** The target's answer could not confirm the profile: a server error, no answer, or a shape with nothing to read. */
export class PreflightUnconfirmedError extends PreflightError {
  override readonly name = 'PreflightUnconfirmedError';
}

export interface PreflightInput {
  profile: Profile;
  /** Logins and clients over the run's recording fetch: the preflight logs in the way the checks do. */
  actors: Actors;
  /** The answers the preflight's requests received, in order (the recorder appends each one). */
  answers: readonly Answer[];
  redactor: Redactor;
  /** The entry point the run came through (`door`): the CLI names a field with its variable, code names `profile.<field>`. */
  door?: EntryPoint;
  /** What the run creates at most (engine/room.ts `runCreations`); nothing when absent. */
  creations?: Creations;
}

export interface PreflightResult {
  /**
   * What could not be confirmed without being wrong (e.g. a company list that shows no boards), and a run that does
   * not fit in the member's room.
   */
  warnings: string[];
  /** The member's room for each kind the run creates, where it was counted. */
  room: Room[];
}

const envOf = (name: string): string => PROFILE_FIELDS.find((f) => f.path.join('.') === name)?.env ?? '';

/** `boardId, CONFORMANCE_BOARD_ID` (the profile field and the variable that overrides it), or `profile.boardId`. */
const fieldRef = (name: string, door: EntryPoint): string => profileFieldHint(door, name, envOf(name));

const accountRef = (actor: Actor, door: EntryPoint): string =>
  door === 'cli'
    ? `the ${actor} account (accounts.${actor}, ${envOf(`accounts.${actor}.username`)} / ${envOf(`accounts.${actor}.password`)})`
    : `the ${actor} account (profile.accounts.${actor})`;

/** The target's own words in an error payload, short, with every known secret masked. */
function saying(payload: unknown, redactor: Redactor): string {
  const message = isObject(payload) && typeof payload.message === 'string' ? payload.message.trim() : '';
  if (!message) return '';
  const short = message.length > 160 ? `${cutAtCodePoint(message, 160)}…` : message;
  return ` (${JSON.stringify(redactor.text(short))})`;
}

/** A preflight request that got no answer: the run stopped (passed on), or the target is not confirmed. */
function noAnswer(error: unknown): NoAnswerError | undefined {
  const cause = error instanceof OutcomeUnknownError ? error.cause : error;
  if (!(cause instanceof NoAnswerError)) return undefined;
  if (cause.kind === 'stopped') throw cause;
  return cause;
}

async function logIn(actor: Actor, { actors, redactor, door = 'cli' }: PreflightInput): Promise<void> {
  const who = accountRef(actor, door);
  try {
    await actors.session(actor);
  } catch (error) {
    const lost = noAnswer(error);
    if (lost) throw new PreflightUnconfirmedError(`could not confirm that ${who} can log in: ${lost.message}`);
    if (error instanceof OutcomeUnknownError) {
      const what = error.status === undefined ? 'no usable answer' : `HTTP ${error.status}`;
      throw new PreflightUnconfirmedError(`could not confirm that ${who} can log in: the login got ${what}`);
    }
    const refusal = error instanceof NotVerified ? error.cause : undefined;
    if (refusal instanceof ApiError && refusal.status >= 400 && refusal.status < 500) {
      const said = saying(refusal.payload, redactor);
      if (refusal.status === 404) {
        throw new PreflightUnconfirmedError(
          `${who} could not log in: POST /member/login/ answered 404${said}: is ${baseUrlHint(door)} the REST base address, ending in /api?`,
        );
      }
      const captcha = JSON.stringify(refusal.payload ?? '').includes('captcha');
      const fix = captcha
        ? `the captcha token (${fieldRef('captchaToken', door)}) may be one the target does not accept in test mode`
        : 'check its username and password';
      throw new ProfileMismatchError(`${who} could not log in: the target answered ${refusal.status}${said}; ${fix}`);
    }
    if (refusal instanceof ApiError) {
      throw new PreflightUnconfirmedError(
        `could not confirm that ${who} can log in: the login answered HTTP ${refusal.status}, ${refusal.message.replace(/^.*?HTTP \d+, /, '')}`,
      );
    }
    if (error instanceof NotVerified) {
      throw new PreflightUnconfirmedError(`could not confirm that ${who} can log in: ${error.message}`);
    }
    throw error;
  }
}

/** The rows of the account's GET /company/list/ (source §1: data.companies, else where `rowsIn` finds them). */
async function companies(actor: Actor, input: PreflightInput, purpose: string): Promise<unknown[]> {
  const { actors, answers } = input;
  const unconfirmed = (why: string) =>
    new PreflightUnconfirmedError(`could not confirm ${purpose}: the ${actor}'s GET /company/list/ ${why}`);
  const before = answers.length;
  try {
    const client = await actors.as(actor);
    await client.GET('/company/list/');
  } catch (error) {
    const lost = noAnswer(error);
    if (lost) throw unconfirmed(`got no answer: ${lost.message.replace(/^GET \S+: /, '')}`);
    const missing = notApplicableIn(error);
    if (missing)
      throw unconfirmed(`answered 401, and renewing the session needs ${missing.operation} (declared missing)`);
    if (!(error instanceof ApiError)) throw error;
  }
  // The last one: a session the target let expire is renewed and the list asked again.
  const answer = answers
    .slice(before)
    .filter((a) => a.record.path === '/company/list/')
    .at(-1);
  if (!answer || answer.status === undefined) throw unconfirmed('got no answer');
  if (answer.status < 200 || answer.status >= 300) {
    throw unconfirmed(`answered ${answer.status}${saying(answer.body, input.redactor)}`);
  }
  const rows = rowsIn(answer.body, 'company');
  if (!rows) throw unconfirmed(`answered ${answer.status} with no array of companies in data (data.companies)`);
  return rows;
}

/**
 * The board ids a company row lists, and the member they are under: the contract's `boards`, else the one array of rows
 * `collectionOf` finds (an array without a board id in it, such as a list of role names, shows no boards).
 */
function boardsOf(company: unknown): { ids: WorkspaceId[]; under: string } | undefined {
  const under = collectionOf(company, 'board');
  if (under === undefined) return undefined;
  const ids = (rowsWithin(company, 'board', under) ?? []).flatMap((b) => workspaceIdOf(b, 'board') ?? []);
  return ids.length === 0 && under !== KINDS.board.collection ? undefined : { ids, under };
}

const idList = (ids: readonly (WorkspaceId | undefined)[]): string => {
  const known = ids.filter((id) => id !== undefined);
  if (known.length === 0) return 'none';
  return known.length > 10 ? `${known.slice(0, 10).join(', ')}, …` : known.join(', ');
};

/**
 * Confirms that the profile fits the target, or throws a PreflightError naming what to fix: both accounts log in,
 * the member's company list holds companyId with its boards, and the outsider's does not hold companyId. Where the
 * company list shows no boards (the source does not say where a company's boards are), the boards are a warning; so is
 * a run that does not fit in the member's room, which never stops it.
 * A stopped run's NoAnswerError is passed on.
 */
export async function preflight(input: PreflightInput): Promise<PreflightResult> {
  const { profile } = input;
  const door = input.door ?? 'cli';
  const warnings: string[] = [];
  await logIn('member', input);
  await logIn('outsider', input);

  const companyId = profile.companyId;
  const memberRows = await companies('member', input, `companyId ${companyId} (${fieldRef('companyId', door)})`);
  const company = memberRows.find((c) => workspaceIdOf(c, 'company') === companyId);
  if (!company) {
    throw new ProfileMismatchError(
      `the member's GET /company/list/ does not hold companyId ${companyId} (${fieldRef('companyId', door)}); it holds ${idList(memberRows.map((c) => workspaceIdOf(c, 'company')))}: use the company_id of a company that ${accountRef('member', door)} belongs to`,
    );
  }
  const boardIds = boardsOf(company);
  const wanted: [string, WorkspaceId | undefined][] = [
    ['boardId', profile.boardId],
    ['boardWithoutTodoColumnId', profile.boardWithoutTodoColumnId],
  ];
  for (const [name, boardId] of wanted) {
    if (boardId === undefined) continue;
    if (boardIds?.ids.includes(boardId)) continue;
    // Only the contract's `boards` can contradict the profile: rows found under another name may be something else.
    if (boardIds?.under === KINDS.board.collection) {
      throw new ProfileMismatchError(
        `company ${companyId} in the member's GET /company/list/ does not hold ${name} ${boardId} (${fieldRef(name, door)}); it holds boards ${idList(boardIds.ids)}`,
      );
    }
    warnings.push(
      boardIds
        ? `${name} ${boardId} could not be confirmed: company ${companyId} in the member's GET /company/list/ lists no such id under ${boardIds.under}`
        : `${name} ${boardId} could not be confirmed: the member's GET /company/list/ shows no boards for company ${companyId}`,
    );
  }

  const outsiderRows = await companies('outsider', input, `that the outsider is outside company ${companyId}`);
  if (outsiderRows.some((c) => workspaceIdOf(c, 'company') === companyId)) {
    throw new ProfileMismatchError(
      `the outsider's GET /company/list/ holds companyId ${companyId}: ${accountRef('outsider', door)} must be an account outside that company (or the target shows every account every company, which ACCESS-03 forbids)`,
    );
  }

  const { creations } = input;
  if (!creations) return { warnings, room: [] };
  const member = await input.actors.as('member');
  const { contract } = sharedValidators();
  const room = await roomFor({ profile, contract, member, answers: input.answers, creations });
  for (const r of room) {
    const warning = roomWarning(r, fieldRef(`limits.${r.kind}`, door));
    if (warning) warnings.push(warning);
  }
  return { warnings, room };
}
