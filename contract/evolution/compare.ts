// What changed between two contracts, and whom each change breaks (docs/changes.md, "Kinds of change the diff knows"):
// operations, parameters, request bodies, responses and security compared place by place; a schema named by `$ref` is
// compared once per pair of names and side, at its own place, whichever operations use it, so time and memory stay
// linear in the documents however often a schema is named. A request schema that accepts less breaks clients, one that accepts more breaks servers
// (the implementations the conformance suite judges must now take it); a response schema that may hold more breaks
// clients, one that must hold more breaks servers.
import { findAssumptions } from '../assumptions.js';
import { isObject } from '../json.js';
import { escapePointer } from '../pointer.js';
import {
  ContractReadError,
  followRef,
  operationsOf,
  type ResolvedOperation,
  type ResolvedParameter,
} from '../resolved.js';

type Node = Record<string, unknown>;

export type ChangeClass = 'breaking-clients' | 'breaking-servers' | 'compatible';

export interface Change {
  /** What kind of change, e.g. `response-property-removed` (docs/changes.md lists them all). */
  kind: string;
  class: ChangeClass;
  /** `METHOD /path` of the operation, when the change is inside one. */
  operation?: string;
  /** For a change inside a named schema (`/components/schemas/…`): the operations that use it, `METHOD /path`. */
  usedBy?: string[];
  /** JSON pointer in the newer contract (in the older one for something removed). */
  place: string;
  /** One sentence for a reader. */
  message: string;
}

/** Every kind the comparison knows, with the class it gets (a schema kind's class depends on request or response). */
export const CHANGE_KINDS = {
  'operation-removed': 'an operation is gone: clients calling it break',
  'operation-added': 'a new operation: servers must implement it',
  'operation-id-changed': 'the operationId changed: generated client code renames the call',
  'security-scheme-removed': 'a credential kind an operation accepted is no longer accepted',
  'security-scheme-added': 'an operation accepts a new credential kind: servers must accept it',
  'security-removed': 'an operation needs no credential any more',
  'security-added': 'an operation that needed no credential needs one',
  'parameter-removed': 'a parameter is gone: clients sending it may be refused',
  'parameter-added-required': 'a new required parameter: clients must send it',
  'parameter-added-optional': 'a new optional parameter: servers must honour it',
  'parameter-became-required': 'a parameter is now required',
  'parameter-became-optional': 'a parameter may now be left out: servers must cope',
  'request-body-added-required': 'a required request body where there was none',
  'request-body-removed': 'the request body is gone',
  'request-body-became-required': 'the request body is now required',
  'request-body-became-optional': 'the request body may now be left out',
  'request-media-type-removed': 'a request media type is no longer accepted',
  'request-media-type-added': 'a new request media type: servers must accept it',
  'response-status-removed': 'a status the operation answered is gone',
  'response-success-status-added': 'a new success status: clients may not expect it',
  'response-error-status-added': 'a new error status: clients read it through the error envelope',
  'response-media-type-removed': 'a response media type is gone',
  'response-media-type-added': 'a new response media type',
  'property-removed': 'a property is gone',
  'property-added-required': 'a new required property',
  'property-added-optional': 'a new optional property',
  'property-became-required': 'a property is now required',
  'property-became-optional': 'a property is no longer required',
  'type-narrowed': 'a schema accepts fewer JSON types',
  'type-widened': 'a schema accepts more JSON types',
  'enum-value-removed': 'an enum lost a value',
  'enum-value-added': 'an enum gained a value',
  'bound-tightened': 'a bound (minimum, maximum, length, items, pattern) got tighter',
  'bound-loosened': 'a bound got looser',
  'format-changed': 'a string format changed',
  'additional-properties-refused': 'unknown members are refused now',
  'additional-properties-allowed': 'unknown members are allowed now',
  'variant-removed': 'a oneOf/anyOf variant is gone',
  'variant-added': 'a oneOf/anyOf gained a variant',
  'assumption-added': 'a new contract decision (x-assumption)',
  'assumption-changed': 'a contract decision (x-assumption) was reworded or changed',
  'assumption-removed': 'a contract decision (x-assumption) is gone',
} as const;

export type ChangeKind = keyof typeof CHANGE_KINDS;

/** Which way a schema change goes: it accepts less, or more. */
type Direction = 'narrower' | 'wider';
/** Where a schema sits: what clients send, or what servers answer. */
type Side = 'request' | 'response';

const classOf = (side: Side, direction: Direction): ChangeClass =>
  side === 'request'
    ? direction === 'narrower'
      ? 'breaking-clients'
      : 'breaking-servers'
    : direction === 'wider'
      ? 'breaking-clients'
      : 'breaking-servers';

/** Deepest chain of schemas (inline or through `$ref`s) compared: past it the contract is refused, naming the place. */
export const MAX_SCHEMA_DEPTH = 256;

/** A pair of named schemas compared once: where it was met from, and who uses it (filled when the walk is over). */
interface NamedPair {
  operations: Set<string>;
  /** Keys of the named pairs it was met inside. */
  parents: Set<string>;
  usedBy: string[];
}

/** The two documents a comparison reads `$ref`s from, and the named pairs compared so far (`side old-ref new-ref`). */
interface Documents {
  old: { document: Node; file: string };
  now: { document: Node; file: string };
  compared: Map<string, NamedPair>;
}

interface Context {
  out: Change[];
  operation?: string;
  /** The named pair being compared, for changes found inside it. */
  pair?: NamedPair;
  /** Its key, as the parent of pairs met inside it. */
  pairKey?: string;
  documents?: Documents;
  depth?: number;
}

function add(ctx: Context, kind: ChangeKind, cls: ChangeClass, place: string, message: string): void {
  ctx.out.push({
    kind,
    class: cls,
    ...(ctx.operation ? { operation: ctx.operation } : {}),
    ...(ctx.pair ? { usedBy: ctx.pair.usedBy } : {}),
    place,
    message,
  });
}

/** Operations named in a change's `usedBy` at most; past it, the list ends with MORE_USERS. */
export const MAX_USED_BY = 20;
export const MORE_USERS = '…';

/**
 * Fills each named pair's `usedBy`: the operations that met it, directly or inside another named pair. Sets grow only
 * and stop at MAX_USED_BY, so passing them down the pairs until nothing changes is linear in the pairs met.
 */
function fillUsers(compared: Map<string, NamedPair>): void {
  const children = new Map<string, string[]>();
  for (const [key, pair] of compared) {
    for (const parent of pair.parents) children.set(parent, [...(children.get(parent) ?? []), key]);
  }
  const users = new Map<string, Set<string>>();
  for (const [key, pair] of compared) users.set(key, new Set([...pair.operations].slice(0, MAX_USED_BY + 1)));
  const work = [...compared.keys()];
  while (work.length > 0) {
    const key = work.pop() as string;
    const from = users.get(key) as Set<string>;
    for (const child of children.get(key) ?? []) {
      const to = users.get(child) as Set<string>;
      const size = to.size;
      for (const user of from) {
        if (to.size > MAX_USED_BY) break;
        to.add(user);
      }
      if (to.size !== size) work.push(child);
    }
  }
  for (const [key, pair] of compared) {
    const all = [...(users.get(key) as Set<string>)].sort();
    pair.usedBy.push(...all.slice(0, MAX_USED_BY), ...(all.length > MAX_USED_BY ? [MORE_USERS] : []));
  }
}

/** The schema a `$ref` names in one of the two documents (resolved.ts followRef says why when it names none). */
function target(docs: Documents['old'], ref: string, place: string): Node {
  const found = followRef(docs.document, docs.file, ref, place);
  if (!isObject(found)) throw new ContractReadError(docs.file, place, `$ref ${ref} names no schema`);
  return found;
}

const refOf = (schema: Node): string | undefined => (typeof schema.$ref === 'string' ? schema.$ref : undefined);

const withoutRef = (schema: Node): Node => {
  const { $ref: _ref, ...rest } = schema;
  return rest;
};

const typesOf = (schema: Node): Set<string> => {
  const types = Array.isArray(schema.type) ? schema.type : schema.type === undefined ? [] : [schema.type];
  const set = new Set(types.map(String));
  if (set.has('number')) set.add('integer');
  return set;
};

const json = (value: unknown): string => JSON.stringify(value);

/** Bounds where a larger value accepts more (max*) or fewer (min*) instances. */
const UPPER = ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties'] as const;
const LOWER = ['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties'] as const;

function compareBounds(ctx: Context, side: Side, old: Node, now: Node, place: string): void {
  for (const key of [...UPPER, ...LOWER]) {
    const a = typeof old[key] === 'number' ? (old[key] as number) : undefined;
    const b = typeof now[key] === 'number' ? (now[key] as number) : undefined;
    if (a === b) continue;
    const upper = (UPPER as readonly string[]).includes(key);
    // An absent bound is no bound: adding one narrows, removing one widens.
    const narrower = a === undefined ? true : b === undefined ? false : upper ? b < a : b > a;
    const direction: Direction = narrower ? 'narrower' : 'wider';
    add(
      ctx,
      narrower ? 'bound-tightened' : 'bound-loosened',
      classOf(side, direction),
      `${place}/${key}`,
      `${key} ${a ?? 'none'} → ${b ?? 'none'}`,
    );
  }
  if (old.pattern !== now.pattern) {
    // A changed pattern may accept other strings: both ways, so the stricter class for the side.
    const direction: Direction = now.pattern === undefined ? 'wider' : 'narrower';
    add(
      ctx,
      direction === 'wider' ? 'bound-loosened' : 'bound-tightened',
      classOf(side, direction),
      `${place}/pattern`,
      `pattern ${json(old.pattern ?? null)} → ${json(now.pattern ?? null)}`,
    );
  }
}

/**
 * Compares two schemas at the same place; `side` says whether clients send it or servers answer it. Where both name a
 * schema by `$ref`, the pair is compared once, at the newer schema's own place, and every later meeting only adds its
 * operation to `usedBy`; siblings of a `$ref` (OpenAPI 3.1) are compared where they stand. Where one side names a
 * schema and the other writes it inline, the named one is read in place.
 */
export function compareSchema(ctx: Context, side: Side, older: unknown, newer: unknown, place: string): void {
  if (older === undefined && newer === undefined) return;
  // An absent schema accepts anything: one that appears where there was none narrows, one that goes widens.
  const [old, now] = [older ?? {}, newer ?? {}];
  if (!isObject(old) || !isObject(now)) return;
  const depth = (ctx.depth ?? 0) + 1;
  const docs = ctx.documents;
  if (depth > MAX_SCHEMA_DEPTH) {
    throw new ContractReadError(
      docs?.now.file ?? '',
      place,
      `schemas nest (inline or through $refs) deeper than ${MAX_SCHEMA_DEPTH} levels, the limit`,
    );
  }
  const inner: Context = { ...ctx, depth };
  const [refA, refB] = [refOf(old), refOf(now)];
  if (docs === undefined || (refA === undefined && refB === undefined)) {
    compareInline(inner, side, old, now, place);
    return;
  }
  if (refA !== undefined && refB !== undefined) {
    const key = `${side} ${refA} ${refB}`;
    let pair = docs.compared.get(key);
    const first = pair === undefined;
    pair ??= { operations: new Set(), parents: new Set(), usedBy: [] };
    docs.compared.set(key, pair);
    if (ctx.pairKey !== undefined) pair.parents.add(ctx.pairKey);
    else if (ctx.operation) pair.operations.add(ctx.operation);
    if (first) {
      const named: Context = { out: ctx.out, pair, pairKey: key, documents: docs, depth };
      compareSchema(named, side, target(docs.old, refA, place), target(docs.now, refB, place), refB.slice(1));
    }
    compareInline(inner, side, withoutRef(old), withoutRef(now), place);
    return;
  }
  const a = refA === undefined ? old : { ...target(docs.old, refA, place), ...withoutRef(old) };
  const b = refB === undefined ? now : { ...target(docs.now, refB, place), ...withoutRef(now) };
  compareSchema(inner, side, a, b, place);
}

/** Compares two schemas member by member; nested schemas go back through compareSchema. */
function compareInline(ctx: Context, side: Side, old: Node, now: Node, place: string): void {
  const [a, b] = [typesOf(old), typesOf(now)];
  if (a.size > 0 && b.size > 0) {
    const lost = [...a].filter((t) => !b.has(t) && !(t === 'integer' && b.has('number')));
    const gained = [...b].filter((t) => !a.has(t) && !(t === 'integer' && a.has('number')));
    if (lost.length > 0) {
      add(ctx, 'type-narrowed', classOf(side, 'narrower'), `${place}/type`, `type ${[...a]} → ${[...b]}`);
    }
    if (gained.length > 0) {
      add(ctx, 'type-widened', classOf(side, 'wider'), `${place}/type`, `type ${[...a]} → ${[...b]}`);
    }
  } else if (a.size === 0 && b.size > 0) {
    add(ctx, 'type-narrowed', classOf(side, 'narrower'), `${place}/type`, `any type → ${[...b]}`);
  } else if (a.size > 0 && b.size === 0) {
    add(ctx, 'type-widened', classOf(side, 'wider'), `${place}/type`, `${[...a]} → any type`);
  }
  if (old.format !== now.format) {
    add(
      ctx,
      'format-changed',
      now.format === undefined ? classOf(side, 'wider') : classOf(side, 'narrower'),
      `${place}/format`,
      `format ${json(old.format ?? null)} → ${json(now.format ?? null)}`,
    );
  }
  const enumA = Array.isArray(old.enum) ? old.enum.map(json) : undefined;
  const enumB = Array.isArray(now.enum) ? now.enum.map(json) : undefined;
  if (enumA && enumB) {
    for (const v of enumA.filter((x) => !enumB.includes(x))) {
      add(ctx, 'enum-value-removed', classOf(side, 'narrower'), `${place}/enum`, `enum value ${v} removed`);
    }
    for (const v of enumB.filter((x) => !enumA.includes(x))) {
      add(ctx, 'enum-value-added', classOf(side, 'wider'), `${place}/enum`, `enum value ${v} added`);
    }
  } else if (!enumA && enumB) {
    add(ctx, 'enum-value-removed', classOf(side, 'narrower'), `${place}/enum`, `now limited to ${enumB.join(', ')}`);
  } else if (enumA && !enumB) {
    add(ctx, 'enum-value-added', classOf(side, 'wider'), `${place}/enum`, `no longer limited to ${enumA.join(', ')}`);
  }
  compareBounds(ctx, side, old, now, place);
  compareProperties(ctx, side, old, now, place);
  if (old.additionalProperties !== false && now.additionalProperties === false) {
    add(
      ctx,
      'additional-properties-refused',
      classOf(side, 'narrower'),
      `${place}/additionalProperties`,
      'unknown members are refused now',
    );
  } else if (old.additionalProperties === false && now.additionalProperties !== false) {
    add(
      ctx,
      'additional-properties-allowed',
      classOf(side, 'wider'),
      `${place}/additionalProperties`,
      'unknown members are allowed now',
    );
  }
  compareSchema(ctx, side, old.items, now.items, `${place}/items`);
  for (const key of ['oneOf', 'anyOf', 'allOf'] as const) {
    const va = Array.isArray(old[key]) ? (old[key] as unknown[]) : [];
    const vb = Array.isArray(now[key]) ? (now[key] as unknown[]) : [];
    for (let i = 0; i < Math.min(va.length, vb.length); i++)
      compareSchema(ctx, side, va[i], vb[i], `${place}/${key}/${i}`);
    if (key === 'allOf') continue;
    if (vb.length < va.length) {
      add(
        ctx,
        'variant-removed',
        classOf(side, 'narrower'),
        `${place}/${key}`,
        `${key} ${va.length} → ${vb.length} variants`,
      );
    } else if (vb.length > va.length) {
      add(
        ctx,
        'variant-added',
        classOf(side, 'wider'),
        `${place}/${key}`,
        `${key} ${va.length} → ${vb.length} variants`,
      );
    }
  }
}

function compareProperties(ctx: Context, side: Side, old: Node, now: Node, place: string): void {
  const pa = isObject(old.properties) ? old.properties : {};
  const pb = isObject(now.properties) ? now.properties : {};
  const ra = new Set(Array.isArray(old.required) ? old.required.map(String) : []);
  const rb = new Set(Array.isArray(now.required) ? now.required.map(String) : []);
  for (const name of Object.keys(pa)) {
    const at = `${place}/properties/${escapePointer(name)}`;
    if (!(name in pb)) {
      // Removed: a client that sends it may be refused, a client that reads it finds nothing.
      add(ctx, 'property-removed', 'breaking-clients', at, `${side} property ${name} removed`);
      continue;
    }
    compareSchema(ctx, side, pa[name], pb[name], at);
    if (!ra.has(name) && rb.has(name)) {
      add(ctx, 'property-became-required', classOf(side, 'narrower'), at, `${side} property ${name} is now required`);
    } else if (ra.has(name) && !rb.has(name)) {
      add(
        ctx,
        'property-became-optional',
        classOf(side, 'wider'),
        at,
        `${side} property ${name} is no longer required`,
      );
    }
  }
  for (const name of Object.keys(pb)) {
    if (name in pa) continue;
    const at = `${place}/properties/${escapePointer(name)}`;
    if (rb.has(name)) {
      add(ctx, 'property-added-required', classOf(side, 'narrower'), at, `new required ${side} property ${name}`);
    } else {
      // A new optional member of a response breaks no one: clients ignore members they do not know.
      const cls = side === 'request' ? classOf(side, 'wider') : 'compatible';
      add(ctx, 'property-added-optional', cls, at, `new optional ${side} property ${name}`);
    }
  }
}

/** A parameter is its place and its name; a header's name in any case (RFC 9110 §5.1). */
const paramKey = (p: ResolvedParameter): string => `${p.in}:${p.in === 'header' ? p.name.toLowerCase() : p.name}`;

function compareParameters(ctx: Context, old: ResolvedOperation, now: ResolvedOperation): void {
  const before = new Map(old.parameters.map((p) => [paramKey(p), p]));
  const after = new Map(now.parameters.map((p) => [paramKey(p), p]));
  const place = (pointer: string, p: ResolvedParameter) =>
    `${pointer}/parameters/${escapePointer(p.in)}:${escapePointer(p.name)}`;
  const at = (p: ResolvedParameter) => place(now.pointer, p);
  for (const [key, p] of before) {
    const q = after.get(key);
    if (!q) {
      add(ctx, 'parameter-removed', 'breaking-clients', place(old.pointer, p), `${p.in} parameter ${p.name} removed`);
      continue;
    }
    if (!p.required && q.required) {
      add(ctx, 'parameter-became-required', 'breaking-clients', at(q), `${q.in} parameter ${q.name} is now required`);
    } else if (p.required && !q.required) {
      add(
        ctx,
        'parameter-became-optional',
        'breaking-servers',
        at(q),
        `${q.in} parameter ${q.name} may now be left out`,
      );
    }
    compareSchema(ctx, 'request', p.schema, q.schema, `${at(q)}/schema`);
  }
  for (const [key, q] of after) {
    if (before.has(key)) continue;
    if (q.required)
      add(ctx, 'parameter-added-required', 'breaking-clients', at(q), `new required ${q.in} parameter ${q.name}`);
    else add(ctx, 'parameter-added-optional', 'breaking-servers', at(q), `new optional ${q.in} parameter ${q.name}`);
  }
}

function compareRequestBody(ctx: Context, old: ResolvedOperation, now: ResolvedOperation): void {
  const a = old.requestBody;
  const b = now.requestBody;
  const place = `${now.pointer}/requestBody`;
  if (!a && !b) return;
  if (a && !b) {
    add(ctx, 'request-body-removed', 'breaking-clients', `${old.pointer}/requestBody`, 'the request body is gone');
    return;
  }
  if (!a && b) {
    if (b.required) add(ctx, 'request-body-added-required', 'breaking-clients', place, 'a required request body');
    else add(ctx, 'property-added-optional', 'breaking-servers', place, 'an optional request body');
    return;
  }
  if (!a || !b) return;
  if (!a.required && b.required)
    add(ctx, 'request-body-became-required', 'breaking-clients', place, 'the request body is now required');
  if (a.required && !b.required)
    add(ctx, 'request-body-became-optional', 'breaking-servers', place, 'the request body may now be left out');
  for (const type of Object.keys(a.content)) {
    const at = `${place}/content/${escapePointer(type)}`;
    if (!(type in b.content))
      add(ctx, 'request-media-type-removed', 'breaking-clients', at, `${type} is no longer accepted`);
    else compareSchema(ctx, 'request', a.content[type]?.schema, b.content[type]?.schema, `${at}/schema`);
  }
  for (const type of Object.keys(b.content)) {
    if (!(type in a.content))
      add(
        ctx,
        'request-media-type-added',
        'breaking-servers',
        `${place}/content/${escapePointer(type)}`,
        `${type} is accepted`,
      );
  }
}

const isSuccess = (status: string): boolean => /^2/.test(status);

function compareResponses(ctx: Context, old: ResolvedOperation, now: ResolvedOperation): void {
  for (const [status, a] of Object.entries(old.responses)) {
    const b = now.responses[status];
    const place = `${now.pointer}/responses/${status}`;
    if (!b) {
      // A success that is gone breaks clients expecting it; a documented error that is gone breaks no one's code.
      add(
        ctx,
        'response-status-removed',
        isSuccess(status) ? 'breaking-clients' : 'compatible',
        `${old.pointer}/responses/${status}`,
        `status ${status} is no longer answered`,
      );
      continue;
    }
    for (const type of Object.keys(a.content)) {
      const at = `${place}/content/${escapePointer(type)}`;
      if (!(type in b.content))
        add(ctx, 'response-media-type-removed', 'breaking-clients', at, `${status} no longer answers ${type}`);
      else compareSchema(ctx, 'response', a.content[type]?.schema, b.content[type]?.schema, `${at}/schema`);
    }
    for (const type of Object.keys(b.content)) {
      if (!(type in a.content))
        add(
          ctx,
          'response-media-type-added',
          'breaking-clients',
          `${place}/content/${escapePointer(type)}`,
          `${status} may answer ${type}`,
        );
    }
  }
  for (const status of Object.keys(now.responses)) {
    if (status in old.responses) continue;
    const place = `${now.pointer}/responses/${status}`;
    if (isSuccess(status))
      add(ctx, 'response-success-status-added', 'breaking-clients', place, `new success status ${status}`);
    else add(ctx, 'response-error-status-added', 'compatible', place, `new error status ${status}`);
  }
}

/** Each alternative of a security requirement list, as the sorted names of its schemes ("" for none). */
const alternatives = (security: Node[]): Set<string> =>
  new Set(security.map((requirement) => Object.keys(requirement).sort().join('+')));

function compareSecurity(ctx: Context, old: ResolvedOperation, now: ResolvedOperation): void {
  const a = alternatives(old.security);
  const b = alternatives(now.security);
  const place = `${now.pointer}/security`;
  const openA = a.size === 0 || a.has('');
  const openB = b.size === 0 || b.has('');
  if (openA && !openB) add(ctx, 'security-added', 'breaking-clients', place, 'a credential is now needed');
  if (!openA && openB) add(ctx, 'security-removed', 'breaking-servers', place, 'no credential is needed any more');
  if (openA || openB) return;
  for (const s of a)
    if (!b.has(s)) add(ctx, 'security-scheme-removed', 'breaking-clients', place, `${s} is no longer accepted`);
  for (const s of b) if (!a.has(s)) add(ctx, 'security-scheme-added', 'breaking-servers', place, `${s} is accepted`);
}

/** Every `x-assumption` of a document by JSON pointer. */
const assumptionsOf = (document: Node): Map<string, string> =>
  new Map(findAssumptions(document).map(({ pointer, text }) => [pointer, text]));

const nameOf = (op: ResolvedOperation): string => `${op.method.toUpperCase()} ${op.path}`;

/** A contract as the comparison reads it. */
export interface ComparedContract {
  /** As read (unresolved): the x-assumption pointers, and what schema `$ref`s name. */
  raw: Node;
  /** `raw` with every `$ref` outside schemas resolved (resolveRefs with keepSchemas). */
  resolved: Node;
  /** For messages about a `$ref` that names nothing. */
  file?: string;
}

/** Every change from `older` to `newer`. */
export function compareContracts(older: ComparedContract, newer: ComparedContract): Change[] {
  const out: Change[] = [];
  const documents: Documents = {
    old: { document: older.raw, file: older.file ?? 'old' },
    now: { document: newer.raw, file: newer.file ?? 'new' },
    compared: new Map(),
  };
  const before = new Map(operationsOf(older.resolved).map((op) => [nameOf(op), op]));
  const after = new Map(operationsOf(newer.resolved).map((op) => [nameOf(op), op]));
  for (const [name, old] of before) {
    const now = after.get(name);
    const ctx: Context = { out, operation: name, documents };
    if (!now) {
      add(ctx, 'operation-removed', 'breaking-clients', old.pointer, `${name} is gone`);
      continue;
    }
    if (old.operationId !== now.operationId) {
      add(
        ctx,
        'operation-id-changed',
        'breaking-clients',
        `${now.pointer}/operationId`,
        `operationId ${old.operationId} → ${now.operationId}`,
      );
    }
    compareSecurity(ctx, old, now);
    compareParameters(ctx, old, now);
    compareRequestBody(ctx, old, now);
    compareResponses(ctx, old, now);
  }
  for (const [name, now] of after) {
    if (!before.has(name))
      add({ out, operation: name }, 'operation-added', 'breaking-servers', now.pointer, `${name} is new`);
  }
  fillUsers(documents.compared);
  const [ax, bx] = [assumptionsOf(older.raw), assumptionsOf(newer.raw)];
  for (const [at, text] of ax) {
    const now = bx.get(at);
    if (now === undefined)
      add({ out }, 'assumption-removed', 'compatible', at, `the decision at ${at} is gone: ${text}`);
    else if (now !== text)
      add({ out }, 'assumption-changed', 'compatible', at, `the decision at ${at} now reads: ${now}`);
  }
  for (const [at, text] of bx) {
    if (!ax.has(at)) add({ out }, 'assumption-added', 'compatible', at, `a new decision at ${at}: ${text}`);
  }
  return out;
}
