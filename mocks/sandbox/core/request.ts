// A request as the sandbox's core reads it (docs/sandbox.md "In the browser and in tests"): shared by the core, its
// controls and its hosts.

/**
 * What the core reads of a request. A fetch Request has all of it; the node host passes a lighter object,
 * because building a Request per call costs more than the sandbox's own work.
 */
export interface SandboxRequest {
  readonly method: string;
  /** Absolute URL. */
  readonly url: string;
  /**
   * The path and query as the client sent them, when the host knows the URL parser keeps them as they are (the node
   * host's plain targets): the core reads them from here, without splitting the absolute URL.
   */
  readonly target?: string;
  /** Asked by lower-case names only: a host may look a name up as given (node has lower-cased them all). */
  readonly headers: { get(name: string): string | null; has(name: string): boolean };
  text(): Promise<string>;
  /**
   * The body's text at once, for a host that holds the whole body when it calls the core (the node host): the
   * request then answers without waiting. Throws a TypeError on bytes that are not UTF-8, as `text()` rejects.
   */
  textNow?(): string;
  /** Who sent it, when the host says so on the request itself (the node host: the client's address group). */
  readonly client?: string;
}
