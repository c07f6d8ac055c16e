// Behaviour, not only text (docs/changes.md): the requests the last released contract allows (its generated valid
// cases, as the conformance suite makes them) are sent to the current sandbox in process, and every answer is
// checked against the released contract's response schemas. A compatible change passes; one that breaks an old
// client fails here even when the static diff missed it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { placeValues, positiveArbitrary, searchParamsOf } from '../../conformance/cases/generated-requests.js';
import { type PlaceName, planOperation } from '../../conformance/cases/plan.js';
import { contractOf } from '../../contract/document.js';
import { contractFileOf, readForDiff, releases } from '../../contract/evolution/releases.js';
import { isObject } from '../../contract/json.js';
import { createValidators } from '../../contract/validators.js';
import { createSandbox } from '../../mocks/sandbox/core/app.js';

const SAMPLES = 4;
const BASE = 'http://sandbox.test/api';

type Json = Record<string, unknown>;

/** A client of the sandbox in process, as an old client of the released contract would call it. */
function clientOf(fetch: (r: Request) => Promise<Response>) {
  return async (
    method: string,
    path: string,
    init: { query?: URLSearchParams; body?: unknown; auth?: string } = {},
  ) => {
    const search = init.query?.toString();
    const response = await fetch(
      new Request(`${BASE}${path}${search ? `?${search}` : ''}`, {
        method: method.toUpperCase(),
        headers: {
          ...(init.auth ? { authorization: init.auth } : {}),
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      }),
    );
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
  };
}

const dataOf = (body: unknown): Json => (isObject(body) && isObject(body.data) ? body.data : {});

/** An answer an old client cannot read: the test says so, naming the request and the field, instead of a TypeError. */
class OldClientBreaks extends Error {}

/**
 * What an old client reads from an answer: `data.<keys…>`, as the released contract promised it. A missing step fails
 * with the request, its status and the field, so a rename in openapi.yaml reads as "old clients break".
 */
function readField(version: string, what: string, answer: { status: number; body: unknown }, ...keys: string[]) {
  let value: unknown = dataOf(answer.body);
  for (const key of keys) {
    const step = value !== null && typeof value === 'object' ? (value as Json)[key] : undefined;
    if (step === undefined) {
      throw new OldClientBreaks(
        `old clients of release ${version} break: ${what} answered ${answer.status} without data.${keys.join('.')}, ` +
          `which release ${version} promised (body: ${JSON.stringify(answer.body)?.slice(0, 300)})`,
      );
    }
    value = step;
  }
  return value;
}

describe(`the current sandbox answers what release ${releases().at(-1)} allows, as that release says`, () => {
  const version = releases().at(-1) as string;
  const released = readForDiff(contractFileOf(version));
  const contract = contractOf(released.raw);
  const validators = createValidators(contract);

  /** Sends every sampled valid request of the released contract to `fetch`; what broke the released schemas. */
  async function judge(fetch: (r: Request) => Promise<Response>) {
    const call = clientOf(fetch);
    const login = await call('post', '/member/login/', {
      body: { username: 'demo', password: 'demo-password', captcha_token: 'test-captcha' },
    });
    const read = (what: string, answer: { status: number; body: unknown }, ...keys: string[]) =>
      readField(version, what, answer, ...keys);
    const jwt = `JWT ${String(read('POST /member/login/', login, 'access_token'))}`;
    const board = { company_id: 1, board_id: 1 };
    const q = (extra: Json = {}) => searchParamsOf({ ...board, ...extra });
    let counter = 0;
    const makers: Record<PlaceName, () => Promise<string | number>> = {
      company_id: async () => 1,
      board_id: async () => 1,
      username: async () => 'demo',
      password: async () => 'demo-password',
      captcha_token: async () => 'test-captcha',
      new_username: async () => `released_${++counter}_${Date.now().toString(36)}`,
      new_email: async () => `released${++counter}@example.test`,
      refresh_token: async () => {
        const again = await call('post', '/member/login/', {
          body: { username: 'demo', password: 'demo-password', captcha_token: 'test-captcha' },
        });
        return String(read('POST /member/login/', again, 'refresh_token'));
      },
      key: async () => {
        const made = await call('post', '/member/bearer-tokens/', {
          auth: jwt,
          body: { title: `released ${++counter}`, is_active: true },
        });
        return String(read('POST /member/bearer-tokens/', made, 'token', 'key'));
      },
      scenario_id: async () => {
        const made = await call('post', '/features/qa/scenarios/list/', {
          auth: jwt,
          query: q(),
          body: { title: `released ${++counter}`, parent_id: null },
        });
        return Number(read('POST /features/qa/scenarios/list/', made, 'scenario', 'id'));
      },
      case_id: async () => {
        const scenario = await makers.scenario_id();
        const made = await call('post', '/features/qa/cases/list/', {
          auth: jwt,
          query: q(),
          body: {
            scenario,
            title: `released ${++counter}`,
            description: 'd',
            steps_to_reproduce: 's',
            expected_result: 'e',
          },
        });
        return Number(read('POST /features/qa/cases/list/', made, 'case', 'id'));
      },
      sessions_id: async () => Number(read('POST /features/qa/sessions/start/', await startSession(), 'session', 'id')),
      case_report_id: async () =>
        Number(read('POST /features/qa/sessions/start/', await startSession(), 'session', 'case_reports', '0', 'id')),
    };
    async function startSession(): Promise<{ status: number; body: unknown }> {
      const caseId = await makers.case_id();
      const got = await call('get', '/features/qa/cases/', { auth: jwt, query: q({ case_id: caseId }) });
      const theCase = read('GET /features/qa/cases/', got, 'case') as Json;
      const scenario = Number(theCase.scenario ?? read('GET /features/qa/cases/', got, 'case', 'scenario_id'));
      return call('post', '/features/qa/sessions/start/', {
        auth: jwt,
        query: q(),
        body: { scenario_id: scenario },
      });
    }
    const token = await call('post', '/member/bearer-tokens/', {
      auth: jwt,
      body: { title: 'released bearer', is_active: true },
    });
    const bearer = `Bearer ${String(read('POST /member/bearer-tokens/', token, 'token', 'token'))}`;

    const problems: string[] = [];
    const statuses: number[] = [];
    let sent = 0;
    for (const op of contract.operations) {
      const plan = planOperation(op);
      const cases = fc.sample(positiveArbitrary(plan, released.raw, validators, 'released'), {
        numRuns: SAMPLES,
        seed: 7,
      });
      for (const generated of cases) {
        const values = new Map<PlaceName, string | number>();
        for (const name of new Set<PlaceName>([...Object.values(plan.query), ...Object.values(plan.body)])) {
          values.set(name, await makers[name]());
        }
        const request = placeValues(generated, (name) => values.get(name));
        const auth = request.credential === 'session' ? jwt : request.credential === 'apiToken' ? bearer : undefined;
        const answer = await call(op.method, op.path, {
          query: searchParamsOf(request.query),
          ...(request.body === undefined ? {} : { body: request.body }),
          ...(auth ? { auth } : {}),
        });
        sent++;
        statuses.push(answer.status);
        const errors = validators.response(op.operationId, answer.status, answer.body);
        const what = `${op.method.toUpperCase()} ${op.path} → ${answer.status}`;
        if (errors === undefined) problems.push(`${what}: a status release ${version} does not declare`);
        else if (errors.length > 0)
          problems.push(`${what}: ${errors.map((e) => `${e.field} ${e.message}`).join('; ')}`);
        if (answer.status >= 500) problems.push(`${what}: a server error`);
      }
    }
    return { sent, problems, statuses };
  }

  it('every generated valid request of the released contract gets an answer its schemas declare', async () => {
    const { sent, problems, statuses } = await judge(createSandbox().fetch);
    expect(sent).toBeGreaterThanOrEqual(contract.operations.length * 2);
    expect(problems).toEqual([]);
    // Valid requests on real objects: nearly all succeed, so the success schemas are the ones judged.
    expect(statuses.filter((s) => s >= 200 && s < 300).length).toBeGreaterThan(sent * 0.8);
  }, 120_000);

  it('fails when the sandbox answers what an old client cannot read (a scenario without its title)', async () => {
    const sandbox = createSandbox();
    const withoutTitles = async (request: Request) => {
      const response = await sandbox.fetch(request);
      const body = (await response
        .clone()
        .json()
        .catch(() => undefined)) as Json | undefined;
      const scenario = isObject(body) && isObject(body.data) ? body.data.scenario : undefined;
      if (!isObject(scenario)) return response;
      delete scenario.title;
      return new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
    };
    const { problems } = await judge(withoutTitles);
    expect(
      problems.some((p) => /scenarios\/ → 20\d: .*title/.test(p)),
      problems.join('\n'),
    ).toBe(true);
  }, 120_000);

  it('says "old clients break", naming the request and the field, when an answer a request needs was renamed', async () => {
    const sandbox = createSandbox();
    // The newer contract renamed data.scenario to data.item in the creation answer: an old client finds no id.
    const renamed = async (request: Request) => {
      const response = await sandbox.fetch(request);
      const body = (await response
        .clone()
        .json()
        .catch(() => undefined)) as Json | undefined;
      if (!isObject(body) || !isObject(body.data) || !isObject(body.data.scenario)) return response;
      body.data = { item: body.data.scenario };
      return new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
    };
    await expect(judge(renamed)).rejects.toThrow(
      new RegExp(
        `^old clients of release ${version.replaceAll('.', '\\.')} break: POST /features/qa/scenarios/list/ answered 201 without data\\.scenario\\.id`,
      ),
    );
  }, 120_000);
});
