// The host-independent sandbox: request → route → credential → content checks → ajv validation → handler → response.
import type { OperationSpec } from '../../contract/openapi.js';
import { type ContractValidators, createValidators, type FieldError } from '../../contract/validators.js';
import { Auth, DEFAULT_ACCESS_TOKEN_TTL_SECONDS, type Principal } from './auth.js';
import { invalidField, SandboxError, validationFailed } from './errors.js';
import { handlers } from './handlers/index.js';
import type { Context, OperationId } from './handlers/types.js';
import { createRouter, type Route } from './router.js';
import { seedDemo } from './seed.js';
import { Store } from './store.js';

export interface SandboxRequest {
  method: string;
  /** Path and query as received, e.g. `/api/member/me/?x=1`. */
  url: string;
  /** Lower-case header names. */
  headers: Record<string, string | undefined>;
  /** Raw body text; the host adapter enforces the size limit. */
  body?: string;
}

export interface SandboxResponse {
  status: number;
  headers: Record<string, string>;
  body?: string;
}

export type SandboxHandler = (req: SandboxRequest) => Promise<SandboxResponse>;

export type World = 'demo' | 'empty';

type Reply = { status: number; body: unknown };

export interface SandboxOptions {
  /** `demo` (default): the documented seed; `empty`: no accounts, companies or data. */
  world?: World;
  /** Clock in ms, for expiry tests. */
  now?: () => number;
  /** JWT access token lifetime; default 900 s. */
  accessTokenTtlSeconds?: number;
}

export interface Sandbox {
  handle: SandboxHandler;
  /** Drops all state and every issued JWT, then seeds `world` (default: the world the sandbox started with). */
  reset(world?: World): void;
  /** The current world (replaced by reset). */
  readonly store: Store;
  readonly auth: Auth;
}

/** Deeper JSON is refused before parsing: nothing in the contract nests more than a few levels. */
export const MAX_JSON_DEPTH = 32;
/** Not part of the contract: POST here resets the world (`?world=empty` for an empty one). */
export const RESET_PATH = '/_sandbox/reset/';

// Only what every answer needs: each extra header costs the HTTP adapter measurable time per request.
const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };

const PREFLIGHT_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, PATCH, DELETE',
  'access-control-allow-headers': 'Authorization, Content-Type',
  'access-control-max-age': '600',
};

// Parsing openapi.yaml and compiling ajv are the expensive parts: one set per process, shared by every sandbox.
let shared: { validators: ContractValidators; route: (method: string, path: string) => Route } | undefined;
function contractTools() {
  if (!shared) {
    const validators = createValidators();
    shared = { validators, route: createRouter(validators.contract.operations) };
  }
  return shared;
}

/**
 * Frontends on another origin (a dev server) call the sandbox directly. Browsers send `Origin` on such requests, so
 * CORS headers go only there; credentials travel in Authorization, not cookies, so a wildcard origin is safe.
 */
function withCors(res: SandboxResponse): SandboxResponse {
  const headers: Record<string, string> = { ...res.headers, 'access-control-allow-origin': '*' };
  if (res.headers.allow || res.headers['www-authenticate']) {
    headers['access-control-expose-headers'] = 'Allow, WWW-Authenticate';
  }
  return { ...res, headers };
}

function json(status: number, payload: unknown, extra?: Record<string, string>): SandboxResponse {
  return { status, headers: extra ? { ...JSON_HEADERS, ...extra } : JSON_HEADERS, body: JSON.stringify(payload) };
}

function failure(error: SandboxError): SandboxResponse {
  return json(error.status, error.toPayload(), error.headers);
}

/** True when the JSON text opens more than `limit` nested arrays/objects (strings are skipped). */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  let escaped = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (escaped) escaped = false;
      else if (c === 0x5c) escaped = true;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b || c === 0x5b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) {
      depth -= 1;
    }
  }
  return false;
}

function isJsonMediaType(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const semicolon = contentType.indexOf(';');
  const media = (semicolon < 0 ? contentType : contentType.slice(0, semicolon)).trim().toLowerCase();
  return media === 'application/json';
}

/** Reads the JSON body of an operation that declares one; errors name `body` or `Content-Type`. */
function parseBody(op: OperationSpec, req: SandboxRequest): unknown {
  const text = req.body ?? '';
  if (text.trim() === '') {
    if (op.requestBodyRequired) throw invalidField('body', 'is required: send a JSON object');
    return undefined;
  }
  if (!isJsonMediaType(req.headers['content-type'])) {
    throw new SandboxError(415, 'The body must be sent with Content-Type: application/json.', [
      { field: 'Content-Type', message: 'must be application/json' },
    ]);
  }
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
    throw invalidField('body', `nests deeper than ${MAX_JSON_DEPTH} levels`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    // V8's message quotes the body, which may hold a password: report only the position.
    const at = /position (\d+)/.exec(String((error as Error).message))?.[1];
    throw invalidField('body', at === undefined ? 'is not valid JSON' : `is not valid JSON (at position ${at})`);
  }
}

export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const { validators, route } = contractTools();
  const startWorld = options.world ?? 'demo';
  const now = options.now ?? Date.now;
  let store = new Store();
  const auth = new Auth(() => store, now, options.accessTokenTtlSeconds ?? DEFAULT_ACCESS_TOKEN_TTL_SECONDS);

  const nowIso = () => new Date(now()).toISOString();
  const reset = (world: World = startWorld) => {
    store = new Store();
    if (world === 'demo') seedDemo(store);
    auth.reset();
  };
  reset();

  const queryless = new Set(
    validators.contract.operations.filter((o) => !o.parameters.some((p) => p.in === 'query')).map((o) => o.operationId),
  );

  async function dispatch(req: SandboxRequest): Promise<SandboxResponse> {
    const method = req.method.toUpperCase();
    const mark = req.url.indexOf('?');
    const path = mark < 0 ? req.url : req.url.slice(0, mark);
    const search = mark < 0 ? '' : req.url.slice(mark + 1);

    if (method === 'OPTIONS') return { status: 204, headers: PREFLIGHT_HEADERS };
    if (path === RESET_PATH && method === 'POST') {
      const world = new URLSearchParams(search).get('world') ?? startWorld;
      if (world !== 'demo' && world !== 'empty') throw invalidField('world', 'must be demo or empty');
      reset(world);
      return json(200, { status: 'success', data: { world } });
    }

    const found = route(method, path);
    if (found.kind === 'not-found') return json(404, { status: 'error', message: found.message });
    if (found.kind === 'wrong-method') {
      const allow = found.allow.join(', ');
      return json(
        405,
        { status: 'error', message: `Method ${method} is not allowed here; allowed: ${allow}.` },
        { allow },
      );
    }
    const op = found.operation;
    const operationId = op.operationId as OperationId;

    let principal: Principal | undefined;
    if (op.authenticated) {
      // A cached JWT or a named token is checked synchronously; only a first sight of a JWT needs jose (async).
      const checked = auth.authenticate(req.headers.authorization);
      principal = checked instanceof Promise ? await checked : checked;
    } else if (req.headers.authorization !== undefined) {
      throw invalidField(
        'Authorization',
        'must not be sent: login, registration and refresh carry no Authorization header',
      );
    }

    const errors: FieldError[] = [];
    let query: Record<string, unknown> = {};
    if (!queryless.has(operationId)) {
      const checked = validators.query(operationId, new URLSearchParams(search));
      if (checked.ok) query = checked.value;
      else errors.push(...checked.errors);
    }
    let body: unknown;
    if (op.requestBodyPointer) {
      body = parseBody(op, req);
      const checked = validators.body(operationId, body);
      if (!checked.ok) errors.push(...checked.errors);
    }
    if (errors.length > 0) throw validationFailed(errors);

    // The one untyped seam: ajv has just checked query and body against the same contract the handler types come from.
    const handler = handlers[operationId] as unknown as (ctx: Context<OperationId>) => Promise<Reply> | Reply;
    const result = handler({ store, auth, nowIso, principal, query, body } as Context<OperationId>);
    const reply = result instanceof Promise ? await result : result;
    return json(reply.status, reply.body);
  }

  return {
    async handle(req) {
      try {
        const res = await dispatch(req);
        return req.headers.origin === undefined ? res : withCors(res);
      } catch (error) {
        if (error instanceof SandboxError) {
          return req.headers.origin === undefined ? failure(error) : withCors(failure(error));
        }
        // A 500 is a sandbox bug: log where (not the request, which may hold secrets) and answer the error payload.
        console.error('sandbox: internal error', error);
        return json(500, { status: 'error', message: 'Internal sandbox error; this is a bug in the sandbox.' });
      }
    },
    reset,
    get store() {
      return store;
    },
    auth,
  };
}
