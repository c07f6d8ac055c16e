// The --state file stays private (docs/sandbox.md "Durability (--state)"): a file restored with a loose mode is made
// 0600 when the sandbox opens it, and stderr says so when it cannot be.
import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, test, vi } from 'vitest';
import { createSandbox } from '../../mocks/sandbox/core/app.js';
import { snapshotText } from '../../mocks/sandbox/worlds/snapshot.js';
import { fileWriter, loadStateFile } from '../../mocks/sandbox/worlds/state-file.js';

const dir = mkdtempSync(join(tmpdir(), 'sandbox-state-mode-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

const modeOf = (file: string) => statSync(file).mode & 0o777;

/** A state file holding the demo world, restored from a backup with `mode`. */
async function restoredWith(name: string, mode: number): Promise<string> {
  const file = join(dir, name);
  writeFileSync(file, `${await snapshotText(createSandbox().store)}\n`);
  chmodSync(file, mode);
  return file;
}

describe.skipIf(process.platform === 'win32')('the state file mode', () => {
  test('loading a state file restored with 0644 makes it 0600', async () => {
    const file = await restoredWith('loaded.json', 0o644);
    expect(await loadStateFile(file)).toBeDefined();
    expect(modeOf(file).toString(8)).toBe('600');
  });

  test('appending to a state file opened as it is (the journal) makes it 0600 too', async () => {
    const file = await restoredWith('appended.json', 0o640);
    await fileWriter(file).append('', statSync(file).size, false);
    expect(modeOf(file).toString(8)).toBe('600');
  });

  test('a mode that cannot be changed is a warning on stderr, and the world still loads', async () => {
    const file = await restoredWith('stuck.json', 0o644);
    const probe = await open(file, 'r');
    const prototype = Object.getPrototypeOf(probe);
    await probe.close();
    vi.spyOn(prototype, 'chmod').mockRejectedValue(
      Object.assign(new Error('EPERM: operation not permitted'), { code: 'EPERM' }),
    );
    const stderr = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await loadStateFile(file)).toBeDefined();
    expect(stderr).toHaveBeenCalledWith(
      expect.stringMatching(/state file .*stuck\.json .*could not be made private .*EPERM/),
    );
    expect(modeOf(file).toString(8)).toBe('644');
  });

  test.each([0o600, 0o400, 0o700])(
    'a file already private (%o) is left as it is, with no word on stderr',
    async (mode) => {
      const file = await restoredWith(`private-${mode.toString(8)}.json`, mode);
      const chmod = await refuseChmod();
      const stderr = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      expect(await loadStateFile(file)).toBeDefined();
      expect(chmod).not.toHaveBeenCalled();
      expect(stderr).not.toHaveBeenCalled();
      expect(modeOf(file)).toBe(mode);
    },
  );

  test('the journal checks the mode the first time it opens the file: a mode it cannot change warns once, not at every append', async () => {
    const file = await restoredWith('appended-twice.json', 0o644);
    await refuseChmod();
    const stderr = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const writer = fileWriter(file);
    await writer.append('', statSync(file).size, false);
    await writer.append('', statSync(file).size, false);
    expect(stderr).toHaveBeenCalledTimes(1);
  });
});

/** Makes every FileHandle's chmod fail with EPERM (restored after each test); returns the spy. */
async function refuseChmod() {
  const probe = await open(join(dir, 'probe'), 'w');
  const prototype = Object.getPrototypeOf(probe);
  await probe.close();
  return vi
    .spyOn(prototype, 'chmod')
    .mockRejectedValue(Object.assign(new Error('EPERM: operation not permitted'), { code: 'EPERM' }));
}
