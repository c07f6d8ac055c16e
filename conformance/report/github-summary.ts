// The GitHub Actions job summary of a run (docs/conformance.md, "In CI: a GitHub Actions job"): Markdown appended to
// the file GITHUB_STEP_SUMMARY names: the verdict, the table of rules, the ladder of operations declared missing, the
// operations that look unbuilt, the failures with what was seen, the coverage and what was left behind. Every text
// the target wrote is made inert (ci-text.ts) and then written as Markdown text or inside a code fence, never as markup.
import { curlLine } from '../engine/redact.js';
import type { RunResult } from '../engine/result.js';
import { RULES } from '../rules.js';
import { inertText, markdownBlock, markdownText } from './ci-text.js';
import { cleanupLine, describeLeftBehind, ladderLines } from './console.js';
import { missingOperationsLine, UNBUILT_HEADING, unbuiltOperations } from './unbuilt.js';
import { coverageLine, coveragePercent, shownPercent, type Verdict } from './verdict.js';

const MARK: Record<string, string> = {
  PASS: '✅ passed',
  FAIL: '❌ failed',
  UNVERIFIED: '⚠️ not verified',
  SKIP: '⏭️ skipped',
  NOT_APPLICABLE: '➖ not applicable',
};

/** Text of ours or the target's as Markdown text: inert first, then escaped. */
const md = (text: string): string => markdownText(inertText(text));
const block = (text: string): string => markdownBlock(inertText(text));

/** Failed rules shown with their details at most; the other reports hold them all. */
const DETAILED = 20;

export function githubSummary(result: RunResult, verdict: Verdict): string {
  const door = result.door ?? 'cli';
  const out: string[] = [
    `## Conformance: ${verdict.failed ? '❌ FAIL' : '✅ PASS'}`,
    '',
    `Target ${md(result.baseUrl)}, run ${md(result.marker)}: ${result.passed} passed, ${result.failed} failed, ${result.unverified} not verified, ${result.skipped} skipped, ${result.notApplicable} not applicable (${verdict.strict ? 'strict: SHOULD rules count like MUST rules' : 'only MUST rules fail the run'}).`,
    '',
    ...verdict.reasons.map((r) => `- **Fails:** ${md(r)}`),
    ...verdict.warnings.map((w) => `- **Warning:** ${md(w)}`),
  ];
  const unbuilt = unbuiltOperations(result);
  if (unbuilt.length > 0) {
    const line = missingOperationsLine(result, unbuilt);
    out.push(
      '',
      `### ${md(UNBUILT_HEADING)}`,
      '',
      ...unbuilt.map(
        (u) => `- ${md(`${u.operationId} (${u.method} ${u.path}): ${u.requests} requests, ${u.statuses.join(', ')}`)}`,
      ),
      '',
      'This excuses nothing: their rules still fail. If they are not built yet, declare them in the profile:',
      '',
      markdownBlock(`${line.profile}\n${line.env}`),
    );
  }
  const ladder = ladderLines(result, verdict.requireAll ?? verdict.strict, door);
  if (ladder.length > 0) {
    out.push('', '### Operations declared missing', '', md(ladder[0] as string), '');
    out.push('| Operation | Rules it unlocks |', '|---|---|');
    for (const m of result.missingOperations)
      out.push(`| ${md(m.operationId)} | ${md(m.rules.join(', ') || 'none')} |`);
  }
  out.push('', '### Rules', '', '| Rule | Level | Verdict | Rule text | Why |', '|---|---|---|---|---|');
  for (const r of result.rules) {
    out.push(`| ${md(r.id)} | ${r.level} | ${MARK[r.outcome]} | ${md(r.text)} | ${md(r.reason ?? '')} |`);
  }
  const failures = result.rules.filter((r) => r.outcome === 'FAIL');
  if (failures.length > 0) {
    out.push('', '### Failures');
    for (const r of failures.slice(0, DETAILED)) {
      const quotes = RULES.find((x) => x.id === r.id)?.quotes ?? [];
      const failed = r.checks.filter((c) => c.outcome === 'FAIL');
      out.push('', `<details><summary>${md(`${r.id} ${r.level}: ${r.text}`)}</summary>`, '');
      out.push(`Source: ${md(r.source)}`, ...quotes.map((q) => `> ${md(q)}`), '');
      for (const c of failed.slice(0, 3)) {
        const seen = [c.name, c.reason ?? 'failed'];
        for (const e of c.exchanges) {
          const type = e.responseHeaders?.['content-type'];
          seen.push(
            '',
            `sent:     ${e.method} ${e.url}`,
            ...(e.requestBody ? [`          ${e.requestBody}`] : []),
            e.status === undefined
              ? `received: ${e.error ?? 'no answer'}`
              : `received: HTTP ${e.status}${type ? ` (${type})` : ''}`,
            ...(e.responseBody ? [`          ${e.responseBody}`] : []),
            `curl:     ${curlLine(e.method, e.url, e.requestHeaders, e.requestBody)}`,
          );
        }
        out.push(block(seen.join('\n')), '');
      }
      if (failed.length > 3) out.push(`and ${failed.length - 3} more failed checks (see the reports)`, '');
      out.push('</details>');
    }
    if (failures.length > DETAILED)
      out.push('', `and ${failures.length - DETAILED} more failed rules (see the reports)`);
  }
  const c = result.coverage;
  out.push(
    '',
    '### Coverage',
    '',
    `${c.exercised} of ${c.declared} declared responses exercised (${shownPercent(coveragePercent(c))})${verdict.coverage ? `; ${md(coverageLine(verdict.coverage))}: ${verdict.coverage.met ? 'met' : '**NOT MET**'}` : ''}.`,
    '',
    '<details><summary>Operation × declared status (✅ exercised, · not)</summary>',
    '',
    '| Operation | Statuses |',
    '|---|---|',
    ...c.rows.map(
      (row) =>
        `| ${md(`${row.method} ${row.path}`)} | ${Object.entries(row.statuses)
          .map(([s, hit]) => `${md(s)} ${hit ? '✅' : '·'}`)
          .join(' ')} |`,
    ),
    '',
    '</details>',
  );
  out.push('', '### Left behind', '', md(cleanupLine(result.leftBehind, verdict.strict, door)), '');
  for (const line of describeLeftBehind(result.leftBehind, door)) out.push(`- ${md(line)}`);
  if (result.problems.length > 0) {
    out.push('', '### Problems outside the checks', '', ...result.problems.map((p) => `- ${md(p)}`));
  }
  return `${out.join('\n')}\n`;
}

/** The summary of a run that ended before any rule was judged. */
export const githubFailureSummary = (why: string, code: number): string =>
  `## Conformance: ❌ the run ended with exit ${code}\n\n${md(why)}\n`;
