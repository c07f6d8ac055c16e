// What GitHub Actions shows of a run (docs/conformance.md, "What GitHub, GitLab and other CI show"): annotations (one
// `::error` per failed MUST rule, one `::warning` per failed SHOULD rule or an `::error` under --strict, titled with the
// rule's ID, level and sentence, holding the source's words, what was seen cut at 600 characters, and how many more
// checks failed; one `::notice` for operations that look unbuilt; one `::error` for a run that ended before judging),
// read back as GitHub unescapes them. Every result is built inside its test, so that Stryker counts the work for it.
import { describe, expect, it } from 'vitest';
import type { ExchangeRecord } from '../../conformance/engine/exchange-record.js';
import type { CheckResult, RunResult } from '../../conformance/engine/result.js';
import {
  githubAnnotations,
  githubFailureAnnotation,
  underGitHubActions,
} from '../../conformance/report/github-annotations.js';
import { githubFailureSummary, githubSummary } from '../../conformance/report/github-summary.js';
import { verdictOf } from '../../conformance/report/verdict.js';
import { RULES } from '../../conformance/rules.js';
import { checkResult, exchangeRecord, runResultOf } from '../support/check-result.js';

/** An annotation line as GitHub reads it: its kind, its title and its message, unescaped. */
function read(line: string): { kind: string; title: string; message: string } {
  const m = /^::(error|warning|notice) title=([^:]*)::(.*)$/.exec(line);
  if (!m) throw new Error(`not an annotation: ${line}`);
  const decoded = (s: string) =>
    s.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%3A/g, ':').replace(/%2C/g, ',').replace(/%25/g, '%');
  return { kind: m[1] as string, title: decoded(m[2] as string), message: decoded(m[3] as string) };
}

const exchange = exchangeRecord;

const runOf = runResultOf;

const annotate = (result: RunResult, strict = false) =>
  githubAnnotations(result, verdictOf(result, { strict })).map(read);

describe('GitHub annotations', () => {
  it('writes one ::error per failed MUST rule and one ::warning per failed SHOULD rule, none for the others', () => {
    const result = runOf([
      checkResult('AUTH-01', 'FAIL', 'got 200'),
      checkResult('AUTH-02', 'PASS'),
      checkResult('TOKEN-07', 'FAIL', 'got 204'),
      checkResult('AUTH-03', 'SKIP', 'no token'),
    ]);
    expect(annotate(result).map((a) => a.kind)).toEqual(['error', 'warning']);
    expect(annotate(result, true).map((a) => a.kind)).toEqual(['error', 'error']);
    expect(annotate(runOf([checkResult('AUTH-01', 'PASS')]))).toEqual([]);
  });

  it("titles each with the rule's ID, level and sentence, and holds the source's words and what was seen", () => {
    const [must, should] = annotate(
      runOf([checkResult('AUTH-01', 'FAIL', 'got 200, not 401'), checkResult('TOKEN-07', 'FAIL', 'got 204')]),
    );
    expect(must?.title).toBe('AUTH-01 MUST: A request without an Authorization header gets 401.');
    expect(must?.message.split('\n').slice(0, 3)).toEqual([
      'AUTH-01 (MUST): A request without an Authorization header gets 401.',
      'source: §5 table; §7 (401) "401 | the authorization header, token expiry or token state is wrong"',
      'seen: got 200, not 401',
    ]);
    // A rule without quotes names its source alone.
    expect(should?.message.split('\n')[1]).toBe(
      'source: §7 (404 for a missing object; the revoked state is not shown further)',
    );
    expect(should?.title).toBe('TOKEN-07 SHOULD: A second delete of the same token gets 404.');
    // A rule resting on two sentences quotes both.
    const [two] = annotate(runOf([checkResult('TOKEN-02', 'FAIL', 'x')]));
    expect(two?.message.split('\n')[1]).toBe(
      'source: §5 table; §5 rule 8 "Authorization: Bearer <API_TOKEN>" "GET /member/me/ identifies the account that owns a credential."',
    );
  });

  it('shows what the first failed check sent and received, with a curl line, and how many more checks failed', () => {
    const first: CheckResult = { ...checkResult('AUTH-01', 'FAIL', 'got 500'), exchanges: [exchange()] };
    const more = [checkResult('AUTH-01', 'FAIL', 'second'), checkResult('AUTH-01', 'FAIL', 'third')];
    const [a] = annotate(runOf([checkResult('AUTH-01', 'PASS'), first, ...more]));
    const lines = a?.message.split('\n') ?? [];
    expect(lines.slice(2)).toEqual([
      'seen: got 500',
      'sent: POST http://127.0.0.1:1/api/tokens',
      'received: HTTP 500 (text/plain) boom',
      `curl: curl -sS -i -X POST 'http://127.0.0.1:1/api/tokens' -H 'content-type: application/json' --data-raw '{"title":"t"}'`,
      'and 2 more failed checks of AUTH-01 (see the reports)',
    ]);
    // One failed check: no count.
    const [alone] = annotate(runOf([first]));
    expect(alone?.message).not.toContain('more failed checks');
  });

  it('says what came instead of an answer, and an answer without a type or a body', () => {
    const seen = (e: ExchangeRecord) =>
      annotate(runOf([{ ...checkResult('AUTH-01', 'FAIL', 'x'), exchanges: [e] }]))[0]?.message.split('\n')[4];
    expect(seen(exchange({ status: undefined, error: 'connection refused' }))).toBe(
      'received: connection refused boom',
    );
    expect(seen(exchange({ status: undefined, responseHeaders: undefined, responseBody: undefined }))).toBe(
      'received: no answer',
    );
    expect(seen(exchange({ responseHeaders: {}, responseBody: '' }))).toBe('received: HTTP 500');
  });

  it("says the rule's own reason, or that it failed, when no failed check gives one", () => {
    const result = runOf([checkResult('AUTH-01', 'FAIL')]);
    const rule = result.rules[0] as RunResult['rules'][number];
    expect(annotate(result)[0]?.message.split('\n')[2]).toBe(`seen: ${rule.reason ?? 'failed'}`);
    const noCheck = { ...result, rules: [{ ...rule, checks: [], reason: 'the run stopped' }] };
    expect(annotate(noCheck)[0]?.message.split('\n')[2]).toBe('seen: the run stopped');
    const nothing = { ...result, rules: [{ ...rule, checks: [], reason: undefined }] } as RunResult;
    expect(annotate(nothing)[0]?.message.split('\n')[2]).toBe('seen: failed');
    // Nothing sent, one check: the rule, its source and what was seen, no more.
    expect(annotate(result)[0]?.message.split('\n')).toHaveLength(3);
  });

  it('cuts a long answer at 600 characters (the reports hold it all), and keeps one of exactly 600', () => {
    const reason = (length: number) =>
      annotate(runOf([checkResult('AUTH-01', 'FAIL', 'r'.repeat(length))]))[0]?.message.split('\n')[2];
    expect(reason(594)).toBe(`seen: ${'r'.repeat(594)}`);
    expect(reason(601)).toBe(`seen: ${'r'.repeat(600)}… (cut; the reports hold all)`);
    expect(reason(5000)).toBe(`seen: ${'r'.repeat(600)}… (cut; the reports hold all)`);
    const body = (length: number) =>
      annotate(
        runOf([
          { ...checkResult('AUTH-01', 'FAIL', 'x'), exchanges: [exchange({ responseBody: 'b'.repeat(length) })] },
        ]),
      )[0]?.message.split('\n')[4];
    // The line `received: HTTP 500 (text/plain) ` is 32 characters: a line of exactly 600 is kept whole.
    expect(body(568)).toBe(`received: HTTP 500 (text/plain) ${'b'.repeat(568)}`);
    expect(body(569)).toBe(`received: HTTP 500 (text/plain) ${'b'.repeat(568)}… (cut; the reports hold all)`);
  });

  it('writes the target\'s text inert and escaped: its line breaks and "::" cannot start another command', () => {
    const said = 'x\n::error title=pwned::y\r\n##vso[task.complete]%0A, a: b';
    const lines = githubAnnotations(runOf([checkResult('AUTH-01', 'FAIL', said)]), { strict: false });
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toMatch(/[\r\n]/);
    const message = read(lines[0] as string).message;
    expect(message).toContain('seen: x\n\\x3a:error title=pwned::y\\x0d\n\\x23#vso[task.complete]%0A, a: b');
  });

  it('adds one ::notice for the operations that look unbuilt, with the missingOperations line', () => {
    const row = (operationId: string, received: Record<string, number>) => ({
      operationId,
      method: 'GET',
      path: `/${operationId}`,
      statuses: {},
      received,
    });
    const result = runOf([checkResult('AUTH-01', 'PASS')], {
      coverage: {
        exercised: 0,
        declared: 0,
        rows: [row('listBoards', { '404': 2 }), row('getTask', { '200': 1 }), row('listTokens', { '501': 1 })],
      },
    });
    const notes = annotate(result);
    expect(notes).toEqual([
      {
        kind: 'notice',
        title: 'conformance: operations that look unbuilt',
        message: [
          'Operations that look unbuilt: every request to them got 404, 405 or 501, nothing else: listBoards, listTokens.',
          'This excuses nothing. If they are not built yet, declare them in the profile:',
          '"missingOperations": ["listBoards", "listTokens"]',
          'or: CONFORMANCE_MISSING_OPERATIONS=listBoards,listTokens',
        ].join('\n'),
      },
    ]);
  });

  it('writes one ::error for a run that ended before judging, saying why', () => {
    expect(read(githubFailureAnnotation('the target is unreachable: http://x', 2))).toEqual({
      kind: 'error',
      title: 'conformance: the run ended with exit 2',
      message: 'the target is unreachable: http://x',
    });
  });

  it('is written for GitHub Actions when GITHUB_ACTIONS is true, as the runner sets it', () => {
    expect(underGitHubActions({ GITHUB_ACTIONS: 'true' })).toBe(true);
    expect(underGitHubActions({ GITHUB_ACTIONS: 'false' })).toBe(false);
    expect(underGitHubActions({})).toBe(false);
  });
});

describe('the GitHub job summary', () => {
  const summaryOf = (result: RunResult, options: Parameters<typeof verdictOf>[1] = {}) =>
    githubSummary(result, verdictOf(result, options));

  it('says the verdict and why, the counts, and whether SHOULD rules count', () => {
    const failed = summaryOf(runOf([checkResult('AUTH-01', 'FAIL', 'got 200'), checkResult('AUTH-02', 'PASS')]));
    const lines = failed.split('\n');
    expect(lines[0]).toBe('## Conformance: ❌ FAIL');
    expect(lines[2]).toBe(
      'Target http\\:\\/\\/127\\.0\\.0\\.1\\:1\\/api, run cfmarker: 1 passed, 1 failed, 0 not verified, 0 skipped, 0 not applicable (only MUST rules fail the run).',
    );
    expect(lines[4]).toMatch(/^- \*\*Fails:\*\* .*AUTH\\-01/);
    // A failed SHOULD rule fails nothing; a declared missing operation is a warning.
    const passed = summaryOf(
      runOf([checkResult('TOKEN-07', 'FAIL', 'x')], { missingOperations: [{ operationId: 'listBoards', rules: [] }] }),
    );
    expect(passed.split('\n')[0]).toBe('## Conformance: ✅ PASS');
    expect(passed).toMatch(/^- \*\*Warning:\*\* .*listBoards/m);
    expect(passed).not.toContain('**Fails:**');
    const strict = summaryOf(runOf([checkResult('TOKEN-07', 'FAIL', 'x')]), { strict: true });
    expect(strict.split('\n')[0]).toBe('## Conformance: ❌ FAIL');
    expect(strict).toContain('(strict: SHOULD rules count like MUST rules).');
  });

  it('has a table of every rule with its level, verdict, sentence and reason', () => {
    const summary = summaryOf(
      runOf([
        checkResult('AUTH-01', 'FAIL', 'got 200'),
        checkResult('AUTH-02', 'PASS'),
        checkResult('AUTH-03', 'SKIP', 'no token'),
        checkResult('TOKEN-07', 'UNVERIFIED', 'login failed'),
        checkResult('TOKEN-08', 'NOT_APPLICABLE', 'waits'),
      ]),
    );
    const row = (id: string) => summary.split('\n').find((l) => l.startsWith(`| ${id.replace('-', '\\-')} |`));
    expect(row('AUTH-01')).toBe(
      '| AUTH\\-01 | MUST | ❌ failed | A request without an Authorization header gets 401\\. | 1 of 1 checks failed |',
    );
    expect(row('AUTH-02')).toMatch(/^\| AUTH\\-02 \| MUST \| ✅ passed \| .* \| {2}\|$/);
    expect(row('AUTH-03')).toContain('| ⏭️ skipped |');
    expect(row('TOKEN-07')).toContain('| SHOULD | ⚠️ not verified |');
    expect(row('TOKEN-08')).toContain('| ➖ not applicable |');
  });

  it('folds each failed rule with its source quote and up to three failed checks: sent, received, curl', () => {
    const failedCheck = (n: number, e?: Partial<ExchangeRecord>): CheckResult => ({
      ...checkResult('AUTH-01', 'FAIL', `reason ${n}`),
      name: `AUTH-01 check ${n}`,
      exchanges: e ? [exchange(e)] : [],
    });
    const summary = summaryOf(
      runOf([
        failedCheck(1, {}),
        failedCheck(2, { status: undefined, error: 'timed out', requestBody: undefined, responseBody: undefined }),
        failedCheck(3, { status: undefined, responseHeaders: {}, responseBody: '' }),
        failedCheck(4, {}),
        failedCheck(5, {}),
      ]),
    );
    const details = summary.slice(summary.indexOf('### Failures'), summary.indexOf('### Coverage'));
    expect(details).toContain(
      '<details><summary>AUTH\\-01 MUST\\: A request without an Authorization header gets 401\\.</summary>',
    );
    expect(details).toContain('Source: §5 table; §7 \\(401\\)');
    expect(details).toContain('> 401 \\| the authorization header, token expiry or token state is wrong');
    expect(details).toContain(
      [
        '```text',
        'AUTH-01 check 1',
        'reason 1',
        '',
        'sent:     POST http://127.0.0.1:1/api/tokens',
        '          {"title":"t"}',
        'received: HTTP 500 (text/plain)',
        '          boom',
        `curl:     curl -sS -i -X POST 'http://127.0.0.1:1/api/tokens' -H 'content-type: application/json' --data-raw '{"title":"t"}'`,
        '```',
      ].join('\n'),
    );
    expect(details).toContain('sent:     POST http://127.0.0.1:1/api/tokens\nreceived: timed out\ncurl:');
    expect(details).toContain('received: no answer\ncurl:');
    expect(details).not.toContain('check 4');
    expect(details).toContain('and 2 more failed checks (see the reports)');
    expect(details.match(/<\/details>/g)).toHaveLength(1);
  });

  it('details the first 20 failed rules and counts the others', () => {
    const ids = RULES.filter((r) => r.level === 'MUST')
      .slice(0, 21)
      .map((r) => r.id);
    const summary = summaryOf(runOf(ids.map((id) => checkResult(id, 'FAIL', 'x'))));
    expect(summary.match(/<details><summary>/g)?.length).toBe(20 + 1);
    expect(summary).toContain('and 1 more failed rules (see the reports)');
    const twenty = summaryOf(runOf(ids.slice(0, 20).map((id) => checkResult(id, 'FAIL', 'x'))));
    expect(twenty).not.toContain('more failed rules');
    expect(summaryOf(runOf([checkResult('AUTH-01', 'PASS')]))).not.toContain('### Failures');
  });

  it('lists the operations that look unbuilt with the line to declare them, and the ladder of those declared', () => {
    const result = runOf([checkResult('AUTH-01', 'PASS')], {
      coverage: {
        exercised: 1,
        declared: 4,
        rows: [
          {
            operationId: 'listBoards',
            method: 'GET',
            path: '/boards',
            statuses: { '200': false },
            received: { '404': 2, '405': 1 },
          },
          {
            operationId: 'getTask',
            method: 'GET',
            path: '/tasks/{id}',
            statuses: { '200': true, '404': false },
            received: { '200': 1 },
          },
        ],
      },
      missingOperations: [
        { operationId: 'createToken', rules: ['TOKEN-01', 'TOKEN-02'] },
        { operationId: 'deleteToken', rules: [] },
      ],
    });
    const summary = summaryOf(result);
    expect(summary).toContain('- listBoards \\(GET \\/boards\\)\\: 3 requests, 404, 405');
    expect(summary).toContain(
      '```text\n"missingOperations": ["createToken", "deleteToken", "listBoards"]\nCONFORMANCE_MISSING_OPERATIONS=createToken,deleteToken,listBoards\n```',
    );
    expect(summary).toContain('### Operations declared missing');
    expect(summary).toContain('| createToken | TOKEN\\-01, TOKEN\\-02 |');
    expect(summary).toContain('| deleteToken | none |');
    // The coverage, its table folded.
    expect(summary).toContain('1 of 4 declared responses exercised (25');
    expect(summary).toContain('| GET \\/tasks\\/\\{id\\} | 200 ✅ 404 · |');
    const plain = summaryOf(runOf([checkResult('AUTH-01', 'PASS')]));
    expect(plain).not.toContain('look unbuilt');
    expect(plain).not.toContain('### Operations declared missing');
  });

  it('says whether the coverage asked for was met', () => {
    const result = runOf([checkResult('AUTH-01', 'PASS')], { coverage: { exercised: 1, declared: 4, rows: [] } });
    expect(summaryOf(result, { minCoverage: 20 })).toMatch(/exercised \(25.*\): met\.$/m);
    expect(summaryOf(result, { minCoverage: 80 })).toMatch(/exercised \(25.*\): \*\*NOT MET\*\*\.$/m);
    expect(summaryOf(result)).toMatch(/^1 of 4 declared responses exercised \(25[^)]*\)\.$/m);
  });

  it('says what the run left behind, and the problems outside the checks', () => {
    const result = runOf([checkResult('AUTH-01', 'PASS')], {
      leftBehind: [{ kind: 'token', title: 'CI <b>', actor: 'member', why: 'delete answered 500' }],
      problems: ['the clean-up ran out of time'],
    } as Partial<RunResult>);
    const summary = summaryOf(result);
    const left = summary.slice(summary.indexOf('### Left behind'));
    expect(left).toMatch(/^- .*CI &lt;b&gt;.*delete answered 500/m);
    expect(summary).toContain('### Problems outside the checks\n\n- the clean\\-up ran out of time');
    expect(summaryOf(runOf([checkResult('AUTH-01', 'PASS')]))).not.toContain('### Problems');
  });

  /** A run that fills every part of the summary. */
  const fullRun = () =>
    runOf(
      [
        { ...checkResult('AUTH-01', 'FAIL', 'got 200'), exchanges: [exchange()] },
        checkResult('AUTH-01', 'PASS'),
        checkResult('TOKEN-07', 'FAIL', 'got 204'),
        checkResult('AUTH-02', 'PASS'),
      ],
      {
        coverage: {
          exercised: 1,
          declared: 2,
          rows: [
            {
              operationId: 'listBoards',
              method: 'GET',
              path: '/b',
              statuses: { '200': false },
              received: { '404': 1 },
            },
            { operationId: 'getTask', method: 'GET', path: '/t', statuses: { '200': true }, received: { '200': 1 } },
          ],
        },
        missingOperations: [{ operationId: 'createToken', rules: ['TOKEN-01'] }],
        leftBehind: [{ kind: 'token', title: 'CI', actor: 'member', why: 'delete answered 500' }],
        problems: ['the clean-up ran out of time'],
      } as Partial<RunResult>,
    );

  it('has the parts the docs list, in order, each under its heading', () => {
    const headings = summaryOf(fullRun())
      .split('\n')
      .filter((l) => l.startsWith('#'));
    expect(headings).toEqual([
      '## Conformance: ❌ FAIL',
      '### Operations that look unbuilt\\: every request to them got 404, 405 or 501, nothing else',
      '### Operations declared missing',
      '### Rules',
      '### Failures',
      '### Coverage',
      '### Left behind',
      '### Problems outside the checks',
    ]);
  });

  it('is Markdown a renderer reads as written: a blank line before every block, tables with their header row', () => {
    const lines = summaryOf(fullRun()).split('\n');
    const starts = (l: string, previous: string) =>
      /^(#|<details>|<\/details>|```)/.test(l) ||
      (l.startsWith('|') && !previous.startsWith('|')) ||
      (l.startsWith('- ') && !previous.startsWith('- ')) ||
      (l.startsWith('> ') && !previous.startsWith('> '));
    const glued = lines.filter((l, i) => {
      const previous = lines[i - 1] ?? '';
      if (i === 0 || !starts(l, previous)) return false;
      // A fence's closing line follows its text; a list of quotes follows the rule's source.
      if (l.startsWith('```') && lines.slice(0, i).filter((x) => x.startsWith('```')).length % 2 === 1) return false;
      if (l.startsWith('> ') && previous.startsWith('Source: ')) return false;
      return previous !== '';
    });
    expect(glued).toEqual([]);
    // Each fold is closed.
    expect(lines.filter((l) => l === '</details>')).toHaveLength(lines.filter((l) => l.startsWith('<details>')).length);
    // Inside <details>, Markdown is read only after a blank line; the summary line ends the HTML block.
    for (const [i, l] of lines.entries()) if (l.startsWith('<details>')) expect(lines[i + 1], l).toBe('');
    // Each table: its header, the separator with as many cells, then its rows.
    const cells = (l: string) => l.replace(/\\\|/g, '').split('|').length;
    for (const [i, l] of lines.entries()) {
      if (!l.startsWith('|') || (lines[i - 1] ?? '').startsWith('|')) continue;
      expect(lines[i + 1], l).toMatch(/^\|(---\|)+$/);
      expect(cells(lines[i + 1] as string), l).toBe(cells(l));
    }
    expect(lines).toContain('| Rule | Level | Verdict | Rule text | Why |');
    expect(lines).toContain('| Operation | Rules it unlocks |');
    expect(lines).toContain('| Operation | Statuses |');
    expect(lines.at(-1)).toBe('');
    expect(lines.at(-2)).toBe('- the clean\\-up ran out of time');
  });

  it("shows a failed rule's own quotes and only its failed checks", () => {
    const summary = summaryOf(
      runOf([
        { ...checkResult('TOKEN-02', 'FAIL', 'x'), name: 'TOKEN-02 failing' },
        { ...checkResult('TOKEN-02', 'PASS'), name: 'TOKEN-02 passing' },
        checkResult('TOKEN-07', 'FAIL', 'y'),
      ]),
    );
    const failures = summary.slice(summary.indexOf('### Failures'));
    expect(failures.match(/^> .*/gm)).toEqual([
      '> Authorization\\: Bearer &lt;API\\_TOKEN&gt;',
      '> GET \\/member\\/me\\/ identifies the account that owns a credential\\.',
    ]);
    expect(failures).toContain('TOKEN-02 failing');
    expect(failures).not.toContain('TOKEN-02 passing');
  });

  it('counts the failed checks past three, and no more when there are three', () => {
    const three = summaryOf(
      runOf([1, 2, 3].map((n) => ({ ...checkResult('AUTH-01', 'FAIL', `r${n}`), name: `c${n}` }))),
    );
    expect(three).toContain('c3');
    expect(three).not.toContain('more failed checks');
  });

  it('names what a run through Vitest offers, not the CLI', () => {
    const result = runOf([checkResult('AUTH-01', 'PASS')], {
      leftBehind: [{ kind: 'token', title: 'CI', actor: 'member', why: 'x' }],
    } as Partial<RunResult>);
    expect(summaryOf(result)).toContain('\\-\\-strict');
    const fromVitest = summaryOf({ ...result, door: 'vitest' });
    expect(fromVitest).toContain('strict\\: true');
    expect(fromVitest).not.toContain('\\-\\-strict');
  });

  it('says why a run that ended before judging ended', () => {
    expect(githubFailureSummary('no <profile>', 2)).toBe(
      '## Conformance: ❌ the run ended with exit 2\n\nno &lt;profile&gt;\n',
    );
  });
});
