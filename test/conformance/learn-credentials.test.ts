// What an exchange teaches the redactor (conformance/engine/learn-credentials.ts; docs/conformance.md "Reading the
// report": secrets masked): the tokens a login, refresh or registration answer hands out whatever its status and with
// or without the trailing slash, the credential a request proved (any scheme) once it succeeded, the strings of a
// token-creation answer but what the suite sent and the envelope's status, and a credential any answer reveals.
import { describe, expect, it } from 'vitest';
import { learnCredentials } from '../../conformance/engine/learn-credentials.js';
import { createRedactor, MASK } from '../../conformance/engine/redact.js';
import { contractOf } from '../../contract/document.js';
import { openapiDocument } from '../../generated/openapi-document.js';

const operations = contractOf(openapiDocument).byId;

/** A fresh redactor taught by one exchange; what it then makes of `text`. */
function taught(
  exchange: { method?: string; path: string; operationId?: string; status?: number; body: unknown; sent?: unknown },
  headers: Record<string, string> = {},
) {
  const redactor = createRedactor();
  const request = new Request(`http://target.test/api${exchange.path}`, {
    method: exchange.method ?? 'POST',
    headers,
    ...(exchange.sent === undefined ? {} : { body: JSON.stringify(exchange.sent) }),
  });
  const response = new Response(JSON.stringify(exchange.body), { status: exchange.status ?? 200 });
  const op = exchange.operationId ? operations.get(exchange.operationId) : undefined;
  const sent = exchange.sent === undefined ? undefined : JSON.stringify(exchange.sent);
  learnCredentials(redactor, request, exchange.path, op, response, exchange.body, sent);
  return redactor;
}

const pair = { access_token: 'opaque-access-1234567', refresh_token: 'opaque-refresh-7654321' };

describe('learnCredentials', () => {
  it.each([
    ['/member/login/', 200],
    ['/member/login', 200],
    ['/member/refresh-token/', 200],
    ['/member/register/', 201],
    // A refused login that still hands out tokens hands out credentials.
    ['/member/login/', 401],
  ])('masks the tokens a %s answer (%i) hands out, however they look', (path, status) => {
    const redactor = taught({ path, status, body: { status: 'success', data: pair } });
    expect(redactor.text(`a ${pair.access_token} b ${pair.refresh_token}`)).toBe(`a ${MASK} b ${MASK}`);
  });

  it('masks the credential a request proved, under any scheme, once the answer is a success', () => {
    const redactor = taught(
      { method: 'GET', path: '/member/me/', operationId: 'getMe', body: { status: 'success' } },
      { authorization: 'Token proved-credential-42' },
    );
    expect(redactor.knows('proved-credential-42')).toBe(true);
    const refused = taught(
      { method: 'GET', path: '/member/me/', operationId: 'getMe', status: 401, body: { status: 'error' } },
      { authorization: 'Token refused-credential-42' },
    );
    expect(refused.knows('refused-credential-42')).toBe(false);
  });

  it("masks the strings of a token-creation answer, but the title the suite sent and the envelope's status", () => {
    // Member names that say nothing of a secret: until a check finds which string authenticates, every string that
    // could be a credential is masked.
    const redactor = taught({
      path: '/member/bearer-tokens/',
      operationId: 'createApiToken',
      sent: { title: 'conformance-token-title' },
      body: { status: 'success', data: { title: 'conformance-token-title', id: 'k-abcdef', value: 'opaque-987654' } },
    });
    expect(redactor.text('opaque-987654 k-abcdef')).toBe(`${MASK} ${MASK}`);
    expect(redactor.text('conformance-token-title success')).toBe('conformance-token-title success');
  });

  it('masks an access_token any answer reveals, whatever its status', () => {
    const redactor = taught({
      method: 'GET',
      path: '/member/me/',
      operationId: 'getMe',
      status: 500,
      body: { status: 'error', debug: { access_token: 'leaked-token-0000' } },
    });
    expect(redactor.text('leaked-token-0000')).toBe(MASK);
  });
});
