// A stateful walk over the contract's OpenAPI links against the sandbox, as Schemathesis' stateful phase runs one.
import { afterAll, beforeAll, describe, expect, it, test } from 'vitest';
import { linkBodyExpressions } from '../../contract/links.js';
import { loadContract, type OperationSpec } from '../../contract/openapi.js';
import { dereference } from '../../contract/pointer.js';
import { createValidators } from '../../contract/validators.js';
import { type SandboxServer, startSandboxServer } from '../../mocks/sandbox/hosts/node.js';
import { DEMO } from '../../mocks/sandbox/worlds/seed.js';
import { type Exchange, resolveLinkBody, resolveLinkValue, unresolved } from './runtime-expression.js';

interface LinkObject {
  operationId: string;
  parameters?: Record<string, unknown>;
  requestBody?: unknown;
  description?: string;
}

/** One link of the contract: the response that carries it and where it leads. */
interface DeclaredLink {
  /** `createScenario 201 → getScenario` */
  id: string;
  from: string;
  status: string;
  name: string;
  link: LinkObject;
}

/** A walk from a root request through a chain of links; replayed from the root so every link starts on fresh data. */
interface Chain {
  root: Call;
  links: DeclaredLink[];
}

interface Call {
  operationId: string;
  query?: Record<string, unknown>;
  body?: unknown;
}

interface Step {
  call: Call;
  exchange: Exchange;
}

const contract = loadContract();
const validators = createValidators(contract);
type Node = Record<string, unknown>;

/** Follows one `$ref` if there is one. */
const deref = (node: Node): Node => dereference(contract.document, node) as Node;

function operationNode(op: OperationSpec): Node {
  return (contract.document.paths as Record<string, Node>)[op.path]?.[op.method] as Node;
}

/** Every link the contract declares, in document order. */
const declaredLinks: DeclaredLink[] = contract.operations.flatMap((op) =>
  Object.entries(operationNode(op).responses as Record<string, Node>).flatMap(([status, response]) =>
    Object.entries((deref(response).links ?? {}) as Record<string, Node>).map(([name, link]) => {
      const resolved = deref(link) as unknown as LinkObject;
      return { id: `${op.operationId} ${status} → ${name}`, from: op.operationId, status, name, link: resolved };
    }),
  ),
);

/** The example (or first named one) of an operation's JSON request body: what a tool sends when a link gives none. */
function exampleBody(op: OperationSpec): unknown {
  const requestBody = operationNode(op).requestBody as Node | undefined;
  if (!requestBody) return undefined;
  const media = (deref(requestBody).content as Record<string, Node>)['application/json'];
  if (media && 'example' in media) return media.example;
  const first = Object.values((media?.examples ?? {}) as Record<string, Node>)[0];
  return first ? deref(first).value : undefined;
}

function operation(operationId: string): OperationSpec {
  const op = contract.byId.get(operationId);
  if (!op) throw new Error(`no operation ${operationId} in openapi.yaml`);
  return op;
}

let server: SandboxServer;
let authorization: string;

async function send(call: Call): Promise<Exchange> {
  const op = operation(call.operationId);
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(call.query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) query.append(name, String(item));
  }
  const url = `${server.baseUrl}${op.path}${query.size > 0 ? `?${query}` : ''}`;
  const headers = new Headers();
  if (op.authenticated) headers.set('Authorization', authorization);
  if (call.body !== undefined) headers.set('Content-Type', 'application/json');
  const response = await fetch(url, {
    method: op.method.toUpperCase(),
    headers,
    body: call.body === undefined ? undefined : JSON.stringify(call.body),
  });
  const text = await response.text();
  return {
    request: { url, method: op.method, query, headers, body: call.body },
    response: { status: response.status, headers: response.headers, body: text === '' ? undefined : JSON.parse(text) },
  };
}

/** The request a link makes from the exchange it starts at; throws when an expression finds nothing. */
function linkedCall(link: DeclaredLink, from: Exchange): Call {
  const target = operation(link.link.operationId);
  const query = resolveLinkValue(link.link.parameters ?? {}, from) as Record<string, unknown>;
  const body = link.link.requestBody === undefined ? exampleBody(target) : resolveLinkBody(link.link.requestBody, from);
  const missing = [
    ...unresolved(query).map((p) => `parameter ${p}`),
    ...unresolved(body ?? null).map((p) => `body ${p}`),
  ];
  if (missing.length > 0) throw new Error(`${link.id}: nothing found for ${missing.join(', ')}`);
  const unset = target.parameters.filter((p) => p.required && !(p.name in query)).map((p) => p.name);
  if (unset.length > 0)
    throw new Error(`${link.id}: leaves required ${unset.join(', ')} of ${target.operationId} unset`);
  if (target.requestBodyRequired && body === undefined)
    throw new Error(`${link.id}: no body for ${target.operationId}`);
  return { operationId: target.operationId, query, body };
}

/** Runs a chain from its root; every step must answer 2xx with a body the contract accepts. */
async function run(chain: Chain): Promise<Step[]> {
  const steps: Step[] = [];
  let call = chain.root;
  for (let i = 0; ; i++) {
    const exchange = await send(call);
    const { status, body } = exchange.response;
    const where = [chain.root.operationId, ...chain.links.slice(0, i).map((l) => l.id)].join(' ⇒ ');
    if (status < 200 || status > 299)
      throw new Error(`${where}: ${call.operationId} answered ${status} ${JSON.stringify(body)}`);
    const violations = validators.response(call.operationId, status, body) ?? [
      { field: '(status)', message: 'not declared' },
    ];
    if (violations.length > 0)
      throw new Error(`${where}: ${call.operationId} ${status} breaks the contract ${JSON.stringify(violations)}`);
    steps.push({ call, exchange });
    const next = chain.links[i];
    if (!next) return steps;
    call = linkedCall(next, exchange);
  }
}

/** Root requests need nothing from another answer: login, the company list and a token creation. */
const ROOTS: Call[] = [
  {
    operationId: 'login',
    body: {
      username: DEMO.accounts.member.username,
      password: DEMO.accounts.member.password,
      captcha_token: DEMO.captchaToken,
    },
  },
  { operationId: 'listCompanies' },
  { operationId: 'createApiToken', body: exampleBody(operation('createApiToken')) },
];

const followed = new Map<string, Step>();
const failures: string[] = [];

beforeAll(async () => {
  server = await startSandboxServer({ port: 0 });
  const login = await send(ROOTS[0] as Call);
  authorization = `JWT ${(login.response.body as { data: { access_token: string } }).data.access_token}`;

  // Breadth first: each link is followed once, from a fresh answer of the operation that declares it.
  const queue: { chain: Chain; steps: Step[] }[] = [];
  for (const root of ROOTS) queue.push({ chain: { root, links: [] }, steps: await run({ root, links: [] }) });
  while (queue.length > 0) {
    const { chain, steps } = queue.shift() as { chain: Chain; steps: Step[] };
    const last = steps.at(-1) as Step;
    const status = String(last.exchange.response.status);
    for (const link of declaredLinks.filter((l) => l.from === last.call.operationId && l.status === status)) {
      if (followed.has(link.id)) continue;
      const next: Chain = { root: chain.root, links: [...chain.links, link] };
      try {
        const nextSteps = await run(next);
        followed.set(link.id, nextSteps.at(-1) as Step);
        queue.push({ chain: next, steps: nextSteps });
      } catch (error) {
        followed.set(link.id, last);
        failures.push((error as Error).message);
      }
    }
  }
  console.log(`links declared: ${declaredLinks.length}, followed: ${followed.size}, failed: ${failures.length}`);
});

afterAll(() => server?.close());

describe('OpenAPI links', () => {
  test('the responses that hand out ids carry links', () => {
    const sources = new Set(declaredLinks.map((l) => l.from));
    for (const from of ['listCompanies', 'createScenario', 'createCase', 'startSession', 'login', 'createApiToken']) {
      expect(sources, from).toContain(from);
    }
    for (const link of declaredLinks) expect(contract.byId.has(link.link.operationId), link.id).toBe(true);
  });

  test('every link is reached by the walk from login, the company list and a token creation', () => {
    expect([...followed.keys()].sort()).toEqual(declaredLinks.map((l) => l.id).sort());
  });

  test('every link resolves and its target answers 2xx with a body the contract accepts', () => {
    expect(failures).toEqual([]);
  });

  test('the session start link records an outcome on the report the start created', () => {
    const outcome = followed.get('startSession 201 → recordCaseOutcome');
    const report = (outcome?.exchange.response.body as { data: { case_report: { id: number; status: string } } })?.data
      .case_report;
    expect(report?.status).toBe('done');
    expect(outcome?.exchange.request.query.get('case_report_id')).toBe(String(report?.id));
  });
});

describe('linkBodyExpressions: the members a link body sets, in either form', () => {
  it.each([
    [
      'an object of expressions',
      { refresh_token: '$response.body#/data/refresh_token' },
      { refresh_token: '$response.body#/data/refresh_token' },
    ],
    [
      'JSON text with one embedded expression',
      '{"refresh_token": "{$response.body#/data/refresh_token}"}',
      { refresh_token: '$response.body#/data/refresh_token' },
    ],
    [
      'JSON text with a constant beside it',
      '{"a": "{$response.body#/x}", "b": "fixed", "c": 3}',
      { a: '$response.body#/x' },
    ],
    ['an expression inside a longer string', '{"a": "id-{$response.body#/x}"}', {}],
    ['JSON text that does not parse', '{"a": ', {}],
    ['a whole-body expression', '$response.body#/data', {}],
    ['no body', undefined, {}],
  ])('%s', (_what, body, expected) => {
    expect(linkBodyExpressions(body)).toEqual(expected);
  });
});
