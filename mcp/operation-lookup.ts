// The `lookup_operation` tool (mcp/README.md): one operation of openapi.yaml as a person reads it in the docs: its
// parameters, request and response schemas with their examples, the contract's assumptions (`x-assumption`,
// docs/extensions.md) on it and on the schemas it uses, and the conformance rules that name it with the source's quotes.
import { RULES } from '../conformance/rules.js';
import { findAssumptions } from '../contract/assumptions.js';
import { contractOf, type HttpMethod, type OperationSpec } from '../contract/document.js';
import { nodeAt } from '../contract/pointer.js';
import { openapiDocument } from '../generated/openapi-document.js';
import { ToolInputError } from './tool-errors.js';

type Node = Record<string, unknown>;

const contract = contractOf(openapiDocument as Node);

/** How deep `$ref`s are followed: past it, a reference stays a `$ref` (the schemas nest far less). */
const MAX_DEPTH = 12;

/**
 * `node` with every local `$ref` replaced by what it names; `used` collects the pointers followed. A reference met again
 * inside itself (a recursive schema) stays a `$ref`.
 */
function resolved(node: unknown, used: Set<string>, open: readonly string[] = []): unknown {
  if (Array.isArray(node)) return node.map((n) => resolved(n, used, open));
  if (node === null || typeof node !== 'object') return node;
  const ref = (node as Node).$ref;
  if (typeof ref === 'string' && ref.startsWith('#/')) {
    if (open.includes(ref) || open.length >= MAX_DEPTH) return { $ref: ref };
    used.add(ref.slice(1));
    return resolved(nodeAt(contract.document, ref), used, [...open, ref]);
  }
  return Object.fromEntries(Object.entries(node as Node).map(([k, v]) => [k, resolved(v, used, open)]));
}

/**
 * The operations the source names by what they do rather than by path (§2, §5: "Login, registration and refresh"): a
 * rule saying the word speaks of the operation.
 */
const NAMED_BY_WORD: Readonly<Record<string, RegExp>> = {
  login: /\blog(?:in|s in|ged in)\b/i,
  register: /\bregist(?:er|ers|ration)\b/i,
  refreshToken: /\brefresh\b/i,
};

/**
 * Whether a rule speaks of an operation: its path (after its method or alone, not as the start of a longer path), its
 * operationId, or for login, registration and refresh the word.
 */
function namesOperation(text: string, op: OperationSpec): boolean {
  const path = op.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // Each mention of the path (not the start of a longer one), with the method written before it, if any.
  for (const [, method] of text.matchAll(new RegExp(`(?:\\b(GET|POST|PUT|PATCH|DELETE) )?${path}(?![\\w/-])`, 'g'))) {
    if (method === undefined || method === op.method.toUpperCase()) return true;
  }
  return new RegExp(`\\b${op.operationId}\\b`).test(text) || (NAMED_BY_WORD[op.operationId]?.test(text) ?? false);
}

export interface OperationQuery {
  operationId?: string | undefined;
  method?: string | undefined;
  path?: string | undefined;
}

/** Close spellings of a wrong name, for the message. */
function suggestions(wrong: string, names: readonly string[]): string {
  const lower = wrong.toLowerCase();
  const near = names.filter((n) => n.toLowerCase().includes(lower) || lower.includes(n.toLowerCase()));
  return near.length > 0 ? `; did you mean ${near.slice(0, 5).join(', ')}?` : '';
}

/** The operation a query names, or a ToolInputError naming the field to correct. */
export function findOperation(query: OperationQuery): OperationSpec {
  if (query.operationId !== undefined) {
    if (query.method !== undefined || query.path !== undefined) {
      throw new ToolInputError('operationId', 'give either operationId or method and path, not both');
    }
    const op = contract.byId.get(query.operationId);
    if (op) return op;
    const ids = contract.operations.map((o) => o.operationId);
    throw new ToolInputError(
      'operationId',
      `no operation is named ${JSON.stringify(query.operationId)}${suggestions(query.operationId, ids)} (the operations: ${ids.join(', ')})`,
    );
  }
  if (query.method === undefined || query.path === undefined) {
    throw new ToolInputError(
      query.method === undefined ? 'method' : 'path',
      'give operationId, or both method and path (e.g. GET and /member/me/)',
    );
  }
  const method = query.method.toLowerCase() as HttpMethod;
  // The contract's paths are written without the /api base; an agent may copy a full one.
  const path = query.path.replace(/^\/api(?=\/)/, '');
  const onPath = contract.operations.filter((o) => o.path === path);
  if (onPath.length === 0) {
    const paths = [...new Set(contract.operations.map((o) => o.path))];
    throw new ToolInputError(
      'path',
      `the contract has no path ${JSON.stringify(query.path)}${suggestions(path, paths)} (paths end in /, without the /api base)`,
    );
  }
  const op = onPath.find((o) => o.method === method);
  if (op) return op;
  throw new ToolInputError(
    'method',
    `${path} has no ${query.method.toUpperCase()} operation (it has ${onPath.map((o) => o.method.toUpperCase()).join(', ')})`,
  );
}

export interface OperationReport {
  operationId: string;
  method: string;
  path: string;
  summary?: string;
  description?: string;
  tags: string[];
  /** False for login, registration and refresh: no Authorization header. */
  authenticated: boolean;
  parameters: unknown[];
  requestBody?: unknown;
  /** Each declared status with its description, schema and examples, every `$ref` resolved. */
  responses: Record<string, unknown>;
  /** The contract's decisions where the source is silent, on the operation and on every schema it uses. */
  assumptions: { pointer: string; text: string }[];
  /** The conformance rules that name the operation: level, sentence, and for a MUST rule the source's words. */
  rules: { id: string; level: string; text: string; source: string; quotes?: readonly string[] }[];
}

/** Everything the contract says about one operation. */
export function lookupOperation(query: OperationQuery): OperationReport {
  const op = findOperation(query);
  const pointer = `/paths/${op.path.replace(/~/g, '~0').replace(/\//g, '~1')}/${op.method}`;
  const raw = nodeAt(contract.document, `#${pointer}`) as Node;
  const pathItem = nodeAt(contract.document, `#${pointer.slice(0, pointer.lastIndexOf('/'))}`) as Node;
  const used = new Set<string>([pointer]);
  const parameters = resolved(
    [...((pathItem.parameters as unknown[]) ?? []), ...((raw.parameters as unknown[]) ?? [])],
    used,
  );
  const requestBody = raw.requestBody === undefined ? undefined : resolved(raw.requestBody, used);
  const responses = resolved(raw.responses ?? {}, used) as Record<string, unknown>;
  const within = (p: string) => [...used].some((u) => p === u || p.startsWith(`${u}/`));
  return {
    operationId: op.operationId,
    method: op.method.toUpperCase(),
    path: op.path,
    ...(typeof raw.summary === 'string' ? { summary: raw.summary } : {}),
    ...(typeof raw.description === 'string' ? { description: raw.description.trim() } : {}),
    tags: op.tags,
    authenticated: op.authenticated,
    parameters: parameters as unknown[],
    ...(requestBody === undefined ? {} : { requestBody }),
    responses,
    assumptions: findAssumptions(contract.document).filter((a) => within(a.pointer)),
    rules: RULES.filter((r) => namesOperation([r.text, ...(r.quotes ?? [])].join('\n'), op)).map((r) => ({
      id: r.id,
      level: r.level,
      text: r.text,
      source: r.source,
      ...(r.quotes ? { quotes: r.quotes } : {}),
    })),
  };
}

/** Every operation, one line each: what an agent lists before it looks one up. */
export const operationIndex = (): { operationId: string; method: string; path: string }[] =>
  contract.operations.map((o) => ({ operationId: o.operationId, method: o.method.toUpperCase(), path: o.path }));
