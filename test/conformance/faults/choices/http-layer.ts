// Choice servers whose HTTP layer answers its own way before the API does (docs/conformance.md, "What the suite does
// not assume"): a path without its trailing slash redirected (301, 307, 308) or given an HTML 404, an unknown path an
// HTML 404, connections closed.
import { parse } from '../wrap.js';
import type { Choice } from './choice.js';

/** A path without its trailing slash redirected with `status` and an HTML body, as frameworks do (Django: 301). */
function slashRedirect(status: 301 | 307 | 308, text: string): Choice {
  return {
    departs: [],
    httpLayer: true,
    wrap: (inner) => async (req) => {
      const url = new URL(req.url);
      if (!url.pathname.startsWith('/api/') || url.pathname.endsWith('/')) return inner(req);
      return new Response(`<html><body>${text}</body></html>`, {
        status,
        headers: { location: `${url.pathname}/${url.search}`, 'content-type': 'text/html' },
      });
    },
  };
}

/** A path without its trailing slash is redirected with 308 and an HTML body, as some frameworks do. */
export const slashRedirect308 = slashRedirect(308, 'Permanent Redirect');

/** The same with 301, as Django's APPEND_SLASH does (a client may follow it with a GET). */
export const slashRedirect301 = slashRedirect(301, 'Moved Permanently');

/** The same with 307, as Starlette's redirect_slashes does. */
export const slashRedirect307 = slashRedirect(307, 'Temporary Redirect');

/** Any path the API does not know gets the framework's HTML 404 page (Django's, FastAPI's), not an error payload. */
export const unknownPathsHtml404: Choice = {
  departs: [],
  httpLayer: true,
  wrap: (inner) => async (req) => {
    const { operationId } = await parse(req);
    const url = new URL(req.url);
    if (operationId || !url.pathname.startsWith('/api/')) return inner(req);
    return new Response('<!doctype html><title>Not Found</title><h1>Not Found</h1>', {
      status: 404,
      headers: { 'content-type': 'text/html; charset=utf-8' },
    });
  },
};

/** A path without its trailing slash gets the framework's own 404 page (Express: "Cannot GET"), not an error payload. */
export const slashlessHtml404: Choice = {
  departs: [],
  httpLayer: true,
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
  httpLayer: true,
  wrap: (inner) => async (req) => {
    const res = await inner(req);
    const headers = new Headers(res.headers);
    headers.set('connection', 'close');
    return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
  },
};
