// --state durability (docs/sandbox.md "Durability (--state)"): the temporary file a save writes is safe, written atomically, and one a killed process left is removed.
import { mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { removeStaleTemporaries, writeFileAtomically } from '../../../mocks/sandbox/worlds/state-file.js';
import { dir, durableSandbox } from './helpers.js';

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
