// JSON pointers (RFC 6901) into the contract document, and its local `$ref`s (OpenAPI 3.1, "Reference Object").

/** One pointer segment from a key: `~` → `~0`, `/` → `~1`. */
export const escapePointer = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** One key from a pointer segment: `~1` → `/`, `~0` → `~`. */
export const unescapePointer = (segment: string): string => segment.replace(/~1/g, '/').replace(/~0/g, '~');

/** The node at `pointer` (`/components/schemas/X`, or a local `$ref`'s `#/components/...`); undefined when absent. */
export function nodeAt(document: unknown, pointer: string): unknown {
  const path = pointer.startsWith('#') ? pointer.slice(1) : pointer;
  if (path === '') return document;
  return path
    .slice(1)
    .split('/')
    .map(unescapePointer)
    .reduce<unknown>(
      (node, key) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
      document,
    );
}

/** How many `$ref`s in a row are followed: a cycle is a broken contract, and must not hang whoever reads it. */
const MAX_HOPS = 16;

/** `node` with its local `$ref`s followed to the node they name (undefined when one names nothing). */
export function dereference(document: unknown, node: unknown): unknown {
  let current = node;
  for (let hops = 0; hops < MAX_HOPS; hops++) {
    const ref = current !== null && typeof current === 'object' ? (current as { $ref?: unknown }).$ref : undefined;
    if (typeof ref !== 'string') return current;
    if (!ref.startsWith('#/')) throw new Error(`only local $refs are supported, got ${ref}`);
    current = nodeAt(document, ref);
  }
  throw new Error(`more than ${MAX_HOPS} $refs in a row: a cycle?`);
}
