// Each check file creates no more than it declares (`h.creates`, docs/conformance.md "The preflight"): a whole run
// against the sandbox, each created token, scenario and session of the member counted by the file that sent it.
import { describe, expect, it } from 'vitest';
import { CHECK_FILES, EXCHANGE_RULES } from '../../conformance/checks/index.js';
import type { Answer } from '../../conformance/engine/exchange-record.js';
import { isSuccess } from '../../conformance/engine/payload.js';
import { type Creations, plan } from '../../conformance/engine/registry.js';
import { ROOM_KINDS, runCreations } from '../../conformance/engine/room.js';
import { runSuite } from '../../conformance/engine/run-suite.js';
import { LIMIT_KINDS, profileFrom } from '../../conformance/profile.js';
import { RULES, selectRules } from '../../conformance/rules.js';
import { createSandbox } from '../../mocks/sandbox/core/app.js';
import { DEMO_PROFILE } from './fixtures/profile.js';

const BASE = 'http://sandbox.test/api';

/** A run of the selected rules against a fresh sandbox, with every answer it got. */
async function run(only: readonly string[], maxExamples?: number) {
  const profile = profileFrom(DEMO_PROFILE, BASE);
  return runSuite({
    door: 'code',
    rules: RULES,
    files: CHECK_FILES,
    exchangeRules: EXCHANGE_RULES,
    selected: selectRules(only).selected,
    profile,
    fetch: createSandbox().fetch,
    secrets: [],
    readOnly: false,
    register: true,
    timeoutMs: 30_000,
    totalTimeoutMs: 300_000,
    ...(maxExamples === undefined ? {} : { maxExamples }),
    preflight: true,
    keepWire: false,
    onProgress: () => undefined,
  });
}

/** What the member's credentials created, by the check file that sent the request. */
function createdByFile(answers: readonly Answer[]): Map<string, Creations> {
  const made = new Map<string, Creations>();
  for (const a of answers) {
    if (!isSuccess(a.status) || a.record.actor === 'outsider' || a.record.actor === 'anonymous') continue;
    const kind = LIMIT_KINDS.find((k) => ROOM_KINDS[k].create === a.record.operationId);
    if (!kind) continue;
    const counts = made.get(a.record.file) ?? { tokens: 0, scenarios: 0, sessions: 0 };
    counts[kind]++;
    made.set(a.record.file, counts);
  }
  return made;
}

describe('what each check file declares it creates', { timeout: 300_000 }, () => {
  it.each([
    ['a whole run', RULES.map((r) => r.id), undefined],
    ['the generated cases with more examples', ['generated'], 8],
  ])('%s creates no more than the files declare', async (_, only, maxExamples) => {
    const suite = await run(only, maxExamples);
    expect(suite.result.mustFailed).toBe(false);
    const settings = {
      door: 'code' as const,
      profile: profileFrom(DEMO_PROFILE, BASE),
      marker: suite.result.marker,
      readOnly: false,
      register: true,
      timeoutMs: 30_000,
      ...(maxExamples === undefined ? {} : { maxExamples }),
    };
    const made = createdByFile(suite.answers);
    expect(made.size).toBeGreaterThan(0);
    const total: Creations = { tokens: 0, scenarios: 0, sessions: 0 };
    for (const [file, counts] of made) {
      const declared = CHECK_FILES.find((f) => f.file === file)?.creates?.(settings) ?? {};
      for (const kind of LIMIT_KINDS) {
        expect(counts[kind], `${file} ${kind}`).toBeLessThanOrEqual(declared[kind] ?? 0);
        total[kind] += counts[kind];
      }
    }
    const selection = { selected: selectRules(only).selected, readOnly: false, register: true };
    const planned = runCreations(plan(CHECK_FILES, RULES, selection), selection, settings);
    for (const kind of LIMIT_KINDS) expect(total[kind], kind).toBeLessThanOrEqual(planned[kind]);
  });
});
