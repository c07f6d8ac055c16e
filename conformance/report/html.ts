// The HTML report of a run (docs/conformance.md, "Reading the report"): one self-contained page a person opens from
// disk: every rule with its verdict and the source's words, every check with what was sent and received (redacted as
// the JSON report is: the run's result is masked before any report sees it) and a curl line, the ladder, the
// operations that look unbuilt, the coverage table and what was left behind. No network request at all: inline CSS
// and one inline script, both allowed by hash in a strict Content-Security-Policy; the target's text is only ever
// element text, never markup, an attribute that loads or a link.
import { createHash } from 'node:crypto';
import type { ExchangeRecord } from '../engine/exchange-record.js';
import { curlLine } from '../engine/redact.js';
import type { CheckResult, RuleResult, RunResult } from '../engine/result.js';
import { RULES } from '../rules.js';
import { htmlText, inertText } from './ci-text.js';
import { cleanupLine, describeLeftBehind, ladderLines } from './console.js';
import { missingOperationsLine, UNBUILT_HEADING, unbuiltOperations } from './unbuilt.js';
import { coverageLine, coveragePercent, shownPercent, type Verdict } from './verdict.js';

/** Any text, ours or the target's, as element content: inert, then escaped. */
const t = (text: string): string => htmlText(inertText(text));

const STYLE = `
body{font:14px/1.45 system-ui,sans-serif;margin:0;color:#1b1f24;background:#f6f8fa}
header{background:#fff;border-bottom:1px solid #d0d7de;padding:12px 20px;position:sticky;top:0;z-index:1}
main{padding:12px 20px;max-width:1200px}
h1{font-size:20px;margin:0 0 6px}h2{font-size:16px;margin:22px 0 8px}
.verdict-FAIL{color:#cf222e}.verdict-PASS{color:#1a7f37}
.badge{display:inline-block;border-radius:10px;padding:0 8px;font-size:12px;font-weight:600;border:1px solid}
.o-PASS{color:#1a7f37}.o-FAIL{color:#cf222e}.o-UNVERIFIED{color:#9a6700}.o-SKIP,.o-NOT_APPLICABLE{color:#57606a}
section.rule{background:#fff;border:1px solid #d0d7de;border-radius:6px;margin:8px 0;padding:8px 12px}
section.rule:target{outline:3px solid #0969da}
section.rule.hidden{display:none}
blockquote{margin:6px 0;padding:0 10px;border-left:3px solid #d0d7de;color:#57606a}
pre{background:#f6f8fa;border:1px solid #d0d7de;padding:6px 8px;overflow:auto;white-space:pre-wrap;word-break:break-all;margin:4px 0}
table{border-collapse:collapse;background:#fff}td,th{border:1px solid #d0d7de;padding:2px 6px;text-align:left;vertical-align:top}
input[type=search]{font:inherit;padding:4px 8px;width:320px}
.hit{color:#1a7f37}.miss{color:#8c959f}
`;

const SCRIPT = `
(function(){
  var box=document.getElementById('search');
  var rules=[].slice.call(document.querySelectorAll('section.rule'));
  var count=document.getElementById('count');
  function filter(){
    var q=box.value.trim().toLowerCase();var shown=0;
    rules.forEach(function(r){var on=!q||r.id.toLowerCase().indexOf(q)>=0||r.textContent.toLowerCase().indexOf(q)>=0;
      r.classList.toggle('hidden',!on);if(on)shown++;});
    count.textContent=q?shown+' of '+rules.length+' rules':'';
  }
  box.addEventListener('input',filter);
  box.addEventListener('keydown',function(e){
    if(e.key!=='Enter')return;
    var q=box.value.trim().toUpperCase();
    var exact=document.getElementById(q);
    var first=exact||rules.filter(function(r){return !r.classList.contains('hidden');})[0];
    if(first)location.hash=first.id;
  });
})();
`;

const hash = (text: string): string => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** Nothing loads, nothing is sent: only the page's own style and script run. */
export const HTML_CSP = `default-src 'none'; style-src ${hash(STYLE)}; script-src ${hash(SCRIPT)}; img-src 'none'; connect-src 'none'; form-action 'none'; base-uri 'none'`;

function exchange(e: ExchangeRecord): string {
  const headers = (h: Record<string, string> | undefined) =>
    Object.entries(h ?? {})
      .map(([k, v]) => `${k}: ${v}`)
      .join('\n');
  const sent = [`${e.method} ${e.url}`, headers(e.requestHeaders), e.requestBody ?? ''].filter(Boolean).join('\n');
  const type = e.responseHeaders?.['content-type'];
  const received =
    e.status === undefined
      ? (e.error ?? 'no answer')
      : [`HTTP ${e.status}${type ? ` (${type})` : ''}`, headers(e.responseHeaders), e.responseBody ?? '']
          .filter(Boolean)
          .join('\n');
  return [
    '<div class="exchange">',
    `<div>sent</div><pre>${t(sent)}</pre>`,
    `<div>received</div><pre>${t(received)}</pre>`,
    `<div>curl</div><pre>${t(curlLine(e.method, e.url, e.requestHeaders, e.requestBody))}</pre>`,
    '</div>',
  ].join('\n');
}

function check(c: CheckResult): string {
  const open = c.outcome === 'FAIL' || c.outcome === 'UNVERIFIED' ? ' open' : '';
  return [
    `<details class="check"${open}><summary><span class="o-${c.outcome}">${t(c.outcome)}</span> ${t(c.name)}</summary>`,
    ...(c.reason ? [`<pre>${t(c.reason)}</pre>`] : []),
    ...(c.steps ? [`<div>steps</div><pre>${t(c.steps.join('\n'))}</pre>`] : []),
    ...c.exchanges.map(exchange),
    '</details>',
  ].join('\n');
}

function rule(r: RuleResult): string {
  const quotes = RULES.find((x) => x.id === r.id)?.quotes ?? [];
  return [
    `<section class="rule" id="${t(r.id)}">`,
    `<h3><a href="#${t(r.id)}">${t(r.id)}</a> <span class="badge">${r.level}</span> <span class="badge o-${r.outcome}">${t(r.outcome)}</span> ${t(r.text)}</h3>`,
    `<div>source: ${t(r.source)}</div>`,
    ...quotes.map((q) => `<blockquote>${t(q)}</blockquote>`),
    ...(r.reason ? [`<div>${t(r.reason)}</div>`] : []),
    ...r.checks.map(check),
    '</section>',
  ].join('\n');
}

export function htmlReport(result: RunResult, verdict: Verdict): string {
  const door = result.door ?? 'cli';
  const state = verdict.failed ? 'FAIL' : 'PASS';
  const unbuilt = unbuiltOperations(result);
  const ladder = ladderLines(result, verdict.requireAll ?? verdict.strict, door);
  const c = result.coverage;
  const body: string[] = [
    '<header>',
    `<h1>Conformance: <span class="verdict-${state}">${state}</span></h1>`,
    `<div>${t(`${result.baseUrl}, run ${result.marker}, ${result.startedAt}: ${result.passed} passed, ${result.failed} failed, ${result.unverified} not verified, ${result.skipped} skipped, ${result.notApplicable} not applicable`)}</div>`,
    '<label>Find a rule (ID or words; Enter goes to it): <input type="search" id="search" autocomplete="off"></label> <span id="count"></span>',
    '</header>',
    '<main>',
    '<h2>Verdict</h2>',
    '<ul>',
    ...verdict.reasons.map((r) => `<li><strong>fails:</strong> ${t(r)}</li>`),
    ...verdict.warnings.map((w) => `<li><strong>warning:</strong> ${t(w)}</li>`),
    ...(verdict.reasons.length + verdict.warnings.length === 0
      ? ['<li>no MUST rule failed or is not verified</li>']
      : []),
    '</ul>',
  ];
  if (unbuilt.length > 0) {
    const line = missingOperationsLine(result, unbuilt);
    body.push(
      `<h2 id="unbuilt">${t(UNBUILT_HEADING)}</h2>`,
      '<ul>',
      ...unbuilt.map(
        (u) =>
          `<li>${t(`${u.operationId} (${u.method} ${u.path}): ${u.requests} requests, ${u.statuses.join(', ')}`)}</li>`,
      ),
      '</ul>',
      '<p>This excuses nothing: their rules still fail. If they are not built yet, declare them in the profile:</p>',
      `<pre>${t(`${line.profile}\n${line.env}`)}</pre>`,
    );
  }
  if (ladder.length > 0) {
    body.push('<h2 id="missing">Operations declared missing</h2>', `<p>${t(ladder[0] as string)}</p>`, '<table>');
    body.push('<tr><th>Operation</th><th>Rules it unlocks</th></tr>');
    for (const m of result.missingOperations)
      body.push(`<tr><td>${t(m.operationId)}</td><td>${t(m.rules.join(', '))}</td></tr>`);
    body.push('</table>');
  }
  body.push('<h2 id="rules">Rules</h2>', ...result.rules.map(rule));
  body.push(
    '<h2 id="coverage">Coverage</h2>',
    `<p>${t(`${c.exercised} of ${c.declared} declared responses exercised (${shownPercent(coveragePercent(c))})${verdict.coverage ? `; ${coverageLine(verdict.coverage)}: ${verdict.coverage.met ? 'met' : 'NOT MET'}` : ''}`)}</p>`,
    '<table><tr><th>Operation</th><th>Declared statuses (✓ exercised, · not)</th></tr>',
    ...c.rows.map(
      (row) =>
        `<tr><td>${t(`${row.method} ${row.path}`)}</td><td>${Object.entries(row.statuses)
          .map(([s, hit]) => `<span class="${hit ? 'hit' : 'miss'}">${t(s)} ${hit ? '✓' : '·'}</span>`)
          .join(' ')}</td></tr>`,
    ),
    '</table>',
    '<h2 id="left-behind">Left behind</h2>',
    `<p>${t(cleanupLine(result.leftBehind, verdict.strict, door))}</p>`,
    '<ul>',
    ...describeLeftBehind(result.leftBehind, door).map((l) => `<li>${t(l)}</li>`),
    '</ul>',
    ...(result.problems.length > 0
      ? ['<h2>Problems outside the checks</h2>', '<ul>', ...result.problems.map((p) => `<li>${t(p)}</li>`), '</ul>']
      : []),
    '</main>',
  );
  return page(`Conformance ${state}`, body);
}

function page(title: string, body: readonly string[]): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${HTML_CSP}">`,
    '<meta name="referrer" content="no-referrer">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${t(title)}</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    ...body,
    `<script>${SCRIPT}</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** The page of a run that ended before any rule was judged: the exit code and why. */
export const htmlFailure = (why: string, code: number): string =>
  page(`Conformance: exit ${code}`, [
    '<main>',
    `<h1>Conformance: the run ended with exit ${code}</h1>`,
    `<pre>${t(why)}</pre>`,
    '<input type="search" id="search" hidden><span id="count"></span>',
    '</main>',
  ]);
