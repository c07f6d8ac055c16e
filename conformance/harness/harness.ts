// The frame every check file runs in: the profile, typed clients over the recording fetch, rule-named checks with
// their skip reasons, lazy fixtures, clean-up of what the file created, and the per-file exchange rules.
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeEach, inject, it, type TestContext } from 'vitest';
import {
  type ApiClient,
  ApiError,
  type Credential,
  createApiClient,
  OutcomeUnknownError,
  PaginationError,
  unwrap,
} from '../../client/index.js';
import type { loadContract, OperationSpec } from '../../contract/openapi.js';
import { type ContractValidators, createValidators } from '../../contract/validators.js';
import type { RunContext } from '../context.js';
import type { LedgerEntry } from '../exchange.js';
import { profileSecrets } from '../profile.js';
import { type Answer, createRecorder, type Recorder } from '../recorder.js';
import { createRedactor, type Redactor } from '../redact.js';
import { ruleById } from '../rules.js';
import { memberOf } from './payload.js';

/** A check that did not hold; its message is shown as is (already free of secrets). */
export class CheckFailure extends Error {
  override readonly name = 'CheckFailure';
}

/**
 * A rule that could not be judged because a step before it failed: the rule `blockedBy` covers that step. The harness
 * reports the rule as not verified, never as passed or failed; when the check belongs to `blockedBy` itself, it fails.
 */
export class NotVerified extends Error {
  override readonly name = 'NotVerified';
  constructor(
    readonly blockedBy: string,
    message: string,
  ) {
    super(message);
  }
}

export type Actor = 'member' | 'outsider';

export interface Session {
  accessToken: string;
  refreshToken: string;
}

export interface CallInit {
  query?: Record<string, unknown>;
  body?: unknown;
  /** Sent as given; an explicit Authorization here overrides the client's credential. */
  headers?: Record<string, string>;
}

export interface RuleOptions {
  /** Overrides the rule's `writes`: this check sends a write (skipped in --read-only). */
  writes?: boolean;
  /** The check sends a registration request (skipped with --no-register). */
  registers?: boolean;
}

type CheckFn = (t: TestContext) => Promise<void>;

declare module 'vitest' {
  interface TaskMeta {
    /** Exchange IDs of a failed check, the one to show first. */
    conformanceExchanges?: string[];
    /** Exchange IDs of everything a failed check sent, in order: the steps that led to the failure. */
    conformanceSteps?: string[];
    /** The check skipped itself, with a reason (unlike a check that a stopped run never reached). */
    conformanceSkipped?: boolean;
    /** The check could not be set up: the rule that covers the step that failed (reported as not verified). */
    conformanceBlockedBy?: string;
  }
}

export interface Harness {
  run: RunContext;
  /** `company_id` and `board_id` of the profile's board, as query values. */
  board: { company_id: number; board_id: number };
  marker: string;
  /** A title carrying the run marker, so that clean-up can find what it names. */
  title(label: string): string;
  recorder: Recorder;
  redactor: Redactor;
  contract: ReturnType<typeof loadContract>;
  /** A client without credential (no Authorization header unless given per request). */
  anonymous(): ApiClient;
  /** A client logged in as the account (one login per file). */
  as(actor: Actor): Promise<ApiClient>;
  /** The session pair of the account's login (for sending it wrongly on purpose). */
  session(actor: Actor): Promise<Session>;
  /** A client that sends a named API token. */
  withToken(token: string): ApiClient;
  /** Sends any contract operation through a client and returns the answer, whatever its status. */
  call(client: ApiClient, operationId: string, init?: CallInit): Promise<Answer>;
  /** Sends a request outside the contract (another path, another Content-Type) through the recording fetch. */
  raw(actor: string, method: string, path: string, init?: RequestInit): Promise<Answer>;
  /** A fixture computed once, on first use, by the first check that needs it. */
  once<T>(make: () => Promise<T>): () => Promise<T>;
  /** Registers a check for a rule: its name starts with the rule ID. */
  rule(id: string, name: string, fn: CheckFn, options?: RuleOptions): void;
  /** Marks an answer as the one to show if the current check fails. */
  blame(answer: Answer | undefined): void;
  /** Registers the rules judged over this file's exchanges; call it last. */
  exchangeRules(): void;
}

const MAX_SHOWN = 3;

function describeAnswer(a: Answer): string {
  const r = a.record;
  return `${r.method} ${r.path} → ${r.status ?? r.error ?? 'no answer'}`;
}

/** `t.skip()` aborts a check by throwing; that is a skip, not a failure. */
const isSkip = (error: unknown): boolean => (error as { code?: unknown } | null)?.code === 'VITEST_PENDING';

/** Explains an error thrown inside a check: a failure of the target, never a crash of the suite. */
function explain(error: unknown, redactor: Redactor): Error {
  if (error instanceof CheckFailure || error instanceof NotVerified)
    return new CheckFailure(redactor.text(error.message));
  if (error instanceof OutcomeUnknownError) {
    return new CheckFailure(
      redactor.text(
        `${error.message}. The suite did not repeat it; anything it may have created carries the run marker and is looked for at clean-up.`,
      ),
    );
  }
  if (error instanceof ApiError) return new CheckFailure(redactor.text(`unexpected answer: ${error.message}`));
  if (error instanceof PaginationError) return new CheckFailure(redactor.text(`paging failed: ${error.message}`));
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
    const kind = error.name === 'AssertionError' ? '' : `${error.name}: `;
    return new CheckFailure(redactor.text(`${kind}${error.message}${cause}`));
  }
  return new CheckFailure(redactor.text(String(error)));
}

/** One set of compiled validators per worker: check files that share a worker share the compiled schemas. */
let validators: ContractValidators | undefined;

export function createHarness(moduleUrl: string): Harness {
  const run = inject('conformance');
  const file = basename(fileURLToPath(moduleUrl));
  const { profile } = run;
  const redactor = createRedactor(profileSecrets(profile));
  validators ??= createValidators();
  const contract = validators.contract;
  const recorder = createRecorder({
    baseUrl: profile.baseUrl,
    file,
    timeoutMs: run.timeoutMs,
    redactor,
    runDir: run.runDir,
    validators,
    board: { companyId: profile.companyId, boardId: profile.boardId },
  });
  const selected = new Set(run.selected);
  const sessions = new Map<Actor, Promise<Session>>();
  const clients = new Map<Actor, Promise<ApiClient>>();
  let blamed: string | undefined;
  let anyRuleRuns = false;

  const makeClient = (actor: string, credential?: Credential): ApiClient =>
    createApiClient({
      baseUrl: profile.baseUrl,
      fetch: recorder.fetch(actor),
      timeoutMs: run.timeoutMs,
      ...(credential ? { credential } : {}),
      sessionStore: {
        save: (pair) => {
          redactor.add(pair.accessToken);
          redactor.add(pair.refreshToken);
          // Checks that send the refresh token on purpose (AUTH-05) must send the live one, not a spent one.
          if (actor === 'member' || actor === 'outsider') sessions.set(actor, Promise.resolve(pair));
        },
      },
    });

  const login = async (actor: Actor): Promise<Session> => {
    const account = profile.accounts[actor];
    const data = await unwrap(
      makeClient(actor).POST('/member/login/', {
        body: { username: account.username, password: account.password, captcha_token: profile.captchaToken },
      }),
    ).catch((error: Error) => {
      // A rejected login blocks the rules that need the session; no answer at all fails them.
      if (error instanceof ApiError) throw new NotVerified('LOGIN-02', `login as ${actor} failed: ${error.message}`);
      throw error;
    });
    const accessToken = memberOf(data, 'access_token');
    const refreshToken = memberOf(data, 'refresh_token') ?? '';
    if (!accessToken) throw new NotVerified('LOGIN-02', `login as ${actor} returned no access_token`);
    redactor.add(accessToken);
    redactor.add(refreshToken);
    return { accessToken, refreshToken };
  };

  const harness: Harness = {
    run,
    board: { company_id: profile.companyId, board_id: profile.boardId },
    marker: run.marker,
    title: (label) => `${label} [${run.marker}]`,
    recorder,
    redactor,
    contract,
    anonymous: () => makeClient('anonymous'),
    session(actor) {
      let s = sessions.get(actor);
      if (!s) {
        s = login(actor);
        sessions.set(actor, s);
      }
      return s;
    },
    as(actor) {
      let c = clients.get(actor);
      if (!c) {
        c = harness.session(actor).then((s) =>
          makeClient(actor, {
            kind: 'session',
            accessToken: s.accessToken,
            // A missing refresh token still lets the session be used; the client cannot renew it.
            refreshToken: s.refreshToken || 'none',
          }),
        );
        clients.set(actor, c);
      }
      return c;
    },
    withToken: (token) => makeClient('token', { kind: 'apiToken', token }),
    async call(client, operationId, init = {}) {
      const op: OperationSpec | undefined = contract.byId.get(operationId);
      if (!op) throw new Error(`unknown operation ${operationId}`);
      const before = recorder.answers.length;
      const loose = client as unknown as {
        request(method: string, url: string, init: Record<string, unknown>): Promise<unknown>;
      };
      try {
        await loose.request(op.method, op.path, {
          params: { query: init.query ?? {} },
          ...(init.body === undefined ? {} : { body: init.body }),
          ...(init.headers ? { headers: init.headers } : {}),
        });
      } catch (error) {
        // The client turns an ambiguous POST failure or a garbled answer into an error: the answer is still recorded.
        if (recorder.answers.length === before) throw error;
      }
      const answer = recorder.answers[recorder.answers.length - 1] as Answer;
      blamed = answer.record.id;
      return answer;
    },
    async raw(actor, method, path, init = {}) {
      const before = recorder.answers.length;
      try {
        await recorder.fetch(actor)(`${profile.baseUrl}${path}`, { ...init, method });
      } catch (error) {
        if (recorder.answers.length === before) throw error;
      }
      const answer = recorder.answers[recorder.answers.length - 1] as Answer;
      blamed = answer.record.id;
      return answer;
    },
    once<T>(make: () => Promise<T>) {
      let value: Promise<T> | undefined;
      return () => {
        value ??= make();
        return value;
      };
    },
    blame(answer) {
      if (answer) blamed = answer.record.id;
    },
    rule(id, name, fn, options = {}) {
      const rule = ruleById(id);
      const writes = options.writes ?? rule.writes;
      const skipReason = !selected.has(id)
        ? 'not selected by --only'
        : writes && run.readOnly
          ? 'read-only mode'
          : options.registers && !run.register
            ? '--no-register'
            : undefined;
      if (skipReason === undefined) anyRuleRuns = true;
      it(`${id} ${name}`, async (t) => {
        try {
          if (skipReason !== undefined) return t.skip(skipReason);
          await fn(t);
        } catch (error) {
          if (isSkip(error)) {
            t.task.meta.conformanceSkipped = true;
            throw error;
          }
          if (error instanceof NotVerified && error.blockedBy !== id) {
            // Neither a pass nor a failure of this rule: the step that failed belongs to another rule.
            t.task.meta.conformanceSkipped = true;
            t.task.meta.conformanceBlockedBy = error.blockedBy;
            t.task.meta.conformanceExchanges = blamed ? [blamed] : [];
            return t.skip(redactor.text(`not verified, blocked by ${error.blockedBy}: ${error.message}`));
          }
          const mine = recorder.answersOf(t.task.name).map((a) => a.record.id);
          // Blamed by this check (`call` blames each answer; `blame` may name one an earlier check of the file got).
          const first = blamed ?? mine[mine.length - 1];
          t.task.meta.conformanceExchanges = first ? [first] : [];
          t.task.meta.conformanceSteps = mine;
          throw explain(error, redactor);
        }
      });
    },
    exchangeRules() {
      const success = (a: Answer): boolean => (a.status ?? 0) >= 200 && (a.status ?? 0) < 300;
      /**
       * `judges` picks the answers the rule is about (a rule with none to judge skips, saying so, rather than pass on
       * nothing: a target that never answered passes no rule); `problem` says what is wrong with one of them.
       */
      const check = (
        id: string,
        name: string,
        judges: { what: string; pick: (a: Answer) => boolean },
        problem: (a: Answer) => string | undefined,
      ): void => {
        harness.rule(id, `${name} (${file})`, async (t) => {
          if (recorder.answers.length === 0) return t.skip('no request was sent by this file');
          const judged = recorder.answers.filter((a) => a.status !== undefined && judges.pick(a));
          if (judged.length === 0) {
            const unanswered = recorder.answers.filter((a) => a.status === undefined).length;
            const why = unanswered > 0 ? ` (${unanswered} of ${recorder.answers.length} requests got no answer)` : '';
            return t.skip(`this file received no ${judges.what} to judge${why}`);
          }
          const bad = judged.filter((a) => problem(a) !== undefined);
          if (bad.length === 0) return;
          t.task.meta.conformanceExchanges = bad.slice(0, MAX_SHOWN).map((a) => a.record.id);
          const lines = bad.slice(0, MAX_SHOWN).map((a) => `  ${describeAnswer(a)}: ${problem(a)}`);
          const more = bad.length > MAX_SHOWN ? `\n  … and ${bad.length - MAX_SHOWN} more` : '';
          throw new CheckFailure(`${bad.length} of ${judged.length} ${judges.what}s:\n${lines.join('\n')}${more}`);
        });
      };
      const anyAnswer = { what: 'answer', pick: () => true };
      const successes = { what: '2xx answer', pick: success };
      check('ENV-01', 'every 2xx answer has the success envelope', successes, (a) => a.record.verdicts?.envelope);
      check(
        'ENV-02',
        'every 4xx/5xx answer carries an error payload',
        { what: '4xx/5xx answer', pick: (a) => (a.status ?? 0) >= 400 },
        (a) => a.record.verdicts?.errorPayload,
      );
      check('ENV-07', 'no answer is a 5xx', anyAnswer, (a) =>
        (a.record.status ?? 0) >= 500 ? `HTTP ${a.record.status}` : undefined,
      );
      check(
        'CONV-03',
        'every answer with a body has a JSON Content-Type',
        { what: 'answer with a body', pick: (a) => a.record.responseBody !== undefined },
        (a) => a.record.verdicts?.contentType,
      );
      const ofContract = { what: 'answer to a contract operation', pick: (a: Answer) => !!a.record.operationId };
      check('CONTRACT-01', 'every response body matches openapi.yaml', ofContract, (a) => {
        const found = a.record.verdicts?.contract ?? [];
        return found.length ? found.slice(0, 3).join('; ') : undefined;
      });
      check(
        'CONTRACT-02',
        'every 2xx status is declared explicitly',
        { what: '2xx answer to a contract operation', pick: (a) => success(a) && !!a.record.operationId },
        (a) =>
          a.record.verdicts?.explicit === false
            ? `${a.record.status} is not a success status of ${a.record.operationId}`
            : undefined,
      );
    },
  };

  beforeEach((t) => {
    recorder.test = t.task.name;
    blamed = undefined;
  });
  afterEach(() => {
    recorder.test = undefined;
  });
  afterAll(async () => {
    if (!anyRuleRuns) return;
    await cleanUp(harness);
  });
  return harness;
}

/** Deletes what this file created and did not delete itself, newest first, as the account that created it. */
async function cleanUp(h: Harness): Promise<void> {
  // Cases before scenarios: a case the run made under a scenario it did not create goes too.
  const open = h.recorder.outstanding().reverse();
  const ordered = [...open.filter((e) => e.kind === 'case'), ...open.filter((e) => e.kind !== 'case')];
  for (const entry of ordered) {
    if (entry.kind === 'account' || entry.kind === 'task') continue;
    const client = await h.as(entry.actor === 'outsider' ? 'outsider' : 'member').catch(() => undefined);
    if (client) await deleteEntry(h, client, entry).catch(() => undefined);
  }
}

async function deleteEntry(h: Harness, client: ApiClient, entry: LedgerEntry): Promise<void> {
  if (entry.kind === 'token') await h.call(client, 'deleteApiToken', { query: { key: entry.key } });
  else if (entry.kind === 'scenario') {
    await h.call(client, 'deleteScenario', {
      query: { company_id: entry.companyId, board_id: entry.boardId, scenario_id: entry.id },
    });
  } else if (entry.kind === 'case') {
    await h.call(client, 'deleteCase', {
      query: { company_id: entry.companyId, board_id: entry.boardId, case_id: entry.id },
    });
  }
}
