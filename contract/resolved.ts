// The contract read at build time (Node only): a YAML or JSON file parsed with errors that name the file and the
// place, its local `$ref`s inlined into one tree, and its operations listed with their parameters, bodies and examples.
// Shared by the contract diff (contract/evolution/diff-command.ts) and the docs' code samples.
import { readFileSync, statSync } from 'node:fs';
import { parseDocument } from 'yaml';
import { escapePointer, nodeAt } from './pointer.js';

/** A contract that cannot be read or resolved: `file` and `place` (a JSON pointer, or line:column) say where. */
export class ContractReadError extends Error {
  constructor(
    readonly file: string,
    readonly place: string,
    readonly reason: string,
  ) {
    super(`${file}${place ? ` at ${place}` : ''}: ${reason}`);
    this.name = 'ContractReadError';
  }
}

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Largest contract file read (the kit's own is about 120 KiB): a larger one is refused before it is parsed. */
export const MAX_CONTRACT_BYTES = 8 * 1024 * 1024;
/** YAML aliases (`*name`) expanded at most: past it, a file could expand to gigabytes from a few lines. */
export const MAX_ALIASES = 100;
/** Deepest nesting of objects and arrays read (the kit's own contract nests about 15 levels). */
export const MAX_CONTRACT_DEPTH = 64;

/** Where `value` first nests deeper than `limit` objects and arrays, as a JSON pointer; found without recursion. */
function tooDeep(value: unknown, limit: number): string | undefined {
  const stack: [unknown, string, number][] = [[value, '', 0]];
  while (stack.length > 0) {
    const [node, at, depth] = stack.pop() as [unknown, string, number];
    if (node === null || typeof node !== 'object') continue;
    if (depth >= limit) return at;
    for (const [key, child] of Object.entries(node)) stack.push([child, `${at}/${escapePointer(key)}`, depth + 1]);
  }
  return undefined;
}

/**
 * Parses a contract file (YAML, of which JSON is a subset); a syntax error names its line and column, and a file past
 * MAX_CONTRACT_BYTES or nesting past MAX_CONTRACT_DEPTH is refused naming the limit.
 */
export function readContractFile(file: string): Node {
  let text: string;
  try {
    const { size } = statSync(file);
    if (size > MAX_CONTRACT_BYTES) {
      throw new ContractReadError(file, '', `is ${size} bytes, over the limit of ${MAX_CONTRACT_BYTES} bytes`);
    }
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if (error instanceof ContractReadError) throw error;
    throw new ContractReadError(file, '', `cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  const parsed = parseDocument(text, { uniqueKeys: true });
  const [first] = parsed.errors;
  if (first) {
    const at = first.linePos?.[0];
    const message = first.message.split('\n')[0] ?? '';
    // The YAML parser recurses once per level: a file nested deep enough to exhaust its stack is past the limit too.
    const reason = /Maximum call stack/.test(message)
      ? `nests deeper than ${MAX_CONTRACT_DEPTH} levels, the limit`
      : message.replace(/ at line \d+, column \d+:?$/, '');
    throw new ContractReadError(file, at ? `line ${at.line}, column ${at.col}` : '', reason);
  }
  let document: unknown;
  try {
    document = parsed.toJS({ maxAliasCount: MAX_ALIASES });
  } catch (error) {
    // The YAML library refuses a document whose aliases would expand past the count (a "billion laughs" file).
    throw new ContractReadError(file, '', `${(error as Error).message} (more than ${MAX_ALIASES} aliases, the limit)`);
  }
  if (!isNode(document) || typeof document.openapi !== 'string') {
    throw new ContractReadError(file, '', 'is not an OpenAPI document (no `openapi` field at the top)');
  }
  const deep = tooDeep(document, MAX_CONTRACT_DEPTH);
  if (deep !== undefined) {
    throw new ContractReadError(file, deep, `nests deeper than ${MAX_CONTRACT_DEPTH} levels, the limit`);
  }
  if (!isNode(document.paths)) throw new ContractReadError(file, '/paths', 'is missing or not an object');
  return document;
}

/**
 * A copy of `document` with every local `$ref` replaced by what it names (siblings of the `$ref` kept, as OpenAPI 3.1
 * allows). A `$ref` that names nothing, or is not local, is an error naming where it stands. A `$ref` met again inside
 * its own expansion (a recursive schema) stays a `$ref`, so the result is finite. What a `$ref` names is resolved once
 * and shared by every place that names it, so a schema named many times costs its size once.
 *
 * With `keepSchemas`, Schema Objects (under `schema` and `components/schemas`) keep their `$ref`s: the contract diff
 * follows those by name itself (contract/evolution/compare.ts).
 */
export function resolveRefs(document: Node, file: string, options: { keepSchemas?: boolean } = {}): Node {
  const resolvedTargets = new Map<string, unknown>();
  const walk = (node: unknown, at: string, open: readonly string[]): unknown => {
    if (Array.isArray(node)) return node.map((item, i) => walk(item, `${at}/${i}`, open));
    if (!isNode(node)) return node;
    const { $ref, ...siblings } = node;
    const copy = (source: Node, base: string): Node =>
      Object.fromEntries(
        Object.entries(source).map(([key, value]) => [
          key,
          options.keepSchemas && isSchemaPlace(base, key) ? value : walk(value, `${base}/${escapePointer(key)}`, open),
        ]),
      );
    if (typeof $ref !== 'string') return copy(node, at);
    if (open.includes($ref)) return node;
    let resolved = resolvedTargets.get($ref);
    if (resolved === undefined) {
      resolved = walk(followRef(document, file, $ref, at), $ref.slice(1), [...open, $ref]);
      resolvedTargets.set($ref, resolved);
    }
    if (!isNode(resolved) || Object.keys(siblings).length === 0) return resolved;
    return { ...resolved, ...copy(siblings, at) };
  };
  return walk(document, '', []) as Node;
}

/**
 * What the local `$ref` standing at `at` names, past any `$ref`-only nodes it leads through: an error naming `at` when
 * the `$ref` is not local, names nothing, or leads back to itself through `$ref`s alone (a cycle that names no object).
 */
export function followRef(document: Node, file: string, ref: string, at: string): unknown {
  const chain: string[] = [];
  let current: string = ref;
  for (;;) {
    if (!current.startsWith('#'))
      throw new ContractReadError(file, at, `$ref ${current} is not local (only "#/…" is read)`);
    if (chain.includes(current)) {
      throw new ContractReadError(file, at, `$ref ${ref} leads back to itself (${[...chain, current].join(' → ')})`);
    }
    chain.push(current);
    const target = nodeAt(document, current);
    if (target === undefined) throw new ContractReadError(file, at, `$ref ${current} names nothing`);
    const next = isNode(target) && Object.keys(target).length === 1 ? target.$ref : undefined;
    if (typeof next !== 'string') return target;
    current = next;
  }
}

/** Whether `key` under the node at `base` holds a Schema Object (or, under components, a map of them). */
const isSchemaPlace = (base: string, key: string): boolean => key === 'schema' || base === '/components/schemas';

/** Reads and resolves a contract file in one step. */
export const readResolvedContract = (file: string): Node => resolveRefs(readContractFile(file), file);

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export interface ResolvedParameter {
  name: string;
  in: string;
  required: boolean;
  schema: Node;
  /** Named examples (`examples`), plus a lone `example` under the name "default". */
  examples: Record<string, unknown>;
  node: Node;
}

export interface ResolvedOperation {
  operationId: string;
  method: (typeof HTTP_METHODS)[number];
  path: string;
  /** JSON pointer of the operation in the document, e.g. `/paths/~1member~1me~1/get`. */
  pointer: string;
  summary?: string;
  tags: string[];
  /** Path-level and operation-level parameters, the operation's winning on the same name and place. */
  parameters: ResolvedParameter[];
  requestBody?: { required: boolean; content: Record<string, { schema?: Node; examples: Record<string, unknown> }> };
  responses: Record<
    string,
    { description?: string; content: Record<string, { schema?: Node; examples: Record<string, unknown> }> }
  >;
  /** Security requirements in force (the operation's own, else the document's); `[]` means none. */
  security: Node[];
  node: Node;
}

/** The values of an `examples` map (each Example Object's `value`), plus a lone `example` as "default". */
function examplesOf(holder: Node): Record<string, unknown> {
  const named: Record<string, unknown> = {};
  if (isNode(holder.examples)) {
    for (const [name, example] of Object.entries(holder.examples)) {
      if (isNode(example) && 'value' in example) named[name] = example.value;
    }
  }
  if ('example' in holder && !('default' in named)) named.default = holder.example;
  return named;
}

function contentOf(holder: Node): Record<string, { schema?: Node; examples: Record<string, unknown> }> {
  const content = isNode(holder.content) ? holder.content : {};
  return Object.fromEntries(
    Object.entries(content).map(([type, media]) => {
      const m = isNode(media) ? media : {};
      return [type, { schema: isNode(m.schema) ? m.schema : undefined, examples: examplesOf(m) }];
    }),
  );
}

/** The operations of a resolved document (see resolveRefs), in the order the document lists them. */
export function operationsOf(resolved: Node): ResolvedOperation[] {
  const operations: ResolvedOperation[] = [];
  const globalSecurity = Array.isArray(resolved.security) ? (resolved.security as Node[]) : [];
  for (const [path, item] of Object.entries(isNode(resolved.paths) ? resolved.paths : {})) {
    if (!isNode(item)) continue;
    const shared = Array.isArray(item.parameters) ? (item.parameters as Node[]) : [];
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (!isNode(op)) continue;
      const own = Array.isArray(op.parameters) ? (op.parameters as Node[]) : [];
      const byKey = new Map<string, Node>();
      for (const p of [...shared, ...own]) if (isNode(p)) byKey.set(`${p.in} ${p.name}`, p);
      const parameters = [...byKey.values()].map((p) => ({
        name: String(p.name),
        in: String(p.in),
        required: p.required === true,
        schema: isNode(p.schema) ? p.schema : {},
        examples: examplesOf(p),
        node: p,
      }));
      const body = isNode(op.requestBody) ? op.requestBody : undefined;
      const responses = isNode(op.responses) ? op.responses : {};
      operations.push({
        operationId: typeof op.operationId === 'string' ? op.operationId : `${method} ${path}`,
        method,
        path,
        pointer: `/paths/${escapePointer(path)}/${method}`,
        summary: typeof op.summary === 'string' ? op.summary : undefined,
        tags: Array.isArray(op.tags) ? op.tags.map(String) : [],
        parameters,
        requestBody: body ? { required: body.required === true, content: contentOf(body) } : undefined,
        responses: Object.fromEntries(
          Object.entries(responses).map(([status, r]) => {
            const response = isNode(r) ? r : {};
            const description = typeof response.description === 'string' ? response.description : undefined;
            return [status, { description, content: contentOf(response) }];
          }),
        ),
        security: Array.isArray(op.security) ? (op.security as Node[]) : globalSecurity,
        node: op,
      });
    }
  }
  return operations;
}
