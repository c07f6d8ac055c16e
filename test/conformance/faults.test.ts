// Proof that every check can fail (docs/conformance.md, "How we know every check can fail"): the suite passes 100%
// against the sandbox, and each fault variant of the sandbox (a wrapper outside its core) makes the suite fail with the
// rule IDs it names as `breaks`.

import { describe, expect, it } from 'vitest';
import type { RunResult } from '../../conformance/engine/result.js';
import { loadProfile } from '../../conformance/profile.js';
import { RULES } from '../../conformance/rules.js';
import { runConformance } from '../../conformance/run.js';
import type { FetchHandler } from '../../contract/http.js';
import { isObject } from '../../contract/json.js';
import { createSandbox } from '../../mocks/sandbox/core/app.js';
import { startSandboxServer } from '../../mocks/sandbox/hosts/node.js';
import { CHOICES, ID_OFFSET } from './faults/choices.js';
import { FAULTS } from './faults/index.js';
import { jsonOf, parse, reply, withStatus } from './faults/wrap.js';

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

/**
 * Runs the suite (or the named rules) in process against this handler. `preflight: false` lets a fault that breaks the
 * login or the company list reach the rules that judge it, where the CLI would stop at the preflight.
 */
function runAgainst(lane: number, fetch: FetchHandler, only: string[] = [], preflight = true): Promise<RunResult> {
  return inLane(lane, () =>
    runConformance({
      profile: loadProfile('conformance/targets/sandbox.json', {}, IN_PROCESS_BASE_URL),
      target: fetch,
      only,
      preflight,
    }),
  );
}

/** Starts the sandbox with this handler on a free port and runs the whole suite against it over real HTTP. */
function runOverHttp(lane: number, fetch: FetchHandler): Promise<RunResult> {
  return inLane(lane, async () => {
    const server = await startSandboxServer({ port: 0, fetch });
    try {
      const profile = loadProfile('conformance/targets/sandbox.json', {}, server.baseUrl);
      return await runConformance({ target: profile.baseUrl, profile });
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

/** Collection names the source does not fix, renamed; `companies` (source §1) and `tasks` (its example) stay. */
const RENAMED_COLLECTIONS: Record<string, [string, string]> = {
  listScenarios: ['scenarios', 'items'],
  listCases: ['cases', 'results'],
  listSessions: ['sessions', 'entries'],
  listApiTokens: ['tokens', 'api_tokens'],
};

const DELETES = new Set(['deleteApiToken', 'deleteScenario', 'deleteCase']);

/**
 * Not a fault: the sandbox as a server that decides otherwise wherever the source is silent. Validation failures name
 * fields as members (Django REST framework style); creations answer 200; the account sits directly in data; the token
 * pair is nested in data; a new token's secret comes as `data.api_token` beside the token; deletions answer 204 with
 * no body; lists use other collection names; a path without its trailing slash redirects to the path with it. Such a
 * server must fail no MUST rule and leave none unverified, only the contract's SHOULD rules.
 */
const ownDecisions =
  (inner: FetchHandler): FetchHandler =>
  async (req) => {
    const url = new URL(req.url);
    if (url.pathname.startsWith('/api/') && !url.pathname.endsWith('/')) {
      return new Response(null, { status: 301, headers: { location: `${url.pathname}/${url.search}` } });
    }
    const { operationId } = await parse(req);
    const res = await inner(req);
    if (DELETES.has(operationId ?? '') && res.ok) return new Response(null, { status: 204 });
    const body = await jsonOf(res);
    if (!isObject(body)) return res;
    if (res.status === 400 && Array.isArray(body.errors)) {
      // Named by the member itself, as DRF does: `query.assignee_ids.0` becomes `assignee_ids`.
      const member = (field: unknown) =>
        String(field)
          .split(/[.[\]]/)
          .filter((s) => s !== '' && !/^\d+$/.test(s))
          .at(-1);
      const named = body.errors.filter(isObject).map((e) => [member(e.field), [String(e.message)]]);
      return reply(400, Object.fromEntries(named));
    }
    const data = isObject(body.data) ? body.data : undefined;
    const status = res.status === 201 ? 200 : res.status;
    if (operationId === 'getMe' && isObject(data?.member)) return reply(status, { ...body, data: data.member });
    if ((operationId === 'login' || operationId === 'refreshToken') && data) {
      return reply(status, { ...body, data: { tokens: data } });
    }
    if (operationId === 'createApiToken' && isObject(data?.token)) {
      const { token: secret, ...token } = data.token;
      return reply(status, { ...body, data: { token, api_token: secret } });
    }
    const rename = RENAMED_COLLECTIONS[operationId ?? ''];
    if (rename && data && Array.isArray(data[rename[0]])) {
      const { [rename[0]]: rows, ...rest } = data;
      return reply(status, { ...body, data: { ...rest, [rename[1]]: rows } });
    }
    return res.status === 201 ? withStatus(res, 200) : res;
  };

describe.concurrent('a server deciding otherwise where the source is silent', TIMEOUT, () => {
  it('fails only SHOULD rules and leaves no MUST rule unverified', async ({ expect }) => {
    const result = await runAgainst(1, ownDecisions(createSandbox().fetch));
    const failed = result.rules.filter((r) => r.outcome === 'FAIL');
    expect(failed.filter((r) => r.level === 'MUST').map((r) => `${r.id}: ${r.reason}`)).toEqual([]);
    const unverified = result.rules.filter((r) => r.outcome === 'UNVERIFIED');
    expect(unverified.filter((r) => r.level === 'MUST').map((r) => `${r.id}: ${r.reason}`)).toEqual([]);
    // It does depart from the contract, and the contract's rules say so.
    expect(failed.map((r) => r.id)).toEqual(expect.arrayContaining(['CONTRACT-01', 'CONTRACT-02']));
    expect(result.rules.filter((r) => r.outcome === 'SKIP')).toEqual([]);
  });
});

describe.concurrent('a server making one other choice where the source is silent', TIMEOUT, () => {
  for (const [i, [name, choice]] of Object.entries(CHOICES).entries()) {
    it(`${name}: no MUST rule fails or stays unverified`, async ({ expect }) => {
      const result =
        name === 'connectionClose'
          ? await runOverHttp(i + 1, choice(createSandbox().fetch))
          : name === 'largeIds'
            ? await inLane(i + 1, () =>
                runConformance({
                  target: choice(createSandbox().fetch),
                  profile: {
                    ...loadProfile('conformance/targets/sandbox.json', {}, IN_PROCESS_BASE_URL),
                    companyId: 1 + ID_OFFSET,
                    boardId: 1 + ID_OFFSET,
                    boardWithoutTodoColumnId: 2 + ID_OFFSET,
                  },
                }),
              )
            : await runAgainst(i + 1, choice(createSandbox().fetch));
      const must = result.rules.filter(
        (r) => r.level === 'MUST' && (r.outcome === 'FAIL' || r.outcome === 'UNVERIFIED'),
      );
      expect(must.map((r) => `${r.id} ${r.outcome}: ${r.reason}`)).toEqual([]);
    });
  }
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
