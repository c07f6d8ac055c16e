// Proof that every check can fail (docs/conformance.md, "How we know every check can fail"): the suite passes 100%
// against the sandbox, and each fault variant of the sandbox (a wrapper outside its core) makes the suite fail with the
// rule IDs it names as `breaks`. The choice servers, which must fail no MUST rule, are choices.test.ts's and
// choices-drawn.test.ts's.

import { describe, expect, it } from 'vitest';
import { RULES } from '../../conformance/rules.js';
import type { FetchHandler } from '../../contract/http.js';
import { isObject } from '../../contract/json.js';
import { createSandbox } from '../../mocks/sandbox/core/app.js';
import { ANOTHER_CLIENT, CHOICES, type Choice } from './faults/choices.js';
import { FAULTS } from './faults/index.js';
import { deletedScenarioListed } from './faults/qa.js';
import { failedRules, notPassing, runAgainst, runOverHttp, scope, TIMEOUT } from './faults/runs.js';
import { type Fault, parse, reply } from './faults/wrap.js';

/** The rules that read back what they deleted. */
const READ_BACK = ['QA-01', 'QA-04', 'QA-06', 'QA-07', 'QA-21'];
const { idsReused, idsReusedLastDeleted } = CHOICES as Record<'idsReused' | 'idsReusedLastDeleted', Choice>;

describe.concurrent('the suite against the sandbox', TIMEOUT, () => {
  it('passes every rule, skips none, and leaves behind only what the contract cannot delete', async ({ expect }) => {
    const result = await runOverHttp(0, createSandbox().fetch);
    const notPassed = result.rules.filter((r) => r.outcome !== 'PASS').map((r) => `${r.id} ${r.outcome}: ${r.reason}`);
    expect(notPassed).toEqual([]);
    expect(result.rules.map((r) => r.id)).toEqual(RULES.map((r) => r.id));
    expect(result.problems).toEqual([]);
    expect(new Set(result.leftBehind.map((e) => e.kind))).toEqual(new Set(['account', 'task']));
  });
});

describe.concurrent('what a check shows and how it copes', TIMEOUT, () => {
  it("QA-11 is not verified, naming the profile fields, when the target refuses the contract's severity", async () => {
    const { ownVocabulary } = CHOICES;
    const result = await runAgainst(1, ownVocabulary?.wrap(createSandbox().fetch) as FetchHandler, ['QA-11'], false);
    const rule = result.rules.find((r) => r.id === 'QA-11');
    expect(rule?.outcome).toBe('UNVERIFIED');
    expect(rule?.reason).toContain('CONFORMANCE_SEVERITY');
  });

  it('QA-21 shows the list page that still held the deleted scenario, not the last page of the walk', async () => {
    const result = await runAgainst(1, deletedScenarioListed.wrap(createSandbox().fetch), ['QA-21'], false);
    const check = result.rules.find((r) => r.id === 'QA-21')?.checks[0];
    expect(check?.outcome).toBe('FAIL');
    const shown = check?.exchanges[0];
    expect(shown?.path).toBe('/features/qa/scenarios/list/');
    expect(new URL(shown?.url ?? 'http://x/').searchParams.get('page')).toBe('1');
    // The walk went on past that page: the shown exchange is not the last one the check sent.
    expect(check?.steps?.at(-1)).not.toMatch(/^▶/);
  });

  it('QA-01, QA-04, QA-06, QA-07 and QA-21 pass when a deleted id is handed to the next object at once, and say so', async () => {
    const result = await runAgainst(1, idsReusedLastDeleted.wrap(createSandbox().fetch), READ_BACK);
    expect(notPassing(result.rules)).toEqual([]);
    for (const id of ['QA-06', 'QA-21']) {
      const rule = result.rules.find((r) => r.id === id);
      expect(rule?.reason, id).toMatch(/the server reused the id \d+ of a deleted case for another case/);
      expect(rule?.checks[0]?.notes?.length, id).toBeGreaterThan(0);
    }
  });

  it('no delete of the run or its clean-up reaches an object that took a deleted id (QA-06, QA-07, QA-21 against idsReusedLastDeleted)', async () => {
    const hit: string[] = [];
    const inner = idsReusedLastDeleted.wrap(createSandbox().fetch);
    const watched: FetchHandler = async (req) => {
      const { operationId, query } = await parse(req);
      if (operationId === 'deleteScenario' || operationId === 'deleteCase') {
        // What the id names at the moment of its delete, read as the deleting account.
        const read = await inner(new Request(req.url, { headers: req.headers }));
        if ((await read.text()).includes(ANOTHER_CLIENT)) hit.push(`${operationId} ${query.toString()}`);
      }
      return inner(req);
    };
    const result = await runAgainst(1, watched, ['QA-06', 'QA-07', 'QA-21']);
    expect(notPassing(result.rules)).toEqual([]);
    expect(hit).toEqual([]);
  });

  it('a deletion that does not delete still fails QA-06 and QA-21 on a server that reuses ids', async () => {
    const deletesIgnored: Fault = (inner) => async (req) => {
      const { operationId } = await parse(req);
      if (operationId === 'deleteCase' || operationId === 'deleteScenario') return reply(200, { status: 'success' });
      return inner(req);
    };
    const result = await runAgainst(1, deletesIgnored(idsReused.wrap(createSandbox().fetch)), ['QA-06', 'QA-21']);
    expect(failedRules(result)).toEqual(['QA-06', 'QA-21']);
  });

  it('TOKEN-08 passes when the token expired before its first use (a loaded machine), trying a longer life', async () => {
    let held = false;
    // The first expiring token's creation is answered only once the token has expired, as a busy machine would.
    const slowFirstExpiry: Fault = (inner) => async (req) => {
      const { operationId, body } = await parse(req);
      const res = await inner(req);
      const expires = isObject(body) ? Date.parse(String(body.expires_at)) : Number.NaN;
      if (operationId === 'createApiToken' && !held && Number.isFinite(expires)) {
        held = true;
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, expires - Date.now()) + 100));
      }
      return res;
    };
    const result = await runAgainst(1, slowFirstExpiry(createSandbox().fetch), ['TOKEN-08']);
    expect(held).toBe(true);
    expect(notPassing(result.rules)).toEqual([]);
  });
});

describe.concurrent('each fault makes the suite fail with the rules it names', TIMEOUT, () => {
  for (const [i, [name, { breaks, wrap }]] of Object.entries(FAULTS).entries()) {
    it(`${name} → ${breaks.join(', ')}`, async ({ expect }) => {
      const result = await runAgainst(i + 2, wrap(createSandbox().fetch), scope([...breaks]), false);
      const failed = failedRules(result);
      const passedOrSkipped = breaks.filter((id) => !failed.includes(id));
      expect(passedOrSkipped, `rules that did not fail against ${name}`).toEqual([]);
      expect(result.mustFailed).toBe(breaks.some((id) => RULES.find((r) => r.id === id)?.level === 'MUST'));
    });
  }
});

describe('the faults', () => {
  it('each name at least one rule of the catalogue', () => {
    for (const [name, { breaks }] of Object.entries(FAULTS)) {
      expect(breaks.length, name).toBeGreaterThan(0);
      for (const id of breaks)
        expect(
          RULES.map((r) => r.id),
          `${name} breaks ${id}`,
        ).toContain(id);
    }
  });

  it('break every MUST and every SHOULD rule between them', () => {
    const broken = new Set(Object.values(FAULTS).flatMap((f) => f.breaks));
    expect(RULES.filter((r) => !broken.has(r.id)).map((r) => `${r.id} ${r.level}`)).toEqual([]);
  });
});
