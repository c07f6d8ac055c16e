// A client from a second generator (swagger-typescript-api) compiles from openapi.yaml and sends the JWT scheme-aware (docs: "Generated clients").
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { generateApi } from 'swagger-typescript-api';
import ts from 'typescript';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { CONTRACT_PATH } from '../../contract/openapi.js';
import { type SandboxServer, startSandboxServer } from '../../mocks/sandbox/hosts/node.js';
import { DEMO } from '../../mocks/sandbox/worlds/seed.js';

const dir = mkdtempSync(join(tmpdir(), 'generated-client-'));

/** What a user of the generated client writes: the JWT goes under the API-key scheme, with its `JWT ` prefix. */
const PROGRAM = `import { Api } from './Api.js';

/** Reads the account behind a JWT access token; the security worker adds the scheme the token needs. */
export async function whoAmI(baseUrl: string, accessToken: string): Promise<string> {
  const api = new Api<string>({
    baseUrl,
    securityWorker: (jwt) => (jwt ? { headers: { Authorization: \`JWT \${jwt}\` } } : {}),
  });
  api.setSecurityData(accessToken);
  const response = await api.member.getMe();
  return response.data.data.member.username;
}

/** The naive callback generators suggest: one token for every scheme, sent as Bearer. */
export async function whoAmINaively(baseUrl: string, accessToken: string): Promise<number> {
  const api = new Api<string>({ baseUrl, securityWorker: (token) => ({ headers: { Authorization: \`Bearer \${token}\` } }) });
  api.setSecurityData(accessToken);
  return api.member.getMe().then(
    (response) => response.status,
    (response: Response) => response.status,
  );
}

export const defaultBaseUrl: string = new Api().baseUrl;
`;

let server: SandboxServer;
let generated = '';
let diagnostics: string[] = [];

beforeAll(async () => {
  await generateApi({ input: CONTRACT_PATH, output: dir, fileName: 'Api.ts', httpClientType: 'fetch', silent: true });
  generated = readFileSync(join(dir, 'Api.ts'), 'utf8');
  writeFileSync(join(dir, 'program.ts'), PROGRAM);
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
  const program = ts.createProgram([join(dir, 'program.ts')], {
    strict: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
    types: [],
    skipLibCheck: true,
    outDir: dir,
  });
  const emitted = program.emit();
  diagnostics = [...ts.getPreEmitDiagnostics(program), ...emitted.diagnostics].map((d) =>
    ts.flattenDiagnosticMessageText(d.messageText, '\n'),
  );
  server = await startSandboxServer({ port: 0 });
});

afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function accessToken(): Promise<string> {
  const { member } = DEMO.accounts;
  const response = await fetch(`${server.baseUrl}/member/login/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: member.username, password: member.password, captcha_token: DEMO.captchaToken }),
  });
  return ((await response.json()) as { data: { access_token: string } }).data.access_token;
}

type Program = {
  whoAmI(baseUrl: string, token: string): Promise<string>;
  whoAmINaively(baseUrl: string, token: string): Promise<number>;
  defaultBaseUrl: string;
};
const load = (): Promise<Program> => import(pathToFileURL(join(dir, 'program.js')).href) as Promise<Program>;

test('the generated client type-checks, strict, with a program that uses it', () => {
  expect(diagnostics).toEqual([]);
});

test('no generated type shadows a global: the error payload is ErrorPayload', () => {
  expect(generated).toMatch(/export interface ErrorPayload \{/);
  expect(generated).not.toMatch(/export (interface|type) Error\b/);
});

test('the generated base URL is a usable URL (the first server), not a template', async () => {
  const { defaultBaseUrl } = await load();
  expect(defaultBaseUrl).toBe('http://127.0.0.1:4010/api');
  expect(new URL(defaultBaseUrl).pathname).toBe('/api');
});

test('a scheme-aware security worker sends Authorization: JWT and reads the account; the naive Bearer one gets 401', async () => {
  const { whoAmI, whoAmINaively } = await load();
  const token = await accessToken();
  expect(await whoAmI(server.baseUrl, token)).toBe(DEMO.accounts.member.username);
  expect(await whoAmINaively(server.baseUrl, token)).toBe(401);
});
