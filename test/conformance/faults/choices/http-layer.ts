// Choice servers whose HTTP layer answers its own way before the API does (docs/conformance.md, "What the suite does
// not assume"): a path without its trailing slash redirected with 308 or given an HTML 404, connections closed.
import type { Choice } from './choice.js';

/** A path without its trailing slash is redirected with 308 and an HTML body, as some frameworks do. */
export const slashRedirect308: Choice = {
  departs: [],
  wrap: (inner) => async (req) => {
    const url = new URL(req.url);
    if (!url.pathname.startsWith('/api/') || url.pathname.endsWith('/')) return inner(req);
    return new Response('<html><body>Permanent Redirect</body></html>', {
      status: 308,
      headers: { location: `${url.pathname}/${url.search}`, 'content-type': 'text/html' },
    });
  },
};

/** A path without its trailing slash gets the framework's own 404 page (Express: "Cannot GET"), not an error payload. */
export const slashlessHtml404: Choice = {
  departs: [],
  wrap: (inner) => async (req) => {
    const url = new URL(req.url);
    if (!url.pathname.startsWith('/api/') || url.pathname.endsWith('/')) return inner(req);
    return new Response(`<pre>Cannot ${req.method} ${url.pathname}</pre>`, {
      status: 404,
      headers: { 'content-type': 'text/html; charset=utf-8' },
    });
  },
};

/** Every answer asks to close the connection. */
export const connectionClose: Choice = {
  departs: [],
  wrap: (inner) => async (req) => {
    const res = await inner(req);
    const headers = new Headers(res.headers);
    headers.set('connection', 'close');
    return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
  },
};
