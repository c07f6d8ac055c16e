// Judging a rule over every exchange of a run (docs/conformance.md, "Exchange rules"): the rules come from the caller
// (conformance/checks/exchange-rules.ts); one result per rule, PASS, FAIL naming the answers, or SKIP saying why.
import type { ContractValidators } from '../../contract/validators.js';
import { inertLine } from '../report/inert-text.js';
import type { Answer } from './exchange-record.js';
import type { CheckResult } from './result.js';

/** Failing answers shown per rule; the message counts the rest. */
const MAX_SHOWN = 3;

export interface ExchangeRule {
  id: string;
  /** The property, as the check's name says it. */
  name: string;
  /** What the rule judges, e.g. "2xx answer", and which answers those are. */
  what: string;
  picks(answer: Answer): boolean;
  /** What is wrong with one of them, or undefined. */
  problem(answer: Answer, validators: ContractValidators): string | undefined;
}

const describe = (a: Answer): string => `${a.record.method} ${a.record.path} → ${a.status}`;

/** Judges one rule over the answers of a run. */
/** `answer to a contract operation` → `answers to a contract operation`: the noun of a rule's `what`, counted. */
const plural = (what: string): string => what.replace(/\banswer\b/, 'answers');

export function judgeExchanges(
  rule: ExchangeRule,
  answers: readonly Answer[],
  validators: ContractValidators,
): CheckResult {
  const started = performance.now();
  const base = { rule: rule.id, name: `${rule.id} ${rule.name}`, file: 'exchange-rules' };
  const finish = (rest: Pick<CheckResult, 'outcome' | 'exchanges'> & { reason?: string }): CheckResult => ({
    ...base,
    ...rest,
    ms: Math.round(performance.now() - started),
  });
  if (answers.length === 0) return finish({ outcome: 'SKIP', reason: 'the run sent no request', exchanges: [] });
  const judged = answers.filter((a) => a.status !== undefined && rule.picks(a));
  if (judged.length === 0) {
    const unanswered = answers.filter((a) => a.status === undefined).length;
    const why = unanswered > 0 ? ` (${unanswered} of ${answers.length} requests got no answer)` : '';
    return finish({ outcome: 'SKIP', reason: `the run received no ${rule.what} to judge${why}`, exchanges: [] });
  }
  const bad = judged.flatMap((a) => {
    const problem = rule.problem(a, validators);
    return problem === undefined ? [] : [{ a, problem }];
  });
  if (bad.length === 0) return finish({ outcome: 'PASS', exchanges: [] });
  // A problem may quote the target (a field name with a line break): each offender stays one line.
  const offenders = bad.map(({ a, problem }) => inertLine(`${describe(a)}: ${problem}`));
  const shown = bad.slice(0, MAX_SHOWN);
  const lines = offenders.slice(0, MAX_SHOWN).map((line) => `  ${line}`);
  const more = bad.length > MAX_SHOWN ? `\n  … and ${bad.length - MAX_SHOWN} more (every one in the JSON report)` : '';
  return finish({
    outcome: 'FAIL',
    reason: `${bad.length} of the ${judged.length} ${plural(rule.what)} judged break this rule:\n${lines.join('\n')}${more}`,
    ...(bad.length > MAX_SHOWN ? { offenders } : {}),
    exchanges: shown.map(({ a }) => a.record),
  });
}
