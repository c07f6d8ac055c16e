// Reading a request's JSON body (docs/sandbox.md "Limits and hostile input"): strict UTF-8, its Content-Type, its nesting, JSON, well-formed Unicode; errors name `body` or `Content-Type`.
import type { OperationSpec } from '../../../contract/document.js';
import type { FieldError } from '../../../contract/request-validators.js';
import { invalidField, SandboxError, validationFailed } from '../domain/errors.js';
import { jsonShapeExceeds, MAX_JSON_CONTAINERS } from '../domain/limits.js';
import type { MaybePromise } from './reply.js';
import type { SandboxRequest } from './request.js';

/** Deeper JSON is refused before parsing: nothing in the contract nests more than a few levels. */
export const MAX_JSON_DEPTH = 32;

function isJsonMediaType(contentType: string | null): boolean {
  // As clients send it: no parameter, case or space to take off.
  if (contentType === 'application/json') return true;
  if (!contentType) return false;
  const semicolon = contentType.indexOf(';');
  const media = (semicolon < 0 ? contentType : contentType.slice(0, semicolon)).trim().toLowerCase();
  return media === 'application/json';
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const notUtf8 = () => invalidField('body', 'is not valid UTF-8');

/**
 * The body as text, refused when its bytes are not UTF-8 (never silently turned into U+FFFD): at once when the host
 * holds the text already (the node host's `textNow`), else decoded here from the bytes when the request has them (a
 * fetch Request, in every host), else by the host's own `text()`. Each host's decoding is strict and throws a TypeError
 * on such bytes.
 */
function bodyText(request: SandboxRequest): MaybePromise<string> {
  if (request.textNow === undefined) return bodyTextLater(request);
  try {
    return request.textNow();
  } catch (error) {
    if (error instanceof TypeError) throw notUtf8();
    throw error;
  }
}

async function bodyTextLater(request: SandboxRequest): Promise<string> {
  const bytes = (request as Partial<Pick<Request, 'arrayBuffer'>>).arrayBuffer;
  if (typeof bytes === 'function') {
    const buffer = await bytes.call(request);
    try {
      return strictUtf8.decode(buffer);
    } catch {
      throw notUtf8();
    }
  }
  try {
    return await request.text();
  } catch (error) {
    if (error instanceof TypeError) throw notUtf8();
    throw error;
  }
}

// A lone surrogate: a high one not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// Where one can come from in JSON text: a \uD8xx–\uDFxx escape, or such a code unit itself.
const SURROGATE_IN_TEXT = /\\u[dD][89a-fA-F]|[\uD800-\uDFFF]/;

/**
 * Every string of a parsed body (member names too) that holds a lone surrogate, named as ajv names fields
 * (`metadata.note`, `body` for the whole): such a string is not Unicode text, and no UTF-8 store or client could
 * keep it as sent.
 */
function loneSurrogates(value: unknown, path: string, out: FieldError[]): void {
  const message = 'must be well-formed Unicode text: it holds a lone surrogate (U+D800–U+DFFF without its pair)';
  if (typeof value === 'string') {
    if (LONE_SURROGATE.test(value)) out.push({ field: path || 'body', message });
  } else if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) loneSurrogates(item, path ? `${path}.${i}` : String(i), out);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      if (LONE_SURROGATE.test(key)) out.push({ field: at.replace(new RegExp(LONE_SURROGATE, 'g'), '\uFFFD'), message });
      else loneSurrogates(item, at, out);
    }
  }
}

/**
 * Reads the JSON body of an operation that declares one; errors name `body` or `Content-Type`. At once when the host
 * holds the body's text: the request then waits on nothing.
 */
export function parseBody(op: OperationSpec, request: SandboxRequest): MaybePromise<unknown> {
  const text = bodyText(request);
  return text instanceof Promise ? text.then((later) => parseText(op, request, later)) : parseText(op, request, text);
}

function parseText(op: OperationSpec, request: SandboxRequest, text: string): unknown {
  if (text.trim() === '') {
    if (op.requestBodyRequired) throw invalidField('body', 'is required: send a JSON object');
    return undefined;
  }
  if (!isJsonMediaType(request.headers.get('content-type'))) {
    throw new SandboxError(415, 'The body must be sent with Content-Type: application/json.', [
      { field: 'Content-Type', message: 'must be application/json' },
    ]);
  }
  const exceeds = jsonShapeExceeds(text, MAX_JSON_DEPTH, MAX_JSON_CONTAINERS);
  if (exceeds === 'depth') throw invalidField('body', `nests deeper than ${MAX_JSON_DEPTH} levels`);
  if (exceeds === 'containers') {
    throw invalidField('body', `holds more than ${MAX_JSON_CONTAINERS} objects and arrays`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    // V8's message quotes the body, which may hold a password: report only the position.
    const at = /position (\d+)/.exec(String((error as Error).message))?.[1];
    throw invalidField('body', at === undefined ? 'is not valid JSON' : `is not valid JSON (at position ${at})`);
  }
  // Only a body whose text could hold one is walked: the common body costs one regular-expression scan.
  if (SURROGATE_IN_TEXT.test(text)) {
    const lone: FieldError[] = [];
    loneSurrogates(value, '', lone);
    if (lone.length > 0) throw validationFailed(lone);
  }
  return value;
}
