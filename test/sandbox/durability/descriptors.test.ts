// --state durability (docs/sandbox.md "Durability (--state)"): the state file's reads and writes close what they open,
// so a sandbox that loads once and then appends a record per write never runs out of file descriptors (EMFILE would
// make every later save fail, and every write answer 503).
import { existsSync, readdirSync, readlinkSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSandbox } from '../../../mocks/sandbox/core/app.js';
import { snapshotText } from '../../../mocks/sandbox/worlds/snapshot.js';
import { fileWriter, loadStateFile } from '../../../mocks/sandbox/worlds/state-file.js';
import { dir } from './helpers.js';

/** How many of this process's open descriptors point at `file` (Linux's /proc). */
const openOn = (file: string) =>
  readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`) === file;
    } catch {
      return false;
    }
  }).length;

describe.skipIf(!existsSync('/proc/self/fd'))('file descriptors', () => {
  it('loading, appending and cutting the state file leave none of it open', async () => {
    const file = join(dir, 'descriptors.json');
    writeFileSync(file, `${await snapshotText(createSandbox().store)}\n`);
    expect(await loadStateFile(file)).toBeDefined();
    expect(openOn(file)).toBe(0);
    const writer = fileWriter(file);
    const size = statSync(file).size;
    for (let i = 0; i < 3; i++) await writer.append('', size, i === 2);
    await writer.truncate(size);
    expect(openOn(file)).toBe(0);
  });
});
