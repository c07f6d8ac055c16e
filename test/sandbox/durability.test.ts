// --state durability (docs/sandbox.md "Durability (--state)"): no write answered unless kept, grouped saves, safe temporaries, bounded loading.
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../mocks/sandbox/core/app.js';
import { API_PREFIX } from '../../mocks/sandbox/core/router.js';
import { DEMO } from '../../mocks/sandbox/worlds/seed.js';
import { snapshotOf, storeFromText } from '../../mocks/sandbox/worlds/snapshot.js';
import { type DurabilityOptions, durable, loadStateFile } from '../../mocks/sandbox/worlds/state-file.js';
import { onBoard, requestTo } from './harness.js';

const dir = mkdtempSync(join(tmpdir(), 'sandbox-durable-'));
afterAll(() => {
  chmodSync(dir, 0o700);
  rmSync(dir, { recursive: true, force: true });
});
const isRoot = process.getuid?.() === 0;

async function durableSandbox(file: string, options: DurabilityOptions = {}) {
  const sandbox = createSandbox();
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
    return { status: res.status, json: (text ? JSON.parse(text) : undefined) as any };
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

const titlesInFile = (file: string) =>
  new Set([...storeFromText(readFileSync(file, 'utf8')).scenarios.values()].map((s) => s.title));

describe('a write is answered only once it is kept', () => {
  it('a removed folder: the write answers 503 with the error envelope, the world goes back, stderr says why', async () => {
    const folder = join(dir, 'removed');
    mkdirSync(folder);
    const file = join(folder, 'world.json');
    const { createScenario, titles, reports } = await durableSandbox(file);
    expect((await createScenario('Kept')).status).toBe(201);
    rmSync(folder, { recursive: true });

    const lost = await createScenario('Not kept');
    expect(lost.status).toBe(503);
    expect(lost.json).toMatchObject({ status: 'error', errors: [{ field: 'state' }] });
    expect(lost.json.message).toMatch(/could not save/);
    expect(titles().has('Not kept'), 'memory ran ahead of the file').toBe(false);
    expect(titles().has('Kept')).toBe(true);
    expect(reports.join('\n')).toMatch(/could not write the state file .*ENOENT/);
    expect(reports.join('\n')).not.toMatch(/Not kept|password/);

    mkdirSync(folder);
    expect((await createScenario('After the fix')).status).toBe(201);
    expect(titlesInFile(file)).toEqual(new Set([...titles()]));
  });

  it.skipIf(isRoot)(
    'a read-only folder: 503 and the file unchanged (skipped as root: root writes anyway)',
    async () => {
      const folder = join(dir, 'read-only');
      mkdirSync(folder);
      const file = join(folder, 'world.json');
      const { createScenario, titles } = await durableSandbox(file);
      expect((await createScenario('Before')).status).toBe(201);
      const before = readFileSync(file, 'utf8');
      chmodSync(folder, 0o500);
      try {
        expect((await createScenario('Refused')).status).toBe(503);
        expect(readFileSync(file, 'utf8')).toBe(before);
        expect(titles().has('Refused')).toBe(false);
      } finally {
        chmodSync(folder, 0o700);
      }
    },
  );

  it('a full disk (ENOSPC) or a read-only one (EROFS): 503, nothing written, later writes work', async () => {
    const file = join(dir, 'full.json');
    let failWith: string | undefined;
    const written: string[] = [];
    const { createScenario, titles, reports } = await durableSandbox(file, {
      write: async (text) => {
        if (failWith) throw Object.assign(new Error('no space'), { code: failWith });
        written.push(text);
      },
    });
    for (const code of ['ENOSPC', 'EROFS']) {
      failWith = code;
      const results = await Promise.all([createScenario(`${code} a`), createScenario(`${code} b`)]);
      expect(results.map((r) => r.status)).toEqual([503, 503]);
      expect(titles().has(`${code} a`) || titles().has(`${code} b`)).toBe(false);
      expect(reports.at(-1)).toContain(code);
    }
    expect(written).toEqual([]);
    failWith = undefined;
    expect((await createScenario('Works again')).status).toBe(201);
    expect(written).toHaveLength(1);
  });

  it('a failed save logs nobody out: refresh tokens survive the roll-back', async () => {
    let fail = false;
    const { call, createScenario } = await durableSandbox(join(dir, 'refresh.json'), {
      write: async () => {
        if (fail) throw Object.assign(new Error('full'), { code: 'ENOSPC' });
      },
    });
    const pair = await call('POST', '/member/login/', {
      username: DEMO.accounts.member.username,
      password: DEMO.accounts.member.password,
      captcha_token: DEMO.captchaToken,
    });
    fail = true;
    expect((await createScenario('Rolled back')).status).toBe(503);
    fail = false;
    const refreshed = await call('POST', '/member/refresh-token/', { refresh_token: pair.json.data.refresh_token });
    expect(refreshed.status).toBe(200);
  });
});

describe('grouped saves', () => {
  it('requests that change nothing (404, 400, login) write nothing; many concurrent writes share a few saves', async () => {
    let writes = 0;
    let release: () => void = () => {};
    let gate: Promise<void> | undefined;
    const { call, auth, createScenario, titles } = await durableSandbox(join(dir, 'grouped.json'), {
      write: async () => {
        writes += 1;
        await gate;
      },
    });
    expect(writes).toBe(0);
    expect((await call('DELETE', `/features/qa/scenarios/999999/?${onBoard()}`, undefined, auth)).status).toBe(404);
    expect((await call('POST', `/features/qa/scenarios/list/?${onBoard()}`, { title: 5 }, auth)).status).toBe(400);
    expect(
      (await call('POST', '/member/login/', { username: 'nobody', password: 'x', captcha_token: 'x' })).status,
    ).toBeGreaterThanOrEqual(400);
    expect(writes).toBe(0);

    gate = new Promise((resolve) => (release = resolve));
    const first = createScenario('group 0');
    while (writes === 0) await new Promise((resolve) => setImmediate(resolve));
    const rest = Array.from({ length: 20 }, (_, i) => createScenario(`group ${i + 1}`));
    // Let the twenty reach their save while the first save is held.
    for (let i = 0; i < 50; i++) await new Promise((resolve) => setImmediate(resolve));
    release();
    const statuses = (await Promise.all([first, ...rest])).map((r) => r.status);
    expect(statuses.every((s) => s === 201)).toBe(true);
    expect(titles().size).toBeGreaterThan(20);
    expect(writes).toBe(2);
  });

  it('every saved text loads, even with registrations (slow hashes) and writes racing the saves', async () => {
    const texts: string[] = [];
    const { call, createScenario } = await durableSandbox(join(dir, 'consistent.json'), {
      write: async (text) => {
        texts.push(text);
      },
    });
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        i % 3 === 0
          ? call('POST', '/member/register/', {
              username: `racer${i}`,
              password: `racer-password-${i}`,
              email: `racer${i}@example.com`,
              first_name: 'Ra',
              last_name: 'Cer',
              captcha_token: DEMO.captchaToken,
            })
          : createScenario(`race ${i}`),
      ),
    );
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) expect(() => storeFromText(text)).not.toThrow();
    const last = storeFromText(texts.at(-1) as string);
    expect([...last.accounts.values()].filter((a) => a.username.startsWith('racer'))).toHaveLength(4);
  });
});

describe('the temporary file', () => {
  it('is not the predictable name of old: a symlink planted there is never followed; the file is mode 0600', async () => {
    const folder = join(dir, 'shared');
    mkdirSync(folder);
    const file = join(folder, 'world.json');
    const victim = join(dir, 'victim.txt');
    writeFileSync(victim, 'precious');
    for (let count = 1; count <= 5; count++) symlinkSync(victim, `${file}.${process.pid}.${count}.tmp`);
    const { createScenario } = await durableSandbox(file);
    for (let i = 0; i < 3; i++) expect((await createScenario(`safe ${i}`)).status).toBe(201);
    expect(readFileSync(victim, 'utf8')).toBe('precious');
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
    // Only the planted links are left: every temporary of ours was renamed or removed.
    expect(readdirSync(folder).filter((n) => n.endsWith('.tmp'))).toHaveLength(5);
  });
});

describe('loading checks the file against a bounded schema', () => {
  const demoText = async () => JSON.stringify(await snapshotOf(createSandbox().store));
  const withChange = async (change: (world: Record<string, unknown>) => void) => {
    const world = JSON.parse(await demoText());
    change(world);
    const file = join(dir, `bad-${Math.random().toString(36).slice(2)}.json`);
    writeFileSync(file, JSON.stringify(world));
    return file;
  };

  it('a counter of 1e300 is refused at once, naming /counters/case', async () => {
    const file = await withChange((world) => {
      (world.counters as Record<string, number>).case = 1e300;
    });
    await expect(loadStateFile(file)).rejects.toThrow(/\/counters\/case must be <= 9007199254740991/);
  });

  it('a huge but safe id loads without counting up to it', async () => {
    const file = await withChange((world) => {
      (world.counters as Record<string, number>).task = Number.MAX_SAFE_INTEGER;
    });
    const store = await loadStateFile(file);
    expect(store?.lastId('task')).toBe(Number.MAX_SAFE_INTEGER);
  });

  // biome-ignore lint/suspicious/noExplicitAny: the tests break parsed JSON on purpose.
  type World = Record<string, any>;
  it.each([
    ['a bad field', (w: World) => (w.scenarios[0].title = 5), /\/scenarios\/0\/title must be string/],
    ['a missing field', (w: World) => delete w.accounts[1].passwordHash, /\/accounts\/1 lacks "passwordHash"/],
    ['a wrong format', (w: World) => (w.format = 'other'), /\/format must be "task-sandbox-world"/],
    [
      'a duplicate id',
      (w: World) => {
        w.cases[1].id = w.cases[0].id;
      },
      /\/cases\/1: case ids must be unique and ascending/,
    ],
  ])('%s is named with its JSON pointer, never "not valid JSON"', async (_, change, message) => {
    const file = await withChange(change);
    const error = await loadStateFile(file).catch((e: Error) => e);
    expect(String(error)).toMatch(message);
    expect(String(error)).not.toMatch(/not valid JSON/);
  });

  it('text that is not JSON says so, without quoting it', async () => {
    const file = join(dir, 'broken.json');
    writeFileSync(file, '{"format": "task-sandbox-world", "secret-hash": nope}');
    const error = String(await loadStateFile(file).catch((e: Error) => e));
    expect(error).toMatch(/snapshot: not valid JSON/);
    expect(error).not.toContain('nope');
  });

  it('a missing file is a new world', async () => {
    expect(existsSync(join(dir, 'absent.json'))).toBe(false);
    expect(await loadStateFile(join(dir, 'absent.json'))).toBeUndefined();
  });
});
