// The docs' Postman collection (Postman Collection v2.1, README "Publishing the docs"): every operation of openapi.yaml
// as a request with the credential kind its security names, in an order that runs from an account with no data of its
// own, with tests on each answer's status and envelope. Paths, queries, bodies, credentials, success statuses and the
// ids handed from one request to the next (the contract's links) come from the contract; only the order of the run and
// each step's choices are declared, in run-order.ts.
import { statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isObject } from '../../contract/json.js';
import { nodeAt } from '../../contract/pointer.js';
import {
  ContractReadError,
  operationsOf,
  type ResolvedOperation,
  readResolvedContract,
} from '../../contract/resolved.js';
import { CREDENTIAL_CAPTURES, linkCaptures, successOf } from './answers.js';
import { authFor, DEFAULT_CREDENTIAL, SCHEME_VARIABLES, schemesOf } from './credentials.js';
import type { PostmanAuth, PostmanCollection, PostmanItem } from './format.js';
import { bodyOf, parameterExamples, tooEarly, variablesIn } from './request-parts.js';
import { type Phase, RUN_ORDER } from './run-order.js';
import { testScript } from './test-script.js';
import { baseUrlOf, INPUTS } from './variables.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The collection's file name, beside the docs pages. */
export const POSTMAN_FILE = 'task-management.postman_collection.json';

const SCHEMA = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';

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
    throw new Error(
      `Postman run order (docs-build/postman/run-order.ts RUN_ORDER) misses ${list}: every operation must be run`,
    );
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
