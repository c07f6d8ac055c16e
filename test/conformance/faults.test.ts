// Proof that every check can fail (docs/conformance.md, "How we know every check can fail"): the suite passes 100%
// against the sandbox, and each fault variant of the sandbox (a wrapper outside its core) makes the suite fail with the
// rule IDs this table names.
import { describe, expect, it } from 'vitest';
import { loadProfile } from '../../conformance/cli/profile.js';
import { runConformance } from '../../conformance/engine/run.js';
import { FAULTS } from '../../conformance/faults/index.js';
import { isObject, jsonOf, parse, reply, withStatus } from '../../conformance/faults/wrap.js';
import type { RunResult } from '../../conformance/report/outcome.js';
import { RULES } from '../../conformance/rules.js';
import { createSandbox, type FetchHandler } from '../../mocks/sandbox/app.js';
import { startSandboxServer } from '../../mocks/sandbox/http.js';

/** Fault → the rules that must fail against it (others may fail too: a fault seldom breaks one thing only). */
const EXPECTED: Record<string, string[]> = {
  // Authentication.
  jwtAcceptedUnderBearer: ['AUTH-03'],
  apiTokenAcceptedUnderJwt: ['AUTH-04'],
  unknownSchemeAccepted: ['AUTH-02'],
  refreshTokenAccepted: ['AUTH-05'],
  emptyListInsteadOf401: ['AUTH-01', 'AUTH-06', 'TOKEN-01'],
  // Login, registration and refresh.
  captchaNotChecked: ['LOGIN-03', 'LOGIN-04', 'LOGIN-05', 'LOGIN-09'],
  loginNeedsAuthorization: ['LOGIN-01'],
  loginWithoutRefreshToken: ['LOGIN-02'],
  refreshNotRotated: ['LOGIN-06', 'LOGIN-07'],
  registrationRejected: ['LOGIN-08'],
  rejectedLoginCarriesTokens: ['LOGIN-04', 'LOGIN-10'],
  loginAccessTokenInert: ['LOGIN-02'],
  // Named API tokens.
  tokenCreatedAnonymously: ['TOKEN-01', 'AUTH-01'],
  bearerMeNamesSomeoneElse: ['TOKEN-02'],
  tokenListOmitsNewTokens: ['TOKEN-03'],
  deactivationIgnored: ['TOKEN-04'],
  reactivationIgnored: ['TOKEN-05'],
  deletionIgnored: ['TOKEN-06', 'TOKEN-07'],
  expiryIgnored: ['TOKEN-08'],
  // Access.
  outsiderLetIn: ['ACCESS-01', 'ACCESS-02'],
  companyListLeaks: ['ACCESS-03'],
  meAlwaysNamesTheMember: ['ACCESS-04'],
  refusalCarriesData: ['ACCESS-01'],
  // Envelope, errors and conventions.
  envelopeRenamed: ['ENV-01', 'CONTRACT-01'],
  envelopeDropped: ['ENV-01'],
  errorPayloadDropped: ['ENV-02'],
  collectionsRenamed: ['ENV-03', 'ENV-08', 'ACCESS-03'],
  validationAs500: ['ENV-04', 'ENV-05', 'ENV-07', 'LIST-06', 'QA-12', 'QA-13', 'LOGIN-03'],
  validationUnnamed: ['ENV-04', 'LIST-06', 'QA-12', 'QA-13', 'LOGIN-03'],
  notFoundAs403: ['ENV-06', 'QA-01', 'QA-04', 'QA-06'],
  slashedPathsRefused: ['CONV-01'],
  // Lists.
  limitIgnored: ['LIST-01'],
  pageIgnored: ['LIST-02'],
  qRejected: ['LIST-03'],
  repeatedKeysRejected: ['LIST-05'],
  missingBoardDefaulted: ['LIST-06', 'LIST-07'],
  // QA.
  renameIgnored: ['QA-01'],
  parentDropped: ['QA-02', 'QA-03'],
  caseUpdateIgnored: ['QA-04'],
  caseListMixesScenarios: ['QA-05'],
  casesOutliveScenario: ['QA-06'],
  descendantCasesSkipped: ['QA-08'],
  sessionListWithoutReports: ['QA-09'],
  doneIgnored: ['QA-10'],
  bugRecordedAsDone: ['QA-11', 'QA-15'],
  bugWithoutSeverityAccepted: ['QA-12'],
  invalidStatusAccepted: ['QA-13'],
  pendingRejected: ['QA-14'],
  linkedTaskHidden: ['QA-15'],
  secondBugDuplicatesTask: ['QA-16'],
  finishIgnored: ['QA-20'],
  bugNotCountedAsReviewed: ['QA-17'],
  finishResolvesTask: ['QA-18'],
  startWithoutTodoAccepted: ['QA-19'],
  // Generated cases.
  limitOutOfRangeClamped: ['GEN-02'],
  wrongTypeAs500: ['GEN-01', 'GEN-04'],
  unknownFieldsIgnored: ['GEN-02'],
  titleCappedAt100: ['GEN-03'],
  validationAs422: ['GEN-02'],
};

/** Runs side by side: a run mostly waits for its sandbox, and the machine has two cores. */
const LANES = 2;
/** In-process runs: nothing listens here, every request goes to the handler. */
const IN_PROCESS_BASE_URL = 'http://sandbox.invalid/api';
const lanes: Promise<unknown>[] = Array.from({ length: LANES }, () => Promise.resolve());

/** Queues `run` on a lane, so that no more than LANES runs go at once. */
function inLane<T>(lane: number, run: () => Promise<T>): Promise<T> {
  const i = lane % LANES;
  const next = (lanes[i] as Promise<unknown>).then(run);
  lanes[i] = next.catch(() => undefined);
  return next;
}

/** Runs the suite (or the named rules) in process against this handler. */
function runAgainst(lane: number, fetch: FetchHandler, only: string[] = []): Promise<RunResult> {
  return inLane(lane, () =>
    runConformance({ profile: loadProfile('conformance/targets/sandbox.json', {}, IN_PROCESS_BASE_URL), fetch, only }),
  );
}

/** Starts the sandbox with this handler on a free port and runs the whole suite against it over real HTTP. */
function runOverHttp(lane: number, fetch: FetchHandler): Promise<RunResult> {
  return inLane(lane, async () => {
    const server = await startSandboxServer({ port: 0, fetch });
    try {
      return await runConformance({ profile: loadProfile('conformance/targets/sandbox.json', {}, server.baseUrl) });
    } finally {
      await server.close();
    }
  });
}

/**
 * The rules to run for a fault. A rule judged over exchanges selected alone runs every check file; CONV-01 (the
 * smallest file, with a 2xx and a 4xx) gives it exchanges to judge at a fraction of the cost.
 */
function scope(rules: string[]): string[] {
  const alone = rules.every((id) => RULES.find((r) => r.id === id)?.overExchanges);
  return alone ? [...rules, 'CONV-01', 'CONV-04'] : rules;
}

const failedRules = (result: RunResult): string[] => result.rules.filter((r) => r.outcome === 'FAIL').map((r) => r.id);

// Generous: a check waits for its lane, and npm test shares the machine with other suites.
const TIMEOUT = { timeout: 180_000 };

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

/**
 * Not a fault: the sandbox as a server that decides otherwise wherever the source is silent (validation failures that
 * name fields as members, Django REST framework style; 200 for creations; the account directly in data; the token pair
 * nested in data). Such a server must fail no MUST rule, only the contract's SHOULD rules.
 */
const ownDecisions =
  (inner: FetchHandler): FetchHandler =>
  async (req) => {
    const { operationId } = await parse(req);
    const res = await inner(req);
    const body = await jsonOf(res);
    if (!isObject(body)) return res;
    if (res.status === 400 && Array.isArray(body.errors)) {
      // A list item's error (`assignee_ids.0`) is the list's, as Django REST framework nests it under the list's name.
      const member = (field: string) =>
        field
          .split('.')
          .filter((s) => !/^\d+$/.test(s))
          .at(-1);
      const named = body.errors.filter(isObject).map((e) => [member(String(e.field)), [String(e.message)]]);
      return reply(400, Object.fromEntries(named));
    }
    const data = isObject(body.data) ? body.data : undefined;
    if (operationId === 'getMe' && isObject(data?.member)) return reply(res.status, { ...body, data: data.member });
    if ((operationId === 'login' || operationId === 'refreshToken') && data) {
      return reply(res.status, { ...body, data: { tokens: data } });
    }
    return res.status === 201 ? withStatus(res, 200) : res;
  };

describe.concurrent('a server deciding otherwise where the source is silent', TIMEOUT, () => {
  it('fails only SHOULD rules', async ({ expect }) => {
    const result = await runAgainst(1, ownDecisions(createSandbox().fetch));
    const failed = result.rules.filter((r) => r.outcome === 'FAIL');
    expect(failed.filter((r) => r.level === 'MUST').map((r) => `${r.id}: ${r.reason}`)).toEqual([]);
    // It does depart from the contract, and the contract's rules say so.
    expect(failed.map((r) => r.id)).toEqual(expect.arrayContaining(['CONTRACT-01', 'CONTRACT-02']));
    expect(result.rules.filter((r) => r.outcome === 'SKIP')).toEqual([]);
  });
});

describe.concurrent('each fault makes the suite fail with the expected rules', TIMEOUT, () => {
  for (const [i, [name, rules]] of Object.entries(EXPECTED).entries()) {
    it(`${name} → ${rules.join(', ')}`, async ({ expect }) => {
      const fault = FAULTS[name];
      expect(fault, `conformance/faults has no fault named ${name}`).toBeDefined();
      const result = await runAgainst(i + 2, (fault as NonNullable<typeof fault>)(createSandbox().fetch), scope(rules));
      const failed = failedRules(result);
      const passedOrSkipped = rules.filter((id) => !failed.includes(id));
      expect(passedOrSkipped, `rules that did not fail against ${name}`).toEqual([]);
      expect(result.mustFailed).toBe(rules.some((id) => RULES.find((r) => r.id === id)?.level === 'MUST'));
    });
  }
});

describe('the fault table', () => {
  it('names every fault of conformance/faults', () => {
    expect(Object.keys(FAULTS).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it('breaks every MUST rule with at least one fault', () => {
    const broken = new Set(Object.values(EXPECTED).flat());
    const unbroken = RULES.filter((r) => r.level === 'MUST' && !broken.has(r.id)).map((r) => r.id);
    expect(unbroken).toEqual([]);
  });
});
