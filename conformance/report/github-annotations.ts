// GitHub Actions annotations of a run (docs/conformance.md, "In CI: a GitHub Actions job"): one `::error` per failed
// MUST rule (and per failed SHOULD rule under --strict), one `::warning` per failed SHOULD rule, one `::notice` for
// operations that look unbuilt; each with the rule ID, the source's words and what was seen. Every text the target
// wrote is made inert (ci-text.ts) and then escaped as GitHub's workflow commands require.
import type { ExchangeRecord } from '../engine/exchange-record.js';
import { curlLine } from '../engine/redact.js';
import type { RuleResult, RunResult } from '../engine/result.js';
import { RULES } from '../rules.js';
import { commandData, commandProperty, inertText } from './ci-text.js';
import { missingOperationsLine, UNBUILT_HEADING, unbuiltOperations } from './unbuilt.js';
import type { Verdict } from './verdict.js';

/** Where GitHub Actions runs the CLI: `GITHUB_ACTIONS=true`, as the runner sets it. */
export const underGitHubActions = (env: NodeJS.ProcessEnv): boolean => env.GITHUB_ACTIONS === 'true';

/** A server text in an annotation: at most this many characters of it (GitHub shows a few lines only). */
const SHOWN = 600;

const cut = (text: string): string =>
  text.length > SHOWN ? `${text.slice(0, SHOWN)}… (cut; the reports hold all)` : text;

/** What the deciding exchange showed, on a few lines: the request, the answer and a curl line. */
function seenOf(e: ExchangeRecord): string[] {
  const type = e.responseHeaders?.['content-type'];
  const received = e.status === undefined ? (e.error ?? 'no answer') : `HTTP ${e.status}${type ? ` (${type})` : ''}`;
  return [
    `sent: ${e.method} ${e.url}`,
    `received: ${received}${e.responseBody ? ` ${e.responseBody}` : ''}`,
    `curl: ${curlLine(e.method, e.url, e.requestHeaders, e.requestBody)}`,
  ].map((l) => cut(l));
}

/** One annotation line: `::<kind> title=<property>::<data>`, every part escaped. */
export function annotation(kind: 'error' | 'warning' | 'notice', title: string, lines: readonly string[]): string {
  return `::${kind} title=${commandProperty(inertText(title))}::${commandData(inertText(lines.join('\n')))}`;
}

function ruleAnnotation(rule: RuleResult, strict: boolean): string {
  const quotes = RULES.find((r) => r.id === rule.id)?.quotes ?? [];
  const failed = rule.checks.filter((c) => c.outcome === 'FAIL');
  const first = failed[0];
  const lines = [
    `${rule.id} (${rule.level}): ${rule.text}`,
    `source: ${rule.source}${quotes.map((q) => ` "${q}"`).join('')}`,
    `seen: ${cut(first?.reason ?? rule.reason ?? 'failed')}`,
    ...(first?.exchanges[0] ? seenOf(first.exchanges[0]) : []),
    ...(failed.length > 1 ? [`and ${failed.length - 1} more failed checks of ${rule.id} (see the reports)`] : []),
  ];
  const kind = rule.level === 'MUST' || strict ? 'error' : 'warning';
  return annotation(kind, `${rule.id} ${rule.level}: ${rule.text}`, lines);
}

/** The annotation lines of a run: failed rules first (in the catalogue's order), then the unbuilt notice. */
export function githubAnnotations(result: RunResult, verdict: Pick<Verdict, 'strict'>): string[] {
  const out = result.rules.filter((r) => r.outcome === 'FAIL').map((r) => ruleAnnotation(r, verdict.strict));
  const unbuilt = unbuiltOperations(result);
  if (unbuilt.length > 0) {
    const line = missingOperationsLine(result, unbuilt);
    out.push(
      annotation('notice', 'conformance: operations that look unbuilt', [
        `${UNBUILT_HEADING}: ${unbuilt.map((u) => u.operationId).join(', ')}.`,
        'This excuses nothing. If they are not built yet, declare them in the profile:',
        line.profile,
        `or: ${line.env}`,
      ]),
    );
  }
  return out;
}

/** The annotation of a run that ended before any rule was judged (bad profile, unreachable target, …). */
export const githubFailureAnnotation = (why: string, code: number): string =>
  annotation('error', `conformance: the run ended with exit ${code}`, [why]);
