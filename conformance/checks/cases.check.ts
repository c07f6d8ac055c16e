// Generated requests for every operation of openapi.yaml (rules GEN-01..04; source §7): valid ones and ones broken in
// exactly one place, placed on real objects, judged, and a failure shrunk by fast-check to its smallest request.

import { sharedValidators } from '../../contract/validators.js';
import { type ExploreOptions, explore, type Failure, shrinkFailure } from '../cases/explore.js';
import { curlLine } from '../cases/generated-requests.js';
import { DEFAULT_MAX_EXAMPLES, DEFAULT_SEED } from '../cases/generation-defaults.js';
import { planAll } from '../cases/plan.js';
import { createRunObjects, createSender, generatedCreations } from '../cases/sender.js';
import { GENERATED_RULES, type GeneratedRule } from '../cases/verdicts.js';
import { replayHint } from '../engine/entry-points.js';
import { CheckFailure } from '../engine/explain.js';
import type { RunSettings } from '../engine/settings.js';
import { createHarness } from '../harness/harness.js';

const h = createHarness(import.meta.url);

/** The operations a run generates requests for, as its settings allow. */
const plansOf = (settings: RunSettings) =>
  planAll(h.contract.operations, {
    readOnly: settings.readOnly,
    register: settings.register,
    missing: new Set(settings.profile.missingOperations),
  });

h.creates((settings) => generatedCreations(plansOf(settings), settings.maxExamples ?? DEFAULT_MAX_EXAMPLES));

/** Failures shown per rule, each shrunk (a shrink costs requests); the count of the others is given. */
const MAX_SHOWN = 3;

const run = h.once(async () => {
  const objects = await createRunObjects(h);
  const { severity, priority } = h.run.profile;
  const options: ExploreOptions = {
    plans: plansOf(h.run),
    document: h.contract.document,
    // Compiled once per process, as the exchange rules' are (h.contract is theirs): a run need not compile them again.
    validators: sharedValidators(),
    marker: h.marker,
    // The profile's vocabulary (source §2: allowed values "not shown"); otherwise the contract's schemas generate them.
    fixed: { ...(severity === undefined ? {} : { severity }), ...(priority === undefined ? {} : { priority }) },
    seed: h.run.seed ?? DEFAULT_SEED,
    maxExamples: h.run.maxExamples ?? DEFAULT_MAX_EXAMPLES,
    send: createSender(h, objects),
  };
  return { options, exploration: await explore(options) };
});

function describeFailure(options: ExploreOptions, failure: Failure): string {
  const plan = options.plans.find((p) => p.op.operationId === failure.operationId);
  const method = plan?.op.method ?? 'get';
  const path = plan?.op.path ?? '';
  const what = failure.breakage ? `${failure.breakage.what}` : 'a valid request';
  const body = failure.shown.body === undefined ? '' : ` ${JSON.stringify(failure.shown.body)}`;
  const query = new URLSearchParams(
    Object.entries(failure.shown.query).flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((x) => [k, String(x)])),
  ).toString();
  return [
    `${failure.operationId} (${failure.polarity} requests: ${failure.count} of ${failure.of} failed): ${what} → ${failure.problem}`,
    `  ${failure.shrunk ? 'shrunk' : 'first failing (it did not fail again on replay, so it is not shrunk)'} request: ${method.toUpperCase()} ${path}${query ? `?${query}` : ''}${body} [credential: ${failure.shown.credential}]`,
    `  curl: ${curlLine(h.run.profile.baseUrl, method, path, failure.shown)}`,
  ].join('\n');
}

const TEXT: Record<GeneratedRule, string> = {
  'GEN-01': 'a broken request refused for it names the broken field',
  'GEN-02': 'a broken request answers 400 naming the field in errors[].field',
  'GEN-03': 'a valid request answers a 2xx or a state refusal',
  'GEN-04': 'no generated request answers a 5xx',
};

/** Not-verified requests named per rule at most; their count is always given. */
const NOT_VERIFIED_SHOWN = 3;

/** What a rule could not judge, in a sentence: how many broken requests, why (the first few), of how many in all. */
function notVerifiedLine(rule: GeneratedRule, notVerified: readonly string[], judged: number): string {
  const shown = notVerified.slice(0, NOT_VERIFIED_SHOWN).join('; ');
  const more = notVerified.length > NOT_VERIFIED_SHOWN ? `; and ${notVerified.length - NOT_VERIFIED_SHOWN} more` : '';
  const all = notVerified.length + judged;
  return `${notVerified.length} of ${all} broken requests not verified for ${rule}: refused for another cause than the break (${shown}${more})`;
}

for (const rule of GENERATED_RULES) {
  h.rule(rule, TEXT[rule], async (t) => {
    const { options, exploration } = await run();
    const judged = exploration.judged.get(rule) ?? 0;
    const notVerified = exploration.notVerified.get(rule) ?? [];
    const unjudged = notVerified.length > 0 ? notVerifiedLine(rule, notVerified, judged) : undefined;
    if (judged === 0) {
      if (unjudged) return t.skip(`not verified: ${unjudged}`);
      const answered = exploration.stats.reduce((n, s) => n + s.valid + s.broken, 0);
      const reasons = [...new Set(exploration.stats.flatMap((s) => s.reasons))].slice(0, 3);
      return t.skip(
        rule === 'GEN-01' && answered > 0
          ? `none of the ${answered} answered generated requests was refused as a validation failure (GEN-02 says how they were answered)`
          : `no generated request got an answer to judge${reasons.length ? `: ${reasons.join('; ')}` : ''}`,
      );
    }
    const failures = exploration.failures.get(rule) ?? [];
    if (failures.length === 0) {
      if (unjudged) t.partly(unjudged);
      return;
    }
    const shown: Failure[] = [];
    for (const failure of failures.slice(0, MAX_SHOWN)) shown.push(await shrinkFailure(options, failure));
    h.blame(shown[0]?.answer);
    const more =
      failures.length > MAX_SHOWN
        ? `\n… and ${failures.length - MAX_SHOWN} more operations (every one in the JSON report)`
        : '';
    // Every failing operation with its request and a curl line to repeat it, for the JSON report (the shown ones shrunk).
    const described = failures.map((f, i) => describeFailure(options, shown[i] ?? f));
    throw new CheckFailure(
      `${failures.length} operation(s) broke ${rule}:\n${described.slice(0, MAX_SHOWN).join('\n')}${more}${unjudged ? `\n${unjudged}` : ''}\nreplay: ${replayHint(h.run.door, rule, options.seed, options.maxExamples)}`,
      described,
    );
  });
}

export default h.checks;
