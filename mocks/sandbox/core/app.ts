// The host-independent sandbox as a fetch handler: Request → route → credential → content checks → ajv → handler → Answer → Response.
import { type Contract, contractOf, type OperationSpec } from '../../../contract/document.js';
import type { FetchHandler } from '../../../contract/http.js';
import type { OperationId } from '../../../contract/operations.js';
import type { FieldError, RequestValidators } from '../../../contract/request-validators.js';
import { openapiDocument } from '../../../generated/openapi-document.js';
import { boardScope, type Need } from '../domain/access.js';
import { Auth, DEFAULT_ACCESS_TOKEN_TTL_SECONDS, type Principal } from '../domain/auth.js';
import {
  internalError,
  invalidField,
  methodNotAllowed,
  noSuchPath,
  SandboxError,
  unauthorized,
  validationFailed,
} from '../domain/errors.js';
import { jsonShapeExceeds, type Limits, limitsWith, MAX_JSON_CONTAINERS } from '../domain/limits.js';
import { Store } from '../domain/store.js';
import { handlers } from '../handlers/index.js';
import { type Context, ok } from '../handlers/types.js';
import { isWorld, seedWorld, WORLDS, type World } from '../worlds/presets.js';
import { DEMO } from '../worlds/seed.js';
import {
  CONTROL_PREFIX,
  ExpiredTokens,
  jwtOf,
  PendingResends,
  type Preferences,
  parsePrefer,
  preferredExample,
} from './controls.js';
import { allowCrossOrigin, PREFLIGHT_HEADERS } from './cors.js';
import type { SandboxRequest } from './request.js';
import { createRouter, type Route } from './router.js';

/** What the sandbox is, for any host: node:http, a service worker, a test calling it in process. */
export type { FetchHandler, SandboxRequest };

/**
 * Who sent a request, as its host knows it (the node host: the remote address); the throttles count per client. A
 * request no host named (a test, the browser) is the one client "local".
 */
export const requestClients = new WeakMap<object, string>();
const clientOf = (request: SandboxRequest): string => request.client ?? requestClients.get(request) ?? 'local';

/** An answer before it is a Response: what a host writes out. A null body is no body (204). */
export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string | null;
}

/** A value now, or a promise of it. */
export type Soon<T> = T | Promise<T>;

/** `next(value)` at once when `value` is there, else once it is: a request that waits on nothing never yields. */
function andThen<T, U>(value: Soon<T>, next: (value: T) => Soon<U>): Soon<U> {
  return value instanceof Promise ? value.then(next) : next(value);
}

/**
 * The sandbox beneath `fetch`: a host that writes bytes itself (node.ts) skips the Response. It answers at once when
 * nothing had to wait, else with a promise.
 */
export type AnswerHandler = (request: SandboxRequest) => Soon<Answer>;

export type { World } from '../worlds/presets.js';

type Reply = { status: number; body: unknown };

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
  /** The same sandbox as `fetch`, answering a plain Answer; `answerHandlerOf(fetch)` finds it (at once when it can). */
  answer: (request: SandboxRequest) => Promise<Answer>;
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

/** Deeper JSON is refused before parsing: nothing in the contract nests more than a few levels. */
export const MAX_JSON_DEPTH = 32;
/** Not part of the contract: POST here resets the world (`?world=empty` for an empty one). */
export const RESET_PATH = `${CONTROL_PREFIX}reset/`;
/** Not part of the contract: POST here with `Authorization: JWT <access token>` expires that token at once. */
export const EXPIRE_TOKEN_PATH = `${CONTROL_PREFIX}expire-token/`;

// Only what every answer needs: each extra header costs the HTTP adapter measurable time per request.
const JSON_TYPE = 'application/json; charset=utf-8';

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

// The text of each Response built from an Answer, while the Response is alive: a host that sends a Response on
// (http.ts, for a handler of its own) takes the text from here instead of reading the body stream back.
const texts = new WeakMap<Response, string>();

/** The body text of a Response built by `toResponse`, or undefined (another's Response, or a body already read). */
export function textOf(response: Response): string | undefined {
  return response.bodyUsed ? undefined : texts.get(response);
}

export function toResponse(answer: Answer): Response {
  const response = new Response(answer.body, { status: answer.status, headers: answer.headers });
  if (answer.body !== null) texts.set(response, answer.body);
  return response;
}

const answerHandlers = new WeakMap<FetchHandler, AnswerHandler>();

/** A FetchHandler over `answer`; a host that finds `answer` back with `answerHandlerOf` may call it directly. */
export function fetchHandlerOf(answer: AnswerHandler): FetchHandler {
  const fetch: FetchHandler = async (request) => toResponse(await answer(request));
  answerHandlers.set(fetch, answer);
  return fetch;
}

/** The AnswerHandler beneath a FetchHandler made by `fetchHandlerOf`; undefined for any other (a fault wrapper). */
export function answerHandlerOf(fetch: FetchHandler): AnswerHandler | undefined {
  return answerHandlers.get(fetch);
}

/**
 * A JSON answer. Frontends on another origin (a dev server) call the sandbox directly; browsers send `Origin` on such
 * requests, so CORS headers (cors.ts) go only there.
 */
function json(status: number, payload: unknown, cors: boolean, extra?: Record<string, string>): Answer {
  const headers: Record<string, string> = extra
    ? { 'content-type': JSON_TYPE, ...extra }
    : { 'content-type': JSON_TYPE };
  if (cors) allowCrossOrigin(headers);
  return { status, headers, body: JSON.stringify(payload) };
}

/** The error payload of `error` as an Answer. */
export function errorAnswer(error: SandboxError, cors = false): Answer {
  return json(error.status, error.toPayload(), cors, error.headers);
}

function isJsonMediaType(contentType: string | null): boolean {
  if (!contentType) return false;
  const semicolon = contentType.indexOf(';');
  const media = (semicolon < 0 ? contentType : contentType.slice(0, semicolon)).trim().toLowerCase();
  return media === 'application/json';
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const notUtf8 = () => invalidField('body', 'is not valid UTF-8');

/**
 * The body as text, refused when its bytes are not UTF-8 (never silently turned into U+FFFD): decoded here from the
 * bytes when the request has them (a fetch Request, in every host), else by the host's own `text()`, which throws a
 * TypeError on such bytes (the node host's decoder is strict too).
 */
async function bodyText(request: SandboxRequest): Promise<string> {
  const bytes = (request as Partial<Pick<Request, 'arrayBuffer'>>).arrayBuffer;
  if (typeof bytes === 'function') {
    const buffer = await bytes.call(request);
    try {
      return strictUtf8.decode(buffer);
    } catch {
      throw notUtf8();
    }
  }
  try {
    return await request.text();
  } catch (error) {
    if (error instanceof TypeError) throw notUtf8();
    throw error;
  }
}

// A lone surrogate: a high one not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// Where one can come from in JSON text: a \uD8xx–\uDFxx escape, or such a code unit itself.
const SURROGATE_IN_TEXT = /\\u[dD][89a-fA-F]|[\uD800-\uDFFF]/;

/**
 * Every string of a parsed body (member names too) that holds a lone surrogate, named as ajv names fields
 * (`metadata.note`, `body` for the whole): such a string is not Unicode text, and no UTF-8 store or client could
 * keep it as sent.
 */
function loneSurrogates(value: unknown, path: string, out: FieldError[]): void {
  const message = 'must be well-formed Unicode text: it holds a lone surrogate (U+D800–U+DFFF without its pair)';
  if (typeof value === 'string') {
    if (LONE_SURROGATE.test(value)) out.push({ field: path || 'body', message });
  } else if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) loneSurrogates(item, path ? `${path}.${i}` : String(i), out);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      if (LONE_SURROGATE.test(key)) out.push({ field: at.replace(new RegExp(LONE_SURROGATE, 'g'), '\uFFFD'), message });
      else loneSurrogates(item, at, out);
    }
  }
}

/** Reads the JSON body of an operation that declares one; errors name `body` or `Content-Type`. */
async function parseBody(op: OperationSpec, request: SandboxRequest): Promise<unknown> {
  const text = await bodyText(request);
  if (text.trim() === '') {
    if (op.requestBodyRequired) throw invalidField('body', 'is required: send a JSON object');
    return undefined;
  }
  if (!isJsonMediaType(request.headers.get('content-type'))) {
    throw new SandboxError(415, 'The body must be sent with Content-Type: application/json.', [
      { field: 'Content-Type', message: 'must be application/json' },
    ]);
  }
  const exceeds = jsonShapeExceeds(text, MAX_JSON_DEPTH, MAX_JSON_CONTAINERS);
  if (exceeds === 'depth') throw invalidField('body', `nests deeper than ${MAX_JSON_DEPTH} levels`);
  if (exceeds === 'containers') {
    throw invalidField('body', `holds more than ${MAX_JSON_CONTAINERS} objects and arrays`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    // V8's message quotes the body, which may hold a password: report only the position.
    const at = /position (\d+)/.exec(String((error as Error).message))?.[1];
    throw invalidField('body', at === undefined ? 'is not valid JSON' : `is not valid JSON (at position ${at})`);
  }
  // Only a body whose text could hold one is walked: the common body costs one regular-expression scan.
  if (SURROGATE_IN_TEXT.test(text)) {
    const lone: FieldError[] = [];
    loneSurrogates(value, '', lone);
    if (lone.length > 0) throw validationFailed(lone);
  }
  return value;
}

/** Path and query of an absolute URL, split without a URL object (the hot path of every request). */
function splitUrl(url: string): { path: string; search: string } {
  const slash = url.indexOf('/', url.indexOf('//') + 2);
  if (slash < 0) return { path: '/', search: '' };
  const mark = url.indexOf('?', slash);
  return mark < 0
    ? { path: url.slice(slash), search: '' }
    : { path: url.slice(slash, mark), search: url.slice(mark + 1) };
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
  let store = new Store(limits, now);
  const auth = new Auth(
    () => store,
    now,
    options.accessTokenTtlSeconds ?? DEFAULT_ACCESS_TOKEN_TTL_SECONDS,
    options.captchaToken ?? DEMO.captchaToken,
  );

  const nowIso = () => new Date(now()).toISOString();
  const reset = (world: World = startWorld) => {
    store = new Store(limits, now);
    seedWorld(store, world);
    auth.reset();
    expired.clear();
    resends.clear();
  };
  reset();
  // A loaded world keeps each account's standing as saved (worlds/snapshot.ts): a restart changes none.
  if (options.store) store = options.store;

  const queryless = new Set(
    contract.operations.filter((o) => !o.parameters.some((p) => p.in === 'query')).map((o) => o.operationId),
  );

  function dispatch(request: SandboxRequest): Soon<Reply | Answer> {
    const method = request.method.toUpperCase();
    const { path, search } = splitUrl(request.url);
    const cors = request.headers.has('origin');

    if (controls && path.startsWith(CONTROL_PREFIX)) return control(request, method, path, search);
    if (method === 'OPTIONS') return { status: 204, headers: { ...PREFLIGHT_HEADERS }, body: null };

    const found = route(method, path);
    if (found.kind === 'not-found') throw noSuchPath(found.message);
    if (found.kind === 'wrong-method') return errorAnswer(methodNotAllowed(method, found.allow), cors);
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
  ): Promise<Reply | Answer> {
    if (prefs.delayMs) await new Promise((resolve) => setTimeout(resolve, prefs.delayMs));
    if (prefs.code !== undefined || prefs.example !== undefined) {
      const forced = preferredExample(contract.document, op, prefs);
      return json(forced.status, forced.body, request.headers.has('origin'), forced.headers);
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
  ): Soon<Reply> {
    // The common case (no token ever expired on purpose) costs one size check on the hot path.
    const jwt = controls && expired.size > 0 ? jwtOf(authorization) : undefined;
    if (jwt !== undefined && expired.has(jwt)) {
      throw unauthorized('The access token has expired: get a new pair from POST /member/refresh-token/.');
    }
    if (op.authenticated) {
      // A cached JWT is checked synchronously; a first sight of a JWT (jose) or a named token (SHA-256) is async.
      return andThen(auth.authenticate(authorization ?? undefined), (principal) =>
        validated(request, op, search, principal),
      );
    }
    if (authorization !== null) {
      throw invalidField(
        'Authorization',
        'must not be sent: login, registration and refresh carry no Authorization header',
      );
    }
    return validated(request, op, search, undefined);
  }

  /** Query and body checked against the contract (ajv); the errors of both are answered together. */
  function validated(
    request: SandboxRequest,
    op: OperationSpec,
    search: string,
    principal: Principal | undefined,
  ): Soon<Reply> {
    const operationId = op.operationId as OperationId;
    const hasQuery = !queryless.has(operationId);
    if (!hasQuery && !op.requestBodyPointer) return handle(request, operationId, principal, {}, undefined);
    return andThen(validatorsFor(contract), (check) => {
      const errors: FieldError[] = [];
      let query: Record<string, unknown> = {};
      if (hasQuery) {
        const checked = check.query(operationId, new URLSearchParams(search));
        if (checked.ok) query = checked.value;
        else errors.push(...checked.errors);
      }
      if (!op.requestBodyPointer) {
        if (errors.length > 0) throw validationFailed(errors);
        return handle(request, operationId, principal, query, undefined);
      }
      return parseBody(op, request).then((body) => {
        const checked = check.body(operationId, body);
        if (!checked.ok) errors.push(...checked.errors);
        if (errors.length > 0) throw validationFailed(errors);
        return handle(request, operationId, principal, query, body);
      });
    });
  }

  /** Runs the operation's handler on the current world. */
  function handle(
    request: SandboxRequest,
    operationId: OperationId,
    principal: Principal | undefined,
    query: Record<string, unknown>,
    body: unknown,
  ): Soon<Reply> {
    // Read at call time, after any wait above, so that a reset in between is seen.
    const current = store;
    const scope = (need: Need) =>
      boardScope(current, (principal as Principal).account, query.company_id as number, query.board_id as number, need);
    // The one untyped seam: ajv has just checked query and body against the same contract the handler types come from.
    const handler = handlers[operationId] as unknown as (ctx: Context<OperationId>) => Soon<Reply>;
    const ctx = { store: current, auth, nowIso, principal, query, body, scope, client: clientOf(request) };
    // What the handler stores is charged to the caller's share (Store.reserve); set and cleared around the handler's
    // synchronous part, where every reserve but a token's (charged to its owner) happens.
    current.charging = principal?.account.id;
    try {
      return handler(ctx as unknown as Context<OperationId>);
    } finally {
      current.charging = undefined;
    }
  }

  /**
   * `Prefer: expire-token`: the request's access token expires now, unless the request is the resend of one the
   * preference refused (controls.ts PendingResends). Only a token this sandbox issued, still valid, is recorded: junk
   * gets its 401 and changes nothing.
   */
  async function expireOnPreference(jwt: string, request: string): Promise<void> {
    const untilMs = await auth.accessTokenExpiry(jwt);
    const checked = auth.authenticate(`JWT ${jwt}`);
    const account = (checked instanceof Promise ? await checked : checked).account.id;
    // untilMs is on the sandbox's clock (`now`), which a test may fake.
    if (!expired.has(jwt) && resends.takeResend(account, request, now())) return;
    expired.add(jwt, untilMs, Date.now());
    resends.refused(account, request, untilMs, now());
  }

  /**
   * /_sandbox/ endpoints. Never CORS: a page of another origin must not read what they answer. Who may call them is
   * the network hosts' business (controls.ts `controlRefusal`): in process, whoever holds the sandbox may.
   */
  async function control(request: SandboxRequest, method: string, path: string, search: string): Promise<Reply> {
    const allow = (methods: string[]) => {
      if (!methods.includes(method)) throw methodNotAllowed(method, methods);
    };
    if (path === RESET_PATH) {
      allow(['POST']);
      const world = new URLSearchParams(search).get('world') ?? startWorld;
      if (!isWorld(world)) throw invalidField('world', `must be one of ${WORLDS.join(', ')}`);
      reset(world);
      return ok({ world });
    }
    if (path === EXPIRE_TOKEN_PATH) {
      allow(['POST']);
      const jwt = jwtOf(request.headers.get('authorization'));
      if (jwt === undefined) throw invalidField('Authorization', 'must be JWT <access token>: the token to expire');
      expired.add(jwt, await auth.accessTokenExpiry(jwt), Date.now());
      return ok({ expired: true });
    }
    throw noSuchPath(`No sandbox control at ${path.slice(0, 200)}: there are ${RESET_PATH} and ${EXPIRE_TOKEN_PATH}.`);
  }

  const corsFor = (request: SandboxRequest) =>
    request.headers.has('origin') && !(controls && splitUrl(request.url).path.startsWith(CONTROL_PREFIX));

  /** The Answer now when nothing had to wait (the common request: no turn of the event loop), else a promise of it. */
  function answerNow(request: SandboxRequest): Soon<Answer> {
    let reply: Soon<Reply | Answer>;
    try {
      reply = dispatch(request);
    } catch (error) {
      return failed(request, error);
    }
    if (reply instanceof Promise) {
      return reply.then(
        (done) => answered(request, done),
        (error: unknown) => failed(request, error),
      );
    }
    return answered(request, reply);
  }

  function answered(request: SandboxRequest, reply: Reply | Answer): Answer {
    try {
      return 'headers' in reply ? reply : json(reply.status, reply.body, corsFor(request));
    } catch (error) {
      return failed(request, error);
    }
  }

  function failed(request: SandboxRequest, error: unknown): Answer {
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
      store = saved;
    },
    get store() {
      return store;
    },
    auth,
  };
}
