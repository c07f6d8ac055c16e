// The pure parts of the generated cases: schema arbitraries, one-place breakages, the plan, seeds and curl lines.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Schema, schemaArbitrary } from '../../conformance/cases/arbitraries.js';
import {
  type ExploreOptions,
  explore,
  type Failure,
  type Send,
  shrinkFailure,
} from '../../conformance/cases/explore.js';
import {
  contractErrors,
  curlLine,
  type GeneratedRequest,
  negativeArbitrary,
  positiveArbitrary,
  seedFor,
  shownRequest,
  takesInput,
} from '../../conformance/cases/generated-requests.js';
import { type BreakageKind, mutationsOf, UNKNOWN_FIELD } from '../../conformance/cases/mutations.js';
import { isPlaced, planAll, planOperation } from '../../conformance/cases/plan.js';
import { judgeBroken, judgeValid } from '../../conformance/cases/verdicts.js';
import type { Answer } from '../../conformance/engine/exchange-record.js';
import { loadContract } from '../../contract/openapi.js';
import { createValidators } from '../../contract/validators.js';

const contract = loadContract();
const validators = createValidators(contract);
const MARKER = 'cftest123abc';
const SAMPLES = 25;

const plan = (operationId: string) => {
  const op = contract.byId.get(operationId);
  if (!op) throw new Error(`no operation ${operationId}`);
  return planOperation(op);
};

describe('schemaArbitrary', () => {
  const ajv = new Ajv2020({ strict: false, discriminator: true });
  addFormats.default(ajv);
  const document = {
    components: {
      schemas: {
        Id: { type: 'integer', minimum: 1 },
        Pending: {
          type: 'object',
          required: ['status'],
          properties: { status: { type: 'string', const: 'pending' } },
          additionalProperties: false,
        },
        Bug: {
          type: 'object',
          required: ['status', 'severity'],
          properties: { status: { type: 'string', const: 'bug' }, severity: { type: 'string', minLength: 1 } },
          additionalProperties: false,
        },
      },
    },
  };
  const table: [string, Schema, (v: unknown) => boolean][] = [
    ['const', { type: 'string', const: 'done' }, (v) => v === 'done'],
    ['enum', { type: 'string', enum: ['a', 'b'] }, (v) => v === 'a' || v === 'b'],
    ['$ref', { $ref: '#/components/schemas/Id' }, (v) => Number.isInteger(v) && (v as number) >= 1],
    ['allOf of a $ref', { allOf: [{ $ref: '#/components/schemas/Id' }] }, (v) => (v as number) >= 1],
    ['minLength/maxLength', { type: 'string', minLength: 2, maxLength: 5 }, (v) => (v as string).length >= 2],
    ['minimum/maximum', { type: 'integer', minimum: 3, maximum: 7 }, (v) => (v as number) <= 7],
    ['date-time', { type: 'string', format: 'date-time' }, (v) => !Number.isNaN(Date.parse(v as string))],
    ['email', { type: 'string', format: 'email', maxLength: 254 }, (v) => (v as string).includes('@')],
    ['nullable type list', { type: ['integer', 'null'], minimum: 1 }, (v) => v === null || (v as number) >= 1],
    [
      'minProperties',
      { type: 'object', minProperties: 1, properties: { a: { type: 'boolean' }, b: { type: 'boolean' } } },
      (v) => Object.keys(v as object).length >= 1,
    ],
    [
      'additionalProperties false',
      { type: 'object', required: ['a'], properties: { a: { type: 'string' } }, additionalProperties: false },
      (v) => Object.keys(v as object).every((k) => k === 'a'),
    ],
    [
      'oneOf with a discriminator',
      {
        type: 'object',
        oneOf: [{ $ref: '#/components/schemas/Pending' }, { $ref: '#/components/schemas/Bug' }],
        discriminator: { propertyName: 'status' },
      },
      (v) => ['pending', 'bug'].includes((v as { status: string }).status),
    ],
  ];
  it.each(table)('%s: every value is valid under the schema', (_label, schema, holds) => {
    const validate = ajv.compile({ ...schema, components: document.components });
    for (const value of fc.sample(schemaArbitrary(schema, document), { seed: 7, numRuns: 60 })) {
      expect(validate(value), JSON.stringify(value)).toBe(true);
      expect(holds(value), JSON.stringify(value)).toBe(true);
    }
  });

  it('reaches both ends of a length and a range', () => {
    const lengths = fc
      .sample(schemaArbitrary({ type: 'string', minLength: 1, maxLength: 500 }, {}), { seed: 3, numRuns: 300 })
      .map((s) => [...(s as string)].length);
    expect(lengths).toContain(1);
    expect(lengths).toContain(500);
    const limits = fc.sample(schemaArbitrary({ type: 'integer', minimum: 1, maximum: 100 }, {}), {
      seed: 3,
      numRuns: 300,
    });
    expect(limits).toContain(1);
    expect(limits).toContain(100);
  });

  it("draws, for a seed, the strings fast-check's own code-point unit draws: a seed noted before replays the same requests", () => {
    // What strings were drawn from before the unit was written out (fast-check's 'binary' unit: slow to build).
    const before = fc.integer({ min: 0, max: 60 }).chain((length) =>
      fc.string({
        unit: fc.oneof(
          { arbitrary: fc.string({ minLength: 1, maxLength: 1 }), weight: 9 },
          { arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }), weight: 1 },
        ),
        minLength: length,
        maxLength: length,
      }),
    );
    const now = fc.sample(schemaArbitrary({ type: 'string', maxLength: 60 }, {}), { seed: 11, numRuns: 400 });
    expect(now.some((s) => /[^\x20-\x7e]/u.test(s as string))).toBe(true);
    expect(now).toEqual(fc.sample(before, { seed: 11, numRuns: 400 }));
  });

  it('refuses a keyword it cannot honour rather than generate invalid values', () => {
    expect(() => schemaArbitrary({ type: 'tuple' }, {})).toThrow(/not supported/);
  });
});

describe('the plan', () => {
  it.each([
    ['listScenarios', ['session']],
    ['recordCaseOutcome', ['session']],
    ['getMe', ['session', 'apiToken']],
    ['createApiToken', ['session', 'apiToken']],
    ['login', ['none']],
    ['refreshToken', ['none']],
  ])('%s is sent with %j', (operationId, kinds) => {
    expect(plan(operationId).credentials).toEqual(kinds);
  });

  it('never generates an Authorization header: no operation plan holds a header parameter', () => {
    for (const op of contract.operations) {
      const request = fc.sample(positiveArbitrary(planOperation(op), contract.document, validators, MARKER), {
        seed: 1,
        numRuns: 1,
      })[0] as GeneratedRequest;
      expect(Object.keys(request.query).map((k) => k.toLowerCase())).not.toContain('authorization');
    }
  });

  it('places every id on a real object of the run, in the query and in bodies', () => {
    const expectations: [string, string, 'query' | 'body'][] = [
      ['getScenario', 'scenario_id', 'query'],
      ['getCase', 'case_id', 'query'],
      ['recordCaseOutcome', 'case_report_id', 'query'],
      ['updateApiToken', 'key', 'query'],
      ['listCases', 'company_id', 'query'],
      ['listCases', 'board_id', 'query'],
      ['createCase', 'scenario', 'body'],
      ['startSession', 'scenario_id', 'body'],
      ['finishSession', 'sessions_id', 'body'],
    ];
    for (const [operationId, name, where] of expectations) {
      const samples = fc.sample(positiveArbitrary(plan(operationId), contract.document, validators, MARKER), {
        seed: 5,
        numRuns: 10,
      });
      for (const r of samples) {
        const value = where === 'query' ? r.query[name] : (r.body as Record<string, unknown>)[name];
        expect(isPlaced(value), `${operationId} ${name}`).toBe(true);
      }
    }
    const parents = fc
      .sample(positiveArbitrary(plan('createScenario'), contract.document, validators, MARKER), {
        seed: 5,
        numRuns: 30,
      })
      .map((r) => (r.body as Record<string, unknown>).parent_id);
    expect(parents).toContain(null);
    expect(parents.some(isPlaced)).toBe(true);
  });

  it('gives every title of a write the run marker, within its maximum length', () => {
    for (const operationId of ['createApiToken', 'createScenario', 'createCase', 'updateScenario']) {
      const samples = fc.sample(positiveArbitrary(plan(operationId), contract.document, validators, MARKER), {
        seed: 9,
        numRuns: SAMPLES,
      });
      for (const r of samples) {
        const title = (r.body as Record<string, unknown>).title;
        expect(title, operationId).toMatch(new RegExp(`\\[${MARKER}\\]$`));
      }
    }
  });

  it('gives the metadata of every token write the run marker as a member of its own', () => {
    for (const operationId of ['createApiToken', 'updateApiToken']) {
      const samples = fc.sample(positiveArbitrary(plan(operationId), contract.document, validators, MARKER), {
        seed: 9,
        numRuns: SAMPLES,
      });
      const metadata = samples.map((r) => (r.body as Record<string, unknown>).metadata).filter((m) => m !== undefined);
      expect(metadata.length, operationId).toBeGreaterThan(0);
      for (const m of metadata) expect(m, operationId).toMatchObject({ conformance_run: MARKER });
    }
  });

  it('makes a fresh object for every request of an operation that uses its object up', () => {
    expect(plan('deleteScenario').fresh).toEqual(['scenario_id']);
    expect(plan('deleteApiToken').fresh).toEqual(['key']);
    expect(plan('refreshToken').fresh).toEqual(['refresh_token']);
    expect(plan('getScenario').fresh).toEqual([]);
  });

  it('sends only GETs, with a session, in read-only mode, and every operation otherwise, deletions last', () => {
    const readOnly = planAll(contract.operations, { readOnly: true, register: false });
    expect(readOnly.length).toBeGreaterThan(0);
    expect(readOnly.every((p) => p.op.method === 'get')).toBe(true);
    expect(readOnly.every((p) => !p.credentials.includes('apiToken'))).toBe(true);
    expect(
      planAll(contract.operations, { readOnly: false, register: false }).map((p) => p.op.operationId),
    ).not.toContain('register');
    const all = planAll(contract.operations, { readOnly: false, register: true });
    expect(all).toHaveLength(contract.operations.length);
    const methods = all.map((p) => p.op.method);
    expect(methods.indexOf('delete')).toBeGreaterThan(methods.lastIndexOf('get'));
    expect(methods.slice(methods.indexOf('delete')).every((m) => m === 'delete')).toBe(true);
  });
});

describe('valid requests', () => {
  it.each(contract.operations.map((o) => [o.operationId]))('%s: every generated request is valid', (operationId) => {
    const samples = fc.sample(positiveArbitrary(plan(operationId), contract.document, validators, MARKER), {
      seed: 11,
      numRuns: SAMPLES,
    });
    for (const r of samples) expect(contractErrors(validators, r)).toEqual([]);
  });
});

describe('requests broken in one place', () => {
  const breaks = (operationId: string, kind: BreakageKind, field: string) => {
    const samples = fc.sample(negativeArbitrary(plan(operationId), contract.document, validators, MARKER), {
      seed: 13,
      numRuns: 300,
    });
    return samples.find((r) => r.breakage.kind === kind && r.breakage.field === field);
  };

  it.each([
    ['listScenarios', 'out-of-bounds', 'limit'],
    ['listSessions', 'wrong-type', 'is_active'],
    ['listSessions', 'missing', 'is_active'],
    ['getScenario', 'missing', 'scenario_id'],
    ['createApiToken', 'missing', 'title'],
    ['createApiToken', 'wrong-type', 'is_active'],
    ['createApiToken', 'out-of-bounds', 'title'],
    ['createScenario', 'unknown-field', UNKNOWN_FIELD],
    ['createScenario', 'out-of-bounds', 'position'],
    ['recordCaseOutcome', 'bad-enum', 'status'],
    ['login', 'missing', 'captcha_token'],
    ['listTasks', 'wrong-type', 'assignee_ids'],
  ] as [string, BreakageKind, string][])(
    '%s: %s %s is generated, and the contract refuses it for that field alone',
    (operationId, kind, field) => {
      const found = breaks(operationId, kind, field);
      expect(found, `${operationId} ${kind} ${field}`).toBeDefined();
      const errors = contractErrors(validators, found as GeneratedRequest);
      expect(errors.length).toBeGreaterThan(0);
      for (const e of errors) expect(e.field.split(/[.[\]]/)).toContain(field);
    },
  );

  it.each(contract.operations.filter((o) => takesInput(planOperation(o))).map((o) => [o.operationId]))(
    '%s: every broken request breaks exactly the field it names',
    (operationId) => {
      const samples = fc.sample(negativeArbitrary(plan(operationId), contract.document, validators, MARKER), {
        seed: 17,
        numRuns: SAMPLES,
      });
      for (const r of samples) {
        const errors = contractErrors(validators, r);
        expect(errors.length, r.breakage.what).toBeGreaterThan(0);
        for (const e of errors) expect(e.field.split(/[.[\]]/), r.breakage.what).toContain(r.breakage.field);
      }
    },
  );

  it('does not offer a breakage the contract would accept: a left-out member of a PATCH that needs one member', () => {
    const request: GeneratedRequest = {
      operationId: 'updateCase',
      credential: 'session',
      query: { company_id: 1, board_id: 1, case_id: 1 },
      body: { title: 't' },
    };
    const op = contract.byId.get('updateCase');
    if (!op) throw new Error('updateCase missing');
    // `title` is optional: leaving it out is no breakage of `title`, so no such mutation is offered.
    const kinds = mutationsOf(op, request, contract.document).map((m) => `${m.breakage.kind} ${m.breakage.field}`);
    expect(kinds).toContain('missing case_id');
    expect(kinds).not.toContain('missing title');
  });

  it.each([
    ['listScenarios', 'limit', [0, 101]],
    ['listScenarios', 'page', [0, 1_000_001]],
    ['createScenario', 'position', [-1, 1_000_001]],
    ['startSession', 'scenario_id', [0, 2 ** 53]],
  ] as [string, string, number[]][])('%s: %s is pushed just past each bound, to %j', (operationId, field, values) => {
    const op = contract.byId.get(operationId);
    if (!op) throw new Error(`no operation ${operationId}`);
    const [request] = fc.sample(positiveArbitrary(plan(operationId), contract.document, validators, MARKER), {
      seed: 2,
      numRuns: 1,
    }) as [GeneratedRequest];
    const offered = mutationsOf(op, request, contract.document)
      .filter((m) => m.breakage.kind === 'out-of-bounds' && m.breakage.field === field)
      .map((m) => {
        const broken = m.apply(request);
        return m.breakage.location === 'query' ? broken.query[field] : (broken.body as Record<string, unknown>)[field];
      });
    expect(offered).toEqual(values);
  });

  it('keeps the run marker at the end of a title that is too long', () => {
    const found = fc
      .sample(negativeArbitrary(plan('createScenario'), contract.document, validators, MARKER), {
        seed: 13,
        numRuns: 300,
      })
      .find((r) => r.breakage.field === 'title' && r.breakage.what.includes('maxLength'));
    const title = (found?.body as Record<string, unknown> | undefined)?.title as string;
    expect([...title].length).toBe(501);
    expect(title.endsWith(`[${MARKER}]`)).toBe(true);
  });
});

describe('replay', () => {
  const draw = (seed: number) =>
    fc.sample(negativeArbitrary(plan('createCase'), contract.document, validators, MARKER), { seed, numRuns: 10 });

  it('the same seed gives the same requests twice, another seed others', () => {
    expect(draw(42)).toEqual(draw(42));
    expect(draw(43)).not.toEqual(draw(42));
  });

  it('derives a per-operation seed that does not depend on which other operations run', () => {
    expect(seedFor(42, 'listCases', 'positive')).toBe(seedFor(42, 'listCases', 'positive'));
    expect(seedFor(42, 'listCases', 'positive')).not.toBe(seedFor(42, 'listCases', 'negative'));
    expect(seedFor(42, 'listCases', 'positive')).not.toBe(seedFor(42, 'getCase', 'positive'));
    expect(seedFor(42, 'listCases', 'positive')).not.toBe(seedFor(43, 'listCases', 'positive'));
  });
});

describe('showing a request', () => {
  const places = {
    company_id: 1,
    board_id: 2,
    scenario_id: 3,
    case_id: 4,
    case_report_id: 5,
    sessions_id: 6,
    key: 'tok_1',
    username: 'demo',
    password: 'hunter2-secret',
    captcha_token: 'captcha-secret',
    refresh_token: 'refresh-secret',
    new_username: 'gen-new',
    new_email: 'gen-new@example.com',
  };

  it('shows ids by value and secrets by name only, in the request and its curl line', () => {
    const request: GeneratedRequest = {
      operationId: 'login',
      credential: 'none',
      query: {},
      body: {
        username: { $place: 'username' },
        password: { $place: 'password' },
        captcha_token: { $place: 'captcha_token' },
      },
    };
    const shown = shownRequest(request, places);
    expect(shown.body).toEqual({ username: 'demo', password: '<password>', captcha_token: '<captcha_token>' });
    const curl = curlLine('http://127.0.0.1:4010/api', 'post', '/member/login/', shown);
    expect(curl).not.toMatch(/secret/);
    expect(curl).toContain(
      `--data-raw '{"username":"demo","password":"<password>","captcha_token":"<captcha_token>"}'`,
    );
  });

  it('puts the credential in a shell variable and quotes what the shell would read', () => {
    const request: GeneratedRequest = {
      operationId: 'listTasks',
      credential: 'session',
      query: { company_id: { $place: 'company_id' }, board_id: { $place: 'board_id' }, assignee_ids: [7, 8] },
      body: undefined,
    };
    const curl = curlLine('http://h/api', 'get', '/task/list/', shownRequest(request, places));
    expect(curl).toBe(
      `curl -sS -X GET 'http://h/api/task/list/?company_id=1&board_id=2&assignee_ids=7&assignee_ids=8' -H "Authorization: JWT $ACCESS_TOKEN"`,
    );
    const quoted = curlLine('http://h/api', 'post', '/x/', { ...request, query: {}, body: { title: "it's" } });
    expect(quoted).toContain(`--data-raw '{"title":"it'\\''s"}'`);
  });
});

describe('verdicts', () => {
  const answer = (status: number | undefined, body: unknown): Answer => ({
    record: { error: status === undefined ? 'socket closed' : undefined } as Answer['record'],
    status,
    body,
    json: body !== undefined,
  });
  const named = { status: 'error', message: 'Validation failed.', errors: [{ field: 'body.title', message: 'x' }] };
  const drf = { title: ['Ensure this field has no more than 500 characters.'] };
  const bare = { status: 'error', message: 'Invalid request.' };
  const request = {
    operationId: 'createScenario',
    credential: 'session' as const,
    query: { company_id: 1, board_id: 1 },
    body: { title: 'x'.repeat(501), description: '' },
    breakage: { kind: 'out-of-bounds' as const, location: 'body' as const, field: 'title', what: 'title too long' },
    base: {
      operationId: 'createScenario',
      credential: 'session' as const,
      query: { company_id: 1, board_id: 1 },
      body: { title: 'x', description: '' },
    },
  };
  /** A server that refuses the empty description the same request carries, and names it. */
  const emptyRefused = { status: 'error', errors: [{ field: 'description', message: 'may not be blank' }] };

  it.each([
    ['400 naming the field in errors[].field', answer(400, named), []],
    ['422 naming it as a member (GEN-01 holds, the 400 of the contract does not)', answer(422, drf), ['GEN-02']],
    ['400 naming nothing', answer(400, bare), ['GEN-01', 'GEN-02']],
    [
      '400 naming another field of the request (not verified: refused for another cause)',
      answer(400, emptyRefused),
      [],
    ],
    [
      '400 naming a state (a name already registered: not verified)',
      answer(400, { detail: 'Username already registered' }),
      [],
    ],
    ['404 naming a page (not verified)', answer(404, { detail: 'Invalid page.' }), []],
    ['409 naming a state (not verified)', answer(409, { detail: 'A scenario with this title exists.' }), []],
    [
      '500 naming a state (a crash is judged whatever it says)',
      answer(500, { detail: 'exists' }),
      ['GEN-01', 'GEN-02', 'GEN-04'],
    ],
    ['500 naming nothing', answer(500, bare), ['GEN-01', 'GEN-02', 'GEN-04']],
    ['201: accepted (only the contract says no)', answer(201, { status: 'success', data: {} }), ['GEN-02']],
    ['404 naming nothing (not a validation failure)', answer(404, bare), ['GEN-02']],
    ['no answer: judged by none', answer(undefined, undefined), []],
  ] as [string, Answer, string[]][])('a broken request answered with %s fails %j', (_label, a, rules) => {
    expect(Object.keys(judgeBroken(a, request).verdicts).sort()).toEqual(rules);
  });

  it.each([
    ['201', answer(201, { status: 'success', data: {} }), false, []],
    ['409 (a state conflict)', answer(409, bare), false, []],
    ['404 for an object the run could not provide', answer(404, bare), true, []],
    ['404 for an object the run made', answer(404, bare), false, ['GEN-03']],
    ['400 naming a valid field', answer(400, named), false, ['GEN-03']],
    ['502', answer(502, bare), false, ['GEN-03', 'GEN-04']],
  ] as [string, Answer, boolean, string[]][])('a valid request answered %s fails %j', (_label, a, missing, rules) => {
    expect(Object.keys(judgeValid(a, missing).verdicts).sort()).toEqual(rules);
  });

  it.each([
    ['another field', answer(400, emptyRefused), 'refused for another field (description), not for title'],
    [
      'a state',
      answer(400, { detail: 'Username already registered' }),
      'refused for a state ("Username already registered")',
    ],
    ['a page', answer(404, { detail: 'Invalid page.' }), 'refused for a page ("Invalid page.")'],
  ] as [string, Answer, string][])(
    'a refusal of a broken request for %s is not verified, saying what it named',
    (_l, a, why) => {
      const judgement = judgeBroken(a, request);
      expect(judgement.notVerified?.rules).toEqual(['GEN-01', 'GEN-02']);
      expect(judgement.notVerified?.why).toContain(why);
      expect(judgement.judged['GEN-01']).toBeUndefined();
      expect(judgement.judged['GEN-02']).toBeUndefined();
    },
  );

  it('judges a refusal that names the broken field, whatever else it says', () => {
    const both = {
      errors: [
        { field: 'title', message: 'already too long' },
        { field: 'description', message: 'x' },
      ],
    };
    expect(judgeBroken(answer(400, both), request)).toEqual({
      verdicts: {},
      judged: { 'GEN-01': true, 'GEN-02': true, 'GEN-04': true },
    });
  });

  it.each([
    [
      'a refusal naming nothing, in the envelope (GEN-01)',
      answer(400, { ...bare, data: null }),
      'GEN-01',
      'HTTP 400 whose error payload names neither the broken field title nor another cause (no errors[].field)',
    ],
    [
      'a crash without a JSON payload (GEN-01)',
      { ...answer(500, 'Internal Server Error'), json: false },
      'GEN-01',
      'HTTP 500 whose error payload names neither the broken field title nor another cause (no JSON payload)',
    ],
    [
      'a refusal naming fields the request does not have (GEN-01)',
      answer(422, { errors: [{ field: 'non_field_errors' }, { field: 'body' }] }),
      'GEN-01',
      'HTTP 422 whose error payload names neither the broken field title nor another cause (non_field_errors, body)',
    ],
    [
      'an acceptance (GEN-02)',
      answer(201, { status: 'success', data: {} }),
      'GEN-02',
      'HTTP 201: the broken request was accepted',
    ],
    ['a refusal other than 400 (GEN-02)', answer(422, drf), 'GEN-02', 'HTTP 422, not 400'],
    [
      'a 400 naming nothing (GEN-02)',
      answer(400, bare),
      'GEN-02',
      '400 whose errors[].field does not name title (none)',
    ],
    [
      'a 400 naming fields the request does not have (GEN-02)',
      answer(400, { errors: [{ field: 'non_field_errors' }, { field: 'body' }] }),
      'GEN-02',
      '400 whose errors[].field does not name title (non_field_errors, body)',
    ],
  ] as [string, Answer, 'GEN-01' | 'GEN-02', string][])('says what broke the rule for %s', (_l, a, rule, problem) => {
    expect(judgeBroken(a, request).verdicts[rule]).toBe(problem);
  });

  it.each([
    [
      'a 400 naming a valid field',
      answer(400, named),
      false,
      'HTTP 400 naming body.title, although the request is valid',
    ],
    ['a 400 naming nothing', answer(400, bare), false, 'HTTP 400'],
    [
      'a 400 naming two valid fields',
      answer(400, { errors: [{ field: 'body.title' }, { field: 'body.description' }] }),
      false,
      'HTTP 400 naming body.title, body.description, although the request is valid',
    ],
    ['a 422 naming a valid field', answer(422, named), false, 'HTTP 422'],
    ['a 404 for an object the run made', answer(404, bare), false, 'HTTP 404'],
    ['a 400 for a request naming an object the run could not provide', answer(400, bare), true, 'HTTP 400'],
  ] as [string, Answer, boolean, string][])('says what a valid request got: %s', (_l, a, missing, problem) => {
    expect(judgeValid(a, missing).verdicts['GEN-03']).toBe(problem);
  });

  it('judges an answer to a valid request by GEN-03 and GEN-04, and one with no answer by none', () => {
    expect(judgeValid(answer(201, { status: 'success', data: {} }), false)).toEqual({
      verdicts: {},
      judged: { 'GEN-03': true, 'GEN-04': true },
    });
    expect(judgeValid(answer(undefined, undefined), false)).toEqual({ verdicts: {}, judged: {} });
    // A refusal of a broken request for another cause is still judged by GEN-04 (it is no 5xx).
    expect(judgeBroken(answer(400, emptyRefused), request).judged).toEqual({ 'GEN-04': true });
  });

  it('does not take an acceptance that echoes the other fields for a refusal naming them', () => {
    const echoed = answer(201, { status: 'success', data: { id: 7, description: '', company_id: 1 } });
    expect(judgeBroken(echoed, request)).toEqual({
      verdicts: { 'GEN-02': 'HTTP 201: the broken request was accepted' },
      judged: { 'GEN-01': false, 'GEN-02': true, 'GEN-04': true },
    });
  });

  it.each([
    [
      'another field as a member, before the words of a state in its message',
      { description: 'This description is already in use.', position: ['is taken'] },
      'refused for another field (description, position), not for title',
    ],
    [
      'other fields as words of a message',
      { message: 'description and position may not be blank' },
      'refused for another field (description, position), not for title',
    ],
    [
      'a state in a list of messages (DRF non_field_errors)',
      { non_field_errors: ['A scenario with this title already exists.'] },
      'refused for a state ("A scenario with this title already exists."), not for title',
    ],
    [
      'a state in a message past 80 characters, cut there',
      { detail: `${'x'.repeat(70)} already exists` },
      `refused for a state ("${'x'.repeat(70)} already e…"), not for title`,
    ],
    [
      'a state in a message of 80 characters, whole',
      { detail: `${'x'.repeat(65)} already exists` },
      `refused for a state ("${'x'.repeat(65)} already exists"), not for title`,
    ],
    [
      'another field of an item of a list in the request',
      { errors: [{ field: 'steps[0].action', message: 'may not be blank' }] },
      'refused for another field (steps, action), not for title',
    ],
    [
      'another field called status, as a member of its own',
      { status: ['"locked" is not a valid choice.'] },
      'refused for another field (status), not for title',
    ],
  ] as [string, unknown, string][])('does not verify a broken request refused for %s', (_l, body, why) => {
    const withMore = {
      ...request,
      body: { ...request.body, position: 2, status: 'running', steps: [{ action: '', expected: 'x' }] },
    };
    expect(judgeBroken(answer(400, body), withMore).notVerified?.why).toBe(`HTTP 400 ${why}`);
  });

  it.each([
    [
      'names the broken field and another as words of its message',
      { message: 'title is too long; description is fine' },
    ],
    ['has an envelope status, where the request has a field called status', { status: 'error', message: 'Invalid.' }],
  ])('judges a broken request whose refusal %s', (_l, body) => {
    const withStatus = { ...request, body: { ...request.body, status: 'running' } };
    expect(judgeBroken(answer(400, body), withStatus).notVerified).toBeUndefined();
  });

  it('says which field a valid request was refused for', () => {
    expect(judgeValid(answer(400, named), false).verdicts['GEN-03']).toContain('naming body.title');
  });
});

describe('exploring and shrinking', () => {
  /** A fake target: crashes on a title longer than `crashAbove` characters, otherwise answers as the contract says. */
  const fakeSend =
    (crashAbove: number): Send =>
    async (_plan, request) => {
      const title = (request.body as Record<string, unknown> | undefined)?.title;
      const broken = (request as { breakage?: unknown }).breakage !== undefined;
      const status = typeof title === 'string' && title.length > crashAbove ? 500 : broken ? 400 : 201;
      const field = (request as { breakage?: { field: string } }).breakage?.field ?? 'x';
      const body =
        status === 400
          ? { status: 'error', message: 'Validation failed.', errors: [{ field, message: 'is invalid' }] }
          : { status: status === 500 ? 'error' : 'success', ...(status === 500 ? { message: 'boom' } : { data: {} }) };
      return { answer: { record: {} as Answer['record'], status, body, json: true }, shown: request, missing: false };
    };
  const options = (seed: number, crashAbove = 30): ExploreOptions => ({
    plans: [plan('createScenario')],
    document: contract.document,
    validators,
    marker: MARKER,
    seed,
    maxExamples: 30,
    send: fakeSend(crashAbove),
  });

  it('finds the crash, and shrinks it to the shortest title that still crashes', async () => {
    const exploration = await explore(options(3));
    const [failure] = exploration.failures.get('GEN-04') ?? [];
    expect(failure?.operationId).toBe('createScenario');
    const shrunk = await shrinkFailure(options(3), failure as Failure);
    expect(shrunk.shrunk).toBe(true);
    const title = (shrunk.shown.body as Record<string, unknown>).title as string;
    // 31 characters: the run marker suffix leaves the generated part as short as the crash allows.
    expect(title.length).toBe(31);
    expect(title.endsWith(`[${MARKER}]`)).toBe(true);
  });

  it('counts what it sent per operation and judges every answer', async () => {
    const exploration = await explore(options(4, Number.POSITIVE_INFINITY));
    expect(exploration.stats).toEqual([
      expect.objectContaining({ operationId: 'createScenario', valid: 30, broken: 30, unanswered: 0 }),
    ]);
    expect(exploration.judged.get('GEN-02')).toBe(30);
    expect(exploration.failures.get('GEN-02')).toEqual([]);
  });

  it('sends a broken request only right after the target accepted the valid one it is made from', async () => {
    const sent: GeneratedRequest[] = [];
    const recording: Send = async (p, request) => {
      sent.push(request);
      return fakeSend(Number.POSITIVE_INFINITY)(p, request);
    };
    await explore({ ...options(5), maxExamples: 10, send: recording });
    const broken = sent.flatMap((r, i) => ('breakage' in r ? [i] : []));
    expect(broken).toHaveLength(10);
    for (const i of broken) {
      const request = sent[i] as GeneratedRequest & { base: GeneratedRequest };
      // The one before it is its own valid request, with the same values but for the break.
      expect(sent[i - 1]).toBe(request.base);
      expect(contractErrors(validators, sent[i - 1] as GeneratedRequest)).toEqual([]);
    }
  });

  it('leaves a broken request unsent and not verified when the valid one it is made from is refused', async () => {
    // A target that refuses any title with a digit (as one refusing some characters would), valid or not.
    const picky: Send = async (p, request) => {
      const title = (request.body as Record<string, unknown> | undefined)?.title;
      if (typeof title === 'string' && /[0-4]/.test(title.replace(/\[.*\]$/, ''))) {
        const body = { status: 'error', message: 'Validation failed.', errors: [{ field: 'title', message: 'bad' }] };
        return {
          answer: { record: {} as Answer['record'], status: 400, body, json: true },
          shown: request,
          missing: false,
        };
      }
      return fakeSend(Number.POSITIVE_INFINITY)(p, request);
    };
    const exploration = await explore({ ...options(6), maxExamples: 40, send: picky });
    const notVerified = exploration.notVerified.get('GEN-01') ?? [];
    expect(notVerified.length).toBeGreaterThan(0);
    expect(notVerified[0]).toMatch(
      /^createScenario: the valid request it is made from was refused first \(HTTP 400 naming title\)$/,
    );
    expect(exploration.notVerified.get('GEN-02')).toEqual(notVerified);
    expect(exploration.failures.get('GEN-02')).toEqual([]);
    expect((exploration.judged.get('GEN-02') ?? 0) + notVerified.length).toBe(40);
  });

  /** A send that keeps, per polarity, what each judged request got: the fake target's answers, tallied by the test. */
  function tallied(inner: Send) {
    const judged: { broken: boolean; status: number | undefined; shown: GeneratedRequest }[] = [];
    const send: Send = async (p, request) => {
      const sent = await inner(p, request);
      judged.push({ broken: 'breakage' in request, status: sent.answer.status, shown: sent.shown });
      return sent;
    };
    return { send, judged };
  }

  it('counts, per operation and polarity, the answers by status and the requests that broke a rule of those sent', async () => {
    // A target that crashes on the 2nd, 6th and 10th valid request, and on every third broken one.
    let sends = 0;
    let brokenSeen = 0;
    const crashing: Send = async (p, request) => {
      sends += 1;
      const crash = 'breakage' in request ? ++brokenSeen % 3 === 0 : sends <= 12 && sends % 4 === 2;
      if (crash) {
        const answer = { record: {} as Answer['record'], status: 500, body: {}, json: true };
        return { answer, shown: request, missing: false };
      }
      return fakeSend(Number.POSITIVE_INFINITY)(p, request);
    };
    const { send, judged } = tallied(crashing);
    const exploration = await explore({ ...options(8), maxExamples: 12, send });
    // The valid requests go first; then each broken request after its own valid one, which is not judged again (and
    // a broken one whose valid request was refused is not sent).
    const valid = judged.slice(0, 12);
    const broken = judged.slice(12).filter((j) => j.broken);
    const counted = [...valid, ...broken];
    const statuses: Record<string, number> = {};
    for (const j of counted) statuses[String(j.status)] = (statuses[String(j.status)] ?? 0) + 1;
    expect(exploration.stats).toEqual([
      { operationId: 'createScenario', valid: 12, broken: broken.length, unanswered: 0, reasons: [], statuses },
    ]);
    const crashes = exploration.failures.get('GEN-04') ?? [];
    const firstValid = valid.find((j) => j.status === 500);
    const firstBroken = broken.find((j) => j.status === 500);
    expect(firstValid && firstBroken).toBeTruthy();
    expect(crashes).toEqual([
      expect.objectContaining({
        polarity: 'valid',
        count: valid.filter((j) => j.status === 500).length,
        of: 12,
        shown: firstValid?.shown,
        shrunk: false,
        seed: 8,
      }),
      expect.objectContaining({
        polarity: 'broken',
        count: broken.filter((j) => j.status === 500).length,
        of: broken.length,
        shown: firstBroken?.shown,
        breakage: (firstBroken?.shown as { breakage?: unknown } | undefined)?.breakage,
        shrunk: false,
      }),
    ]);
    expect('breakage' in (crashes[0] as Failure)).toBe(false);
  });

  it('sends an operation that takes no input only valid requests', async () => {
    const exploration = await explore({
      ...options(9, Number.POSITIVE_INFINITY),
      plans: [plan('getMe')],
      maxExamples: 4,
    });
    expect(exploration.stats).toEqual([
      expect.objectContaining({ operationId: 'getMe', valid: 4, broken: 0, statuses: { '201': 4 } }),
    ]);
    expect(Object.fromEntries(exploration.judged)).toEqual({ 'GEN-01': 0, 'GEN-02': 0, 'GEN-03': 4, 'GEN-04': 4 });
  });

  it('judges no request that got no answer, and keeps the first three reasons why', async () => {
    let n = 0;
    const lost: Send = async (_p, request) => {
      n += 1;
      if (n % 2 === 0) throw new Error(`socket hang up ${n % 8}`);
      return {
        answer: { record: {} as Answer['record'], status: undefined, body: undefined, json: false },
        shown: request,
        missing: false,
      };
    };
    const exploration = await explore({ ...options(10), maxExamples: 5, send: lost });
    expect(exploration.stats).toEqual([
      {
        operationId: 'createScenario',
        valid: 0,
        broken: 0,
        unanswered: 10,
        reasons: ['no answer', 'socket hang up 2', 'socket hang up 4'],
        statuses: {},
      },
    ]);
    expect(exploration.judged.get('GEN-04')).toBe(0);
    expect(exploration.notVerified.get('GEN-01')).toEqual([]);
  });

  it.each([
    [
      'the fields it named',
      { errors: [{ field: 'title' }, { field: 'description' }] },
      'HTTP 409 naming title, description',
    ],
    [
      'its payload',
      { detail: 'A scenario with this title exists.' },
      'HTTP 409 {"detail":"A scenario with this title exists."}',
    ],
    ['its payload, cut at 80 characters', { detail: 'x'.repeat(90) }, `HTTP 409 {"detail":"${'x'.repeat(69)}…`],
    ['its payload of 80 characters, whole', { detail: 'x'.repeat(67) }, `HTTP 409 {"detail":"${'x'.repeat(67)}"}`],
    ['its status alone without a payload', undefined, 'HTTP 409'],
  ])('says why the valid request a broken one is made from was refused: %s', async (_l, body, why) => {
    const refusing: Send = async (p, request) =>
      'breakage' in request
        ? fakeSend(Number.POSITIVE_INFINITY)(p, request)
        : {
            answer: { record: {} as Answer['record'], status: 409, body, json: body !== undefined },
            shown: request,
            missing: false,
          };
    const exploration = await explore({ ...options(11), maxExamples: 2, send: refusing });
    expect(exploration.notVerified.get('GEN-02')?.[0]).toBe(
      `createScenario: the valid request it is made from was refused first (${why})`,
    );
  });

  it('does not verify a broken request refused for another cause, saying so per operation', async () => {
    // A target that refuses every broken request naming the company and the board: another cause, unless the break is there.
    const elsewhere: Send = async (p, request) => {
      if (!('breakage' in request)) return fakeSend(Number.POSITIVE_INFINITY)(p, request);
      const body = { status: 'error', errors: [{ field: 'company_id' }, { field: 'board_id' }] };
      return {
        answer: { record: {} as Answer['record'], status: 400, body, json: true },
        shown: request,
        missing: false,
      };
    };
    const exploration = await explore({ ...options(12), maxExamples: 3, send: elsewhere });
    const notVerified = exploration.notVerified.get('GEN-01') ?? [];
    expect(notVerified.length).toBeGreaterThan(0);
    for (const line of notVerified) {
      expect(line).toMatch(
        /^createScenario: HTTP 400 refused for another field \((company_id, board_id|company_id|board_id)\), not for \S+$/,
      );
    }
    expect(exploration.notVerified.get('GEN-02')).toEqual(notVerified);
  });

  it('gives back as it was a failure that does not come back, or of an operation it was not given', async () => {
    const exploration = await explore(options(3));
    const [failure] = exploration.failures.get('GEN-04') ?? [];
    // The target was fixed meanwhile: nothing crashes now. The replay sends the run's requests again, no others.
    const { send: fixed, judged: replayed } = tallied(fakeSend(Number.POSITIVE_INFINITY));
    expect(await shrinkFailure({ ...options(3), send: fixed }, failure as Failure)).toBe(failure);
    const { send: first, judged: ran } = tallied(fakeSend(Number.POSITIVE_INFINITY));
    await explore({ ...options(3), send: first });
    expect(replayed.map((r) => r.shown)).toEqual(ran.slice(0, 30).map((r) => r.shown));
    expect(await shrinkFailure({ ...options(3), plans: [plan('getMe')] }, failure as Failure)).toBe(failure);
  });

  it('shrinks a broken request, of the operation the failure names, to one with its own break', async () => {
    // A target that crashes on every broken request: shrinking may end on another break than the first failure's.
    const crashing: Send = async (p, request) => {
      const answer = { record: {} as Answer['record'], status: 500, body: {}, json: true };
      return 'breakage' in request
        ? { answer, shown: request, missing: false }
        : fakeSend(Number.POSITIVE_INFINITY)(p, request);
    };
    const both = { ...options(8), plans: [plan('getMe'), plan('createScenario')], send: crashing };
    const exploration = await explore(both);
    const broken = (exploration.failures.get('GEN-04') ?? []).find((f) => f.polarity === 'broken') as Failure;
    const shrunk = await shrinkFailure(both, broken);
    expect(shrunk).toMatchObject({ shrunk: true, operationId: 'createScenario' });
    expect(shrunk.breakage).toEqual((shrunk.shown as { breakage?: unknown }).breakage);
  });
});
