// --state durability (docs/sandbox.md "Durability (--state)"): no write answered unless kept, grouped saves, safe temporaries, bounded loading.
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createSandbox, type Sandbox } from '../../mocks/sandbox/core/app.js';
import { API_PREFIX } from '../../mocks/sandbox/core/router.js';
import { limitsWith } from '../../mocks/sandbox/domain/limits.js';
import { type DurabilityOptions, durable } from '../../mocks/sandbox/hosts/durable.js';
import { readStateFile } from '../../mocks/sandbox/worlds/journal.js';
import { DEMO } from '../../mocks/sandbox/worlds/seed.js';
import { snapshotOf, snapshotText, storeFromText } from '../../mocks/sandbox/worlds/snapshot.js';
import { MAX_SNAPSHOT_CHARS } from '../../mocks/sandbox/worlds/snapshot-schema.js';
import {
  fileWriter,
  loadStateFile,
  removeStaleTemporaries,
  type StateFileWriter,
  writeFileAtomically,
} from '../../mocks/sandbox/worlds/state-file.js';
import { onBoard, requestTo } from './harness.js';

const dir = mkdtempSync(join(tmpdir(), 'sandbox-durable-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

async function durableSandbox(file: string, options: DurabilityOptions = {}, sandbox: Sandbox = createSandbox()) {
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

const titlesInFile = (file: string) =>
  new Set([...readStateFile(readFileSync(file)).store.scenarios.values()].map((s) => s.title));

/** The demo member's login, as a client sends it. */
const memberLogin = () =>
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

const failure = (code: string) => Object.assign(new Error(code), { code });

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
    expect(lost.json).toMatchObject({
      status: 'error',
      errors: [{ field: 'state', message: 'could not be written; the change was not kept' }],
    });
    expect(lost.json.message).toMatch(/could not save .* retry once the operator has fixed the disk/);
    expect(lost.headers.get('retry-after')).toBe('5');
    expect(titles().has('Not kept'), 'memory ran ahead of the file').toBe(false);
    expect(titles().has('Kept')).toBe(true);
    expect(reports.join('\n')).toMatch(
      /could not write the state file .*ENOENT.*: answering 503 .* going back to the world the file holds/,
    );
    expect(reports.join('\n')).not.toMatch(/Not kept|password/);

    mkdirSync(folder);
    expect((await createScenario('After the fix')).status).toBe(201);
    expect(titlesInFile(file)).toEqual(new Set([...titles()]));
  });

  it('a folder that cannot be written (its path now leads through a file, which stops root too): 503, the file unchanged', async () => {
    const folder = join(dir, 'unwritable');
    const away = join(dir, 'unwritable-away');
    mkdirSync(folder);
    const file = join(folder, 'world.json');
    const { createScenario, titles, reports } = await durableSandbox(file);
    expect((await createScenario('Before')).status).toBe(201);
    const before = readFileSync(file);
    renameSync(folder, away);
    writeFileSync(folder, 'a file where the folder was');
    try {
      expect((await createScenario('Refused')).status).toBe(503);
      expect(reports.at(-1)).toMatch(/\(ENOTDIR\)/);
      expect(titles().has('Refused')).toBe(false);
    } finally {
      rmSync(folder);
      renameSync(away, folder);
    }
    expect(readFileSync(file).equals(before), 'the state file changed').toBe(true);
    expect((await createScenario('After')).status).toBe(201);
    expect(titlesInFile(file)).toEqual(new Set([...titles()]));
    expect(titles().has('Before') && titles().has('After')).toBe(true);
  });

  it('a full disk (ENOSPC) or a read-only one (EROFS): 503, nothing written, later writes work', async () => {
    const file = join(dir, 'full.json');
    const real = fileWriter(file);
    let failWith: string | undefined;
    let writes = 0;
    const writer: Partial<StateFileWriter> = {
      append: async (...args) => {
        if (failWith) throw failure(failWith);
        writes += 1;
        await real.append(...args);
      },
      replace: async () => {
        if (failWith) throw failure(failWith);
        writes += 1;
        return real.replace();
      },
    };
    const { createScenario, titles, reports } = await durableSandbox(file, { writer });
    const written = readFileSync(file);
    const writesBefore = writes;
    for (const code of ['ENOSPC', 'EROFS']) {
      failWith = code;
      const results = await Promise.all([createScenario(`${code} a`), createScenario(`${code} b`)]);
      expect(results.map((r) => r.status)).toEqual([503, 503]);
      expect(titles().has(`${code} a`) || titles().has(`${code} b`)).toBe(false);
      expect(reports.at(-1)).toContain(code);
    }
    expect(writes).toBe(writesBefore);
    expect(readFileSync(file).equals(written)).toBe(true);
    failWith = undefined;
    expect((await createScenario('Works again')).status).toBe(201);
    expect(writes).toBe(writesBefore + 1);
    expect(titlesInFile(file)).toEqual(new Set([...titles()]));
  });

  it('an append that fails half-way leaves no trace: the part written is cut off, and the next record follows cleanly', async () => {
    const file = join(dir, 'half.json');
    const real = fileWriter(file);
    let half = false;
    const { createScenario, titles } = await durableSandbox(file, {
      writer: {
        append: async (text, position, cut) => {
          if (!half) return real.append(text, position, cut);
          await real.append(text.slice(0, text.length / 2), position, cut);
          throw failure('EIO');
        },
      },
    });
    expect((await createScenario('Whole')).status).toBe(201);
    const length = statSync(file).size;
    half = true;
    expect((await createScenario('Half')).status).toBe(503);
    expect(statSync(file).size).toBe(length);
    half = false;
    expect((await createScenario('Next')).status).toBe(201);
    const loaded = readStateFile(readFileSync(file));
    expect(loaded.dropped).toBeUndefined();
    expect(new Set([...loaded.store.scenarios.values()].map((s) => s.title))).toEqual(new Set([...titles()]));
    expect(titles().has('Half')).toBe(false);
  });

  it('a record written whole whose fsync fails, and that cannot be cut off: 503, and the next save rewrites the file without it', async () => {
    const file = join(dir, 'unsynced.json');
    const real = fileWriter(file);
    let broken = false;
    const { createScenario, titles } = await durableSandbox(file, {
      writer: {
        append: async (text, position, cut) => {
          await real.append(text, position, cut);
          if (broken) throw failure('EIO');
        },
        truncate: async (length) => {
          if (broken) throw failure('EIO');
          await real.truncate(length);
        },
      },
    });
    broken = true;
    expect((await createScenario('Answered 503')).status).toBe(503);
    // On disk, for now: the file may hold it, so the next save must not append after it.
    expect(titlesInFile(file).has('Answered 503')).toBe(true);
    broken = false;
    expect((await createScenario('Next')).status).toBe(201);
    expect(titlesInFile(file)).toEqual(new Set([...titles()]));
    expect(titlesInFile(file).has('Answered 503')).toBe(false);
    // Rewritten, not appended over what the failed record left: no torn tail to drop.
    expect(readStateFile(readFileSync(file)).dropped).toBeUndefined();
  });

  it('a state file removed while the sandbox runs is written anew by the next write, which is kept', async () => {
    const file = join(dir, 'removed-file.json');
    const { createScenario, titles, reports } = await durableSandbox(file);
    expect((await createScenario('Before')).status).toBe(201);
    rmSync(file);
    expect((await createScenario('After the removal')).status).toBe(201);
    expect(titlesInFile(file)).toEqual(new Set([...titles()]));
    expect(titles().has('Before')).toBe(true);
    expect(reports).toEqual([]);
  });

  it('a state file path that is a folder: a write answers 503 and no temporary is left beside it', async () => {
    const folder = join(dir, 'target-folder');
    const file = join(folder, 'world.json');
    mkdirSync(file, { recursive: true });
    writeFileSync(join(file, 'inside'), 'x');
    const sandbox = createSandbox();
    const reports: string[] = [];
    const kept = await durable(file, sandbox, { report: (m) => reports.push(m) });
    const answer = await kept.fetch(memberLogin());
    expect(answer.status).toBe(503);
    expect(reports.at(-1)).toMatch(/could not write the state file/);
    expect(readdirSync(folder)).toEqual(['world.json']);
  });

  it('a whole rewrite that fails half-way: 503, the old file as it was, no temporary left', async () => {
    const folder = join(dir, 'rewrite-fails');
    mkdirSync(folder);
    const file = join(folder, 'world.json');
    const real = fileWriter(file);
    let fail = false;
    const { createScenario, titles } = await durableSandbox(file, {
      writer: {
        // Unknown state after a failed cut: the next save rewrites the file whole.
        append: async (...args) => {
          if (fail) throw failure('EIO');
          await real.append(...args);
        },
        truncate: async (length) => {
          if (fail) throw failure('EIO');
          await real.truncate(length);
        },
        replace: async () => {
          const replacement = await real.replace();
          if (!fail) return replacement;
          return {
            get bytes() {
              return replacement.bytes;
            },
            write: async (text) => {
              await replacement.write(text.slice(0, 10));
              throw failure('ENOSPC');
            },
            discard: () => replacement.discard(),
            commit: () => replacement.commit(),
          };
        },
      },
    });
    expect((await createScenario('Kept')).status).toBe(201);
    const before = readFileSync(file);
    fail = true;
    expect((await createScenario('Append fails')).status).toBe(503);
    expect((await createScenario('Rewrite fails')).status).toBe(503);
    expect(readFileSync(file).equals(before)).toBe(true);
    expect(readdirSync(folder)).toEqual(['world.json']);
    fail = false;
    expect((await createScenario('Works again')).status).toBe(201);
    expect(titlesInFile(file)).toEqual(new Set([...titles()]));
  });

  it('by default a failed save is said on stderr', async () => {
    const folder = join(dir, 'stderr');
    mkdirSync(folder);
    const file = join(folder, 'world.json');
    const said: string[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((message: string) => {
      said.push(message);
    });
    try {
      const sandbox = createSandbox();
      const kept = await durable(file, sandbox);
      rmSync(folder, { recursive: true });
      const answer = await kept.fetch(
        requestTo(
          'POST',
          `${API_PREFIX}/member/register/`,
          { 'content-type': 'application/json' },
          JSON.stringify({
            username: 'on-stderr',
            password: 'on-stderr-password',
            email: 'on-stderr@example.com',
            first_name: 'On',
            last_name: 'Stderr',
            captcha_token: DEMO.captchaToken,
          }),
        ),
      );
      expect(answer.status).toBe(503);
    } finally {
      spy.mockRestore();
    }
    expect(said.join('\n')).toMatch(/could not write the state file .*ENOENT/);
  });

  it('a roll-back waits for writes still running, so none lands in the world it puts back; writes arriving meanwhile wait and are kept', async () => {
    const file = join(dir, 'in-flight.json');
    const real = fileWriter(file);
    const plain = createSandbox();
    const gates: Array<() => void> = [];
    let toHold = 0;
    // The sandbox as durable sees it, holding the next writes, once asked to, before they reach the sandbox.
    const sandbox = {
      get store() {
        return plain.store;
      },
      restore: (store: Sandbox['store']) => plain.restore(store),
      answer: async (request: Parameters<Sandbox['answer']>[0]) => {
        if (toHold > 0 && request.method === 'POST') {
          toHold -= 1;
          await new Promise<void>((resolve) => gates.push(resolve));
        }
        return plain.answer(request);
      },
    } as unknown as Sandbox;
    let failing: (() => void) | undefined;
    let fail = false;
    const { createScenario, titles, reports } = await durableSandbox(
      file,
      {
        writer: {
          append: async (...args) => {
            if (fail) {
              await new Promise<void>((resolve) => (failing = resolve));
              throw failure('EIO');
            }
            await real.append(...args);
          },
        },
      },
      sandbox,
    );
    expect((await createScenario('Saved')).status).toBe(201);
    fail = true;
    const first = createScenario('Its save fails');
    while (!failing) await new Promise((resolve) => setImmediate(resolve));
    toHold = 2;
    const inFlight = [createScenario('Still running 1'), createScenario('Still running 2')];
    // The held writes are in the sandbox's hands (not answered) when the save fails.
    while (gates.length < 2) await new Promise((resolve) => setImmediate(resolve));
    fail = false;
    failing?.();
    while (reports.length === 0) await new Promise((resolve) => setImmediate(resolve));
    const meanwhile = createScenario('Arrived during the roll-back');
    // One write in flight ends; the roll-back goes on waiting for the other (the world is not put back yet).
    const world = plain.store;
    gates[0]?.();
    for (let i = 0; i < 50 && plain.store === world; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(plain.store, 'the roll-back did not wait for every write in flight').toBe(world);
    gates[1]?.();
    expect((await first).status).toBe(503);
    expect((await Promise.all(inFlight)).map((answer) => answer.status)).toEqual([503, 503]);
    expect((await meanwhile).status).toBe(201);
    expect(titles(plain).has('Its save fails')).toBe(false);
    expect(titles(plain).has('Still running 1') || titles(plain).has('Still running 2')).toBe(false);
    expect(titles(plain).has('Arrived during the roll-back')).toBe(true);
    expect(titlesInFile(file)).toEqual(new Set([...titles(plain)]));
  });

  it('a failed save logs nobody out: refresh tokens survive the roll-back', async () => {
    let fail = false;
    const file = join(dir, 'refresh.json');
    const real = fileWriter(file);
    const { call, createScenario } = await durableSandbox(file, {
      writer: {
        append: async (...args) => {
          if (fail) throw failure('ENOSPC');
          await real.append(...args);
        },
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
  it('requests that change nothing (404, 400, a failed login) write nothing; many concurrent writes share a few saves', async () => {
    const file = join(dir, 'grouped.json');
    const real = fileWriter(file);
    let writes = 0;
    let release: () => void = () => {};
    let gate: Promise<void> | undefined;
    const { call, auth, createScenario, titles } = await durableSandbox(file, {
      writer: {
        append: async (...args) => {
          writes += 1;
          await gate;
          await real.append(...args);
        },
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
    expect(titlesInFile(file)).toEqual(new Set([...titles()]));
  });

  it('the file loads after every save, even with registrations (slow hashes) and writes racing the saves', async () => {
    const file = join(dir, 'consistent.json');
    const real = fileWriter(file);
    const versions: Buffer[] = [];
    const { call, createScenario, kept } = await durableSandbox(file, {
      writer: {
        append: async (...args) => {
          await real.append(...args);
          versions.push(readFileSync(file));
        },
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
    await kept.idle();
    expect(versions.length).toBeGreaterThan(0);
    for (const bytes of versions) expect(() => readStateFile(bytes)).not.toThrow();
    const last = readStateFile(versions.at(-1) as Buffer).store;
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

describe('temporaries a killed process left', () => {
  it('are removed at start; files that only look like them are left alone', async () => {
    const folder = join(dir, 'stale');
    mkdirSync(folder);
    const file = join(folder, 'world.json');
    writeFileSync(file, 'the state');
    const hex = '0123456789abcdef'.repeat(2);
    const ours = [`world.json.${hex}.tmp`, `world.json.${'f'.repeat(32)}.tmp`];
    const others = [
      'other.json.0123456789abcdef0123456789abcdef.tmp',
      // A dot in the name is a dot, not any character.
      `worldxjson.${hex}.tmp`,
      `world.json.${hex.slice(1)}.tmp`,
      `world.json.${hex.toUpperCase()}.tmp`,
      `world.json.${hex}.tmp.kept`,
      `backup-world.json.${hex}.tmp`,
      'world.json.backup',
    ];
    for (const name of [...ours, ...others]) writeFileSync(join(folder, name), 'x');
    await removeStaleTemporaries(file);
    expect(readdirSync(folder).sort()).toEqual(['world.json', ...others].sort());
    expect(readFileSync(file, 'utf8')).toBe('the state');
  });

  it('a folder that does not exist yet has none: nothing to remove, no error', async () => {
    await expect(removeStaleTemporaries(join(dir, 'not-yet', 'world.json'))).resolves.toBeUndefined();
  });
});

describe('writing a whole file atomically', () => {
  it('replaces the file with the text, mode 0600, leaving no temporary', async () => {
    const folder = join(dir, 'atomic');
    mkdirSync(folder);
    const file = join(folder, 'world.json');
    writeFileSync(file, 'old text, longer than the new one');
    await writeFileAtomically(file, 'new text');
    expect(readFileSync(file, 'utf8')).toBe('new text');
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(folder)).toEqual(['world.json']);
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
    const loaded = await loadStateFile(file);
    expect(loaded?.store.lastId('task')).toBe(Number.MAX_SAFE_INTEGER);
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
    [
      'a column id out of sequence in its board',
      (w: World) => {
        w.boards[0].columns[1].id = 12;
      },
      /\/boards\/0\/columns\/1: column ids must be unique and ascending/,
    ],
    [
      'a column id that a board before it holds',
      (w: World) => {
        w.boards[1].columns[0].id = w.boards[0].columns.at(-1).id;
      },
      /\/boards\/1\/columns\/0: column ids must be unique and ascending/,
    ],
    [
      'a counter below the last id of its kind',
      (w: World) => (w.counters.scenario = 1),
      /\/counters\/scenario: scenario ids must be unique and ascending/,
    ],
    [
      'a registration of an account not in the world',
      (w: World) => w.registrations.push({ accountId: 999, atMs: 0, client: 'test', used: false }),
      /\/registrations\/0\/accountId: account 999 is not in the world/,
    ],
    [
      'a writer given for a row not in the world',
      (w: World) => (w.owners = { scenarios: [[999, DEMO.accounts.member.id]] }),
      /\/owners\/scenarios\/0: no scenarios row with key 999/,
    ],
  ])('%s is named with its JSON pointer, never "not valid JSON"', async (_, change, message) => {
    const file = await withChange(change);
    const error = await loadStateFile(file).catch((e: Error) => e);
    expect(String(error)).toMatch(message);
    expect(String(error)).not.toMatch(/not valid JSON/);
    expect(String(error), 'the place is named once').not.toMatch(/snapshot: .*snapshot:/);
  });

  it('a board without columns loads', async () => {
    const file = await withChange((w: World) => {
      w.boards[1].columns = [];
      w.tasks = w.tasks.filter((task: { boardId: number }) => task.boardId !== 2);
    });
    const loaded = await loadStateFile(file);
    expect(loaded?.store.boards.get(2)?.columns).toEqual([]);
    expect(loaded?.store.boards.get(DEMO.outsiderBoardId)?.columns.map((c) => c.id)).toEqual([6, 7]);
  });

  it('column ids after a gap load as saved', async () => {
    const file = await withChange((w: World) => {
      for (const column of w.boards[2].columns) column.id += 100;
      for (const task of w.tasks) if (task.boardId === 3) task.columnId += 100;
      w.counters.column += 100;
    });
    const loaded = await loadStateFile(file);
    expect(loaded?.store.boards.get(DEMO.outsiderBoardId)?.columns.map((c) => c.id)).toEqual([106, 107]);
  });

  // The demo board's scenarios: Checkout (1) with children 2 and 3, Login (5); the tree must stay a tree.
  it.each([
    [
      'a self-parent',
      (w: World) => (w.scenarios[0].parent_id = 1),
      /\/scenarios\/0\/parent_id: .*cycle: scenario 1 → 1/,
    ],
    [
      'a 2-cycle',
      (w: World) => {
        w.scenarios[0].parent_id = 2;
      },
      /\/scenarios\/\d\/parent_id: the scenario tree has a cycle: scenario (1 → 2 → 1|2 → 1 → 2)/,
    ],
    [
      'a longer cycle',
      (w: World) => {
        w.scenarios[0].parent_id = 4;
        w.scenarios[3].parent_id = 2;
      },
      /cycle: scenario (\d → ){3}\d/,
    ],
    [
      'a parent that does not exist',
      (w: World) => (w.scenarios[1].parent_id = 999),
      /scenario 999 is not a scenario of board 1/,
    ],
    [
      'a parent on another board',
      (w: World) => (w.scenarios[1].parent_id = DEMO.scenarios.outsider),
      /\/scenarios\/1\/parent_id: scenario 7 is not a scenario of board 1/,
    ],
    [
      'a cycle below a scenario (only the scenarios on it are named)',
      (w: World) => {
        w.scenarios[0].parent_id = 2;
        w.scenarios[1].parent_id = 3;
        w.scenarios[2].parent_id = 2;
      },
      /\/scenarios\/2\/parent_id: the scenario tree has a cycle: scenario 2 → 3 → 2 \(/,
    ],
  ])('%s in the scenario tree is refused, naming the scenarios', async (_, change, message) => {
    const file = await withChange(change);
    await expect(loadStateFile(file)).rejects.toThrow(message);
  });

  it('a duplicate id in a snapshot line (a file with a journal) is refused, never one of the rows dropped', async () => {
    const file = await withChange((w: World) => {
      w.cases[1].id = w.cases[0].id;
    });
    appendFileSync(file, '\n');
    await expect(loadStateFile(file)).rejects.toThrow(/snapshot: \/cases\/1: a second row with id 1/);
  });

  it('text that is not JSON says so, without quoting it', async () => {
    const file = join(dir, 'broken.json');
    writeFileSync(file, '{"format": "task-sandbox-world", "secret-hash": nope}');
    const error = String(await loadStateFile(file).catch((e: Error) => e));
    expect(error).toMatch(/snapshot: not valid JSON/);
    expect(error).not.toContain('nope');
  });

  it('a file larger than three bytes a character of the bound is refused before it is read', async () => {
    const file = join(dir, 'huge.json');
    // Sparse: the size is set, no byte is written.
    writeFileSync(file, '');
    truncateSync(file, MAX_SNAPSHOT_CHARS * 3 + 1);
    const error = String(await loadStateFile(file).catch((e: Error) => e));
    expect(error).toContain(
      `cannot load the state file ${file}: snapshot: larger than ${MAX_SNAPSHOT_CHARS * 3} bytes`,
    );
    expect(error).toMatch(/move it away to start afresh/);
    rmSync(file);
  });

  it('a path that is a folder is an error, never a new world', async () => {
    const folder = join(dir, 'a-folder.json');
    mkdirSync(folder);
    await expect(loadStateFile(folder)).rejects.toMatchObject({ code: 'EISDIR' });
  });

  it('a missing file is a new world', async () => {
    expect(existsSync(join(dir, 'absent.json'))).toBe(false);
    expect(await loadStateFile(join(dir, 'absent.json'))).toBeUndefined();
  });
});

describe("a restart changes no account's standing", () => {
  const register = (sandbox: Sandbox, username: string) =>
    sandbox.fetch(
      requestTo(
        'POST',
        `${API_PREFIX}/member/register/`,
        { 'content-type': 'application/json' },
        JSON.stringify({
          username,
          password: `${username}-password`,
          email: `${username}@example.com`,
          first_name: 'Re',
          last_name: 'Gistered',
          captcha_token: DEMO.captchaToken,
        }),
      ),
    );
  const usernames = (sandbox: Sandbox) => [...sandbox.store.accounts.values()].map((a) => a.username).sort();

  /** What the limits know of every account: registrations, each row's writer, the sums and the budget's counts. */
  const standing = (sandbox: Sandbox) => {
    const { store } = sandbox;
    const owners = (map: ReadonlyMap<unknown, object>) => [...map].map(([key, row]) => [key, store.ownerOf(row)]);
    return {
      registrations: [...store.registered().values()],
      owners: [store.accounts, store.tokens, store.scenarios, store.cases, store.sessions, store.tasks].map(owners),
      usage: store.usage(),
    };
  };

  it('registered accounts stay registered: at the registration budget, a registration gets the same answer with or without a restart', async () => {
    const limits = { registeredAccounts: 2 };
    const running = createSandbox({ limits });
    for (const name of ['early-bird', 'second']) expect((await register(running, name)).status).toBe(201);
    const text = await snapshotText(running.store);
    const restarted = createSandbox({ limits, store: storeFromText(text, limitsWith(limits)) });
    expect(standing(restarted)).toEqual(standing(running));
    expect(restarted.store.registered().size).toBe(2);
    const shares = (sandbox: Sandbox) => [...sandbox.store.accounts.keys()].map((id) => sandbox.store.shareOf(id));
    expect(shares(restarted)).toEqual(shares(running));

    const withoutRestart = await register(running, 'late');
    const afterRestart = await register(restarted, 'late');
    expect(withoutRestart.status).toBe(429);
    expect(afterRestart.status, await afterRestart.clone().text()).toBe(withoutRestart.status);
    expect(usernames(restarted)).toEqual(usernames(running));
  });

  it('a loaded world over its limits loads whole: nothing is removed or refused, and a write past them gets 429', async () => {
    const running = createSandbox();
    for (const name of ['one', 'two', 'three']) expect((await register(running, name)).status).toBe(201);
    const { call, auth } = await durableSandbox(join(dir, 'over-limits.json'), {}, running);
    for (const title of ['first', 'second']) {
      expect((await call('POST', '/member/bearer-tokens/', { title, is_active: true }, auth)).status).toBe(201);
    }
    const text = await snapshotText(running.store);
    // An operator lowered the budget, the shares and the token count below what the saved world holds.
    const limits = {
      registeredAccounts: 1,
      registeredAccountBytes: 64,
      accountBytes: 64,
      worldBytes: 1024,
      tokensPerAccount: 1,
    };
    const restarted = createSandbox({ limits, store: storeFromText(text, limitsWith(limits)) });
    expect(usernames(restarted)).toEqual(usernames(running));
    expect(restarted.store.tokenCountOf(DEMO.accounts.member.id)).toBe(2);
    expect(standing(restarted)).toEqual(standing(running));
    expect((await register(restarted, 'four')).status).toBe(429);
  });

  it("a world reset between two saves is saved whole: each row's writer is the new world's, even when as many rows changed writer in each", async () => {
    const file = join(dir, 'reset.json');
    const real = fileWriter(file);
    let appends = 0;
    let gate: Promise<void> | undefined;
    let release: () => void = () => {};
    const { call, auth, sandbox, kept } = await durableSandbox(file, {
      writer: {
        append: async (...args) => {
          appends += 1;
          await gate;
          await real.append(...args);
        },
      },
    });
    const rewrite = (send: (r: Request) => Promise<Response>, id: number, token: string) =>
      send(
        requestTo(
          'PATCH',
          `${API_PREFIX}/features/qa/scenarios/?${onBoard({ scenario_id: id })}`,
          { 'content-type': 'application/json', authorization: token },
          JSON.stringify({ title: sandbox.store.scenarios.get(id)?.title }),
        ),
      );
    // The member rewrites a seeded scenario as it was: now the member's.
    expect((await rewrite(kept.fetch, DEMO.scenarios.login, auth)).status).toBe(200);
    await kept.idle();
    gate = new Promise((resolve) => (release = resolve));
    const before = appends;
    const held = call('POST', `/features/qa/scenarios/list/?${onBoard()}`, { title: 'Held', parent_id: null }, auth);
    while (appends === before) await new Promise((resolve) => setImmediate(resolve));
    const changesSaved = sandbox.store.ownerChanges();
    // While that save is held, the world is reset (Sandbox.reset) and the member rewrites as many other seeded
    // scenarios as there were changes of writer before.
    sandbox.reset();
    const login = await sandbox.fetch(memberLogin());
    const fresh = `JWT ${((await login.json()) as { data: { access_token: string } }).data.access_token}`;
    for (const id of [DEMO.scenarios.checkout, DEMO.scenarios.cardPayment, DEMO.scenarios.guestCheckout]) {
      if (sandbox.store.ownerChanges() >= changesSaved) break;
      expect((await rewrite(sandbox.fetch, id, fresh)).status).toBe(200);
    }
    expect(sandbox.store.ownerChanges()).toBe(changesSaved);
    const after = call('POST', `/features/qa/scenarios/list/?${onBoard()}`, { title: 'After', parent_id: null }, fresh);
    release();
    expect((await held).status).toBe(201);
    expect((await after).status).toBe(201);
    await kept.idle();
    const loaded = (await loadStateFile(file))?.store as Sandbox['store'];
    const owners = (store: Sandbox['store']) =>
      [...store.scenarios].map(([id, row]) => [id, row.title, store.ownerOf(row)]);
    expect(owners(loaded)).toEqual(owners(sandbox.store));
  });

  it('a registration window used up before a restart does not refuse registrations after it', async () => {
    const limits = { registrationsPerMinute: 1 };
    const running = createSandbox({ limits });
    expect((await register(running, 'first')).status).toBe(201);
    expect((await register(running, 'second')).status).toBe(429);
    const restarted = createSandbox({
      limits,
      store: storeFromText(await snapshotText(running.store), limitsWith(limits)),
    });
    expect((await register(restarted, 'second')).status).toBe(201);
  });

  it('a change no write was answered for (an unused registration removed on time by a refused one) is saved when the sandbox closes', async () => {
    let offset = 0;
    const limits = { unusedRegistrationMs: 60_000 };
    const sandbox = createSandbox({ limits, now: () => Date.now() + offset });
    const file = join(dir, 'closing.json');
    const { call, kept } = await durableSandbox(file, {}, sandbox);
    const body = (username: string) => ({
      username,
      password: `${username}-password`,
      email: `${username}@example.com`,
      first_name: 'Re',
      last_name: 'Gistered',
      captcha_token: DEMO.captchaToken,
    });
    expect((await call('POST', '/member/register/', body('unused'))).status).toBe(201);
    const names = async () => [...((await loadStateFile(file))?.store.accounts.values() ?? [])].map((a) => a.username);
    expect(await names()).toContain('unused');
    offset = 61_000;
    // Its time is up: a registration removes it first, then is refused (the name is taken): 409, no save.
    expect((await call('POST', '/member/register/', body(DEMO.accounts.member.username))).status).toBe(409);
    expect(sandbox.store.findAccountByUsername('unused')).toBeUndefined();
    expect(await names()).toContain('unused');
    await kept.close();
    expect(await names()).not.toContain('unused');
  });

  it("through the state file: each save keeps registrations and each row's writer, and a version 1 file (neither) counts its accounts as the world's own", async () => {
    const file = join(dir, 'standing.json');
    const { call, kept, sandbox, auth } = await durableSandbox(file);
    const registered = await call('POST', '/member/register/', {
      username: 'registered',
      password: 'registered-password',
      email: 'registered@example.com',
      first_name: 'Re',
      last_name: 'Gistered',
      captcha_token: DEMO.captchaToken,
    });
    const id = registered.json.data.member.id as number;
    // A seeded scenario rewritten by the member: now the member's (a journal record that only moves a row's writer
    // when the text is unchanged).
    const path = `/features/qa/scenarios/?${onBoard({ scenario_id: DEMO.scenarios.login })}`;
    expect((await call('PATCH', path, { title: 'Login' }, auth)).status).toBe(200);
    expect(sandbox.store.ownerOf(sandbox.store.scenarios.get(DEMO.scenarios.login) as object)).toBe(
      DEMO.accounts.member.id,
    );
    const login = await call('POST', '/member/login/', {
      username: 'registered',
      password: 'registered-password',
      captcha_token: DEMO.captchaToken,
    });
    expect(login.status).toBe(200);
    await kept.idle();
    const loaded = await loadStateFile(file);
    expect(loaded?.store.registrationOf(id)).toEqual(sandbox.store.registrationOf(id));
    expect(loaded?.store.registrationOf(id)).toMatchObject({ accountId: id, used: true });
    expect(loaded?.store.registrationOf(DEMO.accounts.member.id)).toBeUndefined();
    expect(standing({ store: loaded?.store } as Sandbox)).toEqual(standing(sandbox));

    // Version 1 files recorded no registration or writer: their accounts count as the world's own, as they did then.
    const old = JSON.parse(await snapshotText(sandbox.store));
    old.version = 1;
    for (const name of ['seq', 'registrations', 'owners']) delete old[name];
    const oldFile = join(dir, 'version-1.json');
    writeFileSync(oldFile, JSON.stringify(old));
    const fromOld = await loadStateFile(oldFile);
    expect(fromOld?.store.registered().size).toBe(0);
    expect(fromOld?.store.usage().byAccount.size).toBe(0);
    expect(fromOld?.store.shareOf(id)).toBe(limitsWith().accountBytes);
    expect(fromOld?.whole).toBe(true);
  });
});
