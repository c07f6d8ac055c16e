// The bounded schema of a saved world (docs/sandbox.md "Durability (--state)"): one check for the --state file and browser storage.
import type { ErrorObject } from 'ajv';
import { validateSnapshot } from '../../../generated/snapshot-validator.js';
import { jsonShapeExceeds } from '../domain/limits.js';

/** A snapshot that cannot be loaded; the message names what is wrong and where (a JSON pointer), never a value. */
export class SnapshotError extends Error {
  override name = 'SnapshotError';
}

/** Characters of saved text read at most: four times the default world budget (64 MiB), whatever the escaping. */
export const MAX_SNAPSHOT_CHARS = 256 * 1024 * 1024;
/** Nesting a saved world needs: rows in arrays, token metadata (at most 5 levels) inside. */
const MAX_SNAPSHOT_DEPTH = 16;
/** Objects and arrays a saved world may open: a full world holds a few hundred thousand rows. */
const MAX_SNAPSHOT_CONTAINERS = 10_000_000;
/** Rows of one kind: far above what the world budget lets a sandbox hold. */
const MAX_ROWS = 1_000_000;
/** Ids and counters are JSON integers a JavaScript number holds exactly (the contract's ids stop there too). */
const id = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } as const;
const idOrNull = { type: ['integer', 'null'], minimum: 1, maximum: Number.MAX_SAFE_INTEGER } as const;
const counter = { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER } as const;
/** The contract's longest text field is 10,000 characters. */
const text = { type: 'string', maxLength: 10_000 } as const;
const textOrNull = { type: ['string', 'null'], maxLength: 10_000 } as const;
const stamp = { type: 'string', maxLength: 64 } as const;
const stampOrNull = { type: ['string', 'null'], maxLength: 64 } as const;
const rowsOf = (properties: Record<string, unknown>, optional: string[] = []): object => ({
  type: 'array',
  maxItems: MAX_ROWS,
  items: { type: 'object', required: Object.keys(properties).filter((k) => !optional.includes(k)), properties },
});

/** The kinds of rows a saved world holds, each with the field that names a row (docs/sandbox.md "Persistence"). */
export const TABLES = {
  accounts: 'id',
  registrations: 'accountId',
  companies: 'id',
  boards: 'id',
  tokens: 'key',
  scenarios: 'id',
  cases: 'id',
  sessions: 'id',
  caseReports: 'id',
  tasks: 'id',
} as const;
export type TableName = keyof typeof TABLES;
export const TABLE_NAMES = Object.keys(TABLES) as TableName[];
/** Version 1 had no registrations, owners or journal; it still loads (its accounts are all the world's own). */
const VERSION_1_TABLES = TABLE_NAMES.filter((name) => name !== 'registrations');
const KINDS = ['account', 'company', 'board', 'column', 'scenario', 'case', 'session', 'caseReport', 'task'];

const tokenKey = { type: 'string', minLength: 1, maxLength: 256 } as const;

/** Every field the sandbox reads back of a row, typed and bounded; unknown fields are let through (see below). */
const ROWS: Record<TableName, { properties: Record<string, unknown>; optional?: string[] }> = {
  accounts: {
    properties: {
      id,
      username: text,
      email: text,
      first_name: text,
      last_name: text,
      description: text,
      passwordHash: { type: 'string', maxLength: 1024 },
      totpSecret: { type: 'string', maxLength: 256 },
    },
    optional: ['totpSecret'],
  },
  registrations: {
    properties: { accountId: id, atMs: counter, client: { type: 'string', maxLength: 256 }, used: { type: 'boolean' } },
  },
  companies: {
    properties: {
      id,
      name: text,
      members: {
        type: 'array',
        maxItems: MAX_ROWS,
        items: {
          type: 'array',
          prefixItems: [id, { enum: ['owner', 'qa', 'viewer'] }],
          minItems: 2,
          maxItems: 2,
        },
      },
    },
  },
  boards: {
    properties: {
      id,
      companyId: id,
      name: text,
      columns: {
        type: 'array',
        maxItems: 1000,
        items: {
          type: 'object',
          required: ['id', 'name', 'kind'],
          properties: { id, name: text, kind: { enum: ['backlog', 'todo', 'in_progress', 'done'] } },
        },
      },
    },
  },
  tokens: {
    properties: {
      key: tokenKey,
      accountId: id,
      title: text,
      is_active: { type: 'boolean' },
      metadata: { type: 'object' },
      expires_at: stampOrNull,
      created_at: stamp,
      secretHash: { type: 'string', pattern: '^[0-9a-f]{64}$' },
    },
  },
  scenarios: {
    properties: { id, boardId: id, title: text, parent_id: idOrNull, position: { type: ['integer', 'null'] } },
  },
  cases: {
    properties: {
      id,
      boardId: id,
      scenarioId: id,
      title: text,
      description: text,
      steps_to_reproduce: text,
      expected_result: text,
    },
  },
  sessions: {
    properties: {
      id,
      boardId: id,
      scenarioId: id,
      title: text,
      is_active: { type: 'boolean' },
      reportIds: { type: 'array', maxItems: MAX_ROWS, items: id },
      started_at: stamp,
      finished_at: stampOrNull,
    },
  },
  caseReports: {
    properties: {
      id,
      sessionId: id,
      caseId: id,
      status: { enum: ['pending', 'done', 'bug'] },
      actual_result: textOrNull,
      severity: textOrNull,
      priority: textOrNull,
      task_id: idOrNull,
    },
  },
  tasks: {
    properties: {
      id,
      boardId: id,
      columnId: id,
      title: text,
      description: text,
      assignee_ids: { type: 'array', maxItems: MAX_ROWS, items: id },
      case_report_id: idOrNull,
      severity: textOrNull,
      priority: textOrNull,
    },
  },
};

const keyOf = (table: TableName) => (TABLES[table] === 'key' ? tokenKey : id);
const rowsOfTable = (table: TableName) => rowsOf(ROWS[table].properties, ROWS[table].optional);
const eachTable = (of: (table: TableName) => unknown, names: readonly TableName[] = TABLE_NAMES) =>
  Object.fromEntries(names.map((name) => [name, of(name)]));
/**
 * Who last wrote each row, for the per-account share: `[row key, account id]` pairs by kind (a row not listed is the
 * world's own). A journal record may also give null: the row went back to the world's own.
 */
const ownersOf = (owner: object) => ({
  type: 'object',
  additionalProperties: false,
  properties: eachTable((table) => ({
    type: 'array',
    maxItems: MAX_ROWS,
    items: { type: 'array', prefixItems: [keyOf(table), owner], minItems: 2, maxItems: 2 },
  })),
});
const owners = ownersOf(id);
const counters = (required: string[]) => ({
  type: 'object',
  required,
  additionalProperties: false,
  properties: Object.fromEntries(KINDS.map((kind) => [kind, counter])),
});

/**
 * Every field the sandbox reads back, typed and bounded (compiled at build time into generated/snapshot-validator.ts
 * by npm run generate). Unknown fields are let through (bounded by the file's size), so a world saved by a newer
 * sandbox with an extra field still loads.
 */
export const SNAPSHOT_SCHEMA = {
  type: 'object',
  required: ['format', 'version', 'counters', ...VERSION_1_TABLES],
  properties: {
    format: { const: 'task-sandbox-world' },
    version: { enum: [1, 2] },
    seq: counter,
    counters: counters(KINDS),
    owners,
    ...eachTable(rowsOfTable),
  },
  if: { properties: { version: { const: 2 } } },
  // The fields are checked above; `then` only requires them (an empty schema each, for ajv's strict mode).
  // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then, not a promise.
  then: { required: ['seq', 'registrations', 'owners'], properties: { seq: {}, registrations: {}, owners: {} } },
};

/**
 * One journal record: the changes of one save, numbered (compiled at build time with SNAPSHOT_SCHEMA). Tables and
 * counters are closed lists here: a record this sandbox cannot apply in full is refused, never applied in part.
 */
export const RECORD_SCHEMA = {
  type: 'object',
  required: ['seq'],
  additionalProperties: false,
  properties: {
    seq: id,
    counters: counters([]),
    put: { type: 'object', additionalProperties: false, properties: eachTable(rowsOfTable) },
    del: {
      type: 'object',
      additionalProperties: false,
      properties: eachTable((table) => ({ type: 'array', maxItems: MAX_ROWS, items: keyOf(table) })),
    },
    owners: ownersOf({ ...id, type: ['integer', 'null'] }),
  },
};

/** `/counters/case must be <= 9007199254740991`: the place as a JSON pointer, then what is wrong there. */
export function describeSchemaError(error: ErrorObject): string {
  const place = error.instancePath === '' ? '/' : error.instancePath;
  if (error.keyword === 'required') return `${place} lacks "${error.params.missingProperty}"`;
  if (error.keyword === 'const') return `${place} must be ${JSON.stringify(error.params.allowedValue)}`;
  if (error.keyword === 'enum')
    return `${place} must be one of ${(error.params.allowedValues as unknown[]).join(', ')}`;
  if (error.keyword === 'additionalProperties') {
    return `${place} has a field this sandbox does not know: "${String(error.params.additionalProperty).slice(0, 64)}"`;
  }
  return `${place} ${error.message ?? 'is not valid'}`;
}

/** Checks parsed JSON against the saved world's schema; throws a SnapshotError naming the first problem's place. */
export function checkSnapshotShape(value: unknown): void {
  if (!validateSnapshot(value)) {
    throw new SnapshotError(`snapshot: ${describeSchemaError((validateSnapshot.errors ?? [])[0] as ErrorObject)}`);
  }
}

/**
 * JSON text of a saved world or a record, parsed once its size and nesting are known to be bounded; `what` starts
 * every message ("snapshot", "journal: line 3"). V8's message may quote the text, which holds hashes: only the
 * position is reported.
 */
export function parseBoundedJson(text: string, what: string): unknown {
  const exceeds = jsonShapeExceeds(text, MAX_SNAPSHOT_DEPTH, MAX_SNAPSHOT_CONTAINERS);
  if (exceeds === 'depth') throw new SnapshotError(`${what}: nests deeper than ${MAX_SNAPSHOT_DEPTH} levels`);
  if (exceeds === 'containers') {
    throw new SnapshotError(`${what}: holds more than ${MAX_SNAPSHOT_CONTAINERS} objects and arrays`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    const at = /position (\d+)/.exec(String((error as Error).message))?.[1];
    throw new SnapshotError(
      at === undefined ? `${what}: not valid JSON` : `${what}: not valid JSON (at position ${at})`,
    );
  }
}

/**
 * Parses saved text into JSON that passed the schema: too long, too deeply nested, not JSON (with the position) and
 * a bad field (with its JSON pointer) are each their own message.
 */
export function parseSnapshotText(text: string): unknown {
  if (text.length > MAX_SNAPSHOT_CHARS) {
    throw new SnapshotError(`snapshot: longer than ${MAX_SNAPSHOT_CHARS} characters`);
  }
  const value = parseBoundedJson(text, 'snapshot');
  checkSnapshotShape(value);
  return value;
}
