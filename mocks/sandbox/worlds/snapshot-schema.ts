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
const rowsOf = (properties: Record<string, unknown>, optional: string[] = []) => ({
  type: 'array',
  maxItems: MAX_ROWS,
  items: { type: 'object', required: Object.keys(properties).filter((k) => !optional.includes(k)), properties },
});

const ROW_KINDS = [
  'accounts',
  'companies',
  'boards',
  'tokens',
  'scenarios',
  'cases',
  'sessions',
  'caseReports',
  'tasks',
];
const KINDS = ['account', 'company', 'board', 'column', 'scenario', 'case', 'session', 'caseReport', 'task'];

/**
 * Every field the sandbox reads back, typed and bounded (compiled at build time into generated/snapshot-validator.ts
 * by npm run generate). Unknown fields are let through (bounded by the file's size),
 * so a world saved by a newer sandbox with an extra field still loads.
 */
export const SNAPSHOT_SCHEMA = {
  type: 'object',
  required: ['format', 'version', 'counters', ...ROW_KINDS],
  properties: {
    format: { const: 'task-sandbox-world' },
    version: { const: 1 },
    counters: {
      type: 'object',
      required: KINDS,
      properties: Object.fromEntries(KINDS.map((kind) => [kind, counter])),
    },
    accounts: rowsOf(
      {
        id,
        username: text,
        email: text,
        first_name: text,
        last_name: text,
        description: text,
        passwordHash: { type: 'string', maxLength: 1024 },
        totpSecret: { type: 'string', maxLength: 256 },
      },
      ['totpSecret'],
    ),
    companies: rowsOf({
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
    }),
    boards: rowsOf({
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
    }),
    tokens: rowsOf({
      key: { type: 'string', minLength: 1, maxLength: 256 },
      accountId: id,
      title: text,
      is_active: { type: 'boolean' },
      metadata: { type: 'object' },
      expires_at: stampOrNull,
      created_at: stamp,
      secretHash: { type: 'string', pattern: '^[0-9a-f]{64}$' },
    }),
    scenarios: rowsOf({ id, boardId: id, title: text, parent_id: idOrNull, position: { type: ['integer', 'null'] } }),
    cases: rowsOf({
      id,
      boardId: id,
      scenarioId: id,
      title: text,
      description: text,
      steps_to_reproduce: text,
      expected_result: text,
    }),
    sessions: rowsOf({
      id,
      boardId: id,
      scenarioId: id,
      title: text,
      is_active: { type: 'boolean' },
      reportIds: { type: 'array', maxItems: MAX_ROWS, items: id },
      started_at: stamp,
      finished_at: stampOrNull,
    }),
    caseReports: rowsOf({
      id,
      sessionId: id,
      caseId: id,
      status: { enum: ['pending', 'done', 'bug'] },
      actual_result: textOrNull,
      severity: textOrNull,
      priority: textOrNull,
      task_id: idOrNull,
    }),
    tasks: rowsOf({
      id,
      boardId: id,
      columnId: id,
      title: text,
      description: text,
      assignee_ids: { type: 'array', maxItems: MAX_ROWS, items: id },
      case_report_id: idOrNull,
      severity: textOrNull,
      priority: textOrNull,
    }),
  },
};

/** `/counters/case must be <= 9007199254740991`: the place as a JSON pointer, then what is wrong there. */
function describe(error: ErrorObject): string {
  const place = error.instancePath === '' ? '/' : error.instancePath;
  if (error.keyword === 'required') return `${place} lacks "${error.params.missingProperty}"`;
  if (error.keyword === 'const') return `${place} must be ${JSON.stringify(error.params.allowedValue)}`;
  if (error.keyword === 'enum')
    return `${place} must be one of ${(error.params.allowedValues as unknown[]).join(', ')}`;
  return `${place} ${error.message ?? 'is not valid'}`;
}

/** Checks parsed JSON against the saved world's schema; throws a SnapshotError naming the first problem's place. */
export function checkSnapshotShape(value: unknown): void {
  if (!validateSnapshot(value)) {
    throw new SnapshotError(`snapshot: ${describe((validateSnapshot.errors ?? [])[0] as ErrorObject)}`);
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
  const exceeds = jsonShapeExceeds(text, MAX_SNAPSHOT_DEPTH, MAX_SNAPSHOT_CONTAINERS);
  if (exceeds === 'depth') throw new SnapshotError(`snapshot: nests deeper than ${MAX_SNAPSHOT_DEPTH} levels`);
  if (exceeds === 'containers') {
    throw new SnapshotError(`snapshot: holds more than ${MAX_SNAPSHOT_CONTAINERS} objects and arrays`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    // V8's message may quote the text, which holds hashes: report only the position.
    const at = /position (\d+)/.exec(String((error as Error).message))?.[1];
    throw new SnapshotError(
      at === undefined ? 'snapshot: not valid JSON' : `snapshot: not valid JSON (at position ${at})`,
    );
  }
  checkSnapshotShape(value);
  return value;
}
