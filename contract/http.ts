// A server as a function over web-standard Request/Response: what the client sends through, what the sandbox is, and
// what the conformance suite calls in process (a fetch handler such as Hono's `app.fetch`).

export type FetchHandler = (request: Request) => Promise<Response>;

/**
 * A fetch handler as frameworks hand it out: Hono's `app.fetch` answers a Response at once or a promise of one. Taken
 * where a caller passes its own app; the suite awaits either.
 */
export type AnyFetchHandler = (request: Request) => Response | Promise<Response>;
