// The sandbox as MSW request handlers (docs/sandbox.md "In the browser and in tests", "Durability (--state)"): setupWorker or setupServer.
import { type HttpHandler, http } from 'msw';
import { createSandbox, errorAnswer, type FetchHandler, type Sandbox, toResponse, type World } from '../core/app.js';
import { CONTROL_PREFIX, type ControlGuard, controlRefusal } from '../core/controls.js';
import { type CorsPolicy, originRefusal } from '../core/cors.js';
import { API_PREFIX } from '../core/router.js';
import { SandboxError } from '../domain/errors.js';
import type { Store } from '../domain/store.js';
import { hashesSettled, restoredFrom, SNAPSHOT_FORMAT, snapshotNow, storeFromText } from '../worlds/snapshot.js';

export type StorageChoice = 'session' | 'local' | 'none';

/** What the handlers use of a Web Storage: `sessionStorage`, `localStorage`, or one of your own (tests). */
export type WorldStorage = Pick<Storage, 'getItem' | 'setItem'>;

export interface SandboxHandlersOptions {
  /** Where the app sends API requests: absolute (`http://sandbox.test/api`) or, in a browser, relative (`/api`). */
  baseUrl: string;
  /** The world to start with and to reset to; default `demo`. Ignored when `sandbox` is given. */
  world?: World;
  /** Serve this sandbox (e.g. to call `sandbox.reset()` between tests); default a new one. */
  sandbox?: Sandbox;
  /**
   * Browser only: keep the world across page reloads in sessionStorage (`session`, this tab) or localStorage
   * (`local`, every tab of the origin), or in a Storage-like object of your own; default `none`, a reload starts
   * from `world` again.
   */
  storage?: StorageChoice | WorldStorage;
  /** Storage key; default `task-sandbox-world`. */
  storageKey?: string;
  /** `Prefer` and /_sandbox/ (default on); see createSandbox's `controls`. */
  controls?: boolean;
  /**
   * Who may call /_sandbox/, as on the node host (loopback Host names plus `guard.hosts`, no foreign Origin, the admin
   * secret if set). Default: no guard, since in a page or a test only that page or process reaches the handlers. Set it
   * when the handlers answer a network (served by an HTTP server such as `@mswjs/http-middleware`).
   */
  guard?: ControlGuard;
  /**
   * Which web pages may call the API, as on the node host (docs/sandbox.md "CORS"): pages of this machine, the
   * sandbox's own (`http(s)://` + a name of `guard.hosts`), and `cors.origins`. Applied when `guard` or `cors` is given
   * (the handlers answer a network); a page of any other origin, a rebinding name's included, gets a 403 naming `Origin`
   * that it cannot read, before the body is read or a credential checked. Default: none, as in a page or a test.
   */
  cors?: CorsPolicy;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function browserStorage(choice: StorageChoice | WorldStorage): WorldStorage | undefined {
  if (typeof choice === 'object') return choice;
  if (choice === 'none') return undefined;
  const storage = choice === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
  if (!storage) throw new Error(`sandboxHandlers: storage '${choice}' needs a browser (no ${choice}Storage here)`);
  return storage;
}

/** The stored world, checked against the same bounded schema as a --state file; undefined when absent or unusable. */
function storedStore(text: string | null, key: string): Store | undefined {
  if (!text) return undefined;
  try {
    return storeFromText(text);
  } catch (error) {
    // A snapshot from an older sandbox, or edited by hand: start from the world rather than break the app.
    console.warn(`sandbox: ignoring the stored world under "${key}": ${(error as Error).message}`);
    return undefined;
  }
}

/** 503: the browser refused to store the change (its quota is full); the world is as it was. */
const storageFull = (key: string) =>
  new SandboxError(
    503,
    `The browser's storage is full, so the sandbox could not keep this change under "${key}" and did not apply it: ` +
      'the world is as it was. Free some storage (or reset the world) and retry.',
    [{ field: 'storage', message: 'is full; the change was not kept' }],
  );

/** 409: another tab changed the stored world while this write ran; it was not applied, so nothing is lost. */
const otherTabWrote = () =>
  new SandboxError(
    409,
    'Another tab changed the sandbox world while this request ran, so this change was not applied (the other ' +
      "tab's change is kept). This tab now has the stored world: retry.",
    [{ field: 'storage', message: 'changed in another tab during this request; retry' }],
  );

/**
 * The sandbox kept in browser storage. Writes run one at a time in this tab (in all tabs of the origin, for
 * localStorage in a browser with Web Locks). Before each, a world another tab stored
 * since is loaded; after it, the world is stored only if nobody else stored one meanwhile (else 409), and only if the
 * browser accepts it (else 503): in both cases this tab goes back to the stored world, so no answered write is lost and
 * none is applied without being stored.
 */
function stored(
  sandbox: Sandbox,
  storage: WorldStorage,
  key: string,
  initial: string | null,
  initialLoads: boolean,
  sharedByTabs: boolean,
): FetchHandler {
  /** The stored text this tab's world matches, and whether it holds a world that loads. */
  let known = initial;
  let knownLoads = initialLoads;
  /** The world before the running write, while nothing loadable is stored: what a refused write goes back to. */
  let fallback: string | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  // The storage event says another tab wrote, but it comes late (or never: a Storage of your own has none). So each
  // stored world comes with a small revision beside it: a read compares that, not the whole world, and catches up
  // when it moved; writes compare the stored text itself.
  const revisionKey = `${key}:revision`;
  let knownRevision = storage.getItem(revisionKey);
  let stale = false;
  globalThis.addEventListener?.('storage', (event: StorageEvent) => {
    if (event.key === key || event.key === null) stale = true;
  });

  /** Puts the stored world (or else `fallback`) in place of this tab's. */
  function useStored(text: string | null): void {
    known = text;
    knownLoads = false;
    for (const source of [text, fallback]) {
      if (!source) continue;
      try {
        sandbox.restore(restoredFrom(source, sandbox.store));
        knownLoads = source === text;
        return;
      } catch (error) {
        console.warn(`sandbox: ignoring the stored world under "${key}": ${(error as Error).message}`);
      }
    }
  }

  /** Loads what is stored when it is not what this tab knows: the stored world wins. */
  function catchUp(): void {
    stale = false;
    const text = storage.getItem(key);
    if (text !== known) useStored(text);
  }

  async function write(request: Request): Promise<Response> {
    catchUp();
    fallback = undefined;
    if (!knownLoads) {
      await hashesSettled(sandbox.store);
      fallback = JSON.stringify(snapshotNow(sandbox.store));
    }
    const response = await sandbox.fetch(request);
    // An error answer changed nothing: nothing to store.
    if (response.status >= 400) return response;
    await hashesSettled(sandbox.store);
    const text = JSON.stringify(snapshotNow(sandbox.store));
    const current = storage.getItem(key);
    if (current !== known) {
      useStored(current);
      return toResponse(errorAnswer(otherTabWrote()));
    }
    // Nothing changed (a login, a refresh): nothing to store.
    if (text === known || text === fallback) return response;
    const revision = newRevision();
    try {
      // The revision first: should the world then not fit, other tabs catch up to the same world, which costs nothing.
      storage.setItem(revisionKey, revision);
      storage.setItem(key, text);
    } catch {
      // QuotaExceededError (its name varies by browser): the world stays as stored.
      useStored(known);
      return toResponse(errorAnswer(storageFull(key)));
    }
    known = text;
    knownLoads = true;
    knownRevision = revision;
    return response;
  }

  /** Before a read: the stored world, when another tab stored one since (its revision moved, or its event came). */
  function readStored(): void {
    const revision = storage.getItem(revisionKey);
    if (!stale && revision === knownRevision) return;
    knownRevision = revision;
    catchUp();
  }

  return async (request) => {
    if (SAFE_METHODS.has(request.method.toUpperCase())) {
      readStored();
      return sandbox.fetch(request);
    }
    // localStorage has no transaction: where the browser has Web Locks, the tabs of the origin take turns (catch up,
    // write, store); elsewhere the stored-text check above refuses a write that raced another tab with a 409.
    const locks = sharedByTabs ? (globalThis.navigator as Navigator | undefined)?.locks : undefined;
    const run = async (): Promise<Response> =>
      locks ? await locks.request(`${key} writes`, () => write(request)) : write(request);
    const answer = queue.then(run);
    queue = answer.catch(() => undefined);
    return answer;
  };
}

/** A revision of the stored world: random, so that two tabs storing at once never write the same one. */
function newRevision(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** `http://host/api/` → `http://host/api`; `/api/` → `/api`. */
const trimSlash = (url: string) => url.replace(/\/+$/, '');

/**
 * MSW handlers that answer every request under `baseUrl` (and `/_sandbox/` on the same origin) from a sandbox in
 * this process. The controls need no Host or Origin guard by default: MSW only sees requests this page (or this Node
 * process) makes; its worker lets navigations (a cross-site form) through to the network, so no other site reaches them.
 */
export function sandboxHandlers(options: SandboxHandlersOptions): HttpHandler[] {
  const base = trimSlash(options.baseUrl);
  if (base === '') throw new TypeError('sandboxHandlers: baseUrl is required, e.g. /api or http://sandbox.test/api');
  const key = options.storageKey ?? SNAPSHOT_FORMAT;
  const storage = browserStorage(options.storage ?? 'none');
  const initial = storage?.getItem(key) ?? null;
  const loaded = storedStore(initial, key);
  const sandbox =
    options.sandbox ??
    createSandbox({
      world: options.world,
      store: loaded,
      controls: options.controls,
    });
  const answer: FetchHandler = storage
    ? stored(sandbox, storage, key, initial, loaded !== undefined, options.storage === 'local')
    : sandbox.fetch;

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
  const guard = options.guard && { hostsOption: 'sandboxHandlers({ guard: { hosts } })', ...options.guard };
  // Served over HTTP (a guard or a policy given), the API answers the pages the node host answers, and no other.
  const cors: CorsPolicy | undefined =
    guard || options.cors
      ? { originsOption: 'sandboxHandlers({ cors: { origins } })', hosts: guard?.hosts, ...options.cors }
      : undefined;
  /** The 403 for a page of an origin nobody allowed (without CORS headers, so it cannot read it), or undefined. */
  const pageRefusal = (request: Request) =>
    cors &&
    originRefusal(request.headers.get('origin'), request.headers.get('host') ?? new URL(request.url).host, cors);
  return [
    http.all(`${origin}${CONTROL_PREFIX}*`, ({ request }) => {
      const refused = guard && controlRefusal(request.url, request.headers, guard);
      return refused ? toResponse(errorAnswer(refused)) : answer(request);
    }),
    http.all(`${base}/*`, async ({ request }) => {
      const refused = pageRefusal(request);
      return refused ? toResponse(errorAnswer(refused)) : answer(await toCore(request));
    }),
  ];
}
