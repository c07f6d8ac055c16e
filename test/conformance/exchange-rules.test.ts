// The rules judged over every exchange of a run: each holds on good answers, fails on a bad one naming it, and says
// SKIP (never PASS) when the run received nothing for it to judge.

import { describe, expect, it } from 'vitest';
import {
  bodyIsLabelledJson,
  bodyMatchesContract,
  EXCHANGE_RULES,
  failureCarriesErrorPayload,
  noServerError,
  successIsEnveloped,
  successStatusIsDeclared,
} from '../../conformance/checks/exchange-rules.js';
import { type Answer, readBody } from '../../conformance/engine/exchange-record.js';
import { type ExchangeRule, judgeExchanges } from '../../conformance/engine/exchange-rule-judge.js';
import { RULES } from '../../conformance/rules.js';
import { sharedValidators } from '../../contract/validators.js';

const validators = sharedValidators();

/** An answer of GET /member/me/ (getMe) with this status and body text. */
function answer(status: number | undefined, text: string, contentType = 'application/json'): Answer {
  const { body, json } = readBody(text);
  return {
    record: {
      id: `x.check.ts#${status}`,
      file: 'x.check.ts',
      actor: 'member',
      operationId: 'getMe',
      method: 'GET',
      path: '/member/me/',
      url: 'http://127.0.0.1:1/api/member/me/',
      requestHeaders: {},
      ...(status === undefined ? { error: 'no answer within 10 ms' } : { status }),
      responseHeaders: { 'content-type': contentType },
      ms: 1,
    },
    status,
    body,
    json,
  };
}

const me = JSON.stringify({
  status: 'success',
  data: { member: { id: 1, username: 'demo', first_name: 'Demo', last_name: 'Member', email: 'demo@example.com' } },
});
const refused = JSON.stringify({ status: 'error', message: 'Authentication credentials were not provided.' });

describe('the exchange rules', () => {
  it('are exactly the rules the catalogue marks as judged over every exchange', () => {
    expect(EXCHANGE_RULES.map((r) => r.id).sort()).toEqual(
      RULES.filter((r) => r.overExchanges)
        .map((r) => r.id)
        .sort(),
    );
  });

  it.each([
    [successIsEnveloped, answer(200, JSON.stringify({ ok: true })), 'status is undefined, not "success"'],
    [successIsEnveloped, answer(200, '<html>'), 'the body is not a JSON object'],
    [failureCarriesErrorPayload, answer(401, ''), 'the body is empty'],
    [failureCarriesErrorPayload, answer(403, JSON.stringify({ status: 'success' })), 'a failure says status "success"'],
    [noServerError, answer(502, refused), 'HTTP 502'],
    [bodyIsLabelledJson, answer(401, refused, 'text/plain'), 'Content-Type is text/plain'],
    [bodyMatchesContract, answer(200, '<html>', 'text/html'), 'body: is not JSON'],
    [successStatusIsDeclared, answer(201, me), '201 is not a success status of getMe'],
  ])('%# fails on a bad answer and names it', (rule, bad, problem) => {
    const result = judgeExchanges(rule, [answer(200, me), answer(401, refused), bad], validators);
    expect(result.outcome).toBe('FAIL');
    expect(result.reason).toContain(problem);
    expect(result.reason).toContain('GET /member/me/');
    expect(result.exchanges).toEqual([bad.record]);
  });

  it('pass on answers that keep every rule', () => {
    for (const rule of EXCHANGE_RULES) {
      const result = judgeExchanges(rule, [answer(200, me), answer(401, refused)], validators);
      expect(result, rule.id).toMatchObject({ rule: rule.id, outcome: 'PASS' });
    }
  });

  it('leave an empty 204 out of ENV-01 (source §1: deletion may return no data) but fail an empty 200', () => {
    const passed = judgeExchanges(successIsEnveloped, [answer(200, me), answer(204, '')], validators);
    expect(passed).toMatchObject({ outcome: 'PASS' });
    const failed = judgeExchanges(successIsEnveloped, [answer(204, ''), answer(200, '')], validators);
    expect(failed).toMatchObject({ outcome: 'FAIL' });
    expect(failed.reason).toContain('the body is empty');
    expect(failed.reason).not.toContain('204');
  });

  it("leave the answers outside the API's operations and a redirect's body to CONV-02", () => {
    const { operationId: _none, ...outside } = answer(404, '<pre>Cannot GET /api/member/me</pre>', 'text/html').record;
    const slashless: Answer = {
      ...answer(404, '<pre>Cannot GET</pre>', 'text/html'),
      record: { ...outside, path: '/member/me' },
    };
    const redirect = answer(308, '<html>Permanent Redirect</html>', 'text/html');
    for (const rule of [failureCarriesErrorPayload, bodyIsLabelledJson, successIsEnveloped]) {
      const result = judgeExchanges(rule, [answer(200, me), answer(401, refused), slashless, redirect], validators);
      expect(result, rule.id).toMatchObject({ outcome: 'PASS' });
    }
    // The same bodies from an operation of the API are judged.
    const judged = judgeExchanges(
      failureCarriesErrorPayload,
      [answer(404, '<pre>Cannot GET</pre>', 'text/html')],
      validators,
    );
    expect(judged).toMatchObject({ outcome: 'FAIL' });
  });

  it('skip, saying why, when the run received nothing to judge', () => {
    expect(judgeExchanges(successIsEnveloped, [], validators)).toMatchObject({
      outcome: 'SKIP',
      reason: 'the run sent no request',
      exchanges: [],
    });
    expect(judgeExchanges(successIsEnveloped, [answer(undefined, ''), answer(401, refused)], validators)).toMatchObject(
      { outcome: 'SKIP', reason: 'the run received no 2xx answer to judge (1 of 2 requests got no answer)' },
    );
  });
});

describe('judgeExchanges', () => {
  const serverErrors: ExchangeRule = {
    id: 'GEN-99',
    name: 'no answer is a server error',
    what: 'answer',
    picks: (a) => a.status !== 200,
    problem: (a) => (a.status !== undefined && a.status >= 500 ? 'a server error' : undefined),
  };
  const answers = (...statuses: (number | undefined)[]) =>
    statuses.map((s, n) => ({ ...answer(s, me), record: { ...answer(s, me).record, id: `x.check.ts#${n}` } }));

  it('names each failing answer, all of them when there are three at most', () => {
    const run = answers(200, 401, 500, 502, 503);
    const result = judgeExchanges(serverErrors, run, validators);
    expect(result).toMatchObject({
      rule: 'GEN-99',
      name: 'GEN-99 no answer is a server error',
      file: 'exchange-rules',
    });
    expect(result.reason).toBe(
      '3 of the 4 answers judged break this rule:\n  GET /member/me/ → 500: a server error\n  GET /member/me/ → 502: a server error\n  GET /member/me/ → 503: a server error',
    );
    expect(result.exchanges).toEqual(run.slice(2).map((a) => a.record));
    expect(result).not.toHaveProperty('offenders');
  });

  it('counts the failing answers of every exchange rule in a sentence ("3 of the 4 answers to a contract operation …")', () => {
    for (const rule of EXCHANGE_RULES) {
      const always: ExchangeRule = { ...rule, picks: () => true, problem: () => 'a problem' };
      const reason = judgeExchanges(always, answers(200, 500), validators).reason ?? '';
      expect(reason.split('\n')[0], rule.id).toBe(
        `2 of the 2 ${rule.what.replace(/^(.*?)answer/, '$1answers')} judged break this rule:`,
      );
      expect(reason.split('\n')[0], rule.id).not.toMatch(/answer [^\n]*s judged/);
    }
  });

  it('shows the first three past three, counts the rest, and keeps every one in offenders', () => {
    const run = answers(500, 501, 502, 503, 504);
    const result = judgeExchanges(serverErrors, run, validators);
    expect(result.reason).toBe(
      '5 of the 5 answers judged break this rule:\n  GET /member/me/ → 500: a server error\n  GET /member/me/ → 501: a server error\n  GET /member/me/ → 502: a server error\n  … and 2 more (every one in the JSON report)',
    );
    expect(result.offenders).toEqual([500, 501, 502, 503, 504].map((s) => `GET /member/me/ → ${s}: a server error`));
    expect(result.exchanges).toEqual(run.slice(0, 3).map((a) => a.record));
  });

  it('judges only answered requests, and a pass shows no exchange and the time the judgement took', () => {
    const everyAnswer: ExchangeRule = {
      ...serverErrors,
      picks: () => true,
      problem: (a) => (a.status === 200 ? undefined : `status ${a.status}`),
    };
    const before = performance.now();
    const result = judgeExchanges(everyAnswer, answers(200, undefined, 200), validators);
    const took = performance.now() - before;
    expect(result).toMatchObject({ outcome: 'PASS', exchanges: [] });
    expect(result.ms).toBeGreaterThanOrEqual(0);
    expect(result.ms).toBeLessThanOrEqual(Math.ceil(took));
  });

  it('skips, saying so, when every answer is one the rule does not judge and none went unanswered', () => {
    expect(judgeExchanges(serverErrors, answers(200, 200), validators)).toMatchObject({
      outcome: 'SKIP',
      reason: 'the run received no answer to judge',
      exchanges: [],
    });
  });
});

describe('CONV-03 compares media types as RFC 9110 §8.3.1 says: type and subtype in any case', () => {
  it.each([
    'application/json',
    'Application/JSON',
    'APPLICATION/JSON; CHARSET=UTF-8',
    'application/problem+json',
    'Application/Problem+JSON',
    'application/vnd.api+json',
  ])('%s is JSON', (type) => {
    expect(bodyIsLabelledJson.problem(answer(401, refused, type), validators)).toBeUndefined();
  });

  it.each(['text/json', 'application/jsonp', 'text/plain', 'text/html'])('%s is not', (type) => {
    expect(bodyIsLabelledJson.problem(answer(401, refused, type), validators)).toBe(`Content-Type is ${type}`);
  });
});
