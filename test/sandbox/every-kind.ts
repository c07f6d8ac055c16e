// A world holding every kind of thing the Store keeps, made through the API, and a comparison of two Stores over all they keep (docs/sandbox.md "Persistence").
import { expect } from 'vitest';
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
  charging: 'set only while a handler runs',
  owners: 'a WeakMap (cannot be listed): compared through measuredBy, the bytes each writer owns, after a measure',
  measured: 'the memory budget’s running estimate, measured again from the rows',
  written: 'the memory budget’s running estimate, measured again from the rows',
  measuredAtMs: 'when the budget was last measured',
  writtenBy: 'the per-account running estimate, cleared by a measure',
};

type Send = (request: Request) => Promise<Response>;

/**
 * Makes, through the API of the sandbox at `base`, at least one of every kind a demo world lacks: a registered
 * account, a login (last activity), a named API token, a scenario and a case written by an account (its share), a
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
  const { member } = DEMO.accounts;
  const login = await call('POST', '/member/login/', {
    username: member.username,
    password: member.password,
    captcha_token: DEMO.captchaToken,
  });
  const auth = `JWT ${login.data.access_token}`;
  await call('POST', '/member/bearer-tokens/', { title: 'kept', is_active: true, metadata: { team: 'qa' } }, auth);
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

/** Everything `store` keeps but NOT_SAVED, by property name, as plain data (after a measure, so shares are listed). */
export async function contentsOf(store: Store): Promise<Record<string, unknown>> {
  store.measureBytes();
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(store)) {
    if (name in NOT_SAVED) continue;
    out[name] = await plain(value);
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
}
