// Renders the rule catalogue (conformance/rules.ts) as docs/rules.md, the docs page that lists every rule.
// Run: npm run generate (or npx tsx conformance/write-rules-doc.ts for this page alone)
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { AREAS, FIRST_RELEASE, RULES } from './rules.js';

export const RULES_DOC_PATH = fileURLToPath(new URL('../docs/rules.md', import.meta.url));
export const RULES_DOC_COMMAND = 'npm run generate';

const cell = (s: string): string => s.replace(/\|/g, '\\|');
/** A quote of the source as a table cell: `<` and `>` escaped, since Redoc would read `<API_TOKEN>` as HTML. */
const quote = (q: string): string => `“${cell(q).replace(/</g, '&lt;').replace(/>/g, '&gt;')}”`;

export function renderRulesDoc(): string {
  const must = RULES.filter((r) => r.level === 'MUST').length;
  const lines = [
    '# Conformance rules',
    '',
    `<!-- Generated from conformance/rules.ts by \`${RULES_DOC_COMMAND}\`. Do not edit by hand. -->`,
    '',
    `The conformance suite (\`npm run conformance\`, docs/conformance.md) checks ${RULES.length} rules: ${must} **MUST**`,
    `and ${RULES.length - must} **SHOULD**. A rule is MUST when the source description of the service states it, and`,
    'SHOULD when it rests on a decision of the contract (an `x-assumption` in openapi.yaml) or on common practice; the',
    "Source column quotes the source's own words for every MUST rule. Only a",
    'failed MUST rule makes the suite exit with code 1. Every check is named after its rule ID, so a report line, a JUnit',
    'test case and this page meet on the ID. Rules marked "writes" create, change or delete data and are skipped by',
    '`--read-only`, as is every check that sends a POST, PATCH or DELETE (for example AUTH-01 on a creation). Rules',
    '"over every exchange" have no check of their own: the runner judges them once over every answer of the run, and',
    'a run that received nothing for one to judge reports it as SKIP, saying why. The Since column names the first',
    'release of the kit in which the rule holds as written ("unreleased": changed since the last release; docs/changes.md).',
    '',
    "A server still half built lists the operations it does not have yet in its profile's `missingOperations`",
    '(`CONFORMANCE_MISSING_OPERATIONS`, comma-separated), by the operationIds of openapi.yaml (`createScenario`,',
    '`listTasks`, …). They are never called, and a rule whose checks all need one is **not applicable**, naming the',
    'operation it waits for: neither passed nor failed, it never fails a run. The report leads with each missing',
    'operation and the rules it would unlock. `--require-all` (implied by `--strict`) fails a run that declared any.',
  ];
  for (const { area, title } of AREAS) {
    const rules = RULES.filter((r) => r.area === area);
    lines.push('', `## ${title}`, '', '| ID | Level | Source | Rule | Writes | Since |', '|---|---|---|---|---|---|');
    for (const r of rules) {
      const how = r.overExchanges ? ' (over every exchange)' : '';
      const words = r.quotes?.length ? `: ${r.quotes.map(quote).join(' · ')}` : '';
      lines.push(
        `| ${r.id} | ${r.level} | ${cell(r.source)}${words} | ${cell(r.text)}${how} | ${r.writes ? 'writes' : ''} | ${r.since ?? FIRST_RELEASE} |`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(RULES_DOC_PATH, renderRulesDoc());
  console.log(`wrote docs/rules.md (${RULES.length} rules)`);
}
