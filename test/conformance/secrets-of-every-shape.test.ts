// Secrets never in reports (docs/conformance.md, "What the suite guarantees"), whatever their shape and whichever
// answer hands them out: against a server whose refresh tokens are opaque strings (no JWT shape to spot), every
// refresh token a login, registration or refresh answer issued and every API token a creation answer issued is
// masked in the console report, the JSON and JUnit reports and the HAR.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { formatReport } from '../../conformance/report/console.js';
import { jsonReport, junitReport } from '../../conformance/report/files.js';
import { harFailure, harReport } from '../../conformance/report/har.js';
import { type ConformanceResult, runConformance } from '../../conformance/run-conformance.js';
import type { FetchHandler } from '../../contract/http.js';
import { isObject } from '../../contract/json.js';
import { createSandbox } from '../../mocks/sandbox/core/app.js';
import { jsonOf, parse, reply, rewrite, withBody } from './faults/wrap.js';
import { DEMO_PROFILE } from './fixtures/profile.js';

/** Which operation issued each secret the server handed out. */
type Issued = Map<string, string>;

/**
 * The sandbox with opaque refresh tokens: each JWT refresh token it hands out is swapped for `rt_<hex>`, and swapped
 * back when a refresh request brings it. Every refresh token and API token secret issued is written in `issued`.
 */
function opaqueRefreshTokens(inner: FetchHandler, issued: Issued): FetchHandler {
  const real = new Map<string, string>();
  return async (req) => {
    const { operationId, body } = await parse(req);
    let sent = req;
    if (operationId === 'refreshToken' && isObject(body) && typeof body.refresh_token === 'string') {
      sent = withBody(req, { ...body, refresh_token: real.get(body.refresh_token) ?? body.refresh_token });
    }
    const res = await inner(sent);
    const answer = await jsonOf(res);
    const data = isObject(answer) && isObject(answer.data) ? answer.data : undefined;
    if (operationId === 'createApiToken' && isObject(data?.token) && typeof data.token.token === 'string') {
      issued.set(data.token.token, operationId);
    }
    if (typeof data?.refresh_token !== 'string') return res;
    const opaque = `rt_${randomBytes(24).toString('hex')}`;
    real.set(opaque, data.refresh_token);
    issued.set(opaque, operationId ?? '?');
    return rewrite(res, (b) => ({ ...b, data: { ...data, refresh_token: opaque } }));
  };
}

/** The four reports of a run, as the CLI writes them. */
function reportsOf(run: ConformanceResult): Record<string, string> {
  return {
    console: formatReport(run).join('\n'),
    json: jsonReport(run),
    junit: junitReport(run),
    har: harReport(run.har ?? harFailure('no archive')),
  };
}

/** Per report, the operations whose issued secrets show in it. */
const leaks = (run: ConformanceResult, issued: Issued) =>
  Object.entries(reportsOf(run)).map(([name, text]) => [
    name,
    [...issued].filter(([secret]) => text.includes(secret)).map(([, by]) => by),
  ]);

describe('secrets of every shape, from every answer that issues one', { timeout: 180_000 }, () => {
  it('an opaque refresh token from a refresh answer never reaches the console, JSON, JUnit or HAR report', async () => {
    const issued: Issued = new Map();
    const run = await runConformance({
      target: opaqueRefreshTokens(createSandbox().fetch, issued),
      profile: DEMO_PROFILE,
      only: ['login', 'tokens'],
      har: true,
    });
    // The answers this file is about were given: refresh tokens from refresh answers, not only logins, and API keys.
    expect(new Set(issued.values())).toEqual(new Set(['login', 'refreshToken', 'createApiToken']));
    // And the reports hold those answers, masked: the HAR keeps the bodies of refresh answers.
    const refreshAnswers = (run.har?.log.entries ?? [])
      .filter((e) => e.request.url.includes('/member/refresh-token/') && e.response.status === 200)
      .map((e) => e.response.content.text ?? '');
    expect(refreshAnswers.length).toBeGreaterThan(0);
    expect(refreshAnswers.every((text) => text.includes('"refresh_token":"***"'))).toBe(true);
    expect(leaks(run, issued)).toEqual([
      ['console', []],
      ['json', []],
      ['junit', []],
      ['har', []],
    ]);
  });

  it('an API token whose secret the suite never finds (Bearer does not work on /member/me/ yet) stays masked', async () => {
    const issued: Issued = new Map();
    const inner = opaqueRefreshTokens(createSandbox().fetch, issued);
    const target: FetchHandler = async (req) => {
      const { operationId } = await parse(req);
      const bearer = /^bearer\s/i.test(req.headers.get('authorization') ?? '');
      return operationId === 'getMe' && bearer ? reply(503, { status: 'error', message: 'Not yet.' }) : inner(req);
    };
    const run = await runConformance({ target, profile: DEMO_PROFILE, only: ['tokens'], har: true });
    expect([...issued.values()]).toContain('createApiToken');
    const created = (run.har?.log.entries ?? []).filter(
      (e) =>
        e.request.method === 'POST' && e.request.url.endsWith('/member/bearer-tokens/') && e.response.status === 201,
    );
    expect(created.length).toBeGreaterThan(0);
    expect(leaks(run, issued)).toEqual([
      ['console', []],
      ['json', []],
      ['junit', []],
      ['har', []],
    ]);
  });
});
