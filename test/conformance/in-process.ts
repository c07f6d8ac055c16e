// The sandbox's request handler as a fetch handler, for conformance runs in process (no port, no sockets).
import type { FetchHandler } from '../../conformance/engine/send.js';
import type { SandboxHandler } from '../../mocks/sandbox/app.js';

/** The base URL in-process runs use: nothing listens there, every request goes to the handler. */
export const IN_PROCESS_BASE_URL = 'http://sandbox.invalid/api';

export const inProcess =
  (handle: SandboxHandler): FetchHandler =>
  async (request) => {
    const url = new URL(request.url);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const body = request.body ? await request.text() : undefined;
    const res = await handle({
      method: request.method,
      url: `${url.pathname}${url.search}`,
      headers,
      ...(body ? { body } : {}),
    });
    return new Response(res.body ? res.body : null, { status: res.status, headers: res.headers });
  };
