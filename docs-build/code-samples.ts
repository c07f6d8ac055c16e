// The code samples of the docs (Redoc's and Scalar's `x-codeSamples`): a curl line and a `@task-management/client` call
// for every operation, generated from the contract's examples at build time, never written per operation.
import { isObject } from '../contract/json.js';
import { ContractReadError, operationsOf, type ResolvedOperation, readResolvedContract } from '../contract/resolved.js';

/** One operation's samples and the status they are documented to get. */
export interface OperationSamples {
  operationId: string;
  method: string;
  path: string;
  /** The first 2xx response the contract documents: what both samples get against the demo world. */
  status: number;
  curl: string;
  typescript: string;
}

/**
 * Shell and environment variables the samples read. The credential comes from the reader; a refresh token or a token's
 * key is a secret from an earlier call, never a value an example can stand for.
 */
export const SAMPLE_VARIABLES = {
  BASE_URL: 'the REST base address, e.g. http://127.0.0.1:4010/api',
  API_TOKEN: 'a named API token (POST /member/bearer-tokens/), sent as Bearer',
  REFRESH_TOKEN: 'the refresh_token of a login',
  TOKEN_KEY: 'the key of a named API token',
} as const;
type Variable = keyof typeof SAMPLE_VARIABLES;

/** Fields whose value is read from a variable instead of the contract's example, by place and name. */
const FROM_VARIABLE: Record<string, Variable> = { 'body refresh_token': 'REFRESH_TOKEN', 'query key': 'TOKEN_KEY' };

/** A value read from a variable: rendered `$NAME` in shell and `process.env.NAME` in TypeScript. */
class FromVariable {
  constructor(readonly name: Variable) {}
}

/** The example a sample uses: the one named `default` if any, else the first the contract lists. */
function firstExample(examples: Record<string, unknown>): unknown {
  if ('default' in examples) return examples.default;
  return Object.values(examples)[0];
}

/** The contract file an operation came from, for errors that name it. */
type Source = ResolvedOperation & { file: string };

function where(op: Source, reason: string): ContractReadError {
  return new ContractReadError(op.file, op.pointer, reason);
}

/** The operation's required parameters with their example values, by place. */
function parametersOf(op: Source): { query: [string, unknown][]; header: [string, unknown][] } {
  const query: [string, unknown][] = [];
  const header: [string, unknown][] = [];
  for (const p of op.parameters.filter((parameter) => parameter.required)) {
    const variable = FROM_VARIABLE[`${p.in} ${p.name}`];
    const value = variable ? new FromVariable(variable) : firstExample(p.examples);
    if (value === undefined)
      throw where(op, `required ${p.in} parameter ${p.name} has no example for the code samples`);
    if (p.in === 'query') query.push([p.name, value]);
    else if (p.in === 'header') header.push([p.name, value]);
    else throw where(op, `${p.in} parameter ${p.name}: the code samples support query and header parameters only`);
  }
  return { query, header };
}

/** The JSON request body's example with variable fields swapped in, or undefined when the operation takes none. */
function bodyOf(op: Source): Record<string, unknown> | undefined {
  const json = op.requestBody?.content['application/json'];
  if (!json) return undefined;
  const example = firstExample(json.examples);
  if (!isObject(example)) throw where(op, 'the JSON request body has no object example for the code samples');
  return Object.fromEntries(
    Object.entries(example).map(([name, value]) => {
      const variable = FROM_VARIABLE[`body ${name}`];
      return [name, variable ? new FromVariable(variable) : value];
    }),
  );
}

function documentedStatus(op: Source): number {
  const status = Object.keys(op.responses).find((code) => /^2\d\d$/.test(code));
  if (!status) throw where(op, 'documents no 2xx response, so a sample has no status to show');
  return Number(status);
}

const needsCredential = (op: Source): boolean => op.security.length > 0;

/** `'text'` for the shell; a single quote inside becomes `'\''`. */
const shellQuote = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`;

/** Marks where a variable's value goes inside JSON text, so shell quoting can open the quotes around it. */
const SLOT = (name: string) => `\ue000${name}\ue000`;
const SLOTS = /\ue000([A-Z_]+)\ue000/g;

function curlSample(op: Source, status: number): string {
  const { query, header } = parametersOf(op);
  const search = query
    .map(([name, value]) => {
      const text = value instanceof FromVariable ? `$${value.name}` : encodeURIComponent(String(value));
      return `${encodeURIComponent(name)}=${text}`;
    })
    .join('&');
  const lines = [`curl -sS -X ${op.method.toUpperCase()} "$BASE_URL${op.path}${search ? `?${search}` : ''}"`];
  if (needsCredential(op)) lines.push(`-H "Authorization: Bearer $API_TOKEN"`);
  for (const [name, value] of header) lines.push(`-H ${shellQuote(`${name}: ${String(value)}`)}`);
  const body = bodyOf(op);
  if (body) {
    const json = JSON.stringify(body, (_key, value) => (value instanceof FromVariable ? SLOT(value.name) : value));
    lines.push(`-H 'Content-Type: application/json'`);
    lines.push(`-d ${shellQuote(json).replace(SLOTS, `'"$$$1"'`)}`);
  }
  return `# Answers ${status}\n${lines.join(' \\\n  ')}`;
}

/** A TypeScript literal of a JSON value, indented by `depth` levels, with variables read from process.env. */
function tsLiteral(value: unknown, depth: number): string {
  if (value instanceof FromVariable) return `process.env.${value.name} ?? ''`;
  const pad = '  '.repeat(depth + 1);
  const close = '  '.repeat(depth);
  if (Array.isArray(value)) return `[${value.map((item) => tsLiteral(item, depth)).join(', ')}]`;
  if (isObject(value)) {
    const entries = Object.entries(value).map(([key, item]) => {
      const name = /^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key);
      return `${pad}${name}: ${tsLiteral(item, depth + 1)},`;
    });
    return entries.length === 0 ? '{}' : `{\n${entries.join('\n')}\n${close}}`;
  }
  if (typeof value === 'string')
    return `'${JSON.stringify(value).slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}'`;
  return JSON.stringify(value) ?? 'undefined';
}

function typescriptSample(op: Source, status: number): string {
  const { query, header } = parametersOf(op);
  const params: Record<string, unknown> = {};
  if (query.length > 0) params.query = Object.fromEntries(query);
  if (header.length > 0) params.header = Object.fromEntries(header);
  const init: Record<string, unknown> = {};
  if (Object.keys(params).length > 0) init.params = params;
  const body = bodyOf(op);
  if (body) init.body = body;
  const args = [`'${op.path}'`, ...(Object.keys(init).length > 0 ? [tsLiteral(init, 1)] : [])];
  const credential = needsCredential(op)
    ? `\n  credential: { kind: 'apiToken', token: process.env.API_TOKEN ?? '' },`
    : '';
  return [
    `import { createApiClient, unwrap } from '@task-management/client';`,
    '',
    `const api = createApiClient({\n  baseUrl: process.env.BASE_URL ?? 'http://127.0.0.1:4010/api',${credential}\n});`,
    `// Answers ${status}; unwrap throws ApiError on any other status.`,
    `const data = await unwrap(\n  api.${op.method.toUpperCase()}(${args.join(', ')}),\n);`,
    'console.log(data);',
    '',
  ].join('\n');
}

/** The samples of one operation of `file`. */
export function samplesOf(operation: ResolvedOperation, file = 'openapi.yaml'): OperationSamples {
  const op: Source = { ...operation, file };
  const status = documentedStatus(op);
  return {
    operationId: op.operationId,
    method: op.method,
    path: op.path,
    status,
    curl: curlSample(op, status),
    typescript: typescriptSample(op, status),
  };
}

/** The samples of every operation of a contract file, in the order it lists them. */
export function contractSamples(file = 'openapi.yaml'): OperationSamples[] {
  return operationsOf(readResolvedContract(file)).map((op) => samplesOf(op, file));
}

/**
 * Adds `x-codeSamples` (curl, then the typed client) to every operation of a bundled document, the one the docs render;
 * openapi.yaml itself stays without them. A sample whose operation is not in the bundle is an error.
 */
export function withCodeSamples(document: Record<string, unknown>, samples: OperationSamples[]): void {
  const paths = (document.paths ?? {}) as Record<string, Record<string, Record<string, unknown>>>;
  for (const sample of samples) {
    const operation = paths[sample.path]?.[sample.method];
    if (!operation) throw new Error(`code samples: ${sample.method.toUpperCase()} ${sample.path} is not in the bundle`);
    operation['x-codeSamples'] = [
      { lang: 'Shell', label: 'curl', source: sample.curl },
      { lang: 'TypeScript', label: '@task-management/client', source: sample.typescript },
    ];
  }
}
