// The docs' Postman collection (Postman Collection v2.1, README "Publishing the docs"): every operation of openapi.yaml
// as a request with the credential kind its security names, in an order that runs from an account with no data of its
// own, with tests on each answer's status and envelope. Paths, queries, bodies, credentials, success statuses and the
// ids handed from one request to the next (the contract's links) come from the contract; only the order of the run and
// each step's choices are declared here.
import { statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isObject } from '../contract/json.js';
import { linkBodyExpressions } from '../contract/links.js';
import { nodeAt } from '../contract/pointer.js';
import { ContractReadError, operationsOf, type ResolvedOperation, readResolvedContract } from '../contract/resolved.js';
import { DEMO } from '../mocks/sandbox/worlds/seed.js';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The collection's file name, beside the docs pages. */
export const POSTMAN_FILE = 'task-management.postman_collection.json';

const SCHEMA = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';

/** One request of the run: an operation of the contract and the choices the contract cannot make for a run. */
export interface Step {
  operationId: string;
  /** The security scheme whose credential is sent; default `JwtAccessToken`. Must be one the operation accepts. */
  credential?: string;
  /** The request-body example sent (by its name in the contract); default the first. */
  example?: string;
  /** Body fields sent as this JSON text instead of the example's value; it may hold `{{variables}}`. */
  body?: Record<string, string>;
  /** A pre-request script and the request-local variables it sets. */
  prerequest?: { exec: string[]; sets: string[] };
  /** Script lines that set `chosen[name]`: a value taken before the link's (which stays the fallback). */
  choose?: string[];
  /** Test lines beyond status and envelope; they run before the answer's values are handed on. */
  tests?: string[];
}

/** A folder of the collection: steps that run one after the other. */
export interface Phase {
  name: string;
  description: string;
  steps: Step[];
}

/**
 * The run, in order: log in, find a board, create what later requests use, use it, clean up. Every operation of the
 * contract appears exactly once; the build fails otherwise, and when a request uses a variable no earlier step sets.
 */
export const RUN_ORDER: Phase[] = [
  {
    name: 'Log in',
    description:
      'Logs in with the collection variables `username`, `password` and `captcha_token` (the sandbox demo account by default), rotates the token pair and stores the new one, registers a new account with a username unique to the run, and reads the account.',
    steps: [
      { operationId: 'login' },
      {
        operationId: 'refreshToken',
        tests: [
          "pm.test('the pair is rotated: the refresh token differs from the one sent', () => pm.expect(body.data.refresh_token).to.not.eql(pm.collectionVariables.get('refresh_token')));",
        ],
      },
      {
        operationId: 'register',
        prerequest: {
          exec: [
            '// A username and e-mail address no earlier run has taken.',
            "pm.variables.set('run_id', Date.now().toString(36) + Math.random().toString(36).slice(2, 8));",
          ],
          sets: ['run_id'],
        },
        body: { username: '"postman-{{run_id}}"', email: '"postman-{{run_id}}@example.com"' },
      },
      { operationId: 'getMe' },
    ],
  },
  {
    name: 'Workspace and named API token',
    description:
      'Reads the company list for `company_id` and `board_id` (a board with a column of the todo kind, which a review session needs), creates a named API token that expires in an hour, and lists the tokens with it (`Authorization: Bearer`).',
    steps: [
      {
        operationId: 'listCompanies',
        choose: [
          '// A review session needs a board with a column of the todo kind (startSession): prefer such a board.',
          'const todoBoard = ((body && body.data && body.data.companies) || [])',
          '  .flatMap((company) => (company.boards || []).map((board) => ({ company, board })))',
          "  .find(({ board }) => (board.columns || []).some((column) => column.kind === 'todo'));",
          'if (todoBoard) Object.assign(chosen, { company_id: todoBoard.company.id, board_id: todoBoard.board.id });',
        ],
      },
      {
        operationId: 'createApiToken',
        prerequest: {
          exec: [
            '// The token outlives the run by an hour at most, even if the clean-up never runs.',
            "pm.variables.set('expires_at', new Date(Date.now() + 60 * 60 * 1000).toISOString());",
          ],
          sets: ['expires_at'],
        },
        body: { title: '"postman-run"', expires_at: '"{{expires_at}}"' },
      },
      { operationId: 'listApiTokens', credential: 'ApiToken' },
    ],
  },
  {
    name: 'QA flow',
    description:
      'Creates a scenario and a test case in it, starts a review session, records the case as done, finishes the session and lists the board tasks.',
    steps: [
      { operationId: 'createScenario' },
      { operationId: 'listScenarios', credential: 'ApiToken' },
      { operationId: 'getScenario' },
      { operationId: 'updateScenario' },
      { operationId: 'createCase' },
      { operationId: 'listCases' },
      { operationId: 'getCase' },
      { operationId: 'updateCase' },
      { operationId: 'startSession' },
      { operationId: 'listSessions', credential: 'ApiToken' },
      // `done`, not `bug`: a bug creates a linked task, which stays on the board (no operation deletes a task).
      { operationId: 'recordCaseOutcome', example: 'done' },
      { operationId: 'finishSession' },
      { operationId: 'listTasks', credential: 'ApiToken' },
    ],
  },
  {
    name: 'Clean up',
    description:
      'Deletes what the run created: the case, the scenario (with its sessions and reports), and the named token, first deactivated. The registered account stays: the contract has no operation that deletes an account.',
    steps: [
      { operationId: 'deleteCase' },
      { operationId: 'deleteScenario' },
      { operationId: 'updateApiToken', example: 'deactivate' },
      { operationId: 'deleteApiToken' },
    ],
  },
];

/** The variable that holds each security scheme's credential. */
const SCHEME_VARIABLES: Record<string, string> = { ApiToken: 'api_token', JwtAccessToken: 'access_token' };
const DEFAULT_CREDENTIAL = 'JwtAccessToken';

/** Credentials handed on from an answer (no link carries a credential): variable ← JSON pointer into the answer. */
const CREDENTIAL_CAPTURES: Record<string, Record<string, string>> = {
  login: { access_token: '/data/access_token' },
  refreshToken: { access_token: '/data/access_token' },
  createApiToken: { api_token: '/data/token/token' },
};

/** Variables the user sets, with their defaults: the sandbox demo world's public values. */
const INPUTS: Record<string, { value: string; description: string }> = {
  username: {
    value: DEMO.accounts.member.username,
    description: 'The account to log in as (the sandbox demo member).',
  },
  password: { value: DEMO.accounts.member.password, description: 'Its password (the sandbox demo password).' },
  captcha_token: {
    value: DEMO.captchaToken,
    description: 'A captcha token the server accepts (the sandbox test captcha).',
  },
};

type Node = Record<string, unknown>;

/** A Postman v2.1 collection, as far as this build writes one. */
export interface PostmanCollection {
  info: { name: string; version?: string; description: string; schema: string };
  auth: PostmanAuth;
  variable: { key: string; value: string; type: 'string'; description: string }[];
  item: PostmanFolder[];
}

export interface PostmanFolder {
  name: string;
  description: string;
  item: PostmanItem[];
}

export interface PostmanItem {
  name: string;
  event: { listen: 'prerequest' | 'test'; script: { type: 'text/javascript'; exec: string[] } }[];
  request: {
    method: string;
    description: string;
    auth: PostmanAuth;
    header: { key: string; value: string }[];
    body?: { mode: 'raw'; raw: string; options: { raw: { language: 'json' } } };
    url: {
      raw: string;
      host: string[];
      path: string[];
      query?: { key: string; value: string; disabled?: boolean; description?: string }[];
    };
  };
  response: [];
}

export type PostmanAuth =
  | { type: 'noauth' }
  | { type: 'bearer'; bearer: { key: string; value: string; type: 'string' }[] }
  | { type: 'apikey'; apikey: { key: string; value: string; type: 'string' }[] };

const VARIABLE = /\{\{([^{}$][^{}]*)\}\}/g;
const variablesIn = (text: string): string[] => [...text.matchAll(VARIABLE)].map((m) => m[1] as string);

/** The Postman auth that sends `scheme`'s credential from `variable`. */
function authFor(file: string, name: string, scheme: unknown, variable: string): PostmanAuth {
  if (!isObject(scheme)) throw new ContractReadError(file, `/components/securitySchemes/${name}`, 'is not defined');
  if (scheme.type === 'http' && String(scheme.scheme).toLowerCase() === 'bearer') {
    return { type: 'bearer', bearer: [{ key: 'token', value: `{{${variable}}}`, type: 'string' }] };
  }
  if (scheme.type === 'apiKey' && scheme.in === 'header' && typeof scheme.name === 'string') {
    // The value's prefix (`JWT `) is the word before the credential in the scheme's example header value.
    const example = typeof scheme['x-example'] === 'string' ? scheme['x-example'] : '';
    const prefix = example.includes(' ') ? example.slice(0, example.indexOf(' ') + 1) : '';
    return {
      type: 'apikey',
      apikey: [
        { key: 'key', value: scheme.name, type: 'string' },
        { key: 'value', value: `${prefix}{{${variable}}}`, type: 'string' },
        { key: 'in', value: 'header', type: 'string' },
      ],
    };
  }
  throw new ContractReadError(
    file,
    `/components/securitySchemes/${name}`,
    'the Postman collection supports http bearer and header apiKey schemes only',
  );
}

/** The schemes an operation accepts; empty when it takes no credential (`security: []`). */
const schemesOf = (op: ResolvedOperation): string[] => [...new Set(op.security.flatMap((r) => Object.keys(r)))];

/** `$response.body#/…` values of the links of `response`, by the parameter or body field they fill. */
function linkCaptures(file: string, op: ResolvedOperation, status: string): Record<string, string> {
  const response = (op.node.responses as Node)[status];
  const links = isObject(response) && isObject(response.links) ? response.links : {};
  const captures: Record<string, string> = {};
  for (const [name, link] of Object.entries(links)) {
    if (!isObject(link)) continue;
    const fields = {
      ...(isObject(link.parameters) ? link.parameters : {}),
      ...linkBodyExpressions(link.requestBody),
    };
    for (const [field, expression] of Object.entries(fields)) {
      if (typeof expression !== 'string' || !expression.startsWith('$response.body#')) continue;
      const pointer = expression.slice('$response.body#'.length);
      if (captures[field] !== undefined && captures[field] !== pointer) {
        throw new ContractReadError(
          file,
          `${op.pointer}/responses/${status}/links/${name}`,
          `${field} is taken from two places`,
        );
      }
      captures[field] = pointer;
    }
  }
  return captures;
}

/** The first 2xx response the contract documents for `op`, with its JSON example and schema. */
function successOf(file: string, op: ResolvedOperation): { status: string; schema?: Node; example: unknown } {
  const status = Object.keys(op.responses).find((code) => /^2\d\d$/.test(code));
  if (!status)
    throw new ContractReadError(file, op.pointer, 'documents no 2xx response: the collection has no status to test');
  const json = op.responses[status]?.content['application/json'];
  return { status, schema: json?.schema, example: Object.values(json?.examples ?? {})[0] };
}

/** A parameter's example as query text: the named `default` if any, else the first. */
function parameterExamples(
  file: string,
  op: ResolvedOperation,
  name: string,
  examples: Record<string, unknown>,
): string[] {
  const value = 'default' in examples ? examples.default : Object.values(examples)[0];
  if (value === undefined) throw new ContractReadError(file, op.pointer, `parameter ${name} has no example`);
  return (Array.isArray(value) ? value : [value]).map(String);
}

/** The error for a request that needs a value no earlier request has handed on. */
const tooEarly = (op: ResolvedOperation, name: string) =>
  new Error(`Postman run order: ${op.operationId} uses {{${name}}} before any request sets it`);

/**
 * The JSON body: the step's example with handed-on variables and the step's own fields put in. A field that some
 * request of the run hands on (`passedOn`) is never sent with its example value (an id of the demo world), unless that
 * value is null.
 */
function bodyOf(
  file: string,
  op: ResolvedOperation,
  step: Step,
  known: Set<string>,
  passedOn: Set<string>,
): string | undefined {
  const json = op.requestBody?.content['application/json'];
  if (!json) return undefined;
  const name = step.example ?? Object.keys(json.examples)[0];
  const example = name === undefined ? undefined : json.examples[name];
  if (!isObject(example)) {
    throw new ContractReadError(
      file,
      `${op.pointer}/requestBody`,
      `has no object example${step.example ? ` named ${step.example}` : ''}`,
    );
  }
  const properties = isObject(json.schema?.properties) ? json.schema.properties : {};
  const slots: string[] = [];
  const slot = (text: string) => `\ue000${slots.push(text) - 1}\ue000`;
  const fields = Object.fromEntries(
    Object.entries(example).map(([field, value]) => {
      const own = step.body?.[field];
      if (own !== undefined) return [field, slot(own)];
      if (!known.has(field)) {
        if (passedOn.has(field) && value !== null) throw tooEarly(op, field);
        return [field, value];
      }
      const type = isObject(properties[field]) ? properties[field].type : undefined;
      const isString = type === 'string' || (Array.isArray(type) && type.includes('string'));
      return [field, slot(isString ? `"{{${field}}}"` : `{{${field}}}`)];
    }),
  );
  for (const field of Object.keys(step.body ?? {})) {
    if (!(field in fields)) fields[field] = slot(step.body?.[field] as string);
  }
  return JSON.stringify(fields, null, 2).replace(/"\ue000(\d+)\ue000"/g, (_m, i: string) => slots[Number(i)] as string);
}

/** The test script: status, envelope, the step's own tests, then the values later requests need. */
function testScript(
  op: ResolvedOperation,
  status: string,
  schema: Node | undefined,
  step: Step,
  captures: Record<string, string>,
): string[] {
  const required = Array.isArray(schema?.required) ? schema.required : [];
  const dataSchema =
    isObject(schema?.properties) && isObject(schema.properties.data) ? schema.properties.data : undefined;
  const lines = [
    `// From openapi.yaml: ${op.operationId} answers ${status} with the success envelope.`,
    'const body = (() => { try { return pm.response.json(); } catch (error) { return undefined; } })();',
    `pm.test('answers ${status}, the documented success status', () => pm.response.to.have.status(${status}));`,
    "pm.test('the envelope says status: success', () => pm.expect(body && body.status).to.eql('success'));",
  ];
  if (required.includes('data')) {
    lines.push("pm.test('data is an object', () => pm.expect(body && body.data).to.be.an('object'));");
    for (const member of Array.isArray(dataSchema?.required) ? dataSchema.required : []) {
      lines.push(
        `pm.test('data holds ${member}', () => pm.expect(body.data).to.have.property(${JSON.stringify(member)}));`,
      );
    }
  } else if (dataSchema) {
    lines.push(
      "pm.test('data, when present, is an object', () => { if (body && 'data' in body) pm.expect(body.data).to.be.an('object'); });",
    );
  }
  lines.push(...(step.tests ?? []));
  if (Object.keys(captures).length > 0) {
    lines.push(
      "const at = (node, pointer) => pointer.split('/').slice(1).map((key) => key.replace(/~1/g, '/').replace(/~0/g, '~'))",
      '  .reduce((value, key) => (value === undefined || value === null ? undefined : value[key]), node);',
      'const chosen = {};',
      ...(step.choose ?? []),
      'const handOn = (name, pointer) => {',
      '  const value = chosen[name] !== undefined ? chosen[name] : at(body, pointer);',
      "  pm.test('hands on ' + name + ' to later requests', () => pm.expect(value, name).to.not.be.undefined);",
      '  if (value !== undefined) pm.collectionVariables.set(name, value);',
      '};',
      ...Object.entries(captures).map(
        ([name, pointer]) => `handOn(${JSON.stringify(name)}, ${JSON.stringify(pointer)});`,
      ),
    );
  }
  return lines;
}

/** The REST base address: the default of the contract's `base_url` server variable. */
function baseUrlOf(file: string, document: Node): string {
  const servers = Array.isArray(document.servers) ? document.servers : [];
  for (const server of servers) {
    const variable = isObject(server) && isObject(server.variables) ? server.variables.base_url : undefined;
    if (isObject(variable) && typeof variable.default === 'string') return variable.default;
  }
  throw new ContractReadError(file, '/servers', 'no server has a base_url variable with a default');
}

/** The collection of a contract file, run in `order`. Errors name the operation or the variable to fix. */
export function buildPostmanCollection(
  file = join(root, 'openapi.yaml'),
  order: Phase[] = RUN_ORDER,
): PostmanCollection {
  const document = readResolvedContract(file);
  const operations = new Map(operationsOf(document).map((op) => [op.operationId, op]));
  const planned = order.flatMap((phase) => phase.steps.map((step) => step.operationId));
  for (const id of planned) {
    if (!operations.has(id)) throw new Error(`Postman run order: ${id} is not an operation of ${file}`);
    if (planned.indexOf(id) !== planned.lastIndexOf(id)) throw new Error(`Postman run order: ${id} appears twice`);
  }
  const missing = [...operations.values()].filter((op) => !planned.includes(op.operationId));
  if (missing.length > 0) {
    const list = missing.map((op) => `${op.operationId} (${op.method.toUpperCase()} ${op.path})`).join(', ');
    throw new Error(`Postman run order (scripts/postman.ts RUN_ORDER) misses ${list}: every operation must be run`);
  }

  const schemes =
    isObject(document.components) && isObject(document.components.securitySchemes)
      ? document.components.securitySchemes
      : {};
  const known = new Set(['base_url', ...Object.keys(INPUTS)]);
  // Every value some request of the run hands on: no request may send the contract's example in its place.
  const passedOn = new Set(
    planned.flatMap((id) => {
      const op = operations.get(id) as ResolvedOperation;
      return Object.keys({ ...linkCaptures(file, op, successOf(file, op).status), ...CREDENTIAL_CAPTURES[id] });
    }),
  );
  /** Each handed-on variable and where the run takes it from. */
  const handedOn = new Map<string, string[]>();
  const folders = order.map((phase) => ({
    name: phase.name,
    description: phase.description,
    item: phase.steps.map((step) => {
      const op = operations.get(step.operationId) as ResolvedOperation;
      const success = successOf(file, op);
      const accepted = schemesOf(op);
      let auth: PostmanAuth = { type: 'noauth' };
      if (accepted.length === 0) {
        if (step.credential) throw new Error(`Postman run order: ${op.operationId} takes no credential (security: [])`);
      } else {
        const scheme = step.credential ?? DEFAULT_CREDENTIAL;
        const variable = SCHEME_VARIABLES[scheme];
        if (!accepted.includes(scheme) || variable === undefined) {
          throw new Error(`Postman run order: ${op.operationId} accepts ${accepted.join(' or ')}, not ${scheme}`);
        }
        auth = authFor(file, scheme, schemes[scheme], variable);
      }

      const locals = new Set([...known, ...(step.prerequest?.sets ?? [])]);
      const query: NonNullable<PostmanItem['request']['url']['query']> = [];
      for (const p of op.parameters) {
        if (p.in !== 'query')
          throw new ContractReadError(
            file,
            op.pointer,
            `${p.in} parameter ${p.name}: the collection supports query parameters only`,
          );
        const description = typeof p.node.description === 'string' ? p.node.description : '';
        if (p.required && !locals.has(p.name) && passedOn.has(p.name)) throw tooEarly(op, p.name);
        const values = locals.has(p.name) ? [`{{${p.name}}}`] : parameterExamples(file, op, p.name, p.examples);
        for (const value of values)
          query.push({ key: p.name, value, ...(p.required ? {} : { disabled: true }), description });
      }
      const search = query
        .filter((q) => !q.disabled)
        .map((q) => `${q.key}=${q.value}`)
        .join('&');
      const body = bodyOf(file, op, step, locals, passedOn);
      const header = body === undefined ? [] : [{ key: 'Content-Type', value: 'application/json' }];
      const raw = `{{base_url}}${op.path}${search ? `?${search}` : ''}`;

      const authValues = auth.type === 'bearer' ? auth.bearer : auth.type === 'apikey' ? auth.apikey : [];
      const used = [
        raw,
        body ?? '',
        ...authValues.map((a) => a.value),
        ...query.filter((q) => !q.disabled).map((q) => q.value),
      ].flatMap(variablesIn);
      for (const variable of used) {
        if (!locals.has(variable)) throw tooEarly(op, variable);
      }

      const captures = { ...linkCaptures(file, op, success.status), ...CREDENTIAL_CAPTURES[op.operationId] };
      for (const [name, pointer] of Object.entries(captures)) {
        if (success.example !== undefined && nodeAt(success.example, pointer) === undefined) {
          throw new ContractReadError(
            file,
            op.pointer,
            `the ${success.status} example has nothing at ${pointer} (for ${name})`,
          );
        }
        known.add(name);
        const source = `${op.operationId} (${step.choose ? `its script's choice, else ${pointer}` : pointer})`;
        handedOn.set(name, [...(handedOn.get(name) ?? []), source]);
      }

      const events: PostmanItem['event'] = [];
      if (step.prerequest)
        events.push({ listen: 'prerequest', script: { type: 'text/javascript', exec: step.prerequest.exec } });
      events.push({
        listen: 'test',
        script: { type: 'text/javascript', exec: testScript(op, success.status, success.schema, step, captures) },
      });
      const credential =
        auth.type === 'noauth' ? 'none (no Authorization header)' : `\`${step.credential ?? DEFAULT_CREDENTIAL}\``;
      const item: PostmanItem = {
        name: op.summary ?? op.operationId,
        event: events,
        request: {
          method: op.method.toUpperCase(),
          description: [
            typeof op.node.description === 'string' ? op.node.description.trim() : '',
            `Operation \`${op.operationId}\` of the contract; credential: ${credential}; answers ${success.status}.`,
          ]
            .filter(Boolean)
            .join('\n\n'),
          auth,
          header,
          ...(body === undefined
            ? {}
            : { body: { mode: 'raw' as const, raw: body, options: { raw: { language: 'json' as const } } } }),
          url: {
            raw,
            host: ['{{base_url}}'],
            path: op.path.split('/').slice(1),
            ...(query.length > 0 ? { query } : {}),
          },
        },
        response: [],
      };
      return item;
    }),
  }));

  const info = isObject(document.info) ? document.info : {};
  return {
    info: {
      name: typeof info.title === 'string' ? info.title : 'API',
      ...(typeof info.version === 'string' ? { version: info.version } : {}),
      description: [
        `Every operation of the contract (openapi.yaml${typeof info.version === 'string' ? ` ${info.version}` : ''}), built from it by \`npm run docs\`: run the collection in order against a server at \`base_url\` (the kit's sandbox by default).`,
        'It logs in with `username`, `password` and `captcha_token` (the sandbox demo values by default), hands ids and tokens from one request to the next in collection variables, and deletes what it created. Each request tests its documented success status and the envelope (`status: success`, `data`).',
        'Credentials: login, registration and refresh send no `Authorization` header; the others send the JWT access token as `Authorization: JWT …` or a named API token as `Authorization: Bearer …`, as each request says.',
      ].join('\n\n'),
      schema: SCHEMA,
    },
    auth: authFor(
      file,
      DEFAULT_CREDENTIAL,
      schemes[DEFAULT_CREDENTIAL],
      SCHEME_VARIABLES[DEFAULT_CREDENTIAL] as string,
    ),
    variable: [
      {
        key: 'base_url',
        value: baseUrlOf(file, document),
        type: 'string',
        description: 'The REST base address, ending in /api.',
      },
      ...Object.entries(INPUTS).map(([key, input]) => ({
        key,
        value: input.value,
        type: 'string' as const,
        description: input.description,
      })),
      ...[...handedOn].map(([key, sources]) => ({
        key,
        value: '',
        type: 'string' as const,
        description: `Set by the run, from the answer of ${sources.join(', then ')}.`,
      })),
    ],
    item: folders,
  };
}

/** Writes the collection into `outDir`; returns its size in bytes. */
export function writePostmanCollection(outDir: string, file?: string): { bytes: number } {
  const out = join(outDir, POSTMAN_FILE);
  writeFileSync(out, `${JSON.stringify(buildPostmanCollection(file), null, 2)}\n`);
  return { bytes: statSync(out).size };
}
