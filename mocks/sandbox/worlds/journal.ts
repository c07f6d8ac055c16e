// The --state file's text (docs/sandbox.md "Durability (--state)"): a snapshot line, then one journal record a line; reading it back checked.
import { createHash } from 'node:crypto';
import type { ErrorObject } from 'ajv';
import { validateRecord } from '../../../generated/journal-validator.js';
import type { Limits } from '../domain/limits.js';
import type { Kind } from '../domain/records.js';
import type { Store } from '../domain/store.js';
import {
  type Changes,
  type Places,
  type SavedRow,
  SNAPSHOT_FORMAT,
  SNAPSHOT_VERSION,
  storeFromCheckedSnapshot,
} from './snapshot.js';
import {
  checkSnapshotShape,
  describeSchemaError,
  MAX_SNAPSHOT_CHARS,
  parseBoundedJson,
  parseSnapshotText,
  SnapshotError,
  TABLE_NAMES,
  TABLES,
  type TableName,
} from './snapshot-schema.js';

type Key = string | number;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** `{"sum":"<SHA-256 of the record's text>","record":<the record>}`: a line that was not written whole fails its sum. */
const LINE_HEAD = /^\{"sum":"([0-9a-f]{64})","record":/;
const HEAD_LENGTH = '{"sum":"","record":'.length + 64;

/** The journal line of one save's changes, newline included. */
export function recordLine(changes: Changes): string {
  const text = JSON.stringify(changes);
  return `{"sum":"${sha256(text)}","record":${text}}\n`;
}

/** A state file read back: the world, and where the next record goes. */
export interface StateFile {
  store: Store;
  /** The last record held (the snapshot's own when there is none). */
  seq: number;
  /** Bytes of the file that hold the world; a torn last record, if any, lies beyond and is cut off before appending. */
  length: number;
  /** Bytes of the snapshot line, and of the records after it: what compaction weighs. */
  snapshotBytes: number;
  journalBytes: number;
  /** Version 1 (one JSON document, no journal) or a snapshot not on one line: rewritten whole at the first save. */
  whole: boolean;
  /** A last record that was not written whole (the process died while appending it): never acknowledged, dropped. */
  dropped?: { line: number; reason: string };
}

/** Checks one parsed journal record; throws a SnapshotError naming its line and the first problem's place. */
function checkRecordShape(value: unknown, line: number): void {
  if (!validateRecord(value)) {
    const problem = describeSchemaError((validateRecord.errors ?? [])[0] as ErrorObject);
    throw new SnapshotError(`journal: line ${line}: ${problem}`);
  }
}

/** The record held by one complete line, or why it cannot be read (a torn write, or a changed file). */
function recordOf(text: string): { record: string } | { problem: string } {
  const head = LINE_HEAD.exec(text);
  if (!head || !text.endsWith('}')) return { problem: 'is not a journal record' };
  const record = text.slice(HEAD_LENGTH, -1);
  if (sha256(record) !== head[1]) return { problem: 'does not match its checksum (damaged, or changed by hand)' };
  return { record };
}

/**
 * Reads a state file's bytes: the snapshot, then each record applied in order, each checked against the schema (a
 * message names the line and the JSON pointer). A last line not written whole is dropped; any other damage is an
 * error. The rows then go through the same Store checks as a snapshot's, named by the line that put them.
 */
export function readStateFile(bytes: Buffer, limits?: Limits): StateFile {
  const firstEnd = bytes.indexOf(0x0a);
  const firstText = bytes.subarray(0, firstEnd < 0 ? bytes.length : firstEnd).toString('utf8');
  if (firstText.length > MAX_SNAPSHOT_CHARS)
    throw new SnapshotError(`snapshot: longer than ${MAX_SNAPSHOT_CHARS} characters`);
  let snapshot: Record<string, unknown> = {};
  let lineMode = firstEnd >= 0;
  if (lineMode) {
    try {
      snapshot = parseBoundedJson(firstText, 'snapshot') as Record<string, unknown>;
    } catch {
      // Not a snapshot line: one JSON document over several lines (written by hand, or pretty-printed).
      lineMode = false;
    }
  }
  if (!lineMode) {
    const text = bytes.toString('utf8');
    snapshot = parseSnapshotText(text) as Record<string, unknown>;
    const store = storeFromCheckedSnapshot(snapshot, limits);
    return {
      store,
      seq: Number(snapshot.seq ?? 0),
      length: bytes.length,
      snapshotBytes: bytes.length,
      journalBytes: 0,
      whole: true,
    };
  }
  checkSnapshotShape(snapshot);

  const tables = new Map<TableName, Map<Key, { row: SavedRow; place: string }>>();
  /** Each row's writer, with the place that said so (for messages). */
  const owners = new Map<TableName, Map<Key, { owner: number; place: string }>>();
  /** Rows by key: two with one key is an error, never one of them dropped. */
  const put = (name: TableName, row: SavedRow, place: string, replace: boolean) => {
    const table = tables.get(name) as Map<Key, { row: SavedRow; place: string }>;
    const key = row[TABLES[name]] as Key;
    if (!replace && table.has(key)) {
      throw new SnapshotError(`snapshot: ${place}: a second row with ${TABLES[name]} ${JSON.stringify(key)}`);
    }
    table.set(key, { row, place });
  };
  for (const name of TABLE_NAMES) {
    tables.set(name, new Map());
    for (const [i, row] of ((snapshot[name] ?? []) as SavedRow[]).entries()) {
      put(name, row, `/${name}/${i}`, false);
    }
    const pairs = (snapshot.owners as Record<string, Array<[Key, number]>> | undefined)?.[name] ?? [];
    owners.set(name, new Map(pairs.map(([key, owner], i) => [key, { owner, place: `/owners/${name}/${i}` }])));
  }
  const counters = { ...(snapshot.counters as Record<Kind, number>) };
  let seq = Number(snapshot.seq ?? 0);
  const snapshotBytes = firstEnd + 1;
  let length = snapshotBytes;
  let dropped: StateFile['dropped'];

  let start = snapshotBytes;
  for (let line = 2; start < bytes.length; line++) {
    const end = bytes.indexOf(0x0a, start);
    const text = bytes.subarray(start, end < 0 ? bytes.length : end).toString('utf8');
    const last = end < 0 || end + 1 === bytes.length;
    const read = end < 0 ? { problem: 'ends without a newline (its write was cut short)' } : recordOf(text);
    if ('problem' in read) {
      if (!last) throw new SnapshotError(`journal: line ${line} ${read.problem}`);
      dropped = { line, reason: read.problem };
      break;
    }
    if (snapshot.version === 1) throw new SnapshotError(`journal: line ${line}: a version 1 snapshot has no journal`);
    const what = `journal: line ${line}`;
    const record = parseBoundedJson(read.record, what) as Changes;
    checkRecordShape(record, line);
    if (record.seq !== seq + 1) {
      throw new SnapshotError(
        `${what}: /seq is ${record.seq} where ${seq + 1} comes next (a record is missing or repeated)`,
      );
    }
    seq = record.seq;
    for (const [name, keys] of Object.entries(record.del ?? {}) as Array<[TableName, Key[]]>) {
      const rows = tables.get(name) as Map<Key, unknown>;
      for (const [i, key] of keys.entries()) {
        if (!rows.delete(key)) throw new SnapshotError(`${what}: /del/${name}/${i}: no such row to delete`);
        owners.get(name)?.delete(key);
      }
    }
    for (const [name, rows] of Object.entries(record.put ?? {}) as Array<[TableName, SavedRow[]]>) {
      const keys = new Set<Key>();
      for (const [i, row] of rows.entries()) {
        const key = row[TABLES[name]] as Key;
        if (keys.has(key))
          throw new SnapshotError(
            `${what}: /put/${name}/${i}: a second row with ${TABLES[name]} ${JSON.stringify(key)}`,
          );
        keys.add(key);
        put(name, row, `journal line ${line} /put/${name}/${i}`, true);
      }
    }
    for (const [name, pairs] of Object.entries(record.owners ?? {}) as Array<
      [TableName, Array<[Key, number | null]>]
    >) {
      const owned = owners.get(name) as Map<Key, { owner: number; place: string }>;
      for (const [i, [key, owner]] of pairs.entries()) {
        if (!tables.get(name)?.has(key)) throw new SnapshotError(`${what}: /owners/${name}/${i}: no such row`);
        // null: the row went back to the world's own.
        if (owner === null) owned.delete(key);
        else owned.set(key, { owner, place: `journal line ${line} /owners/${name}/${i}` });
      }
    }
    Object.assign(counters, record.counters);
    start = end + 1;
    length = start;
  }

  const world: Record<string, unknown> = {
    format: SNAPSHOT_FORMAT,
    version: snapshot.version,
    seq,
    counters,
    owners: Object.fromEntries(
      [...owners].map(([name, owned]) => [name, [...owned].map(([key, { owner }]) => [key, owner])]),
    ),
  };
  const places: Places = {
    owners: Object.fromEntries([...owners].map(([name, owned]) => [name, [...owned.values()].map((o) => o.place)])),
  };
  for (const [name, rows] of tables) {
    world[name] = [...rows.values()].map((entry) => entry.row);
    places[name] = [...rows.values()].map((entry) => entry.place);
  }
  if (snapshot.version === 1) delete world.registrations;
  const store = storeFromCheckedSnapshot(world, limits, places);
  return {
    store,
    seq,
    length,
    snapshotBytes,
    journalBytes: length - snapshotBytes,
    whole: snapshot.version !== SNAPSHOT_VERSION,
    ...(dropped ? { dropped } : {}),
  };
}
