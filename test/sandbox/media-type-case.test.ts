// The sandbox reads a JSON body under its media type in any case and with parameters (RFC 9110 §8.3.1: type and
// subtype are case-insensitive), and refuses with 415 naming Content-Type what is not JSON (docs/sandbox.md).
import { describe, expect, test } from 'vitest';
import { createSandbox } from '../../mocks/sandbox/core/app.js';
import { DEMO } from '../../mocks/sandbox/worlds/seed.js';

const sandbox = createSandbox();
const { username, password } = DEMO.accounts.member;

function login(contentType: string): Promise<Response> {
  return sandbox.fetch(
    new Request('http://sandbox.test/api/member/login/', {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: JSON.stringify({ username, password, captcha_token: DEMO.captchaToken }),
    }),
  );
}

describe('Content-Type of a JSON body', () => {
  test.each([
    'application/json',
    'Application/JSON',
    'APPLICATION/JSON',
    'application/json; charset=utf-8',
    'Application/Json;Charset=UTF-8',
    'application/json ; charset="utf-8"',
  ])('%s is JSON → 200', async (type) => {
    expect((await login(type)).status).toBe(200);
  });

  test.each([
    'text/json',
    'application/jsonx',
    'application/json-patch+json',
    'text/plain',
    'application/x-www-form-urlencoded',
  ])('%s is not → 415 naming Content-Type', async (type) => {
    const res = await login(type);
    expect(res.status).toBe(415);
    expect((await res.json()).errors.map((e: { field: string }) => e.field)).toEqual(['Content-Type']);
  });
});
