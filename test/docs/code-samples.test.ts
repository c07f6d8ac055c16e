// The docs' code samples (docs-build/code-samples.ts) work: every TypeScript sample type-checks against the generated
// types and runs against the sandbox, every curl line runs and gets the status the sample documents.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { operationsOf, readResolvedContract } from '../../contract/resolved.js';
import { contractSamples, type OperationSamples, samplesOf, withCodeSamples } from '../../docs-build/code-samples.js';
import { createSandbox } from '../../mocks/sandbox/core/app.js';
import { type SandboxServer, startSandboxServer } from '../../mocks/sandbox/hosts/node.js';
import { HANG_MS } from '../support/waiting.js';
import { prepareSampleWorld, type SampleVariables } from './sample-world.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const CLIENT = join(root, 'client/index.ts');
const samples = contractSamples(join(root, 'openapi.yaml'));
const dir = mkdtempSync(join(tmpdir(), 'code-samples-'));
const sandbox = createSandbox();
let server: SandboxServer;
let variables: SampleVariables;

beforeAll(async () => {
  server = await startSandboxServer({ port: 0, fetch: sandbox.fetch });
});

afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Type-checks sources as the reader's project would: strict, NodeNext, the package name mapped to client/. */
function typeErrors(files: string[]): string[] {
  const program = ts.createProgram(files, {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
    types: ['node'],
    typeRoots: [join(root, 'node_modules/@types')],
    paths: { '@task-management/client': [CLIENT] },
  });
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file
      ? `${d.file.fileName.slice(dir.length + 1)}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}`
      : '';
    return `${where} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
}

/**
 * Runs a curl sample in bash with the variables set; returns the HTTP status curl saw. `--norc`: a reader pastes the
 * line into a shell that has read its start-up files already; a bash whose stdin is a socket (Node's pipes are socket
 * pairs) and whose environment has no SHLVL takes itself for a command run over ssh and reads /etc/bash.bashrc and
 * ~/.bashrc for each line (here a pyenv set-up: 3 to 5 s a line at load 20).
 */
function runCurl(source: string, env: SampleVariables): Promise<number> {
  return new Promise((resolve, reject) => {
    execFile(
      'bash',
      ['--norc', '-c', `${source} -o /dev/null -w '%{http_code}'`],
      { env: { PATH: process.env.PATH, ...env }, timeout: HANG_MS },
      (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(Number(stdout))),
    );
  });
}

test('every operation of openapi.yaml has a curl and a typed-client sample', () => {
  const operations = operationsOf(readResolvedContract(join(root, 'openapi.yaml')));
  expect(samples.map((s) => s.operationId)).toEqual(operations.map((op) => op.operationId));
  for (const sample of samples) {
    expect(sample.curl).toContain(`# Answers ${sample.status}`);
    expect(sample.typescript).toContain(`api.${sample.method.toUpperCase()}('${sample.path}'`);
  }
});

test('the bundle the docs render carries both samples on every operation', () => {
  const paths: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const s of samples) paths[s.path] = { ...paths[s.path], [s.method]: {} };
  const document: Record<string, unknown> = { paths };
  withCodeSamples(document, samples);
  for (const s of samples) {
    const codeSamples = paths[s.path]?.[s.method]?.['x-codeSamples'] as { label: string }[];
    expect(codeSamples.map((c) => c.label)).toEqual(['curl', '@task-management/client']);
  }
  expect(() => withCodeSamples({ paths: {} }, samples)).toThrow(/is not in the bundle/);
});

test('every TypeScript sample type-checks against the generated types', () => {
  const files = samples.map((s) => {
    const file = join(dir, `${s.operationId}.mts`);
    writeFileSync(file, s.typescript);
    return file;
  });
  expect(typeErrors(files)).toEqual([]);
});

test('a sample whose body breaks the generated types does not type-check', () => {
  const create = samples.find((s) => s.operationId === 'createScenario') as OperationSamples;
  const file = join(dir, 'broken.mts');
  writeFileSync(file, create.typescript.replace("title: 'Checkout'", 'title: 42'));
  expect(typeErrors([file]).join('\n')).toMatch(/broken\.mts:\d+ .*number.*string/s);
});

describe('against the sandbox, each in a fresh demo world', () => {
  beforeEach(async () => {
    sandbox.reset();
    variables = await prepareSampleWorld(server.baseUrl);
  });

  test.each(samples.map((s) => [s.operationId, s]))('curl: %s', async (_id, sample) => {
    expect(await runCurl(sample.curl, variables)).toBe(sample.status);
  });

  test.each(samples.map((s) => [s.operationId, s]))('typed client: %s', async (id, sample) => {
    const file = join(dir, `${id}.run.mts`);
    writeFileSync(file, sample.typescript.replace("'@task-management/client'", `'${pathToFileURL(CLIENT).href}'`));
    const saved = { ...process.env };
    Object.assign(process.env, variables);
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      // unwrap() throws on any status but a 2xx, so an import that settles is a sample that got its success.
      await import(/* @vite-ignore */ `${pathToFileURL(file).href}?run=${Date.now()}`);
      expect(log).toHaveBeenCalledTimes(1);
    } finally {
      log.mockRestore();
      process.env = saved;
    }
  });

  test('a curl line with a wrong credential gets a status other than the documented one', async () => {
    const me = samples.find((s) => s.operationId === 'getMe') as OperationSamples;
    expect(await runCurl(me.curl, { ...variables, API_TOKEN: 'not-a-token' })).toBe(401);
  });
});

test('an operation whose required parameter has no example is a build error naming it', () => {
  const [operation] = operationsOf(readResolvedContract(join(root, 'openapi.yaml'))).filter(
    (op) => op.operationId === 'getScenario',
  );
  if (!operation) throw new Error('getScenario is missing');
  const bare = {
    ...operation,
    parameters: operation.parameters.map((p) => (p.name === 'scenario_id' ? { ...p, examples: {} } : p)),
  };
  expect(() => samplesOf(bare, 'openapi.yaml')).toThrow(/openapi\.yaml at .*scenario_id has no example/);
});
