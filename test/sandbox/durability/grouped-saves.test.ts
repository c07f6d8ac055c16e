// --state durability (docs/sandbox.md "Durability (--state)"): concurrent writes share a few saves, and the file loads after each.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readStateFile } from '../../../mocks/sandbox/worlds/journal.js';
import { DEMO } from '../../../mocks/sandbox/worlds/seed.js';
import { fileWriter } from '../../../mocks/sandbox/worlds/state-file.js';
import { onBoard } from '../harness.js';
import { dir, durableSandbox, titlesInFile } from './helpers.js';

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
