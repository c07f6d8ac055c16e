// The choice servers layered as allChoices layers them (docs/conformance.md, "What the suite does not assume") are one
// server still: two choices that each hand out ids of their own never give one id to two objects, or a check of the
// suite would meet a row it did not make under the id of one it did.
import { describe, expect, it } from 'vitest';
import { createSandbox } from '../../mocks/sandbox/core/app.js';
import { DEMO } from '../../mocks/sandbox/worlds/seed.js';
import { allChoices } from './faults/choices.js';

const BASE = 'http://sandbox.invalid/api';
const BOARD = `company_id=${DEMO.companyId}&board_id=${DEMO.boardId}`;

/** A client of `fetch` logged in as the demo member: method, path and body in, status and JSON body out. */
async function memberOf(fetch: (req: Request) => Promise<Response>) {
  const send = async (method: string, path: string, body?: unknown, token?: string) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (token) headers.authorization = `JWT ${token}`;
    const res = await fetch(
      new Request(`${BASE}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }),
    );
    return { status: res.status, body: (await res.json()) as { data: Record<string, unknown> } };
  };
  const { member } = DEMO.accounts;
  const login = await send('POST', '/member/login/', {
    username: member.username,
    password: member.password,
    captcha_token: DEMO.captchaToken,
  });
  const token = login.body.data.access_token as string;
  return (method: string, path: string, body?: unknown) => send(method, path, body, token);
}

describe('the two id-reusing choices layered, as a server making every choice at once is', () => {
  it('list no two scenarios under one id after a delete, each layer having let another client take freed ids', async () => {
    const layered = allChoices(['idsReused', 'idsReusedLastDeleted']);
    const call = await memberOf(layered.wrap(createSandbox().fetch));
    const created = await call('POST', `/features/qa/scenarios/list/?${BOARD}`, { title: 'first', parent_id: null });
    const id = (created.body.data.scenario as { id: number }).id;
    expect((await call('DELETE', `/features/qa/scenarios/?${BOARD}&scenario_id=${id}`)).status).toBe(200);
    await call('POST', `/features/qa/scenarios/list/?${BOARD}`, { title: 'second', parent_id: null });
    const listed = await call('GET', `/features/qa/scenarios/list/?${BOARD}&limit=100`);
    const ids = (listed.body.data.scenarios as { id: number }[]).map((s) => s.id);
    expect(ids.filter((each, at) => ids.indexOf(each) !== at)).toEqual([]);
  });
});
