// The release rehearsal (README "Publishing the packages"; set up once in rehearsal.ts): the installed types, under two
// TypeScript releases, compile a frontend's program on the client and a backend's on the suite, and refuse a misspelt
// field.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PROFILE } from '../conformance/fixtures/profile.js';
import { app, inApp } from './installed.js';

/** A frontend's program on the client, and a backend's on the suite: one program, checked as a whole. */
const CONSUMER = `import { createApiClient, unwrap, type paths } from '@task-management/client';
import type { components } from '@task-management/client/schema';

const client = createApiClient({ baseUrl: 'http://127.0.0.1:4010/api' });
const login = await client.POST('/member/login/', {
  body: { username: 'demo', password: 'demo-password', captcha_token: 'test-captcha' },
});
const tokens = await unwrap(login);
client.credential = { kind: 'session', accessToken: tokens.access_token, refreshToken: tokens.refresh_token };
const me = await unwrap(await client.GET('/member/me/'));
const name: string = me.member.username;
type Login = paths['/member/login/']['post'];
const error: components['schemas']['ErrorPayload'] | undefined = undefined;
export { name, error, type Login };
`;
/** The same call with a misspelt body field: the installed types must refuse it. */
const WRONG = `import { createApiClient } from '@task-management/client';

const client = createApiClient({ baseUrl: 'http://127.0.0.1:4010/api' });
export const login = client.POST('/member/login/', {
  body: { username: 'demo', pasword: 'demo-password', captcha_token: 'test-captcha' },
});
`;
const SUITE_TYPES = `import { type ConformanceResult, runConformance, type Target } from '@task-management/conformance';
import { type DescribeConformanceOptions, describeConformance } from '@task-management/conformance/vitest';
import { createServer } from 'node:http';

const target: Target = createServer();
const profile = ${JSON.stringify(DEMO_PROFILE)};
const options: DescribeConformanceOptions = { target, profile, only: ['qa'] };
export const run = (): Promise<ConformanceResult> => runConformance({ target, profile });
export const register = (): void => describeConformance(options);
`;

describe('the installed types', () => {
  /** Writes a tsconfig for `files` and runs one compiler on it: its diagnostics, one a line. */
  async function typeCheck(compiler: 'typescript' | 'typescript-newest', config: string, options: object) {
    writeFileSync(
      join(app, config),
      JSON.stringify({
        compilerOptions: { target: 'ES2022', strict: true, noEmit: true, types: ['node'], ...options },
        files: ['consumer.ts', 'wrong.ts', 'suite-types.ts'],
      }),
    );
    return inApp(process.execPath, [join('node_modules', compiler, 'bin', 'tsc'), '-p', config]);
  }

  beforeAll(() => {
    writeFileSync(join(app, 'consumer.ts'), CONSUMER);
    writeFileSync(join(app, 'wrong.ts'), WRONG);
    writeFileSync(join(app, 'suite-types.ts'), SUITE_TYPES);
  });

  // One program per run (the client's consumer, the misspelt call, the suite's entries), three runs: TypeScript 5.9
  // under node10, the oldest resolution (subpaths through typesVersions), and the newest under nodenext and bundler.
  it.each([
    ['typescript', 'esnext', 'node'],
    ['typescript-newest', 'nodenext', 'nodenext'],
    ['typescript-newest', 'esnext', 'bundler'],
  ] as const)(
    '%s, module %s, moduleResolution %s: the program compiles, the misspelt field does not',
    async (compiler, module, moduleResolution) => {
      const result = await typeCheck(compiler, `tsconfig.${compiler}.${moduleResolution}.json`, {
        module,
        moduleResolution,
      });
      const errors = result.stdout.split('\n').filter((line) => /error TS\d+/.test(line));
      expect(errors.length, result.stdout).toBeGreaterThan(0);
      expect(
        errors.filter((line) => !line.startsWith('wrong.ts')),
        result.stdout,
      ).toEqual([]);
      expect(result.stdout).toContain('pasword');
      expect(result.code).not.toBe(0);
    },
  );
});
