// The bench's loaders (drivers/loader.ts, docs/benchmarks.md): a refusal stops the load with the request and its status.
import { describe, expect, it } from 'vitest';
import { expectAnswer, expectData, LoadRefused } from '../../drivers/loader.js';
import { createSandbox, type Sandbox } from '../../mocks/sandbox/core/app.js';
import { DEMO } from '../../mocks/sandbox/worlds/seed.js';

const inProcess = (sandbox: Sandbox) => (input: string, init?: RequestInit) => sandbox.fetch(new Request(input, init));
const login = (password: string) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username: DEMO.accounts.member.username, password, captcha_token: DEMO.captchaToken }),
});

describe('a bench loader', () => {
  it('returns the data of an answer with the expected status', async () => {
    const sandbox = createSandbox();
    const pair = await expectData<{ access_token: string }>(
      'http://sandbox.test/api/member/login/',
      { ...login(DEMO.accounts.member.password), expected: 200 },
      inProcess(sandbox),
    );
    expect(pair.access_token).toMatch(/^ey/);
  });

  it.each([
    ['a 429 from a throttle', { guessesPerMinute: 1 }, 2, 429],
    ['a 401', {}, 1, 401],
  ])(
    'stops at %s with the request, the status and the message, never a TypeError',
    async (_label, limits, tries, status) => {
      const sandbox = createSandbox({ limits });
      const send = () =>
        expectAnswer(
          'http://sandbox.test/api/member/login/',
          { ...login('wrong-password'), expected: 200, what: 'memory load: POST /member/login/' },
          inProcess(sandbox),
        );
      let error: unknown;
      for (let i = 0; i < tries; i++) error = await send().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(LoadRefused);
      expect(error).toMatchObject({ request: 'memory load: POST /member/login/', status });
      expect((error as Error).message).toMatch(
        new RegExp(`^memory load: POST /member/login/ answered ${status}, not 200: \\S`),
      );
    },
  );
});
