// Turns the JSON Schemas of openapi.yaml into fast-check arbitraries, for the generated cases of the suite
// (docs/generated-cases.md): generation, shrinking and seeded replay come from fast-check.
import fc from 'fast-check';
import { nodeAt } from '../../contract/pointer.js';

export type Schema = Record<string, unknown>;
export type Document = Record<string, unknown>;

/** Replaces a generated property by a value of the run (an id of a real object, the run marker in a title). */
export type PropertyOverride = (name: string, schema: Schema) => fc.Arbitrary<unknown> | undefined;

export interface ArbitraryOptions {
  /** Consulted for every property of every object schema, at any depth. */
  property?: PropertyOverride;
}

/**
 * The largest integer generated where the schema sets no maximum. The contract caps no id; 2^31-1 is the largest
 * value every common database integer column holds, so a larger one tests storage, not the contract.
 */
export const UNBOUNDED_INTEGER_MAX = 2_147_483_647;

/** Date-times are drawn from a fixed window (not "now") so that a seed replays the same requests on any day. */
const DATE_MIN = new Date('2030-01-01T00:00:00Z');
const DATE_MAX = new Date('2099-12-31T23:59:59Z');

/** The longest string drawn where the schema sets no maxLength. */
const UNBOUNDED_STRING_SPAN = 40;

/**
 * One code point, any but a lone surrogate: the values and shrinks of `fc.string({ unit: 'binary', minLength: 1,
 * maxLength: 1 })` from the same seed, built without fc.string, which checks its unit against a list of dangerous
 * strings through a reverse map of all 1.1 million code points (about a second of CPU in every process that generates).
 */
const anyCodePoint = fc
  .array(
    fc.mapToConstant(
      { num: 0xd800, build: (i) => String.fromCodePoint(i) },
      { num: 0x110000 - 0xe000, build: (i) => String.fromCodePoint(0xe000 + i) },
    ),
    { minLength: 1, maxLength: 1 },
  )
  .map((units) => units.join(''));

const isSchema = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The node a local `$ref` (`#/components/...`) points at. */
export function deref(ref: string, document: Document): Schema {
  if (!ref.startsWith('#/')) throw new Error(`only local $refs are supported, got ${ref}`);
  const node = nodeAt(document, ref);
  if (!isSchema(node)) throw new Error(`$ref ${ref} points at nothing`);
  return node;
}

/** A schema with its `$ref` followed and its `allOf` parts merged into one, as every reader here needs it. */
export function resolveSchema(schema: Schema, document: Document): Schema {
  let current = schema;
  while (typeof current.$ref === 'string') {
    const { $ref, ...rest } = current;
    current = { ...deref($ref as string, document), ...rest };
  }
  if (!Array.isArray(current.allOf)) return current;
  const { allOf, ...rest } = current;
  const merged: Schema = {};
  for (const part of allOf as Schema[]) {
    const p = resolveSchema(part, document);
    Object.assign(merged, p);
    if (isSchema(p.properties)) merged.properties = { ...(merged.properties as Schema), ...p.properties };
    if (Array.isArray(p.required)) merged.required = [...((merged.required as string[]) ?? []), ...p.required];
  }
  return { ...merged, ...rest };
}

/** The JSON types a schema allows (`type: [string, "null"]` gives both); empty when it sets none. */
export function typesOf(schema: Schema): string[] {
  if (Array.isArray(schema.type)) return schema.type as string[];
  return typeof schema.type === 'string' ? [schema.type] : [];
}

/** The branch of a `oneOf` with a discriminator that a value selects, by its tag. */
export function branchOf(schema: Schema, value: unknown, document: Document): Schema | undefined {
  const discriminator = schema.discriminator as { propertyName?: string; mapping?: Record<string, string> } | undefined;
  if (!Array.isArray(schema.oneOf) || !discriminator?.propertyName || !isSchema(value)) return undefined;
  const tag = value[discriminator.propertyName];
  const mapped = typeof tag === 'string' ? discriminator.mapping?.[tag] : undefined;
  if (mapped) return resolveSchema({ $ref: mapped }, document);
  for (const branch of schema.oneOf as Schema[]) {
    const b = resolveSchema(branch, document);
    const tagSchema = (b.properties as Record<string, Schema> | undefined)?.[discriminator.propertyName];
    if (tagSchema && tagSchema.const === tag) return b;
  }
  return undefined;
}

function stringArbitrary(schema: Schema): fc.Arbitrary<string> {
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : min + UNBOUNDED_STRING_SPAN;
  if (schema.format === 'date-time') {
    return fc.date({ min: DATE_MIN, max: DATE_MAX, noInvalidDate: true }).map((d) => d.toISOString());
  }
  if (schema.format === 'email') return fc.emailAddress().filter((e) => e.length >= min && e.length <= max);
  // Mostly printable ASCII, now and then any code point (a NUL, an emoji): JSON Schema counts code points, and so
  // does fast-check's unit.
  const unit = fc.oneof(
    { arbitrary: fc.string({ minLength: 1, maxLength: 1 }), weight: 9 },
    { arbitrary: anyCodePoint, weight: 1 },
  );
  // The length first, then the text: fast-check's integers favour both bounds (where length bugs live), and a failing
  // string shrinks by its length towards the shortest that still fails.
  return fc.integer({ min, max }).chain((length) => fc.string({ unit, minLength: length, maxLength: length }));
}

function integerArbitrary(schema: Schema): fc.Arbitrary<number> {
  const min = typeof schema.minimum === 'number' ? schema.minimum : -UNBOUNDED_INTEGER_MAX;
  const max = typeof schema.maximum === 'number' ? schema.maximum : UNBOUNDED_INTEGER_MAX;
  // fast-check's integers already favour the bounds and zero, and shrink towards the smallest allowed.
  return fc.integer({ min, max });
}

function objectArbitrary(schema: Schema, document: Document, options: ArbitraryOptions): fc.Arbitrary<unknown> {
  const properties = (schema.properties as Record<string, Schema> | undefined) ?? {};
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, sub] of Object.entries(properties)) {
    model[name] = options.property?.(name, sub) ?? schemaArbitrary(sub, document, options);
  }
  let arb: fc.Arbitrary<Record<string, unknown>> = fc.record(model, {
    requiredKeys: Object.keys(properties).filter((n) => required.has(n)),
  });
  // Free-form members (`additionalProperties: true` with no properties, like token metadata): a few JSON scalars.
  if (Object.keys(properties).length === 0 && schema.additionalProperties !== false) {
    arb = fc.dictionary(
      fc.string({ minLength: 1, maxLength: 12 }),
      fc.oneof(fc.string({ maxLength: 20 }), fc.integer(), fc.boolean(), fc.constant(null)),
      { maxKeys: 3 },
    );
  }
  const minProperties = typeof schema.minProperties === 'number' ? schema.minProperties : 0;
  return minProperties > 0 ? arb.filter((o) => Object.keys(o).length >= minProperties) : arb;
}

function typedArbitrary(type: string, schema: Schema, document: Document, options: ArbitraryOptions) {
  switch (type) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return integerArbitrary(schema);
    case 'number':
      return fc.double({
        min: typeof schema.minimum === 'number' ? schema.minimum : -1e9,
        max: typeof schema.maximum === 'number' ? schema.maximum : 1e9,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schemaArbitrary((schema.items as Schema | undefined) ?? {}, document, options), {
        minLength: typeof schema.minItems === 'number' ? schema.minItems : 0,
        maxLength: typeof schema.maxItems === 'number' ? Math.min(schema.maxItems, 5) : 5,
      });
    case 'object':
      return objectArbitrary(schema, document, options);
    default:
      throw new Error(`schemaArbitrary: type ${type} is not supported`);
  }
}

/**
 * An arbitrary of values valid under `schema`, for the keywords openapi.yaml uses: type (and type lists for nullable
 * values), const, enum, oneOf with a discriminator, allOf, $ref, minLength/maxLength, minimum/maximum, the date-time
 * and email formats, minProperties and additionalProperties.
 */
export function schemaArbitrary(
  schema: Schema,
  document: Document,
  options: ArbitraryOptions = {},
): fc.Arbitrary<unknown> {
  const s = resolveSchema(schema, document);
  if ('const' in s) return fc.constant(s.const);
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]));
  if (Array.isArray(s.oneOf))
    return fc.oneof(...(s.oneOf as Schema[]).map((b) => schemaArbitrary(b, document, options)));
  const types = typesOf(s);
  if (types.length === 0)
    return isSchema(s.properties) ? objectArbitrary(s, document, options) : fc.jsonValue({ maxDepth: 1 });
  if (types.length === 1) return typedArbitrary(types[0] as string, s, document, options);
  return fc.oneof(...types.map((t) => typedArbitrary(t, s, document, options)));
}
