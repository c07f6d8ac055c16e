// The readers of an answer's body that MUST checks rely on: they accept what the source leaves open, nothing less.
import { describe, expect, it } from 'vitest';
import type { Answer } from '../../conformance/engine/exchange-record.js';
import { carriesData, carriesTokens, memberOf, payloadNames, usernameIn } from '../../conformance/engine/payload.js';

const answer = (body: unknown, status = 400): Answer => ({ record: {} as Answer['record'], status, body, json: true });

describe('payloadNames', () => {
  it.each([
    [
      'errors[].field (the contract)',
      { status: 'error', errors: [{ field: 'body.captcha_token', message: 'x' }] },
      true,
    ],
    ['a member named after the field', { captcha_token: ['This field is required.'] }, true],
    ['a nested member', { detail: { captcha_token: 'required' } }, true],
    ['a word of a message', { status: 'error', message: 'captcha_token is required' }, true],
    ['nothing', { status: 'error', message: 'Invalid request.' }, false],
    ['a longer word only', { status: 'error', message: 'bad captcha_tokens' }, false],
    ['plain text naming it (ENV-02 judges the JSON)', 'captcha_token missing', true],
  ])('%s → %s', (_label, body, expected) => {
    expect(payloadNames(answer(body), 'captcha_token')).toBe(expected);
  });

  it("does not take the envelope's own status for a field called status", () => {
    expect(payloadNames(answer({ status: 'error', message: 'Invalid request.' }), 'status')).toBe(false);
    expect(payloadNames(answer({ status: ['"passed" is not a valid choice.'] }), 'status')).toBe(true);
  });
});

describe('carriesTokens and carriesData', () => {
  it('look past the status: a refusal must hand out neither', () => {
    const refusal = { status: 'error', message: 'no', data: { tokens: { access_token: 'a', refresh_token: 'r' } } };
    expect(carriesTokens(answer(refusal))).toBe(true);
    expect(carriesData(answer(refusal, 403))).toBe(true);
    expect(carriesTokens(answer({ status: 'error', message: 'no' }))).toBe(false);
    expect(carriesData(answer({ status: 'error', data: {} }, 403))).toBe(false);
    expect(carriesData(answer({ status: 'error', data: [] }, 403))).toBe(false);
  });
});

describe('memberOf and usernameIn', () => {
  it('find a member in data or in an object directly inside it', () => {
    expect(memberOf({ access_token: 'a' }, 'access_token')).toBe('a');
    expect(memberOf({ tokens: { access_token: 'a' } }, 'access_token')).toBe('a');
    expect(memberOf({ deep: { er: { access_token: 'a' } } }, 'access_token')).toBeUndefined();
    const me = (data: unknown) => usernameIn(answer({ status: 'success', data }, 200));
    expect(me({ member: { username: 'demo' } })).toBe('demo');
    expect(me({ username: 'demo' })).toBe('demo');
    expect(usernameIn(answer({ status: 'error', data: { username: 'demo' } }, 200))).toBeUndefined();
  });
});
