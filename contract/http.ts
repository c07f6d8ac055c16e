// A server as a function over web-standard Request/Response: what the client sends through, what the sandbox is, and
// what the conformance suite calls in process (a fetch handler such as Hono's `app.fetch`).

export type FetchHandler = (request: Request) => Promise<Response>;
