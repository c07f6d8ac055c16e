// Which generated requests go to each operation of openapi.yaml (docs/generated-cases.md): credential, real objects
// in place of generated ids, objects made fresh per request, and the order (reads first, deletions last).
import type { OperationSpec } from '../../contract/openapi.js';

/** A credential kind: none (login, registration, refresh), a JWT session, or a named API token (source §5). */
export type CredentialKind = 'none' | 'session' | 'apiToken';

/** Values of the run that take the place of a generated value when the request is sent. */
export type PlaceName =
  | 'company_id'
  | 'board_id'
  | 'scenario_id'
  | 'case_id'
  | 'case_report_id'
  | 'sessions_id'
  | 'key'
  | 'username'
  | 'password'
  | 'captcha_token'
  | 'refresh_token'
  | 'new_username'
  | 'new_email';

/** A value resolved when the request is sent: the generated request itself stays independent of the server. */
export interface Placed {
  $place: PlaceName;
}

export const isPlaced = (v: unknown): v is Placed =>
  typeof v === 'object' && v !== null && typeof (v as Placed).$place === 'string';

/** The places that hold a secret of the profile or of the run: shown by name, never by value. */
export const SECRET_PLACES: ReadonlySet<PlaceName> = new Set(['password', 'captcha_token', 'refresh_token']);

export interface OperationPlan {
  op: OperationSpec;
  /** The credential kinds a request may carry; fast-check picks one per request. */
  credentials: readonly CredentialKind[];
  /** Query parameter → the place that fills it. */
  query: Readonly<Record<string, PlaceName>>;
  /** Body member → the place that fills it; `nullable` members are null or the place. */
  body: Readonly<Record<string, PlaceName>>;
  /** Places made anew for every request, because the operation uses its object up (deletion, finishing, refresh). */
  fresh: readonly PlaceName[];
  /**
   * Body members of free text (titles, descriptions, results): they carry the run marker, so that clean-up finds what
   * they name and a reader of the target's data sees which run wrote it.
   */
  titles: readonly string[];
  /** Body members of free-form data (token metadata): each carries the run marker as a member of its own. */
  markedData: readonly string[];
  writes: boolean;
  registers: boolean;
}

/** Query parameters that name an object: each is filled with the one the run made (or the profile's). */
const QUERY_PLACES: Readonly<Record<string, PlaceName>> = {
  company_id: 'company_id',
  board_id: 'board_id',
  scenario_id: 'scenario_id',
  case_id: 'case_id',
  case_report_id: 'case_report_id',
  key: 'key',
  // The list filter: the children of the run's scenario.
  parent_id: 'scenario_id',
};

/** Body members that name an object, by the source's names (§2, §4). */
const BODY_PLACES: Readonly<Record<string, PlaceName>> = {
  scenario: 'scenario_id',
  scenario_id: 'scenario_id',
  sessions_id: 'sessions_id',
  parent_id: 'scenario_id',
  captcha_token: 'captcha_token',
  refresh_token: 'refresh_token',
};

/** Login must name the profile's account to reach past the credential check; the other fields are generated. */
const LOGIN_PLACES: Readonly<Record<string, PlaceName>> = { username: 'username', password: 'password' };

/**
 * A registration needs a username and an e-mail address no account has: made at send time, so that a replay with the
 * same seed registers new ones instead of meeting the accounts of the first pass.
 */
const REGISTER_PLACES: Readonly<Record<string, PlaceName>> = { username: 'new_username', email: 'new_email' };

/** Operations that use their object up: each request gets a fresh one. */
const FRESH: Readonly<Record<string, readonly PlaceName[]>> = {
  deleteApiToken: ['key'],
  deleteScenario: ['scenario_id'],
  deleteCase: ['case_id'],
  finishSession: ['sessions_id'],
  refreshToken: ['refresh_token'],
  register: ['new_username', 'new_email'],
};

/** Free-text body members of the source's resources (§2): each a place for the run marker. */
const MARKED: readonly string[] = ['title', 'description', 'steps_to_reproduce', 'expected_result', 'actual_result'];

/** Free-form body members of the source's resources (§2: a token's "metadata | body, optional | additional field"). */
const MARKED_DATA: readonly string[] = ['metadata'];

const isQa = (op: OperationSpec): boolean => op.tags.some((t) => t.startsWith('QA'));

/** The plan of one operation, derived from its parameters and body as openapi.yaml declares them. */
export function planOperation(op: OperationSpec): OperationPlan {
  const query: Record<string, PlaceName> = {};
  for (const p of op.parameters) {
    const place = p.in === 'query' ? QUERY_PLACES[p.name] : undefined;
    if (place) query[p.name] = place;
  }
  const own = op.operationId === 'login' ? LOGIN_PLACES : op.operationId === 'register' ? REGISTER_PLACES : {};
  const body = { ...BODY_PLACES, ...own };
  return {
    op,
    // The QA operations are the web frontend's: a JWT session. Account and token operations accept either kind.
    credentials: !op.authenticated ? ['none'] : isQa(op) ? ['session'] : ['session', 'apiToken'],
    query,
    body: op.requestBodyPointer ? body : {},
    fresh: FRESH[op.operationId] ?? [],
    titles: op.method === 'get' || !op.requestBodyPointer ? [] : MARKED,
    markedData: op.method === 'get' || !op.requestBodyPointer ? [] : MARKED_DATA,
    writes: op.method !== 'get',
    registers: op.operationId === 'register',
  };
}

/**
 * Reads first, then creations and changes, then the operations that use their object up, deletions last: a server
 * that wrongly lets a request through cannot spoil the requests after it.
 */
export function inPlanOrder(plans: readonly OperationPlan[]): OperationPlan[] {
  const rank = (p: OperationPlan): number =>
    p.op.method === 'get' ? 0 : p.op.method === 'delete' ? 3 : p.fresh.length > 0 ? 2 : 1;
  return [...plans].sort((a, b) => rank(a) - rank(b));
}

export interface PlanOptions {
  /** `--read-only`: only reads, and no named API token (the run cannot make one). */
  readOnly: boolean;
  /** False with `--no-register`: no registration request. */
  register: boolean;
  /** operationIds the profile declares missing: never planned. */
  missing?: ReadonlySet<string>;
}

/** The plans of the operations a run may send, in plan order. */
export function planAll(operations: readonly OperationSpec[], options: PlanOptions): OperationPlan[] {
  const plans = operations
    .map(planOperation)
    .filter((p) => !(options.readOnly && p.writes) && !(p.registers && !options.register))
    // An operation declared missing is never called: the others are still generated, each on its own.
    .filter((p) => !options.missing?.has(p.op.operationId))
    .map((p) => {
      if (!options.readOnly || p.credentials.length < 2) return p;
      return { ...p, credentials: p.credentials.filter((c) => c !== 'apiToken') };
    });
  return inPlanOrder(plans);
}
