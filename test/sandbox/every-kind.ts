// A world holding every kind of thing the Store keeps, made through the API, and a comparison of two Stores over all they keep (docs/sandbox.md "Persistence").
import { expect } from 'vitest';
import { RecordMap } from '../../mocks/sandbox/domain/accounting.js';
import type { Store } from '../../mocks/sandbox/domain/store.js';
import { DEMO } from '../../mocks/sandbox/worlds/seed.js';

/**
 * What a Store keeps that a saved world deliberately does not, each with why. Every other property of a Store is
 * compared, found on the Store itself: a kind added to it later is covered with no change here, and a property that
 * should not survive a restart must be added here with its reason.
 */
export const NOT_SAVED: Record<string, string> = {
  limits: 'the limits are the running sandbox’s configuration, not the world',
  now: 'the clock is the running sandbox’s',
  refreshGrants: 'unused refresh tokens die with the signing key, which is never written down (log in again)',
  refreshJtisByAccount: 'the index of those refresh tokens',
  refreshJtisByClient: 'the same index per client',
  heldElsewhere: 'the running sandbox’s callback to its control tables, which die with it',
  ledger: 'the Store’s callbacks to its record maps: code, not data',
  ownerChangeCount: 'how many times a record changed writer: a count of events, not the world',
  charges:
    'a WeakMap (cannot be listed): compared record by record as `owners of <map>` (Store.ownerOf), and as sums ' +
    '(usedTotal, usedWorld, usedBy)',
};

/** Maps of records no operation lets an account write: their rows are all the world's own, whatever is saved. */
const NEVER_OWNED: Record<string, string> = {
  companies: 'no operation makes or changes a company',
  boards: 'no operation makes or changes a board',
};

/** What a Store keeps in an order that means nothing: compared sorted. */
const UNORDERED: Record<string, string> = {
  usedBy: 'bytes by account, in the order accounts first wrote since their last zero',
};

type Send = (request: Request) => Promise<Response>;

/**
 * Makes, through the API of the sandbox at `base`, at least one of every kind a demo world lacks: a registered account
 * nobody logged in to, a registered account logged in to that holds a named API token of its own, a named API token,
 * a seeded scenario rewritten by an account (now its), a scenario and a case written by an account (its share), a
 * session with its case reports, a bug report and its task. Returns the member's access token.
 */
export async function fillEveryKind(send: Send, base: string): Promise<string> {
  const call = async (method: string, path: string, body?: unknown, auth?: string) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (auth) headers.authorization = auth;
    const response = await send(
      new Request(`${base}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }),
    );
    const text = await response.text();
    expect(response.status, `${method} ${path}: ${text}`).toBeLessThan(300);
    // biome-ignore lint/suspicious/noExplicitAny: the test reads the answers' JSON.
    return (text ? JSON.parse(text) : undefined) as any;
  };
  const board = `company_id=${DEMO.companyId}&board_id=${DEMO.boardId}`;
  await call('POST', '/member/register/', {
    username: 'every-kind',
    password: 'every-kind-password',
    email: 'every-kind@example.com',
    first_name: 'Every',
    last_name: 'Kind',
    captcha_token: DEMO.captchaToken,
  });
  await call('POST', '/member/register/', {
    username: 'kind-user',
    password: 'kind-user-password',
    email: 'kind-user@example.com',
    first_name: 'Kind',
    last_name: 'User',
    captcha_token: DEMO.captchaToken,
  });
  const user = await call('POST', '/member/login/', {
    username: 'kind-user',
    password: 'kind-user-password',
    captcha_token: DEMO.captchaToken,
  });
  await call('POST', '/member/bearer-tokens/', { title: 'mine', is_active: true }, `JWT ${user.data.access_token}`);
  const { member } = DEMO.accounts;
  const login = await call('POST', '/member/login/', {
    username: member.username,
    password: member.password,
    captcha_token: DEMO.captchaToken,
  });
  const auth = `JWT ${login.data.access_token}`;
  await call('POST', '/member/bearer-tokens/', { title: 'kept', is_active: true, metadata: { team: 'qa' } }, auth);
  await call(
    'PATCH',
    `/features/qa/scenarios/?${board}&scenario_id=${DEMO.scenarios.login}`,
    { title: 'Login, rewritten' },
    auth,
  );
  const scenario = (
    await call('POST', `/features/qa/scenarios/list/?${board}`, { title: 'Kinds', parent_id: null }, auth)
  ).data.scenario;
  await call(
    'POST',
    `/features/qa/cases/list/?${board}`,
    {
      scenario: scenario.id,
      title: 'Every kind is kept',
      description: 'Saved and loaded.',
      steps_to_reproduce: '1. Restart.',
      expected_result: 'Nothing is lost.',
    },
    auth,
  );
  const session = (await call('POST', `/features/qa/sessions/start/?${board}`, { scenario_id: scenario.id }, auth)).data
    .session;
  await call(
    'PATCH',
    `/features/qa/sessions/cases/?${board}&case_report_id=${session.case_reports[0].id}`,
    { status: 'bug', actual_result: 'Lost on restart.', severity: 'major', priority: 'high' },
    auth,
  );
  return auth;
}

/** `value` as plain data, in order: Maps and Sets as entries, promises (password hashes) as what they hold. */
async function plain(value: unknown): Promise<unknown> {
  if (value instanceof Promise) return plain(await value);
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Map) return Promise.all([...value].map(async ([k, v]) => [await plain(k), await plain(v)]));
  if (value instanceof Set || Array.isArray(value)) return Promise.all([...value].map(plain));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = await plain(item);
  return out;
}

/**
 * Everything `store` keeps but NOT_SAVED, by property name, as plain data; for each map of records also who last
 * wrote each record (`owners of <name>`, what its share counts).
 */
export async function contentsOf(store: Store): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(store)) {
    if (name in NOT_SAVED) continue;
    const form = await plain(value);
    out[name] = name in UNORDERED ? (form as unknown[]).map((item) => JSON.stringify(item)).sort() : form;
    if (value instanceof RecordMap) {
      out[`owners of ${name}`] = [...value].flatMap(([key, record]) => {
        const owner = store.ownerOf(record);
        return owner === undefined ? [] : [[key, owner]];
      });
    }
  }
  return out;
}

/**
 * Expects `loaded` to keep all that `original` keeps. `original` must hold something of every kind (a kind the test
 * world lacks is named), so that the comparison proves each one survives.
 */
export async function expectSameWorld(loaded: Store, original: Store): Promise<void> {
  const before = await contentsOf(original);
  for (const [name, value] of Object.entries(before)) {
    if (NEVER_OWNED[name.replace(/^owners of /, '')] && name.startsWith('owners of ')) continue;
    const size = Array.isArray(value)
      ? value.length
      : typeof value === 'object' && value
        ? Object.keys(value).length
        : 1;
    expect(size, `the test world holds no ${name}: make one in fillEveryKind`).toBeGreaterThan(0);
  }
  const after = await contentsOf(loaded);
  expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
  for (const name of Object.keys(before)) expect(after[name], `${name} after a save and a load`).toEqual(before[name]);
  // The running sums equal a fresh measure of the loaded rows: nothing was counted twice or left out.
  expect(loaded.usage()).toEqual(loaded.measure());
}
