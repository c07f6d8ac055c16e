// Evaluates the runtime expressions of OpenAPI Link Objects (OpenAPI 3.1 §4.8.20.4) against one request and its answer.

/** One call as a link sees it: the request that was sent and the response that came back. */
export interface Exchange {
  request: {
    url: string;
    method: string;
    query: URLSearchParams;
    headers: Headers;
    body: unknown;
  };
  response: {
    status: number;
    headers: Headers;
    body: unknown;
  };
}

/** A value that is not a runtime expression (a typo such as `$respons.body`) is a broken link, not a constant. */
export class ExpressionError extends Error {
  override name = 'ExpressionError';
}

const SOURCE = /^\$(request|response)\.(query|path|header|body)(?:\.(.+)|#(.*))?$/;

/** Resolves an RFC 6901 JSON pointer (`/data/items/0/id`, `~1` for `/`, `~0` for `~`); `undefined` when absent. */
export function resolvePointer(document: unknown, pointer: string): unknown {
  if (pointer === '') return document;
  if (!pointer.startsWith('/')) throw new ExpressionError(`a JSON pointer starts with "/": "${pointer}"`);
  let node = document;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(node)) {
      if (!/^(0|[1-9]\d*)$/.test(key)) return undefined;
      node = node[Number(key)];
    } else if (node !== null && typeof node === 'object' && Object.hasOwn(node, key)) {
      node = (node as Record<string, unknown>)[key];
    } else {
      return undefined;
    }
  }
  return node;
}

/** The value of one runtime expression (`$url`, `$method`, `$statusCode`, `$request.…`, `$response.…`). */
export function evaluate(expression: string, exchange: Exchange): unknown {
  if (expression === '$url') return exchange.request.url;
  if (expression === '$method') return exchange.request.method.toUpperCase();
  if (expression === '$statusCode') return exchange.response.status;
  const match = SOURCE.exec(expression);
  if (!match) throw new ExpressionError(`not a runtime expression: "${expression}"`);
  const [, side, part, name, pointer] = match as unknown as [string, 'request' | 'response', string, string?, string?];
  const message = side === 'request' ? exchange.request : exchange.response;
  if (part === 'body') {
    if (name !== undefined)
      throw new ExpressionError(`a body is addressed by a JSON pointer after "#": "${expression}"`);
    return resolvePointer(message.body, pointer ?? '');
  }
  if (name === undefined) throw new ExpressionError(`"${expression}" names no ${part} field`);
  if (part === 'header') return message.headers.get(name) ?? undefined;
  if (side === 'request' && part === 'query') {
    const values = exchange.request.query.getAll(name);
    return values.length === 0 ? undefined : values.length === 1 ? values[0] : values;
  }
  // The contract has no path parameters and a response has no query.
  throw new ExpressionError(`"${expression}" addresses nothing an HTTP exchange carries`);
}

/**
 * A link's parameter value or request body with every expression evaluated: a string that is a whole expression takes
 * the expression's value (keeping its type), `{$…}` inside a longer string is replaced by its text, objects and arrays
 * are walked (the request-body form tools such as Schemathesis accept), and anything else is a constant.
 */
export function resolveLinkValue(value: unknown, exchange: Exchange): unknown {
  if (typeof value === 'string') {
    if (value.startsWith('$')) return evaluate(value, exchange);
    return value.replace(/\{(\$[^}]+)\}/g, (_whole, inner: string) => String(evaluate(inner, exchange)));
  }
  if (Array.isArray(value)) return value.map((item) => resolveLinkValue(item, exchange));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolveLinkValue(item, exchange)]));
  }
  return value;
}

/** Every place in a resolved value that came out `undefined` (an expression that found nothing), as paths. */
export function unresolved(value: unknown, at = ''): string[] {
  if (value === undefined) return [at || '(the value)'];
  if (Array.isArray(value)) return value.flatMap((item, i) => unresolved(item, `${at}[${i}]`));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => unresolved(item, at ? `${at}.${key}` : key));
  }
  return [];
}

/**
 * A link's request body. A string is the JSON text to send, with each embedded `{$…}` expression replaced by its value
 * (OpenAPI 3.1 §4.8.20.4: expressions "embedded into a string value"), then parsed: a string value is escaped for the
 * quotes around it, any other value written as JSON. Any other body is resolved as a parameter value is.
 */
export function resolveLinkBody(value: unknown, exchange: Exchange): unknown {
  if (typeof value !== 'string' || value.startsWith('$')) return resolveLinkValue(value, exchange);
  const text = value.replace(/\{(\$[^}]+)\}/g, (_whole, inner: string) => {
    const found = evaluate(inner, exchange);
    if (found === undefined) throw new ExpressionError(`${inner} finds nothing in the exchange`);
    return typeof found === 'string' ? JSON.stringify(found).slice(1, -1) : JSON.stringify(found);
  });
  try {
    return JSON.parse(text);
  } catch {
    throw new ExpressionError(`the request body is not JSON once its expressions are replaced: ${text}`);
  }
}
