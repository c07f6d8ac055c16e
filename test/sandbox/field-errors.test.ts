// Field errors a person can read (docs/sandbox.md, "Field errors"): every ajv keyword the contract's request schemas
// use answers in its own words through the sandbox, and each 400 example of openapi.yaml is what the sandbox answers
// to the request that example describes.
import { beforeAll, describe, expect, it } from 'vitest';
import { fieldMessage } from '../../contract/field-messages.js';
import { CONTRACT_PATH } from '../../contract/openapi.js';
import { compiledRequestValidators } from '../../contract/request-validators.js';
import { operationsOf, type ResolvedOperation, readResolvedContract } from '../../contract/resolved.js';
import { DEMO } from '../../mocks/sandbox/worlds/seed.js';
import { onBoard, sandboxUnderTest } from './harness.js';

const { call, loginAs } = sandboxUnderTest();
const operations = operationsOf(readResolvedContract(CONTRACT_PATH));
const validators = compiledRequestValidators();
let jwt = '';
beforeAll(async () => {
  jwt = await loginAs(DEMO.accounts.member.username, DEMO.accounts.member.password);
});

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Keywords that hold schemas or only describe: what they hold is walked, they never fail on their own. */
const STRUCTURE = new Set(['properties', 'items', 'allOf', 'description', 'example', 'examples']);
/** Keywords whose value is a schema, or a list of schemas, to walk. */
const HOLDS_SCHEMAS = new Set(['items', 'allOf', 'oneOf', 'anyOf', 'not', 'additionalProperties']);

/** The validation keywords of `schema` and every schema inside it (the contract's request schemas, `$ref`s inlined). */
function keywordsOf(schema: unknown, into: Set<string>): Set<string> {
  if (!isNode(schema)) return into;
  for (const [key, value] of Object.entries(schema)) {
    if (key.startsWith('x-') || (key === 'additionalProperties' && value === true)) continue;
    if (!STRUCTURE.has(key)) into.add(key);
    if (key === 'properties' && isNode(value)) for (const child of Object.values(value)) keywordsOf(child, into);
    else if (HOLDS_SCHEMAS.has(key)) for (const child of [value].flat()) keywordsOf(child, into);
  }
  return into;
}

const requestKeywords = new Set<string>();
for (const op of operations) {
  for (const p of op.parameters) if (p.in === 'query') keywordsOf(p.schema, requestKeywords);
  keywordsOf(op.requestBody?.content['application/json']?.schema, requestKeywords);
}

interface Sent {
  method: string;
  path: string;
  body?: unknown;
  auth?: boolean;
}

/** createApiToken with a valid body, changed by `fields` (an undefined field is left out). */
const tokens = (fields: Node): Sent => ({
  method: 'POST',
  path: '/member/bearer-tokens/',
  body: { title: 'ci-bot', is_active: true, ...fields },
  auth: true,
});
const outcome = (body: unknown): Sent => ({
  method: 'PATCH',
  path: `/features/qa/sessions/cases/?${onBoard({ case_report_id: 1 })}`,
  body,
  auth: true,
});

/** One real request per keyword (and per kind of value a keyword words differently), and the field errors it gets. */
const BY_KEYWORD: Record<string, Array<[Sent, { field: string; message: string }[]]>> = {
  required: [[tokens({ title: undefined }), [{ field: 'title', message: 'is required' }]]],
  additionalProperties: [[tokens({ owner: 'me' }), [{ field: 'owner', message: 'is not a known field' }]]],
  type: [
    [tokens({ title: 5 }), [{ field: 'title', message: 'must be a string' }]],
    [tokens({ is_active: 'yes' }), [{ field: 'is_active', message: 'must be true or false' }]],
    [tokens({ metadata: [] }), [{ field: 'metadata', message: 'must be an object' }]],
    [tokens({ expires_at: 5 }), [{ field: 'expires_at', message: 'must be a string or null' }]],
    [
      { method: 'GET', path: '/member/bearer-tokens/?limit=ten', auth: true },
      [{ field: 'limit', message: 'must be an integer' }],
    ],
    [
      { method: 'GET', path: `/task/list/?${onBoard({ assignee_ids: 1 })}&assignee_ids=x`, auth: true },
      [{ field: 'assignee_ids', message: 'must be integers' }],
    ],
  ],
  format: [
    [
      tokens({ expires_at: 'tomorrow' }),
      [{ field: 'expires_at', message: 'must be a date-time such as 2099-12-31T00:00:00Z' }],
    ],
  ],
  minLength: [[tokens({ title: '' }), [{ field: 'title', message: 'must not be empty' }]]],
  maxLength: [[tokens({ title: 'x'.repeat(201) }), [{ field: 'title', message: 'must be at most 200 characters' }]]],
  minimum: [
    [
      { method: 'GET', path: '/member/bearer-tokens/?page=0', auth: true },
      [{ field: 'page', message: 'must be at least 1' }],
    ],
    [
      { method: 'GET', path: `/task/list/?${onBoard({ assignee_ids: 0 })}`, auth: true },
      [{ field: 'assignee_ids', message: 'must each be at least 1' }],
    ],
  ],
  maximum: [
    [
      { method: 'GET', path: '/member/bearer-tokens/?limit=101', auth: true },
      [{ field: 'limit', message: 'must be at most 100' }],
    ],
  ],
  minProperties: [
    [
      { method: 'PATCH', path: '/member/bearer-tokens/detail/?key=k', body: {}, auth: true },
      [{ field: 'body', message: 'must contain at least one field' }],
    ],
  ],
  discriminator: [
    [outcome({ status: 'passed' }), [{ field: 'status', message: 'must be one of pending, done, bug' }]],
    [outcome({ actual_result: 'x' }), [{ field: 'status', message: 'is required' }]],
  ],
};

/**
 * Keywords no request can fail on their own, each with the reason; their words are checked directly. The
 * discriminator picks the `oneOf` branch by the tag's value, so neither `oneOf` nor the branch's `const` on that tag
 * is ever judged apart from it.
 */
const NEVER_ALONE: Record<string, [string, { keyword: string; params: Node }]> = {
  oneOf: ['must match one of the allowed shapes', { keyword: 'oneOf', params: { passingSchemas: null } }],
  const: ['must be done', { keyword: 'const', params: { allowedValue: 'done' } }],
};

async function send(sent: Sent) {
  return call(sent.method, sent.path, { body: sent.body, auth: sent.auth ? jwt : undefined });
}

describe('every keyword of the request schemas answers in its own words', () => {
  it('each keyword the contract uses has a request here, or a reason it cannot fail alone', () => {
    const covered = [...Object.keys(BY_KEYWORD), ...Object.keys(NEVER_ALONE)];
    expect([...requestKeywords].filter((k) => !covered.includes(k))).toEqual([]);
    expect(covered.filter((k) => !requestKeywords.has(k))).toEqual([]);
  });

  for (const [keyword, cases] of Object.entries(BY_KEYWORD)) {
    it.each(cases)(`${keyword}: %j`, async (sent, errors) => {
      const reply = await send(sent);
      expect(reply.status, JSON.stringify(reply.json)).toBe(400);
      expect(reply.json.errors).toEqual(errors);
    });
  }

  it.each(Object.entries(NEVER_ALONE))('%s, judged only with a discriminator, has words too', (_k, [words, error]) => {
    const e = { ...error, instancePath: '', schemaPath: '' };
    expect(fieldMessage(e, { each: false, tags: () => [] })).toBe(words);
  });
});

/** The 400 examples of each operation: the example's name, the payload it shows. */
function errorExamples(
  op: ResolvedOperation,
): Array<[string, { message: string; errors: { field: string; message: string }[] }]> {
  const examples = op.responses['400']?.content['application/json']?.examples ?? {};
  return Object.entries(examples) as Array<[string, { message: string; errors: { field: string; message: string }[] }]>;
}

/** A value `schema` accepts: its example, else the first `allOf` member's, else a plain value of its type. */
function sample(schema: unknown): unknown {
  if (!isNode(schema)) return undefined;
  if ('example' in schema) return schema.example;
  if (Array.isArray(schema.allOf)) return sample(schema.allOf[0]);
  if (schema.type === 'object') {
    const properties = isNode(schema.properties) ? schema.properties : {};
    return Object.fromEntries(((schema.required as string[]) ?? []).map((name) => [name, sample(properties[name])]));
  }
  return ({ integer: 1, boolean: true, string: 'x', array: [] } as Record<string, unknown>)[String(schema.type)];
}

/** The value the example's message refuses: the request each example describes, field by field. */
function offending(message: string): { value: unknown } | 'absent' | 'header' {
  if (message === 'is required') return 'absent';
  if (message === 'must not be empty') return { value: '' };
  if (message.startsWith('must not be sent')) return 'header';
  if (message === 'must be an integer') return { value: 'x' };
  if (message === 'must be integers') return { value: ['x'] };
  if (message === 'must be an e-mail address') return { value: 'not-an-e-mail' };
  const characters = /^must be at most (\d+) characters$/.exec(message);
  if (characters) return { value: 'x'.repeat(Number(characters[1]) + 1) };
  const most = /^must be at most (\d+)$/.exec(message);
  if (most) return { value: Number(most[1]) + 1 };
  throw new Error(`no offending value is known for "${message}": add one here`);
}

const cases = operations.flatMap((op) => errorExamples(op).map(([name, example]) => ({ op, name, example })));

describe("openapi.yaml's 400 examples are the sandbox's answers", () => {
  it('every operation that takes input shows one', () => {
    const takesInput = operations.filter((op) => op.requestBody || op.parameters.some((p) => p.in === 'query'));
    expect(takesInput.filter((op) => errorExamples(op).length === 0).map((op) => op.operationId)).toEqual([]);
  });

  it.each(cases.map((c) => [`${c.op.operationId} ${c.name}`, c] as const))('%s', async (_label, { op, example }) => {
    const [shown] = example.errors;
    expect(example.errors).toHaveLength(1);
    const { field, message } = shown as { field: string; message: string };
    const change = offending(message);
    const query = new URLSearchParams();
    const params = op.parameters.filter((p) => p.in === 'query');
    for (const p of params) if (p.required) query.append(p.name, String(sample(p.schema)));
    const media = op.requestBody?.content['application/json'];
    const bodies = Object.values(media?.examples ?? {}).filter(isNode);
    let body: Node | undefined = media
      ? { ...((bodies.find((b) => field in b) ?? bodies[0] ?? sample(media.schema)) as Node) }
      : undefined;
    // The request without the offending change passes the sandbox's checks: only the example's field is wrong.
    if (params.length > 0) expect(validators.query(op.operationId, query).ok).toBe(true);
    if (body) expect(validators.body(op.operationId, body).ok).toBe(true);

    const headers: Record<string, string> = {};
    if (change === 'header') headers.authorization = 'JWT anything';
    else if (params.some((p) => p.name === field)) {
      query.delete(field);
      if (change !== 'absent') for (const v of [change.value].flat()) query.append(field, String(v));
    } else if (body) {
      body = { ...body };
      if (change === 'absent') delete body[field];
      else body[field] = change.value;
    }
    const authenticated = op.security.length > 0;
    const path = `${op.path}${query.size > 0 ? `?${query}` : ''}`;
    const reply = await call(op.method.toUpperCase(), path, {
      body,
      auth: authenticated ? jwt : undefined,
      headers,
    });
    expect(reply.status, JSON.stringify(reply.json)).toBe(400);
    expect(reply.json).toEqual(example);
  });
});

describe('a request wrong in its query and its body gets every field error in one answer', () => {
  const cases = [
    {
      label: 'login with a query parameter it does not take and a username that is no string',
      method: 'POST',
      path: '/member/login/?page=1',
      body: { username: 5, password: 'x', captcha_token: DEMO.captchaToken },
      fields: ['page', 'username'],
      anonymous: true,
    },
    {
      label: 'token create with a query parameter and an is_active that is no boolean',
      method: 'POST',
      path: '/member/bearer-tokens/?title=x',
      body: { title: 'ok', is_active: 'yes' },
      fields: ['title', 'is_active'],
    },
    {
      label: 'an outcome with a board_id that is no integer and a status out of the list',
      method: 'PATCH',
      path: `/features/qa/sessions/cases/?company_id=1&board_id=x&case_report_id=1`,
      body: { status: 'maybe' },
      fields: ['board_id', 'status'],
    },
    {
      label: 'a scenario create without board_id and with a title that is no string',
      method: 'POST',
      path: '/features/qa/scenarios/list/?company_id=1',
      body: { title: 5, parent_id: null },
      fields: ['board_id', 'title'],
    },
  ];
  it.each(cases)('$label → 400 naming $fields', async ({ method, path, body, fields, anonymous }) => {
    const res = await call(method, path, { body, ...(anonymous ? {} : { auth: jwt }) });
    expect(res.status, JSON.stringify(res.json)).toBe(400);
    expect(res.json.errors.map((e: { field: string }) => e.field).sort()).toEqual([...fields].sort());
  });
});
