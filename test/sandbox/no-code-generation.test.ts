// The sandbox compiles no code at run time (generated/request-validators.ts, generated/snapshot-validator.ts): in a
// Node process where eval and new Function throw, as in a page whose Content-Security-Policy has no 'unsafe-eval', it
// checks queries, bodies and saved worlds and names the fields to correct.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Runs in the child: every kind of check the sandbox makes, and whether the child really refuses to compile code. */
const CHILD = `
const { createSandbox } = await import('./mocks/sandbox/core/app.ts');
const { snapshotNow, storeFromText } = await import('./mocks/sandbox/worlds/snapshot.ts');
const { DEMO } = await import('./mocks/sandbox/worlds/seed.ts');
let codeGeneration = 'allowed';
try { new Function('return 1'); } catch (error) { codeGeneration = error.name; }
const sandbox = createSandbox();
const call = async (method, path, body, token) => {
  const headers = { 'content-type': 'application/json', ...(token ? { authorization: 'JWT ' + token } : {}) };
  const response = await sandbox.fetch(new Request('http://sandbox.test/api' + path, { method, headers, body }));
  return { status: response.status, body: await response.json() };
};
const { member } = DEMO.accounts;
const login = await call('POST', '/member/login/', JSON.stringify({ username: member.username, password: member.password, captcha_token: DEMO.captchaToken }));
const token = login.body.data?.access_token;
const scope = '?company_id=' + DEMO.companyId + '&board_id=' + DEMO.boardId;
const results = {
  codeGeneration,
  login: login.status,
  badLogin: await call('POST', '/member/login/', JSON.stringify({ username: 'demo', extra: 1 })),
  list: (await call('GET', '/features/qa/scenarios/list/' + scope + '&limit=5', undefined, token)).status,
  badList: await call('GET', '/features/qa/scenarios/list/' + scope + '&limit=abc', undefined, token),
};
const saved = JSON.stringify(snapshotNow(sandbox.store));
results.loaded = JSON.stringify(snapshotNow(storeFromText(saved))) === saved;
try { storeFromText(saved.replace('"format":"task-sandbox-world"', '"format":"other"')); } catch (error) { results.badWorld = error.message; }
console.log(JSON.stringify(results));
`;

test('with code generation from strings disallowed, the sandbox checks queries, bodies and saved worlds', async () => {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--disallow-code-generation-from-strings', '--import', 'tsx', '--input-type=module', '-e', CHILD],
    { cwd: root, timeout: 120_000 },
  );
  const results = JSON.parse(stdout.trim().split('\n').at(-1) as string);
  expect(results.codeGeneration).toBe('EvalError');
  expect(results.login).toBe(200);
  expect(results.badLogin).toEqual({
    status: 400,
    body: {
      status: 'error',
      message: 'Validation failed.',
      errors: [
        { field: 'password', message: 'is required' },
        { field: 'captcha_token', message: 'is required' },
        { field: 'extra', message: 'is not a known field' },
      ],
    },
  });
  expect(results.list).toBe(200);
  expect(results.badList.status).toBe(400);
  expect(results.badList.body.errors).toEqual([{ field: 'limit', message: 'must be an integer' }]);
  expect(results.loaded).toBe(true);
  expect(results.badWorld).toBe('snapshot: /format must be "task-sandbox-world"');
}, 150_000);
