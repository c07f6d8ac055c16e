// Shared set-ups of the --state durability tests (docs/sandbox.md "Durability (--state)"): a folder for their files, a durable sandbox with a logged-in member, and what a state file holds.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { createSandbox, type Sandbox } from '../../../mocks/sandbox/core/app.js';
import { API_PREFIX } from '../../../mocks/sandbox/core/router.js';
import { type DurabilityOptions, durable } from '../../../mocks/sandbox/hosts/durable.js';
import { readStateFile } from '../../../mocks/sandbox/worlds/journal.js';
import { DEMO } from '../../../mocks/sandbox/worlds/seed.js';
import { onBoard, requestTo } from '../harness.js';

export const dir = mkdtempSync(join(tmpdir(), 'sandbox-durable-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

export async function durableSandbox(
  file: string,
  options: DurabilityOptions = {},
  sandbox: Sandbox = createSandbox(),
) {
  const reports: string[] = [];
  const kept = await durable(file, sandbox, { report: (m) => reports.push(m), ...options });
  const call = async (method: string, path: string, body?: unknown, auth?: string) => {
    const headers: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' };
    if (auth) headers.authorization = auth;
    const res = await kept.fetch(
      requestTo(method, `${API_PREFIX}${path}`, headers, body === undefined ? undefined : JSON.stringify(body)),
    );
    const text = await res.text();
    // biome-ignore lint/suspicious/noExplicitAny: tests read the answers' JSON.
    return { status: res.status, headers: res.headers, json: (text ? JSON.parse(text) : undefined) as any };
  };
  const login = await call('POST', '/member/login/', {
    username: DEMO.accounts.member.username,
    password: DEMO.accounts.member.password,
    captcha_token: DEMO.captchaToken,
  });
  const auth = `JWT ${login.json.data.access_token}`;
  const createScenario = (title: string) =>
    call('POST', `/features/qa/scenarios/list/?${onBoard()}`, { title, parent_id: null }, auth);
  const titles = (s: Sandbox = sandbox) => new Set([...s.store.scenarios.values()].map((row) => row.title));
  return { sandbox, kept, call, auth, createScenario, titles, reports };
}

export const titlesInFile = (file: string) =>
  new Set([...readStateFile(readFileSync(file)).store.scenarios.values()].map((s) => s.title));

/** The demo member's login, as a client sends it. */
export const memberLogin = () =>
  requestTo(
    'POST',
    `${API_PREFIX}/member/login/`,
    { 'content-type': 'application/json' },
    JSON.stringify({
      username: DEMO.accounts.member.username,
      password: DEMO.accounts.member.password,
      captcha_token: DEMO.captchaToken,
    }),
  );
