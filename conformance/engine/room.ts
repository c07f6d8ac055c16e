// The room the member's account has for what a run creates (docs/conformance.md, "The preflight"): what the run's
// check files declare they create, against the most the member may hold where the profile states it and what it holds
// (counted on its lists, source §4 and §8's paging). Source §8 shows no limits: only the profile, or a limit answer
// during the run, can say that an account is full; a server that states none is never warned, blocked or sent more.
import type { ApiClient } from '../../client/index.js';
import type { Contract } from '../../contract/openapi.js';
import { LIMIT_KINDS, type Profile } from '../profile.js';
import { type Kind, MAX_PAGES, walkList } from './discovery.js';
import type { Answer } from './exchange-record.js';
import { type CheckFile, type Creations, type Selection, skipReason, waitsFor } from './registry.js';
import type { RunSettings } from './settings.js';

export type RoomKind = (typeof LIMIT_KINDS)[number];

interface RoomKindSpec {
  kind: Kind;
  /** The operation that adds one (what a limit answer to it is about). */
  create: string;
  list: string;
  /** The queries whose rows together are everything held (the session list takes is_active). */
  queries: (board: Record<string, unknown>) => Record<string, unknown>[];
  what: string;
}

export const ROOM_KINDS: Readonly<Record<RoomKind, RoomKindSpec>> = {
  tokens: {
    kind: 'token',
    create: 'createApiToken',
    list: 'listApiTokens',
    queries: () => [{}],
    what: 'API tokens',
  },
  scenarios: {
    kind: 'scenario',
    create: 'createScenario',
    list: 'listScenarios',
    queries: (board) => [board],
    what: 'scenarios',
  },
  sessions: {
    kind: 'session',
    create: 'startSession',
    list: 'listSessions',
    queries: (board) => [
      { ...board, is_active: true },
      { ...board, is_active: false },
    ],
    what: 'QA sessions',
  },
};

/** What the preflight found for one kind the run creates. */
export interface Room {
  kind: RoomKind;
  /** At most this many the run creates (its check files' declarations). */
  creates: number;
  /** What the member held before the run, when its list could be read. */
  held?: number;
  /** The list had more pages than a walk reads: `held` is a lower bound. */
  heldAtLeast?: boolean;
  /** The most the member may hold, as the profile states it. */
  limit: number;
  /** Why `held` is unknown although a limit is stated. */
  unread?: string;
}

const NONE: Creations = { tokens: 0, scenarios: 0, sessions: 0 };

/**
 * What the run creates at most, by kind: the declarations of every check file with a check the run will start (a
 * read-only run creates nothing), and nothing of a kind whose creating operation is declared missing.
 */
export function runCreations(files: readonly CheckFile[], selection: Selection, settings: RunSettings): Creations {
  const total = { ...NONE };
  if (settings.readOnly) return total;
  for (const file of files) {
    if (!file.creates || !file.checks.some((c) => !skipReason(c, selection) && !waitsFor(c, selection))) continue;
    const declared = file.creates(settings);
    for (const kind of LIMIT_KINDS) total[kind] += declared[kind] ?? 0;
  }
  for (const kind of LIMIT_KINDS) if (selection.missing?.has(ROOM_KINDS[kind].create)) total[kind] = 0;
  return total;
}

export interface CountInput {
  profile: Profile;
  contract: Contract;
  /** The member's client, over the run's recording fetch. */
  member: ApiClient;
  /** The answers the requests receive, in order (the recorder appends each one). */
  answers: readonly Answer[];
  creations: Creations;
}

/** One list page as the walk reads it: the answer the recorder kept for the request. */
async function listPage(input: CountInput, operationId: string, query: Record<string, unknown>): Promise<Answer> {
  const op = input.contract.byId.get(operationId);
  if (!op) throw new Error(`unknown operation ${operationId}`);
  const before = input.answers.length;
  const loose = input.member as unknown as {
    request(method: string, url: string, init: Record<string, unknown>): Promise<unknown>;
  };
  await loose.request(op.method, op.path, { params: { query } }).catch(() => undefined);
  const answer = input.answers.slice(before).at(-1);
  if (!answer) throw new Error(`${op.method.toUpperCase()} ${op.path} got no answer`);
  return answer;
}

/** Counts what the member holds of one kind, or says why it could not. */
async function count(input: CountInput, spec: RoomKindSpec): Promise<Pick<Room, 'held' | 'heldAtLeast' | 'unread'>> {
  if (input.profile.missingOperations.includes(spec.list)) return { unread: `${spec.list} is declared missing` };
  const board = { company_id: input.profile.companyId, board_id: input.profile.boardId };
  let held = 0;
  let heldAtLeast = false;
  for (const query of spec.queries(board)) {
    try {
      const walk = await walkList(
        (page, limit) => listPage(input, spec.list, { ...query, page, ...(limit === undefined ? {} : { limit }) }),
        spec.kind,
      );
      if (!walk.ok) {
        const { method, path, error } = walk.page.record;
        return { unread: `${method} ${path}: ${walk.page.status === undefined ? (error ?? 'no answer') : walk.why}` };
      }
      held += walk.rows.length;
      heldAtLeast ||= walk.pages.length >= MAX_PAGES;
    } catch (error) {
      return { unread: (error as Error).message };
    }
  }
  return { held, ...(heldAtLeast ? { heldAtLeast } : {}) };
}

/**
 * The room for each kind the run creates and the profile states a limit for: a server that states none gets no request
 * more. A list that cannot be read leaves the count unknown and fails nothing.
 */
export async function roomFor(input: CountInput): Promise<Room[]> {
  const rooms: Room[] = [];
  for (const kind of LIMIT_KINDS) {
    const creates = input.creations[kind];
    const limit = input.profile.limits?.[kind];
    if (creates === 0 || limit === undefined) continue;
    rooms.push({ kind, creates, limit, ...(await count(input, ROOM_KINDS[kind])) });
  }
  return rooms;
}

const heldText = (room: Room): string => `${room.heldAtLeast ? 'at least ' : ''}${room.held}`;

/** Whether the member could not add a single one before the run. */
export const noRoom = (room: Room): boolean => room.held !== undefined && room.held >= room.limit;

/**
 * What the preflight tells the user before any rule runs, for one kind: only where the run does not fit in the stated
 * limit (or the count could not be made); nothing otherwise.
 */
export function roomWarning(room: Room, limitField: string): string | undefined {
  const { what } = ROOM_KINDS[room.kind];
  if (room.held === undefined) {
    return `could not count the member's ${what} against the limit of ${room.limit} (${limitField}): ${room.unread ?? 'no list'}`;
  }
  if (room.held + room.creates <= room.limit) return undefined;
  const used = `${heldText(room)} of ${room.limit} ${what} used (${limitField})`;
  const outcome = `the rules that meet the account's limit are not verified, never failed: delete some of the member's ${what} or use another account`;
  if (noRoom(room))
    return `the member's account has no room: ${used}, and the run creates up to ${room.creates}; ${outcome}`;
  return `the member's account has room for ${room.limit - room.held} of the up to ${room.creates} ${what} the run creates: ${used}; ${outcome}`;
}

/** The kind a limit answer is about: the one whose creating operation it answered. */
export const roomOf = (rooms: readonly Room[], answer: Answer): Room | undefined =>
  rooms.find((r) => ROOM_KINDS[r.kind].create === answer.record.operationId);

/**
 * The reason of a rule that met a limit answer (`limit`, the server's words), with what the preflight counted: the
 * account had no room at all, or how full it was before the run.
 */
export function limitReason(limit: string, room: Room | undefined): string {
  if (!room || room.held === undefined) return `not verified: the account's limit was reached: ${limit}`;
  const { what } = ROOM_KINDS[room.kind];
  const creates = `the run creates up to ${room.creates}`;
  if (noRoom(room)) {
    return `not verified: the account has no room: ${heldText(room)} of ${room.limit} ${what} used (${creates}); ${limit}`;
  }
  return `not verified: the account's limit was reached: ${limit}; ${heldText(room)} of ${room.limit} ${what} were used before the run (${creates})`;
}
