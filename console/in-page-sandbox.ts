// The sandbox running in the docs page (docs/sandbox.md "In the browser and in tests"): MSW's service worker answers
// the console's requests from the demo world, kept in sessionStorage for this tab; or why it cannot run here.
import { setupWorker } from 'msw/browser';
import { sandboxHandlers } from '../mocks/sandbox/hosts/msw.js';

export type InPageSandbox = { ok: true; baseUrl: string; reset(): Promise<void> } | { ok: false; reason: string };

/** The worker script the docs folder carries beside the page (docs-build/build-console.ts copies it from msw). */
const WORKER_FILE = 'mockServiceWorker.js';

/** Why a service worker cannot run for this page, or undefined when it can. */
export function serviceWorkerBlocker(): string | undefined {
  if (location.protocol === 'file:') {
    return 'This page was opened from disk (file://), where browsers run no service worker, so the sandbox cannot run in the page. Serve the docs folder over http(s) (npm start serves it at http://127.0.0.1:4010/docs/console.html; any static server does), or send requests to a server below.';
  }
  if (!window.isSecureContext || !('serviceWorker' in navigator)) {
    return 'This browser runs no service worker for this page (it needs https, or http on localhost, and no private-window block), so the sandbox cannot run in the page. Send requests to a server below.';
  }
  return undefined;
}

/** Starts the in-page sandbox under `<this folder>/sandbox/api`, a path no server of ours answers. */
export async function startInPageSandbox(): Promise<InPageSandbox> {
  const blocker = serviceWorkerBlocker();
  if (blocker) return { ok: false, reason: blocker };
  const baseUrl = new URL('sandbox/api', location.href).href;
  try {
    const worker = setupWorker(...sandboxHandlers({ baseUrl, world: 'demo', storage: 'session' }));
    await worker.start({
      serviceWorker: { url: new URL(WORKER_FILE, location.href).pathname },
      // Requests to a server's base URL pass through untouched.
      onUnhandledRequest: 'bypass',
      quiet: true,
    });
  } catch (error) {
    return {
      ok: false,
      reason: `The sandbox could not start in this page (${(error as Error).message}). Is ${WORKER_FILE} published beside this page? Send requests to a server below meanwhile.`,
    };
  }
  if (!navigator.serviceWorker.controller) {
    // A hard reload (Shift+Reload) bypasses service workers for the page: its requests would reach the docs' server.
    return {
      ok: false,
      reason: 'A hard reload bypassed the sandbox in this page: reload the page normally to use it.',
    };
  }
  return {
    ok: true,
    baseUrl,
    async reset() {
      // The control goes to the page's own origin: only while the worker controls the page (a hard reload bypasses
      // it) does it reach the sandbox in the page rather than the server that serves the docs.
      if (!navigator.serviceWorker.controller) throw new Error('the sandbox does not control this page: reload it');
      const response = await fetch(new URL('/_sandbox/reset/?world=demo', location.href), { method: 'POST' });
      if (!response.ok) throw new Error(`the reset answered ${response.status}`);
    },
  };
}
