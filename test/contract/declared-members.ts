// The members of a JSON answer that its schema in openapi.yaml does not declare (the contract's "Envelope": response
// schemas leave `additionalProperties` out, so extra members validate but are typed nowhere; this finds them).

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => value !== null && typeof value === 'object' && !Array.isArray(value);

/** The subschemas whose members count as declared for a value: the schema itself and its allOf/oneOf/anyOf parts. */
function partsOf(schema: Node): Node[] {
  const parts = [schema];
  for (const key of ['allOf', 'oneOf', 'anyOf'] as const) {
    const list = schema[key];
    if (Array.isArray(list)) for (const sub of list) if (isNode(sub)) parts.push(...partsOf(sub));
  }
  return parts;
}

/**
 * Each member of `value` (a JSON answer) that `schema` (resolved: no `$ref`) does not declare, as a path such as
 * `data.companies[].role`. A schema that allows any member (`additionalProperties: true`, as a free-form map does)
 * declares them all.
 */
export function undeclaredMembers(schema: unknown, value: unknown, at = ''): string[] {
  if (!isNode(schema)) return [];
  const parts = partsOf(schema);
  if (Array.isArray(value)) {
    const items = parts.map((p) => p.items).find(isNode);
    return [...new Set(value.flatMap((item) => undeclaredMembers(items, item, `${at}[]`)))];
  }
  if (!isNode(value)) return [];
  if (parts.some((p) => p.additionalProperties === true)) return [];
  const found: string[] = [];
  for (const [name, member] of Object.entries(value)) {
    const path = at ? `${at}.${name}` : name;
    const declared = parts.map((p) => (isNode(p.properties) ? p.properties[name] : undefined)).filter(isNode);
    const extra = parts.map((p) => p.additionalProperties).find(isNode);
    if (declared.length === 0 && !extra) {
      found.push(path);
      continue;
    }
    for (const sub of declared.length > 0 ? declared : [extra]) found.push(...undeclaredMembers(sub, member, path));
  }
  return [...new Set(found)];
}
