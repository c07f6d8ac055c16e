// Matches method + path against the operation index of openapi.yaml (contract/document.ts), under the /api base path.
import type { OperationSpec } from '../../../contract/document.js';

/** The sandbox serves the contract's paths under this prefix, like a real base_url ending in `api`. */
export const API_PREFIX = '/api';

export type Route =
  | { kind: 'operation'; operation: OperationSpec }
  | { kind: 'wrong-method'; allow: string[] }
  | { kind: 'not-found'; message: string };

const MAX_ECHO = 200;

export function createRouter(operations: readonly OperationSpec[]): (method: string, path: string) => Route {
  // Each operation's Route is made once: every request to it gets the same one.
  const byPath = new Map<string, Map<string, Route & { kind: 'operation' }>>();
  for (const operation of operations) {
    const full = `${API_PREFIX}${operation.path}`;
    let methods = byPath.get(full);
    if (!methods) {
      methods = new Map();
      byPath.set(full, methods);
    }
    methods.set(operation.method.toUpperCase(), { kind: 'operation', operation });
  }

  return (method, path) => {
    const methods = byPath.get(path);
    if (methods) return methods.get(method) ?? { kind: 'wrong-method', allow: [...methods.keys()] };
    const shown = path.length > MAX_ECHO ? `${path.slice(0, MAX_ECHO)}…` : path;
    // The API keeps trailing slashes (source §1); a missing one gets a 404 that names the right path, not a redirect,
    // because a redirect would silently turn a PATCH into a GET in some clients.
    if (byPath.has(`${path}/`)) {
      return {
        kind: 'not-found',
        message: `No operation at ${shown}: paths keep their trailing slash, use ${shown}/ instead.`,
      };
    }
    return { kind: 'not-found', message: `No operation at ${shown}. The API is served under ${API_PREFIX}/.` };
  };
}
