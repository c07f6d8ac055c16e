// The sandbox as MSW request handlers (docs/sandbox.md "In the browser and in tests"): setupWorker or setupServer.
import { type HttpHandler, http } from 'msw';
import { createSandbox, type FetchHandler, type Sandbox, type World } from '../core/app.js';
import { CONTROL_PREFIX } from '../core/controls.js';
import { API_PREFIX } from '../core/router.js';
import type { Store } from '../domain/store.js';
import { SNAPSHOT_FORMAT, snapshotOf, storeFromSnapshot } from '../worlds/snapshot.js';

export type StorageChoice = 'session' | 'local' | 'none';

export interface SandboxHandlersOptions {
  /** Where the app sends API requests: absolute (`http://sandbox.test/api`) or, in a browser, relative (`/api`). */
  baseUrl: string;
  /** The world to start with and to reset to; default `demo`. Ignored when `sandbox` is given. */
  world?: World;
  /** Serve this sandbox (e.g. to call `sandbox.reset()` between tests); default a new one. */
  sandbox?: Sandbox;
  /**
   * Browser only: keep the world across page reloads in sessionStorage (`session`, this tab) or localStorage
   * (`local`, every tab of the origin); default `none`, a reload starts from `world` again.
   */
  storage?: StorageChoice;
  /** Storage key; default `task-sandbox-world`. */
  storageKey?: string;
  /** `Prefer` and /_sandbox/ (default on); see createSandbox's `controls`. */
  controls?: boolean;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function browserStorage(choice: StorageChoice): Storage | undefined {
  if (choice === 'none') return undefined;
  const storage = choice === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
  if (!storage) throw new Error(`sandboxHandlers: storage '${choice}' needs a browser (no ${choice}Storage here)`);
  return storage;
}

function loadStore(storage: Storage | undefined, key: string): Store | undefined {
  const text = storage?.getItem(key);
  if (!text) return undefined;
  try {
    return storeFromSnapshot(JSON.parse(text));
  } catch (error) {
    // A snapshot from an older sandbox, or edited by hand: start from the world rather than break the app.
    console.warn(`sandbox: ignoring the stored world under "${key}": ${(error as Error).message}`);
    return undefined;
  }
}

/** `http://host/api/` → `http://host/api`; `/api/` → `/api`. */
const trimSlash = (url: string) => url.replace(/\/+$/, '');

/**
 * MSW handlers that answer every request under `baseUrl` (and `/_sandbox/` on the same origin) from a sandbox in
 * this process. The controls need no Host or Origin guard here: MSW only sees requests this page (or this Node
 * process) makes, so no other site can reach them.
 */
export function sandboxHandlers(options: SandboxHandlersOptions): HttpHandler[] {
  const base = trimSlash(options.baseUrl);
  if (base === '') throw new TypeError('sandboxHandlers: baseUrl is required, e.g. /api or http://sandbox.test/api');
  const key = options.storageKey ?? SNAPSHOT_FORMAT;
  const storage = browserStorage(options.storage ?? 'none');
  const sandbox =
    options.sandbox ??
    createSandbox({
      world: options.world,
      store: loadStore(storage, key),
      controls: options.controls,
      guard: false,
    });

  // Saves are chained so that an older snapshot never overwrites a newer one.
  let saving = Promise.resolve();
  const save = () => {
    saving = saving.then(async () => {
      if (storage) storage.setItem(key, JSON.stringify(await snapshotOf(sandbox.store)));
    });
    return saving;
  };

  const answer: FetchHandler = async (request) => {
    const response = await sandbox.fetch(request);
    if (storage && !SAFE_METHODS.has(request.method.toUpperCase())) await save();
    return response;
  };

  /** The request as the core expects it: the part after `baseUrl` under the core's `/api`. */
  async function toCore(request: Request): Promise<Request> {
    const url = new URL(request.url);
    const prefix = trimSlash(new URL(base, request.url).pathname);
    if (prefix === API_PREFIX) return request;
    const rest = url.pathname.slice(prefix.length);
    const body = SAFE_METHODS.has(request.method.toUpperCase()) ? undefined : await request.arrayBuffer();
    return new Request(`${url.origin}${API_PREFIX}${rest}${url.search}`, {
      method: request.method,
      headers: request.headers,
      body,
    });
  }

  const origin = /^[a-z][a-z0-9+.-]*:\/\//i.test(base) ? new URL(base).origin : '';
  return [
    http.all(`${origin}${CONTROL_PREFIX}*`, ({ request }) => answer(request)),
    http.all(`${base}/*`, async ({ request }) => answer(await toCore(request))),
  ];
}
