// The validators compiled at build time (generated/request-validators.ts, generated/snapshot-validator.ts,
// generated/journal-validator.ts) are fresh and judge exactly as ajv compiling the same schemas at run time does: same
// verdict, same fields, same messages.
import { readFileSync } from 'node:fs';
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { beforeAll, describe, expect, test } from 'vitest';
import { contractOf, type OperationSpec } from '../../contract/document.js';
import { nodeAt } from '../../contract/pointer.js';
import { compiledRequestValidators } from '../../contract/request-validators.js';
import { createValidators } from '../../contract/validators.js';
import { validateRecord } from '../../generated/journal-validator.js';
import { openapiDocument } from '../../generated/openapi-document.js';
import { validateSnapshot } from '../../generated/snapshot-validator.js';
import {
  JOURNAL_VALIDATOR_PATH,
  journalValidatorModule,
  REQUEST_VALIDATORS_PATH,
  requestValidatorsModule,
  SNAPSHOT_AJV_OPTIONS,
  SNAPSHOT_VALIDATOR_PATH,
  snapshotValidatorModule,
} from '../../generators/standalone-validators.js';
import { createSandbox } from '../../mocks/sandbox/core/app.js';
import { hashesSettled, snapshotNow } from '../../mocks/sandbox/worlds/snapshot.js';
import { RECORD_SCHEMA, SNAPSHOT_SCHEMA } from '../../mocks/sandbox/worlds/snapshot-schema.js';

const contract = contractOf(openapiDocument);
/** A registered account's own fields, as the Store holds them. */
const DEMO_FIELDS = {
  username: 'registered',
  email: 'registered@example.com',
  first_name: 'Re',
  last_name: 'Gistered',
  description: '',
};
const runtime = createValidators(contract);
const compiled = compiledRequestValidators(contract);

test('generated/request-validators.ts is fresh (run npm run generate when this fails)', () => {
  expect(readFileSync(REQUEST_VALIDATORS_PATH, 'utf8'), 'stale: run npm run generate').toBe(requestValidatorsModule());
});

test('generated/snapshot-validator.ts is fresh (run npm run generate when this fails)', () => {
  expect(readFileSync(SNAPSHOT_VALIDATOR_PATH, 'utf8'), 'stale: run npm run generate').toBe(snapshotValidatorModule());
});

test('generated/journal-validator.ts is fresh (run npm run generate when this fails)', () => {
  expect(readFileSync(JOURNAL_VALIDATOR_PATH, 'utf8'), 'stale: run npm run generate').toBe(journalValidatorModule());
});

test('the generated modules compile no code when they run, and import only ajv-formats and ajv runtime helpers', () => {
  for (const path of [REQUEST_VALIDATORS_PATH, SNAPSHOT_VALIDATOR_PATH, JOURNAL_VALIDATOR_PATH]) {
    const code = readFileSync(path, 'utf8');
    expect(code).not.toMatch(/\bnew Function\b|\beval\(|\brequire\(/);
    const imports = [...code.matchAll(/^import (?!type ).* from '([^']+)';$/gm)].map((m) => m[1]);
    for (const specifier of imports)
      expect(specifier).toMatch(/^(ajv-formats\/dist\/formats|ajv\/dist\/runtime\/\w+)\.js$/);
  }
});

const withBody = contract.operations.filter((op) => op.requestBodyPointer);
const withQuery = contract.operations.filter((op) => op.parameters.some((p) => p.in === 'query'));

/** The contract's examples of an operation's request body. */
function bodyExamples(op: OperationSpec): Record<string, unknown>[] {
  const media = nodeAt(contract.document, (op.requestBodyPointer as string).replace(/\/schema$/, '')) as {
    examples?: Record<string, { value?: unknown }>;
    example?: unknown;
  };
  // A body has named examples, or a lone unnamed one.
  return [...Object.values(media.examples ?? {}).map((e) => e.value), media.example].filter(
    (v): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v),
  );
}

/** Values that break most fields one way or another: wrong types, empty, too long, past int64, bad dates. */
const ODD_VALUES: unknown[] = [
  null,
  '',
  'x',
  'x'.repeat(10_001),
  '2027-13-45T99:00:00Z',
  0,
  -1,
  1.5,
  2 ** 63,
  true,
  [],
  [1, 'a'],
  {},
  { nested: { deeper: [null] } },
];

/** Each example with each field dropped, set to each odd value, and with an unknown field; and bodies of other kinds. */
function invalidBodies(op: OperationSpec): unknown[] {
  const out: unknown[] = [null, [], 'text', 42, {}, { unknown: 1 }];
  for (const example of bodyExamples(op)) {
    out.push({ ...example, unknown_field: true });
    for (const key of Object.keys(example)) {
      const { [key]: _dropped, ...rest } = example;
      out.push(rest);
      for (const value of ODD_VALUES) out.push({ ...example, [key]: value });
    }
  }
  return out;
}

describe('request bodies: the compiled validators answer what ajv compiling at run time answers', () => {
  test.each(withBody.map((op) => [op.operationId, op] as const))('%s', (operationId, op) => {
    const bodies = invalidBodies(op);
    expect(bodies.length).toBeGreaterThan(6);
    let refused = 0;
    for (const body of bodies) {
      const expected = runtime.body(operationId, body);
      if (!expected.ok) refused += 1;
      expect(compiled.body(operationId, body), JSON.stringify(body)).toEqual(expected);
    }
    expect(refused).toBeGreaterThan(0);
    for (const example of bodyExamples(op))
      expect(compiled.body(operationId, example)).toEqual(runtime.body(operationId, example));
  });

  test('random JSON bodies, and examples with random field values (fast-check, seed 26)', () => {
    const arbitrary = fc.tuple(
      fc.constantFrom(...withBody),
      fc.oneof(
        fc.jsonValue(),
        fc.dictionary(
          fc.constantFrom('title', 'status', 'parent_id', 'username', 'password', 'metadata', 'x'),
          fc.jsonValue(),
        ),
      ),
    );
    fc.assert(
      fc.property(arbitrary, ([op, body]) => {
        expect(compiled.body(op.operationId, body)).toEqual(runtime.body(op.operationId, body));
      }),
      { seed: 26, numRuns: 2000 },
    );
  });
});

describe('queries: the compiled validators answer what ajv compiling at run time answers', () => {
  const RAW = ['', '0', '1', '2', '-1', '1.5', 'abc', 'true', 'false', '9223372036854775808', '1e3', ' 1'];
  test.each(withQuery.map((op) => [op.operationId, op] as const))('%s', (operationId, op) => {
    const names = op.parameters.filter((p) => p.in === 'query').map((p) => p.name);
    let refused = 0;
    for (const name of names) {
      for (const raw of RAW) {
        for (const params of [
          new URLSearchParams([[name, raw]]),
          new URLSearchParams([...names.filter((n) => n !== name).map((n) => [n, '1']), [name, raw]]),
          new URLSearchParams([...names.map((n) => [n, '1']), [name, raw]]),
        ]) {
          const expected = runtime.query(operationId, params);
          if (!expected.ok) refused += 1;
          expect(compiled.query(operationId, params), params.toString()).toEqual(expected);
        }
      }
    }
    expect(refused).toBeGreaterThan(0);
  });

  test('random queries (fast-check, seed 26)', () => {
    const arbitrary = fc.tuple(
      fc.constantFrom(...withQuery),
      fc.array(fc.tuple(fc.nat({ max: 7 }), fc.oneof(fc.constantFrom(...RAW), fc.string())), { maxLength: 8 }),
    );
    fc.assert(
      fc.property(arbitrary, ([op, pairs]) => {
        const names = op.parameters.filter((p) => p.in === 'query').map((p) => p.name);
        const params = new URLSearchParams(pairs.map(([i, v]) => [names[i % names.length] as string, v]));
        expect(compiled.query(op.operationId, params)).toEqual(runtime.query(op.operationId, params));
      }),
      { seed: 26, numRuns: 2000 },
    );
  });
});

describe('the saved world: the compiled check answers what ajv compiling at run time answers', () => {
  const atRunTime = new Ajv2020(SNAPSHOT_AJV_OPTIONS).compile(SNAPSHOT_SCHEMA);
  const verdict = (check: typeof validateSnapshot, value: unknown) =>
    check(value)
      ? 'ok'
      : ((check.errors ?? []) as ErrorObject[]).map(({ instancePath, keyword, params, message }) => ({
          instancePath,
          keyword,
          params,
          message,
        }));
  // The demo world and a registered account: a registration row and an owner pair to break too.
  const store = createSandbox({ world: 'demo' }).store;
  const registered = { atMs: 1_700_000_000_000, client: '192.0.2.1', used: false };
  store.addAccount({ ...DEMO_FIELDS, passwordHash: Promise.resolve('hash') }, registered);
  let saved: Record<string, unknown> = {};
  beforeAll(async () => {
    await hashesSettled(store);
    saved = JSON.parse(JSON.stringify(snapshotNow(store)));
  });
  const record = {
    seq: 2,
    counters: { scenario: 9 },
    put: {
      registrations: [{ accountId: 5, ...registered, used: true }],
      scenarios: [{ id: 1, boardId: 1, title: 'Login', parent_id: null, position: null }],
    },
    del: { tokens: ['key'], cases: [3] },
    owners: { scenarios: [[1, 5]], tasks: [[2, null]] },
  };
  const recordAtRunTime = new Ajv2020(SNAPSHOT_AJV_OPTIONS).compile(RECORD_SCHEMA);

  /** `value` with one place broken: a field dropped or set to an odd value, in objects and first array items. */
  function broken(value: unknown, depth = 0): unknown[] {
    if (depth > 4 || value === null || typeof value !== 'object') return [];
    if (Array.isArray(value)) {
      if (value.length === 0) return [];
      return [...ODD_VALUES, ...broken(value[0], depth + 1)].map((first) => [first, ...value.slice(1)]);
    }
    const object = value as Record<string, unknown>;
    return Object.keys(object).flatMap((key) => {
      const { [key]: _dropped, ...rest } = object;
      return [rest, ...[...ODD_VALUES, ...broken(object[key], depth + 1)].map((v) => ({ ...object, [key]: v }))];
    });
  }

  test('the demo world with a registered account, and that world with each place broken', () => {
    expect(verdict(validateSnapshot, saved)).toBe('ok');
    expect(saved).toMatchObject({ registrations: [{ accountId: 5 }], owners: { accounts: [[5, 5]] } });
    const variants = [null, [], {}, ...broken(saved)];
    let refused = 0;
    for (const value of variants) {
      const expected = verdict(atRunTime, value);
      if (expected !== 'ok') refused += 1;
      expect(verdict(validateSnapshot, value)).toEqual(expected);
    }
    expect(refused).toBeGreaterThan(variants.length / 2);
  });

  test('a journal record, and the record with each place broken', () => {
    expect(verdict(validateRecord, record)).toBe('ok');
    const variants = [null, [], {}, ...broken(record)];
    let refused = 0;
    for (const value of variants) {
      const expected = verdict(recordAtRunTime, value);
      if (expected !== 'ok') refused += 1;
      expect(verdict(validateRecord, value)).toEqual(expected);
    }
    expect(refused).toBeGreaterThan(variants.length / 2);
  });
});
