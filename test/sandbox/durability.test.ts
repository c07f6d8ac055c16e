// The promise of --state (docs/sandbox.md "Durability (--state)"): a write answers success only once it is on disk;
// a failed save answers 503 and the world in memory goes back to the file's; concurrent writes share one file write;
// the temporary file is exclusive, unpredictable and private; a bad file is refused, naming what is wrong and where.
import {
  chmodSync,
  existsSync,
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
import { createSandbox } from '../../mocks/sandbox/core/app.js';
import { DEMO } from '../../mocks/sandbox/worlds/seed.js';
import { snapshotOf } from '../../mocks/sandbox/worlds/snapshot.js';
import { loadStateFile, persisting, writeAtomically } from '../../mocks/sandbox/worlds/state-file.js';

const dir = mkdtempSync(join(tmpdir(), 'sandbox-durable-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const BASE = 'http://sandbox.test/api';
const board = `company_id=${DEMO.companyId}&board_id=${DEMO.boardId}`;

async function loggedIn(fetch: (r: Request) => Promise<Response>) {
  const { member } = DEMO.accounts;
  const res = await fetch(
    new Request(`${BASE}/member/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: member.username, password: member.password, captcha_token: DEMO.captchaToken }),
    }),
  );
  const token = `JWT ${((await res.json()) as { data: { access_token: string } }).data.access_token}`;
  return (title: string) =>
    fetch(
      new Request(`${BASE}/features/qa/scenarios/list/?${board}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: token },
        body: JSON.stringify({ title, parent_id: null }),
      }),
    );
}

const titles = (store: { scenarios: Map<number, { title: string }> }) =>
  new Set([...store.scenarios.values()].map((s) => s.title));

describe('a write is acknowledged only once it is on disk', () => {
  it('a failing disk: the write answers 503, memory goes back to the last saved world, stderr says why; then it recovers', async () => {
    const file = join(dir, 'failing.json');
    const sandbox = createSandbox();
    let broken = false;
    const logged: string[] = [];
    const fetch = await persisting(file, sandbox, {
      write: async (f, text) => {
        if (broken) throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
        await writeAtomically(f, text);
      },
      log: (line) => logged.push(line),
    });
    const create = await loggedIn(fetch);
    expect((await create('kept')).status).toBe(201);
    broken = true;
    const lost = await create('lost');
    expect(lost.status).toBe(503);
    expect(await lost.json()).toMatchObject({ status: 'error', errors: [{ field: 'state' }] });
    expect(lost.headers.get('retry-after')).toBe('5');
    expect(titles(sandbox.store).has('lost')).toBe(false);
    expect(titles(sandbox.store).has('kept')).toBe(true);
    expect(logged.join('\n')).toContain('could not write the state file');
    expect(logged.join('\n')).toContain('ENOSPC');
    broken = false;
    expect((await create('after')).status).toBe(201);
    const onDisk = titles((await loadStateFile(file))?.store ?? sandbox.store);
    expect([...['kept', 'after'].filter((t) => onDisk.has(t)), onDisk.has('lost')]).toEqual(['kept', 'after', false]);
  });

  it.skipIf(process.getuid?.() === 0)('a read-only folder: 503, and the file on disk is unchanged', async () => {
    const folder = mkdtempSync(join(dir, 'ro-'));
    const file = join(folder, 'world.json');
    const sandbox = createSandbox();
    const fetch = await persisting(file, sandbox);
    const before = readFileSync(file, 'utf8');
    chmodSync(folder, 0o500);
    try {
      const create = await loggedIn(fetch);
      expect((await create('nowhere')).status).toBe(503);
      expect(readFileSync(file, 'utf8')).toBe(before);
    } finally {
      chmodSync(folder, 0o700);
    }
  });

  it('a removed folder: 503, and memory does not run ahead', async () => {
    const folder = mkdtempSync(join(dir, 'gone-'));
    const file = join(folder, 'world.json');
    const sandbox = createSandbox();
    const fetch = await persisting(file, sandbox, { log: () => undefined });
    rmSync(folder, { recursive: true, force: true });
    const create = await loggedIn(fetch);
    expect((await create('into the void')).status).toBe(503);
    expect(titles(sandbox.store).has('into the void')).toBe(false);
  });

  it('writes at the same time share one file write, and a write that changed nothing writes nothing', async () => {
    const sandbox = createSandbox();
    let writes = 0;
    const fetch = await persisting(join(dir, 'grouped.json'), sandbox, {
      savedText: JSON.stringify(await snapshotOf(sandbox.store)),
      write: async () => {
        writes += 1;
        await new Promise((r) => setTimeout(r, 20));
      },
    });
    const create = await loggedIn(fetch);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => create(`together ${i}`)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    expect(writes).toBeLessThanOrEqual(3);
    const before = writes;
    const refused = await create('');
    expect(refused.status).toBe(400);
    expect(writes).toBe(before);
  });
});

describe('the temporary file', () => {
  it('is created exclusively with an unpredictable name, mode 0600, and never follows a planted link', async () => {
    const file = join(dir, 'private.json');
    const victim = join(dir, 'victim.txt');
    writeFileSync(victim, 'do not overwrite');
    // The names a predictable writer would have used: pid and a counter.
    for (let i = 0; i < 5; i++) symlinkSync(victim, `${file}.${process.pid}.${i}.tmp`);
    await writeAtomically(file, '{"a":1}');
    expect(readFileSync(victim, 'utf8')).toBe('do not overwrite');
    expect(readFileSync(file, 'utf8')).toBe('{"a":1}');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir).filter((n) => /^private\.json\.[0-9a-f]{16}\.tmp$/.test(n))).toEqual([]);
  });
});

describe('loading a state file', () => {
  const write = (name: string, text: string) => {
    const file = join(dir, name);
    writeFileSync(file, text);
    return file;
  };
  const valid = async () =>
    JSON.parse(JSON.stringify(await snapshotOf(createSandbox().store))) as Record<string, unknown>;

  it('refuses a counter of 1e300 at once, naming it', async () => {
    const snapshot = await valid();
    (snapshot.counters as Record<string, number>).scenario = 1e300;
    const file = write('huge.json', JSON.stringify(snapshot));
    await expect(loadStateFile(file)).rejects.toThrow('"counters/scenario" must be an integer from 0 to 10000000');
  });

  it('names the bad field and where, not "not valid JSON", for valid JSON with a bad row', async () => {
    const snapshot = await valid();
    (snapshot.scenarios as Record<string, unknown>[])[1] = {
      ...(snapshot.scenarios as Record<string, unknown>[])[1],
      id: 'x',
    };
    const file = write('bad-row.json', JSON.stringify(snapshot));
    const error = (await loadStateFile(file).catch((e: unknown) => e)) as Error;
    expect(error.message).toContain('"scenarios/1/id" must be an integer');
    expect((error as Error).message).not.toContain('not valid JSON');
  });

  it('says "not valid JSON" with the parser\'s position for a file that is not JSON', async () => {
    const file = write('torn.json', '{"format": "task-sandbox-world", ');
    await expect(loadStateFile(file)).rejects.toThrow(/not valid JSON \(.+\)/);
    expect(existsSync(file)).toBe(true);
  });
});
