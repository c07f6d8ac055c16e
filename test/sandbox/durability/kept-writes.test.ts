// --state durability (docs/sandbox.md "Durability (--state)"): no write is answered unless kept: a failed save answers 503 and puts the world back.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createSandbox, type Sandbox } from '../../../mocks/sandbox/core/app.js';
import { API_PREFIX } from '../../../mocks/sandbox/core/router.js';
import { durable } from '../../../mocks/sandbox/hosts/durable.js';
import { readStateFile } from '../../../mocks/sandbox/worlds/journal.js';
import { DEMO } from '../../../mocks/sandbox/worlds/seed.js';
import { fileWriter, type StateFileWriter } from '../../../mocks/sandbox/worlds/state-file.js';
import { requestTo } from '../harness.js';
import { dir, durableSandbox, memberLogin, titlesInFile } from './helpers.js';

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
