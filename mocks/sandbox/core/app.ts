// The host-independent sandbox as a fetch handler: Request → route → credential → content checks → ajv → handler → Reply → Response.
import { type Contract, contractOf, type OperationSpec } from '../../../contract/document.js';
import type { FetchHandler } from '../../../contract/http.js';
import type { OperationId } from '../../../contract/operations.js';
import type { FieldError, RequestValidators } from '../../../contract/request-validators.js';
import { openapiDocument } from '../../../generated/openapi-document.js';
import { boardScope, type Need } from '../domain/access.js';
import { Auth, DEFAULT_ACCESS_TOKEN_TTL_SECONDS, type Principal } from '../domain/auth.js';
import { sha256Hex } from '../domain/bytes.js';
import {
  internalError,
  invalidField,
  methodNotAllowed,
  noSuchPath,
  SandboxError,
  unauthorized,
  validationFailed,
} from '../domain/errors.js';
import { type Limits, limitsWith } from '../domain/limits.js';
import { Store } from '../domain/store.js';
import { handlers } from '../handlers/index.js';
import type { Context } from '../handlers/types.js';
import { seedWorld, type World } from '../worlds/presets.js';
import { DEMO } from '../worlds/seed.js';
import { parseBody } from './body.js';
import { controlEndpoints } from './control-endpoints.js';
import {
  CONTROL_PREFIX,
  ExpiredTokens,
  jwtOf,
  PendingResends,
  type Preferences,
  parsePrefer,
  preferredExample,
  type TableRoom,
} from './controls.js';
import { preflightHeaders } from './cors.js';
import { queryParams } from './query.js';
import { errorAnswer, json, jsonText, type MaybePromise, type Reply } from './reply.js';
import type { SandboxRequest } from './request.js';
import { type AnswerHandler, fetchHandlerOf } from './response.js';
import { createRouter, type Route } from './router.js';

export type { World } from '../worlds/presets.js';
export { MAX_JSON_DEPTH } from './body.js';
export { EXPIRE_TOKEN_PATH, RESET_PATH } from './control-endpoints.js';
export { errorAnswer } from './reply.js';
export { answerHandlerOf, fetchHandlerOf, textOf, toResponse } from './response.js';
/**
 * What the sandbox is, for any host: node:http, a service worker, a test calling it in process. The package names
 * the core's Reply `Answer`, as it always has.
 */
export type { AnswerHandler, FetchHandler, MaybePromise, Reply as Answer, SandboxRequest };
/** The old name of MaybePromise, kept for code written against earlier releases. */
export type Soon<T> = MaybePromise<T>;

/**
 * Who sent a request, as its host knows it (the node host: the remote address); the throttles count per client. A
 * request no host named (a test, the browser) is the one client "local".
 */
export const requestClients = new WeakMap<object, string>();
const clientOf = (request: SandboxRequest): string => request.client ?? requestClients.get(request) ?? 'local';

/**
 * What a handler returns (handlers/types.ts `ok`, `created`, `okWithJson`): its status and payload, and the payload's
 * JSON text when the handler wrote it; made a Reply by `handle`.
 */
type Outcome = { status: number; body: unknown; text?: string };
const replyOf = (outcome: Outcome, origin: string | null): Reply =>
  outcome.text === undefined
    ? json(outcome.status, outcome.body, origin)
    : jsonText(outcome.status, outcome.text, origin);
// The end of an async handler for a request without Origin, made once: such a request adds no closure of its own.
const sameOriginReply = (outcome: Outcome): Reply => replyOf(outcome, null);

export interface SandboxOptions {
  /** `demo` (default): the documented seed; `empty`: no accounts, companies or data; `large`: demo + thousands. */
  world?: World;
  /** Start from this store (a loaded snapshot) instead of seeding `world`; a reset still seeds `world`. */
  store?: Store;
  /**
   * The `Prefer` header and the /_sandbox/ endpoints (default on). Off when the sandbox is a conformance target: it
   * then behaves like any implementation of the contract and nothing outside the contract answers.
   */
  controls?: boolean;
  /** Clock in ms, for expiry tests. */
  now?: () => number;
  /** JWT access token lifetime; default 900 s. */
  accessTokenTtlSeconds?: number;
  /**
   * The one captcha token login and registration accept; default the demo's public `test-captcha`. An operator of a
   * shared sandbox sets one of their own (`task-sandbox --captcha-token`), so that only those given it can register.
   */
  captchaToken?: string;
  /** Lowers (or raises) resource limits; default limits.ts DEFAULT_LIMITS. */
  limits?: Partial<Limits>;
}

export interface Sandbox {
  fetch: FetchHandler;
  /** The same sandbox as `fetch`, answering a plain Reply; `answerHandlerOf(fetch)` finds it (at once when it can). */
  answer: (request: SandboxRequest) => Promise<Reply>;
  /** Drops all state and every issued JWT, then seeds `world` (default: the world the sandbox started with). */
  reset(world?: World): void;
  /**
   * Puts `store` in place of the current world, keeping issued JWTs: how a host that could not save a change goes
   * back to the world it last saved (hosts/durable.ts, hosts/msw.ts).
   */
  restore(store: Store): void;
  /** The current world (replaced by reset). */
  readonly store: Store;
  readonly auth: Auth;
}

// The contract's index and router, one per process, shared by every sandbox.
let shared: { contract: Contract; route: (method: string, path: string) => Route } | undefined;
function contractTools() {
  if (!shared) {
    const contract = contractOf(openapiDocument);
    shared = { contract, route: createRouter(contract.operations) };
  }
  return shared;
}

// The contract's validators (compiled at build time) are loaded on the first request that has a query or a body to
// check, not at start: a request without either (GET /member/me/) needs none.
let validators: RequestValidators | undefined;
let validatorsLoading: Promise<RequestValidators> | undefined;
function validatorsFor(contract: Contract): RequestValidators | Promise<RequestValidators> {
  if (validators) return validators;
  validatorsLoading ??= import('../../../contract/request-validators.js').then((module) => {
    validators = module.compiledRequestValidators(contract);
    return validators;
  });
  return validatorsLoading;
}

/**
 * A method name in upper case. As clients send them, the common ones already are: compared with the literal (a pointer
 * comparison for the names node hands over), they skip `toUpperCase`, which goes through ICU.
 */
function upperCase(method: string): string {
  return method === 'GET' || method === 'POST' || method === 'PATCH' || method === 'DELETE' || method === 'PUT'
    ? method
    : method.toUpperCase();
}

/** Path and query of a request target from `from` on (`/path?query`). */
function splitTarget(target: string, from: number): { path: string; search: string } {
  const mark = target.indexOf('?', from);
  return mark < 0
    ? { path: target.slice(from), search: '' }
    : { path: target.slice(from, mark), search: target.slice(mark + 1) };
}

/** Path and query of a request, split without a URL object (the hot path of every request). */
function splitUrl(request: SandboxRequest): { path: string; search: string } {
  // The host's target is the URL's own path and query: no origin to skip, and a path without a query is the very
  // string the host read (looked up in the router without copying it).
  if (request.target !== undefined) return splitTarget(request.target, 0);
  const url = request.url;
  const slash = url.indexOf('/', url.indexOf('//') + 2);
  return slash < 0 ? { path: '/', search: '' } : splitTarget(url, slash);
}

export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const { contract, route } = contractTools();
  const startWorld = options.world ?? 'demo';
  const now = options.now ?? Date.now;
  const controls = options.controls ?? true;
  const expired = new ExpiredTokens();
  const resends = new PendingResends();
  const limits = limitsWith(options.limits);
  if (options.captchaToken === '') {
    throw new TypeError('createSandbox: captchaToken must not be empty');
  }
  // What an account holds in the controls' tables counts in its share, in whichever world is current.
  const heldByControls = (account: number) => expired.bytesOf(account) + resends.bytesOf(account);
  const adopt = (next: Store) => {
    next.heldElsewhere = heldByControls;
    store = next;
  };
  let store = new Store(limits, now);
  const auth = new Auth(
    () => store,
    now,
    options.accessTokenTtlSeconds ?? DEFAULT_ACCESS_TOKEN_TTL_SECONDS,
    options.captchaToken ?? DEMO.captchaToken,
  );

  const nowIso = () => new Date(now()).toISOString();
  const reset = (world: World = startWorld) => {
    adopt(new Store(limits, now));
    seedWorld(store, world);
    auth.reset();
    expired.clear();
    resends.clear();
  };
  reset();
  // A loaded world keeps each account's standing as saved (worlds/snapshot.ts): a restart changes none.
  if (options.store) adopt(options.store);

  // The bound of each control table, and the current world's share check.
  const roomOf = (limit: number): TableRoom => ({
    limit,
    fits: (account, bytes) => store.checkHeldRoom(account, bytes),
  });
  const expiredRoom = roomOf(limits.expiredTokensPerAccount);
  const resendRoom = roomOf(limits.resendsPerAccount);

  /** The account of a valid access token this sandbox issued, and when it runs out; anything else is a 401. */
  async function tokenOf(jwt: string): Promise<{ account: number; untilMs: number }> {
    const untilMs = await auth.accessTokenExpiry(jwt);
    const checked = auth.authenticate(`JWT ${jwt}`);
    return { account: (checked instanceof Promise ? await checked : checked).account.id, untilMs };
  }

  const control = controlEndpoints({
    startWorld,
    reset,
    async expire(jwt) {
      const { account, untilMs } = await tokenOf(jwt);
      expired.add(jwt, account, untilMs, Date.now(), expiredRoom);
    },
  });

  const queryless = new Set(
    contract.operations.filter((o) => !o.parameters.some((p) => p.in === 'query')).map((o) => o.operationId),
  );

  function dispatch(request: SandboxRequest): MaybePromise<Reply> {
    const method = upperCase(request.method);
    const { path, search } = splitUrl(request);
    const origin = request.headers.get('origin');

    if (controls && path.startsWith(CONTROL_PREFIX)) return control(request, method, path, search);
    if (method === 'OPTIONS') {
      // Without Origin this is no preflight: nothing to grant.
      return { status: 204, headers: origin === null ? {} : preflightHeaders(origin), body: null };
    }

    const found = route(method, path);
    if (found.kind === 'not-found') throw noSuchPath(found.message);
    if (found.kind === 'wrong-method') return errorAnswer(methodNotAllowed(method, found.allow), origin);
    const op = found.operation;

    const authorization = request.headers.get('authorization');
    const prefs = controls ? parsePrefer(request.headers.get('prefer')) : undefined;
    if (prefs === undefined) return credentialed(request, op, search, authorization);
    return preferred(request, op, search, authorization, prefs, `${method} ${path}?${search}`);
  }

  /** A request with a `Prefer` header (controls.ts): it may wait, answer an example, or expire its token first. */
  async function preferred(
    request: SandboxRequest,
    op: OperationSpec,
    search: string,
    authorization: string | null,
    prefs: Preferences,
    target: string,
  ): Promise<Reply> {
    if (prefs.delayMs) await new Promise((resolve) => setTimeout(resolve, prefs.delayMs));
    if (prefs.code !== undefined || prefs.example !== undefined) {
      const forced = preferredExample(contract.document, op, prefs);
      return json(forced.status, forced.body, request.headers.get('origin'), forced.headers);
    }
    const jwt = prefs.expireToken ? jwtOf(authorization) : undefined;
    if (jwt !== undefined) await expireOnPreference(jwt, target);
    return credentialed(request, op, search, authorization);
  }

  /** Who calls (source §5): a JWT expired on purpose is refused, then the operation's credential is checked. */
  function credentialed(
    request: SandboxRequest,
    op: OperationSpec,
    search: string,
    authorization: string | null,
  ): MaybePromise<Reply> {
    // The common case (no token ever expired on purpose) costs one size check on the hot path.
    const jwt = controls && expired.size > 0 ? jwtOf(authorization) : undefined;
    if (jwt !== undefined && expired.has(jwt)) {
      throw unauthorized('The access token has expired: get a new pair from POST /member/refresh-token/.');
    }
    if (op.authenticated) {
      // A cached JWT is checked synchronously; a first sight of a JWT (jose) or a named token (SHA-256) is async.
      const principal = auth.authenticate(authorization ?? undefined);
      if (principal instanceof Promise) return principal.then((later) => validated(request, op, search, later));
      return validated(request, op, search, principal);
    }
    if (authorization !== null) {
      throw invalidField(
        'Authorization',
        'must not be sent: login, registration and refresh carry no Authorization header',
      );
    }
    return validated(request, op, search, undefined);
  }

  // Each stage goes on at once when its input is there and makes a closure only when something waits: the common
  // request allocates none on its way to the handler.

  /** Query and body checked against the contract (ajv); the errors of both are answered together. */
  function validated(
    request: SandboxRequest,
    op: OperationSpec,
    search: string,
    principal: Principal | undefined,
  ): MaybePromise<Reply> {
    const operationId = op.operationId as OperationId;
    const hasQuery = !queryless.has(operationId);
    // An operation without query parameters takes none: each one sent is named (the common request sends none), in
    // the same answer as what is wrong with the body.
    const unexpected: FieldError[] =
      !hasQuery && search !== ''
        ? [...new Set(new URLSearchParams(search).keys())].map((name) => ({
            field: name.slice(0, 200),
            message: 'is not a query parameter of this operation',
          }))
        : [];
    if (!hasQuery && !op.requestBodyPointer) {
      if (unexpected.length > 0) throw validationFailed(unexpected);
      return handle(request, operationId, principal, {}, undefined);
    }
    const check = validatorsFor(contract);
    if (check instanceof Promise) {
      return check.then((loaded) => checked(request, op, search, principal, hasQuery, loaded, unexpected));
    }
    return checked(request, op, search, principal, hasQuery, check, unexpected);
  }

  /** `validated` with the validators loaded: the query now, the body once read (at once when the host holds it). */
  function checked(
    request: SandboxRequest,
    op: OperationSpec,
    search: string,
    principal: Principal | undefined,
    hasQuery: boolean,
    check: RequestValidators,
    errors: FieldError[],
  ): MaybePromise<Reply> {
    const operationId = op.operationId as OperationId;
    let query: Record<string, unknown> = {};
    if (hasQuery) {
      const checkedQuery = check.query(operationId, queryParams(search));
      if (checkedQuery.ok) query = checkedQuery.value;
      else errors.push(...checkedQuery.errors);
    }
    if (!op.requestBodyPointer) {
      if (errors.length > 0) throw validationFailed(errors);
      return handle(request, operationId, principal, query, undefined);
    }
    const body = parseBody(op, request);
    if (body instanceof Promise) {
      return body.then((later) => handleBody(request, operationId, principal, query, later, errors, check));
    }
    return handleBody(request, operationId, principal, query, body, errors, check);
  }

  /** The body checked, the errors of query and body answered together, else the handler. */
  function handleBody(
    request: SandboxRequest,
    operationId: OperationId,
    principal: Principal | undefined,
    query: Record<string, unknown>,
    body: unknown,
    errors: FieldError[],
    check: RequestValidators,
  ): MaybePromise<Reply> {
    const checkedBody = check.body(operationId, body);
    if (!checkedBody.ok) errors.push(...checkedBody.errors);
    if (errors.length > 0) throw validationFailed(errors);
    return handle(request, operationId, principal, query, body);
  }

  /** Runs the operation's handler on the current world. */
  function handle(
    request: SandboxRequest,
    operationId: OperationId,
    principal: Principal | undefined,
    query: Record<string, unknown>,
    body: unknown,
  ): MaybePromise<Reply> {
    // Read at call time, after any wait above, so that a reset in between is seen.
    const current = store;
    // Only an operation with a query can name a board (company_id, board_id): the others get no scope to make.
    const scope = queryless.has(operationId)
      ? undefined
      : (need: Need) =>
          boardScope(
            current,
            (principal as Principal).account,
            query.company_id as number,
            query.board_id as number,
            need,
          );
    // The one untyped seam: ajv has just checked query and body against the same contract the handler types come from.
    const handler = handlers[operationId] as unknown as (ctx: Context<OperationId>) => MaybePromise<Outcome>;
    // What the handler stores is charged to the caller's share: the payer goes with every write it makes.
    const payer = principal?.account.id;
    const origin = request.headers.get('origin');
    const ctx = {
      store: current,
      auth,
      nowIso,
      principal,
      payer,
      query,
      body,
      scope,
      client: clientOf(request),
      origin,
    };
    const outcome = handler(ctx as unknown as Context<OperationId>);
    // Handlers never answer on /_sandbox/ (controls answer there), so CORS follows `Origin` alone.
    if (outcome instanceof Promise) {
      return origin === null ? outcome.then(sameOriginReply) : outcome.then((o) => replyOf(o, origin));
    }
    return replyOf(outcome, origin);
  }

  /**
   * `Prefer: expire-token`: the request's access token expires now, unless the request is the resend of one the
   * preference refused (controls.ts PendingResends). Only a token this sandbox issued, still valid, is recorded: junk
   * gets its 401 and changes nothing.
   */
  async function expireOnPreference(jwt: string, request: string): Promise<void> {
    const [{ account, untilMs }, hash] = await Promise.all([tokenOf(jwt), sha256Hex(request)]);
    // untilMs is on the sandbox's clock (`now`), which a test may fake.
    if (!expired.has(jwt) && resends.takeResend(account, hash, now())) return;
    expired.add(jwt, account, untilMs, Date.now(), expiredRoom);
    resends.refused(account, hash, untilMs, now(), resendRoom);
  }

  const corsFor = (request: SandboxRequest) =>
    controls && splitUrl(request).path.startsWith(CONTROL_PREFIX) ? null : request.headers.get('origin');

  /** The Reply now when nothing had to wait (the common request: no turn of the event loop), else a promise of it. */
  function answerNow(request: SandboxRequest): MaybePromise<Reply> {
    let reply: MaybePromise<Reply>;
    try {
      reply = dispatch(request);
    } catch (error) {
      return failed(request, error);
    }
    if (reply instanceof Promise) return reply.catch((error: unknown) => failed(request, error));
    return reply;
  }

  function failed(request: SandboxRequest, error: unknown): Reply {
    if (error instanceof SandboxError) return errorAnswer(error, corsFor(request));
    // A 500 is a sandbox bug: log where (not the request, which may hold secrets) and answer the error payload.
    console.error('sandbox: internal error', error);
    return errorAnswer(internalError(), corsFor(request));
  }

  return {
    fetch: fetchHandlerOf(answerNow),
    answer: async (request) => answerNow(request),
    reset,
    restore(saved) {
      adopt(saved);
    },
    get store() {
      return store;
    },
    auth,
  };
}
