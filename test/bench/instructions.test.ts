// The bench's instructions part (docs/benchmarks.md "Instructions a request: the count the speed goals are judged by"):
// where valgrind is not installed, the part says so and judges no goal; not run is never a pass.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { benchInstructions } from '../../scripts/bench/instructions.js';

const path = process.env.PATH;
let empty: string | undefined;

afterEach(() => {
  process.env.PATH = path;
  if (empty) rmSync(empty, { recursive: true, force: true });
  empty = undefined;
});

describe('the instructions part without valgrind', () => {
  it('says it did not run and that no goal is judged, and calls nothing met', async () => {
    // A PATH with nothing on it: valgrind and callgrind_control are not found, as on a machine without them.
    empty = mkdtempSync(join(os.tmpdir(), 'bench-no-valgrind-'));
    process.env.PATH = empty;
    const section = await benchInstructions();
    expect(section).toContain('Not run');
    expect(section).toContain('no goal is judged');
    expect(section).not.toMatch(/\bmet\b/);
  });
});
