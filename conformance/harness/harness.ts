// The frame every check file is written against (docs/conformance.md, "Writing a check"): `createHarness` collects
// the file's rule-named checks (the file exports them as `h.checks`), and gives them the current run's profile, typed calls through the recording clients,
// actors and per-run fixtures. Per-run state comes from the runner's async context, never from the module.
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ApiClient, SessionPair } from '../../client/index.js';
import type { Contract } from '../../contract/openapi.js';
import type { BodyOf, OperationId, QueryOf } from '../../contract/operations.js';
import { sharedValidators } from '../../contract/validators.js';
import type { Actor } from '../engine/actors.js';
import { current, type Scope, scope } from '../engine/context.js';
import type { WorkspaceId } from '../engine/discovery.js';
import type { Answer } from '../engine/exchange-record.js';
import type { RecorderView } from '../engine/recorder.js';
import type { Redactor } from '../engine/redact.js';
import type { CheckFile, CheckFn, Creations, RuleOptions } from '../engine/registry.js';
import type { RunSettings } from '../engine/settings.js';
import { ruleById } from '../rules.js';

export type { SessionPair } from '../../client/index.js';
export type { BodyOf, OperationId, QueryOf } from '../../contract/operations.js';
export type { Actor } from '../engine/actors.js';
export type { CheckContext, CheckFn, Creations, RuleOptions } from '../engine/registry.js';

export interface CallInit<K extends OperationId = OperationId> {
  query?: QueryOf<K>;
  body?: BodyOf<K>;
  /** Sent as given; an explicit Authorization here overrides the client's credential. */
  headers?: Record<string, string>;
}

/** A request the contract does not allow, sent on purpose (a wrong type, a missing member). */
export interface LooseInit {
  query?: Record<string, unknown>;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A board as the typed client's query takes it (the contract's own decision: integers). */
export type BoardQuery = { company_id: number; board_id: number };

/**
 * A board's ids as a query of the typed client. Source §1 gives company_id and board_id no type: a server whose ids
 * are UUIDs or slugs gets them as they are, as a query string carries either.
 */
export const boardQuery = (board: { company_id: WorkspaceId; board_id: WorkspaceId }): BoardQuery =>
  board as unknown as BoardQuery;

export interface Harness {
  /** The current run's settings. */
  readonly run: RunSettings;
  /** `company_id` and `board_id` of the profile's board, as query values. */
  readonly board: BoardQuery;
  readonly marker: string;
  /** A title of its own for an object the run creates, carrying the run marker so that clean-up can find it. */
  title(label: string): string;
  /** The answers this check file received in the current run. */
  readonly recorder: RecorderView;
  readonly redactor: Redactor;
  readonly contract: Contract;
  anonymous(): ApiClient;
  as(actor: Actor): Promise<ApiClient>;
  session(actor: Actor): Promise<SessionPair>;
  withToken(token: string): ApiClient;
  /** Sends a contract operation through a client and returns the answer, whatever its status. */
  call<K extends OperationId>(client: ApiClient, operationId: K, init?: CallInit<K>): Promise<Answer>;
  /** Like `call`, for a request that breaks the contract on purpose or names its operation at run time. */
  callLoose(client: ApiClient, operationId: string, init?: LooseInit): Promise<Answer>;
  /** Sends a request outside the contract (another path, another Content-Type) through the recording fetch. */
  raw(actor: string, method: string, path: string, init?: RequestInit): Promise<Answer>;
  /** Runs `send` with its requests labelled `label` in the HAR, not by the check's name (what a generated one is). */
  labelled<T>(label: string, send: () => Promise<T>): Promise<T>;
  /** A fixture computed once per run, on first use, by the first check that needs it. */
  once<T>(make: () => Promise<T>): () => Promise<T>;
  /** Adds a check for a rule: its name starts with the rule ID. */
  rule(id: string, name: string, fn: CheckFn, options?: RuleOptions): void;
  /**
   * Declares what the file's checks create at most, all of them run (fixed, or from the run's settings): the preflight
   * adds it up to tell the user whether the member's account has room for the run.
   */
  creates(declared: Partial<Creations> | ((settings: RunSettings) => Partial<Creations>)): void;
  /** The file's checks, in the order `rule` added them: what the check file exports. */
  readonly checks: CheckFile;
  /** Marks an answer as the one to show if the current check fails. */
  blame(answer: Answer | undefined): void;
  /** Says something in the report whatever the check's outcome: the rule's reason repeats it. */
  note(text: string): void;
}

/** The answer a request of the running check got, or the error when there is none to show. */
async function answerOf(here: Scope, send: () => Promise<unknown>): Promise<Answer> {
  const check = here.check;
  if (!check) throw new Error('requests are sent from inside a check');
  const before = check.answers.length;
  try {
    await send();
  } catch (error) {
    // The client turns an ambiguous POST failure or a garbled answer into an error: the answer is still recorded.
    if (check.answers.length === before) throw error;
  }
  const answer = check.answers[check.answers.length - 1] as Answer;
  check.blamed = answer;
  return answer;
}

export function createHarness(moduleUrl: string): Harness {
  const file = basename(fileURLToPath(moduleUrl));
  const checks: CheckFile = { file, checks: [] };
  const here = (what: string): Scope => {
    const found = scope(what);
    if (found.file !== file) throw new Error(`${file} used in a check of ${found.file}`);
    return found;
  };
  const actors = (what: string) => {
    const s = here(what);
    return s.run.actors(s.file);
  };
  const callLoose: Harness['callLoose'] = (client, operationId, init = {}) => {
    const s = here('h.call');
    const op = harness.contract.byId.get(operationId);
    if (!op) throw new Error(`unknown operation ${operationId}`);
    const loose = client as unknown as {
      request(method: string, url: string, init: Record<string, unknown>): Promise<unknown>;
    };
    return answerOf(s, () =>
      loose.request(op.method, op.path, {
        params: { query: init.query ?? {} },
        ...(init.body === undefined ? {} : { body: init.body }),
        ...(init.headers ? { headers: init.headers } : {}),
      }),
    );
  };

  const harness: Harness = {
    get run() {
      return here('h.run').run.settings;
    },
    get board() {
      const { profile } = here('h.board').run.settings;
      return boardQuery({ company_id: profile.companyId, board_id: profile.boardId });
    },
    get marker() {
      return here('h.marker').run.settings.marker;
    },
    title(label) {
      // One name per object the run creates: a server may refuse a second live object of the same name.
      const { run } = here('h.title');
      return `${label} [${run.settings.marker}-${run.nextTitle()}]`;
    },
    get recorder() {
      return here('h.recorder').run.recorder.view(file);
    },
    get redactor() {
      return here('h.redactor').run.redactor;
    },
    contract: sharedValidators().contract,
    anonymous: () => actors('h.anonymous').anonymous(),
    as: (actor) => actors('h.as').as(actor),
    session: (actor) => actors('h.session').session(actor),
    withToken: (token) => actors('h.withToken').withToken(token),
    call: (client, operationId, init) => callLoose(client, operationId, init),
    callLoose,
    labelled: (label, send) => current.run({ ...here('h.labelled'), label }, send),
    raw(actor, method, path, init = {}) {
      const s = here('h.raw');
      const { profile } = s.run.settings;
      return answerOf(s, () => s.run.recorder.fetch(actor)(`${profile.baseUrl}${path}`, { ...init, method }));
    },
    once<T>(make: () => Promise<T>) {
      const key = {};
      return () => {
        const { onces } = here('h.once').run;
        let value = onces.get(key) as Promise<T> | undefined;
        if (!value) {
          value = make();
          onces.set(key, value);
        }
        return value;
      };
    },
    note(text) {
      const { check } = here('h.note');
      if (!check || check.notes?.includes(text)) return;
      check.notes = [...(check.notes ?? []), text];
    },
    blame(answer) {
      const { check } = here('h.blame');
      if (answer && check) check.blamed = answer;
    },
    rule(id, name, fn, options = {}) {
      const rule = ruleById(id);
      if (rule.overExchanges)
        throw new Error(`${file}: ${id} is judged over the exchanges by the runner, not by a check`);
      checks.checks.push({
        rule: id,
        name: `${id} ${name}`,
        file,
        fn,
        writes: options.writes ?? rule.writes,
        registers: options.registers ?? false,
        needs: options.needs ?? [],
      });
    },
    creates(declared) {
      checks.creates = typeof declared === 'function' ? declared : () => declared;
    },
    checks,
  };
  return harness;
}
