// Shared set-ups of the journal tests (docs/sandbox.md "Durability (--state)"): a folder of state files, a durable sandbox over one, and what a saved file holds.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect } from 'vitest';
import { createSandbox, type Sandbox } from '../../../mocks/sandbox/core/app.js';
import { API_PREFIX } from '../../../mocks/sandbox/core/router.js';
import { type DurabilityOptions, durable } from '../../../mocks/sandbox/hosts/durable.js';
import { readStateFile } from '../../../mocks/sandbox/worlds/journal.js';
import { DEMO } from '../../../mocks/sandbox/worlds/seed.js';
import { onBoard, requestTo } from '../harness.js';

const dir = mkdtempSync(join(tmpdir(), 'sandbox-journal-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
export const fileFor = (name: string) => join(dir, `${name}-${++files}.json`);

export async function kept(file: string, options: DurabilityOptions = {}, sandbox: Sandbox = createSandbox()) {
  const reports: string[] = [];
  const durability = await durable(file, sandbox, { report: (m) => reports.push(m), ...options });
  const call = async (method: string, path: string, body?: unknown, auth?: string) => {
    const headers: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' };
    if (auth) headers.authorization = auth;
    const res = await durability.fetch(
      requestTo(method, `${API_PREFIX}${path}`, headers, body === undefined ? undefined : JSON.stringify(body)),
    );
    const text = await res.text();
    // biome-ignore lint/suspicious/noExplicitAny: tests read the answers' JSON.
    return { status: res.status, json: (text ? JSON.parse(text) : undefined) as any };
  };
  const login = await call('POST', '/member/login/', {
    username: DEMO.accounts.member.username,
    password: DEMO.accounts.member.password,
    captcha_token: DEMO.captchaToken,
  });
  const auth = `JWT ${login.json.data.access_token}`;
  const createScenario = async (title: string) => {
    const answer = await call('POST', `/features/qa/scenarios/list/?${onBoard()}`, { title, parent_id: null }, auth);
    expect(answer.status, JSON.stringify(answer.json)).toBe(201);
    return answer.json.data.scenario as { id: number };
  };
  const titles = () => new Set([...sandbox.store.scenarios.values()].map((row) => row.title));
  return { sandbox, durability, call, auth, createScenario, titles, reports };
}

export const lines = (file: string) => readFileSync(file, 'utf8').split('\n');

export const titlesIn = (bytes: Buffer) =>
  new Set([...readStateFile(bytes).store.scenarios.values()].map((s) => s.title));
