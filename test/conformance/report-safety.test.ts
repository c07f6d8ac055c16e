// What a hostile target cannot do to the reports (docs/conformance.md, "What the suite guarantees"): make the JUnit
// file invalid XML, turn the console's text around, or slow the redactor to a crawl; and a rule broken by many
// answers names every one of them in the JSON report.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { noServerError } from '../../conformance/checks/exchange-rules.js';
import { coverageOf } from '../../conformance/engine/coverage.js';
import { judgeExchanges } from '../../conformance/engine/exchange-rule-judge.js';
import { createRecorder } from '../../conformance/engine/recorder.js';
import { createRedactor, type Redactor } from '../../conformance/engine/redact.js';
import { judgeRules, type RunResult } from '../../conformance/engine/result.js';
import { loadProfile } from '../../conformance/profile.js';
import { formatReport } from '../../conformance/report/console.js';
import { jsonReport, junitReport } from '../../conformance/report/files.js';
import { harOf, harReport } from '../../conformance/report/har.js';
import { inertConsoleText as terminalSafe } from '../../conformance/report/inert-text.js';
import { RULES } from '../../conformance/rules.js';
import { runConformance } from '../../conformance/run-conformance.js';
import { loadContract } from '../../contract/openapi.js';
import { sharedValidators } from '../../contract/validators.js';
import { createSandbox } from '../../mocks/sandbox/core/app.js';
import { checkResult } from '../support/check-result.js';
import { parse, validationFailed } from './faults/wrap.js';

const run = (reason: string): RunResult =>
  ({
    rules: judgeRules(RULES, [checkResult('AUTH-01', 'FAIL', reason)], new Set(['AUTH-01'])),
    wallMs: 1,
    coverage: coverageOf(loadContract(), []),
    problems: [],
    leftBehind: [],
  }) as unknown as RunResult;

describe('the JUnit report', () => {
  it('stays XML whatever characters the target answered: U+FFFE, U+FFFF, a lone surrogate, a NUL', () => {
    const xml = junitReport(run('got \uFFFE and \uFFFF and \uD800 and \u0000 back'));
    expect(XMLValidator.validate(xml)).toBe(true);
    const parsed = new XMLParser({ ignoreAttributes: false }).parse(xml);
    const failure = JSON.stringify(parsed);
    expect(failure).toContain('got \\\\uFFFE and \\\\uFFFF and \\\\uD800 and \\\\u0000 back');
  });
});

describe('the console', () => {
  it('shows bidi controls and line separators escaped, so a U+202E cannot turn a line around', () => {
    expect(terminalSafe('ok \u202Etxt.exe\u202C \u2066x\u2069 \u200F \u2028 é → ✓')).toBe(
      'ok \\u202etxt.exe\\u202c \\u2066x\\u2069 \\u200f \\u2028 é → ✓',
    );
  });
});

describe('the redactor', () => {
  it('masks every one of 5,000 learned secrets in one pass, the longest form first, short ones only as whole values', () => {
    const redactor = createRedactor();
    const secrets = Array.from({ length: 5_000 }, (_, i) => `secret-${i.toString(36)}-${'x'.repeat(i % 40)}`);
    for (const secret of secrets) redactor.add(secret);
    redactor.add('ab');
    const text = secrets.map((s, i) => `${i}:${s};`).join(' ');
    const masked = redactor.text(`${text} "ab" abc`);
    expect(secrets.filter((s) => masked.includes(s))).toEqual([]);
    expect(masked.endsWith('"***" abc')).toBe(true);
    expect(redactor.text('secret-1-x and secret-1-xy')).toBe('*** and ***y');
  });
});

/** A recorder of requests to http://target.test/api answered by `fetch`, masking with `redactor`. */
const recorderOf = (redactor: Redactor, fetch: (request: Request) => Promise<Response>, keepWire = false) =>
  createRecorder({
    baseUrl: 'http://target.test/api',
    contract: sharedValidators().contract,
    timeoutMs: 5_000,
    redactor,
    fetch,
    signal: new AbortController().signal,
    sender: () => ({ file: 'x' }),
    board: { companyId: 1, boardId: 1 },
    keepWire,
  });

describe('an exchange recorded before a check found where creation answers hold the secret', () => {
  // docs/conformance.md: until a run has found a token's secret, every string of a creation answer that could be a
  // credential is masked. An exchange recorded then keeps those masks in the report read after the find.
  it('keeps every string of the creation answer that could be the secret masked', async () => {
    const redactor = createRedactor();
    const answer = { handle: 'h-4f9a21c7e3', value: 'v-77d0c2b9e1' };
    // The creation answer, and a token list echoing both strings of it.
    const recorder = recorderOf(redactor, async (request) =>
      Response.json({ status: 'success', data: request.method === 'POST' ? { token: answer } : [answer] }),
    );
    const send = recorder.fetch('member');
    await send('http://target.test/api/member/bearer-tokens/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'mine', is_active: true }),
    });
    await send('http://target.test/api/member/bearer-tokens/');
    // A check found the secret by sending it: from now on only the strings at its place are secrets.
    redactor.add(answer.value);
    const shown = recorder.answers.map((a) => JSON.stringify(a.record)).join('\n');
    expect(shown).not.toContain(answer.value);
    expect(shown).not.toContain(answer.handle);
  });
});

describe('a hostile target', () => {
  // A generous bound for the test, not a timed assertion: masking that is not linear in the text takes minutes here.
  it('costs the redactor one pass per answer: 5,000 secret candidates sharing a prefix, answers of 900,000 characters', async () => {
    const prefix = `tmk_${'p'.repeat(40)}`;
    const strings = Array.from({ length: 5_000 }, (_, i) => `${prefix}${i.toString(36)}`);
    const huge = `${strings.join(' ')} ${'eyJ'.repeat(50_000)}.abcdef.ghi `.repeat(20).slice(0, 900_000);
    const redactor = createRedactor();
    const recorder = recorderOf(
      redactor,
      async (request) =>
        new URL(request.url).pathname === '/api/member/bearer-tokens/'
          ? Response.json({ status: 'success', data: { token: { key: 'k1', secrets: strings } } })
          : new Response(huge, { headers: { 'content-type': 'text/plain' } }),
      true,
    );
    const send = recorder.fetch('member');
    await send('http://target.test/api/member/bearer-tokens/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'hostile', is_active: true }),
    });
    // A check found the secret by sending it: every string at its place is one from now on.
    redactor.add(strings[4_321]);
    for (let i = 0; i < 10; i++) await send(`http://target.test/api/member/me/?n=${i}`);
    const har = harReport(harOf(recorder.answers, redactor));
    expect(strings.filter((s) => har.includes(s))).toEqual([]);
    expect(har).not.toContain('eyJeyJ');
    expect(recorder.answers.at(-1)?.record.responseBody).toMatch(/^\*\*\*( \*\*\*)*/);
  }, 60_000);
});

describe('a rule broken by many answers', () => {
  it('shows three in its reason, counts the rest, and keeps every offender for the JSON report', () => {
    const recorder = createRecorder({
      baseUrl: 'http://target.test/api',
      contract: sharedValidators().contract,
      timeoutMs: 1_000,
      redactor: createRedactor(),
      fetch: async () => new Response('oops', { status: 500 }),
      signal: new AbortController().signal,
      sender: () => ({ file: 'x' }),
      board: { companyId: 1, boardId: 1 },
      keepWire: false,
    });
    return (async () => {
      const client = recorder.fetch('member');
      for (let i = 0; i < 5; i++) await client(`http://target.test/api/member/me/?n=${i}`);
      await recorder.settled();
      const result = judgeExchanges(noServerError, recorder.answers, sharedValidators());
      expect(result.outcome).toBe('FAIL');
      expect(result.reason).toContain('… and 2 more (every one in the JSON report)');
      expect(result.offenders).toHaveLength(5);
      const json = JSON.parse(
        jsonReport({
          ...run('x'),
          rules: judgeRules(RULES, [result], new Set([result.rule])),
        } as RunResult),
      );
      expect(json.rules[0].checks[0].offenders).toHaveLength(5);
      expect(
        formatReport({ ...run('x'), rules: judgeRules(RULES, [result], new Set([result.rule])) } as RunResult).join(
          '\n',
        ),
      ).toContain('and 2 more');
    })();
  });
});

describe('a generated-case failure', () => {
  it('carries, in the JSON report, each failing request with its body and a curl line, credentials masked', async () => {
    const sandbox = createSandbox();
    // Every authenticated case update refused: GEN-03 fails on updateCase.
    const target = async (req: Request) =>
      (await parse(req)).operationId === 'updateCase' && req.headers.has('authorization')
        ? validationFailed('title', 'refused')
        : sandbox.fetch(req);
    const profile = loadProfile('conformance/targets/sandbox.json', {}, 'http://sandbox.invalid/api');
    const result = await runConformance({ target, profile, only: ['GEN-03'], preflight: false, har: true });
    const json = JSON.parse(jsonReport(result));
    const gen = json.rules.find((r: { id: string }) => r.id === 'GEN-03');
    expect(gen.outcome, JSON.stringify(gen).slice(0, 600)).toBe('FAIL');
    const offenders: string[] = gen.checks[0].offenders;
    const update = offenders.find((o) => o.startsWith('updateCase'));
    expect(update).toMatch(/request: PATCH \/features\/qa\/cases\/\?.*case_id=\d+.* \{/);
    expect(update).toMatch(/curl: curl .*-X PATCH .*--data-raw/);
    expect(update).toMatch(/\$(API_TOKEN|ACCESS_TOKEN)/);
    expect(JSON.stringify(json)).not.toContain(profile.accounts.member.password);
    // The HAR says what each generated request was, not the name of the rule whose check sent it.
    const labels = (result.har?.log.entries ?? []).map((e) => e.comment);
    expect(labels).toContainEqual(expect.stringMatching(/^generated cases: a valid request to updateCase; as /));
    expect(labels).toContainEqual(
      expect.stringMatching(/^generated cases: a request to createCase broken in one place/),
    );
    expect(labels.filter((l) => /a valid request/.test(l) && /broken/.test(l))).toEqual([]);
  }, 120_000);
});
