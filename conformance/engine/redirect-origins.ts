// The origins a read may be redirected to besides the target's (docs/conformance.md, "Redirects"): what the user
// names with `--follow-redirects-to` or `followRedirectsTo`, each checked to be an origin and nothing more.

/** The value named cannot be used; the message says which entry and what an origin is. */
export class OriginError extends Error {
  override readonly name = 'OriginError';
}

const WHAT = 'an origin is scheme://host[:port], e.g. https://auth.example.com';

/**
 * Each value as the origin it names (`new URL(v).origin`: lower-case host, default port dropped), or an OriginError
 * naming `option`: a value with a path, query, fragment or user name says more than an origin and is refused, so that
 * no one believes a path is a limit.
 */
export function redirectOrigins(values: readonly string[], option: string): string[] {
  return values.map((value) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw new OriginError(`${option}: ${JSON.stringify(value)} is not an origin (${WHAT})`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new OriginError(`${option}: ${JSON.stringify(value)} is not an http(s) origin (${WHAT})`);
    }
    const extra = url.username || url.password || url.search || url.hash || url.pathname !== '/';
    if (extra) throw new OriginError(`${option}: ${JSON.stringify(value)} says more than an origin (${WHAT})`);
    return url.origin;
  });
}
