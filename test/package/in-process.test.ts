// The release rehearsal (README "Publishing the packages"; set up once in rehearsal.ts): the installed sandbox in
// process (a fetch handler, MSW handlers in Node), and the installed suite in a backend project's own Vitest run and
// script.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_PROFILE } from '../conformance/fixtures/profile.js';
import { app, env, npx, run } from './installed.js';

describe('the sandbox in process', () => {
  it('runs as a fetch handler, and as MSW handlers in a Node test', async () => {
    writeFileSync(
      join(app, 'in-process.mjs'),
      `import { setupServer } from 'msw/node';
import { createSandbox } from '@task-management/sandbox';
import { sandboxHandlers } from '@task-management/sandbox/msw';
const server = setupServer(...sandboxHandlers({ baseUrl: 'http://sandbox.test/api' }));
server.listen({ onUnhandledRequest: 'error' });
const login = await fetch('http://sandbox.test/api/member/login/', {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username: 'demo', password: 'demo-password', captcha_token: 'test-captcha' }),
});
const body = await login.json();
server.close();
const me = await createSandbox().fetch(new Request('http://any.test/api/member/me/'));
console.log(JSON.stringify({ login: login.status, token: typeof body.data.access_token, me: me.status }));
`,
    );
    const { stdout } = await run(process.execPath, ['in-process.mjs'], { cwd: app, env: env() });
    expect(JSON.parse(stdout)).toEqual({ login: 200, token: 'string', me: 401 });
  });
});

/** The team's test file: its "app" is the installed sandbox, with its error bodies dropped when FAULT is set. */
const TEAM_TEST = `import { describeConformance } from '@task-management/conformance/vitest';
import { createSandbox } from '@task-management/sandbox';

const app = createSandbox();
const dropErrorBodies = async (request) => {
  const response = await app.fetch(request);
  return response.status >= 400 ? new Response(null, { status: response.status }) : response;
};

describeConformance({
  target: process.env.FAULT ? dropErrorBodies : app.fetch,
  profile: async () => (${JSON.stringify(DEMO_PROFILE)}),
  only: ['ENV-02'],
});
`;

/** A script of the team's: one call, a typed result. */
const TEAM_SCRIPT = `import { runConformance, TargetError } from '@task-management/conformance';
import { createSandbox } from '@task-management/sandbox';

const profile = ${JSON.stringify(DEMO_PROFILE)};
const result = await runConformance({ target: createSandbox().fetch, profile, only: ['TOKEN-03'] });
const refused = await runConformance({ target: 42, profile }).catch((error) => error instanceof TargetError);
console.log(JSON.stringify({ outcomes: result.rules.map((r) => r.id + ' ' + r.outcome), refused }));
`;

describe('the suite in a backend project, on its app in process', () => {
  it('npx vitest run passes a rule against the app, and fails naming it when the app drops error bodies', async () => {
    mkdirSync(join(app, 'test'), { recursive: true });
    writeFileSync(join(app, 'test', 'conformance.test.js'), TEAM_TEST);
    const passing = await npx(['vitest', 'run'], { NO_COLOR: '1' });
    expect(passing.code, passing.stdout + passing.stderr).toBe(0);
    expect(passing.stdout).toMatch(/Tests\s+\d+ passed/);
    expect(passing.stdout).not.toMatch(/failed/);
    const failing = await npx(['vitest', 'run'], { FAULT: '1', NO_COLOR: '1' });
    expect(failing.code).toBe(1);
    expect(failing.stdout + failing.stderr).toContain(
      'ENV-02 (MUST): Every 4xx or 5xx answer carries an error payload',
    );
  });

  it('a script calls runConformance from the package root and gets a typed result', async () => {
    writeFileSync(join(app, 'check.mjs'), TEAM_SCRIPT);
    const { stdout } = await run(process.execPath, ['check.mjs'], { cwd: app, env: env() });
    expect(JSON.parse(stdout)).toEqual({ outcomes: ['TOKEN-03 PASS'], refused: true });
  });
});
