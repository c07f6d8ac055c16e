// The HTML report (docs/conformance.md, "Reading the report" and "What GitHub, GitLab and other CI show"): one page a
// person opens from disk, with the verdict, the operations that look unbuilt, the ladder, every rule with its verdict
// and the source's words, every check with what was sent and received and a curl line (a failed one unfolded), the
// coverage table and what was left behind; nothing loads (inline style and script allowed by hash in a strict CSP),
// and the target's text is only ever element text. Built inside each test, so that Stryker counts the work for it.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ExchangeRecord } from '../../conformance/engine/exchange-record.js';
import type { CheckResult, RunResult } from '../../conformance/engine/result.js';
import { htmlFailure, htmlReport } from '../../conformance/report/html.js';
import { verdictOf } from '../../conformance/report/verdict.js';
import { checkResult, exchangeRecord, runResultOf } from '../support/check-result.js';

const HOSTILE = '<img src=x onerror=alert(1)>\x1b[31m';

const exchange = exchangeRecord({ responseHeaders: { 'content-type': 'text/html' }, responseBody: HOSTILE });

const runOf = (checks: CheckResult[], over: Partial<RunResult> = {}): RunResult =>
  runResultOf(checks, {
    startedAt: '2026-12-07T10:00:00.000Z',
    passed: 1,
    failed: 2,
    coverage: { exercised: 1, declared: 4, rows: [] },
    ...over,
  });

const fullRun = () =>
  runOf(
    [
      { ...checkResult('AUTH-01', 'FAIL', HOSTILE), exchanges: [exchange], steps: ['▶ POST /tokens'] },
      { ...checkResult('AUTH-01', 'PASS'), name: 'AUTH-01 passing' },
      checkResult('TOKEN-02', 'FAIL', 'x'),
      checkResult('AUTH-02', 'UNVERIFIED', 'blocked'),
    ],
    {
      coverage: {
        exercised: 1,
        declared: 2,
        rows: [
          { operationId: 'listBoards', method: 'GET', path: '/b', statuses: { '200': false }, received: { '404': 3 } },
          { operationId: 'getTask', method: 'GET', path: '/t', statuses: { '200': true }, received: { '200': 1 } },
        ],
      },
      missingOperations: [{ operationId: 'createToken', rules: ['TOKEN-01', 'TOKEN-03'] }],
      leftBehind: [{ kind: 'token', title: 'CI', actor: 'member', why: 'delete answered 500' }],
      problems: ['the clean-up ran out of time'],
    } as Partial<RunResult>,
  );

const pageOf = (result: RunResult, options: Parameters<typeof verdictOf>[1] = {}) =>
  htmlReport(result, verdictOf(result, options));

/** The elements of a page in order, with what is between style and script tags left out. */
function tags(html: string): string[] {
  const bare = html.replace(/<(style|script)>[\s\S]*?<\/\1>/g, '<$1></$1>');
  return [...bare.matchAll(/<(\/?)([a-z0-9]+)[^>]*>/g)].map((m) => `${m[1]}${m[2]}`);
}

const VOID = new Set(['meta', 'input', 'br']);

describe('the HTML report', () => {
  it('is one well-formed page: every element it opens is closed, in order', () => {
    for (const html of [pageOf(fullRun()), pageOf(runOf([checkResult('AUTH-01', 'PASS')])), htmlFailure('x', 2)]) {
      const open: string[] = [];
      for (const tag of tags(html)) {
        if (VOID.has(tag)) continue;
        if (tag.startsWith('/')) expect(open.pop(), tag).toBe(tag.slice(1));
        else open.push(tag);
      }
      expect(open).toEqual([]);
      expect(html.startsWith('<!doctype html>\n<html lang="en">')).toBe(true);
    }
  });

  it('loads nothing: its inline style and script are the ones its Content-Security-Policy allows by hash', () => {
    const html = pageOf(fullRun());
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1] ?? '';
    const hash = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
    const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(csp).toContain(`style-src ${hash(style)}`);
    expect(csp).toContain(`script-src ${hash(script)}`);
    expect(csp).toMatch(/^default-src 'none';/);
    expect(html).toContain('<meta name="referrer" content="no-referrer">');
    expect(html).not.toMatch(/\b(src|href)="(?!#)/);
  });

  it('has the parts the docs list, in order', () => {
    const headings = [...pageOf(fullRun()).matchAll(/<h([12])[^>]*>(.*?)<\/h\1>/g)].map((m) =>
      m[2]?.replace(/<[^>]+>/g, ''),
    );
    expect(headings).toEqual([
      'Conformance: FAIL',
      'Verdict',
      'Operations that look unbuilt: every request to them got 404, 405 or 501, nothing else',
      'Operations declared missing',
      'Rules',
      'Coverage',
      'Left behind',
      'Problems outside the checks',
    ]);
    expect(pageOf(runOf([checkResult('AUTH-01', 'PASS')]))).not.toMatch(/unbuilt|declared missing|Problems/);
  });

  it('says the verdict and why, or that no MUST rule failed', () => {
    const html = pageOf(fullRun());
    expect(html).toContain('<h1>Conformance: <span class="verdict-FAIL">FAIL</span></h1>');
    expect(html).toMatch(/<li><strong>fails:<\/strong> [^<]*AUTH-01/);
    expect(html).toMatch(/<li><strong>warning:<\/strong> [^<]*createToken/);
    expect(html).toContain(
      '<div>http://127.0.0.1:1/api, run cfmarker, 2026-12-07T10:00:00.000Z: 1 passed, 2 failed, 0 not verified, 0 skipped, 0 not applicable</div>',
    );
    const green = pageOf(runOf([checkResult('AUTH-01', 'PASS')]));
    expect(green).toContain('<span class="verdict-PASS">PASS</span>');
    expect(green).toContain('<li>no MUST rule failed or is not verified</li>');
    expect(green).toContain('<title>Conformance PASS</title>');
  });

  it('shows every rule with its level, verdict, sentence, source and quotes, linked by its ID', () => {
    const html = pageOf(fullRun());
    const sections = [...html.matchAll(/<section class="rule" id="([^"]+)">[\s\S]*?<\/section>/g)].map((m) => m[0]);
    expect(sections.map((s) => /id="([^"]+)"/.exec(s)?.[1])).toEqual(['AUTH-01', 'AUTH-02', 'TOKEN-02']);
    const two = sections[2] as string;
    expect(two).toContain(
      '<h3><a href="#TOKEN-02">TOKEN-02</a> <span class="badge">MUST</span> <span class="badge o-FAIL">FAIL</span>',
    );
    expect(two).toContain('<div>source: §5 table; §5 rule 8</div>');
    expect(two.match(/<blockquote>.*<\/blockquote>/g)).toEqual([
      '<blockquote>Authorization: Bearer &lt;API_TOKEN&gt;</blockquote>',
      '<blockquote>GET /member/me/ identifies the account that owns a credential.</blockquote>',
    ]);
    expect(two).toContain('<div>1 of 1 checks failed</div>');
    expect(sections[0]).not.toContain('<blockquote>A request');
  });

  it('unfolds a failed or not verified check and shows what it sent and received and a curl line', () => {
    const html = pageOf(fullRun());
    expect(html).toContain(
      '<details class="check" open><summary><span class="o-FAIL">FAIL</span> AUTH-01 a check</summary>',
    );
    expect(html).toContain('<details class="check" open><summary><span class="o-UNVERIFIED">UNVERIFIED</span>');
    expect(html).toContain(
      '<details class="check"><summary><span class="o-PASS">PASS</span> AUTH-01 passing</summary>',
    );
    expect(html).toContain('<div>steps</div><pre>▶ POST /tokens</pre>');
    expect(html).toContain(
      '<div>sent</div><pre>POST http://127.0.0.1:1/api/tokens\ncontent-type: application/json\n{&quot;title&quot;:&quot;t&quot;}</pre>',
    );
    expect(html).toContain(
      '<div>received</div><pre>HTTP 500 (text/html)\ncontent-type: text/html\n&lt;img src=x onerror=alert(1)&gt;\\x1b[31m</pre>',
    );
    expect(html).toMatch(/<div>curl<\/div><pre>curl -sS -i -X POST &#39;http:\/\/127\.0\.0\.1:1\/api\/tokens&#39;/);
  });

  it('says what came instead of an answer', () => {
    const received = (e: Partial<ExchangeRecord>) =>
      /<div>received<\/div><pre>([^<]*)<\/pre>/.exec(
        pageOf(runOf([{ ...checkResult('AUTH-01', 'FAIL', 'x'), exchanges: [{ ...exchange, ...e }] }])),
      )?.[1];
    expect(received({ status: undefined, error: 'timed out' })).toBe('timed out');
    expect(received({ status: undefined })).toBe('no answer');
    expect(received({ responseHeaders: undefined, responseBody: undefined })).toBe('HTTP 500');
    const sent = /<div>sent<\/div><pre>([^<]*)<\/pre>/.exec(
      pageOf(
        runOf([
          {
            ...checkResult('AUTH-01', 'FAIL', 'x'),
            exchanges: [{ ...exchange, requestHeaders: {}, requestBody: undefined }],
          },
        ]),
      ),
    )?.[1];
    expect(sent).toBe('POST http://127.0.0.1:1/api/tokens');
  });

  it('shows the target text only as element text, inert', () => {
    const html = pageOf(fullRun());
    expect(html).not.toContain('<img');
    expect(html).not.toContain('\x1b');
    expect(html).toContain('<pre>&lt;img src=x onerror=alert(1)&gt;\\x1b[31m</pre>');
  });

  it('lists the unbuilt operations with the line to declare them, the ladder, the coverage and what was left', () => {
    const html = pageOf(fullRun(), { minCoverage: 80 });
    expect(html).toContain('<li>listBoards (GET /b): 3 requests, 404</li>');
    expect(html).toContain(
      '<pre>&quot;missingOperations&quot;: [&quot;createToken&quot;, &quot;listBoards&quot;]\nCONFORMANCE_MISSING_OPERATIONS=createToken,listBoards</pre>',
    );
    expect(html).toContain('<tr><th>Operation</th><th>Rules it unlocks</th></tr>');
    expect(html).toContain('<tr><td>createToken</td><td>TOKEN-01, TOKEN-03</td></tr>');
    expect(html).toMatch(/<p>1 of 2 declared responses exercised \(50[^)]*\); COVERAGE: [^<]*: NOT MET<\/p>/);
    expect(pageOf(fullRun(), { minCoverage: 20 })).toMatch(/: met<\/p>/);
    expect(pageOf(fullRun())).toMatch(/<p>1 of 2 declared responses exercised \(50[^)]*\)<\/p>/);
    expect(html).toContain('<tr><td>GET /b</td><td><span class="miss">200 ·</span></td></tr>');
    expect(html).toContain('<tr><td>GET /t</td><td><span class="hit">200 ✓</span></td></tr>');
    expect(html).toMatch(
      /<h2 id="left-behind">Left behind<\/h2>\n<p>[^<]*INCOMPLETE[^<]*--strict[^<]*<\/p>\n<ul>\n<li>[^<]*delete answered 500<\/li>\n<\/ul>/,
    );
    expect(html).toContain('<h2>Problems outside the checks</h2>\n<ul>\n<li>the clean-up ran out of time</li>\n</ul>');
    expect(pageOf({ ...fullRun(), door: 'vitest' })).not.toContain('--strict');
  });

  it('says why a run that ended before judging ended', () => {
    const html = htmlFailure('unreachable: <b>', 2);
    expect(html).toContain('<title>Conformance: exit 2</title>');
    expect(html).toContain('<h1>Conformance: the run ended with exit 2</h1>\n<pre>unreachable: &lt;b&gt;</pre>');
  });
});
