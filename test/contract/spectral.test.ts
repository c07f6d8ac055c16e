// Spectral's spectral:oas ruleset (.spectral.yaml) finds nothing in openapi.yaml: a second linter next to redocly lint.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const SPECTRAL = `${root}node_modules/.bin/spectral`;

interface Finding {
  code: string;
  message: string;
  path: string[];
  severity: number;
}

test('spectral lint reports no error, warning, info or hint', async () => {
  const run = promisify(execFile)(
    SPECTRAL,
    ['lint', 'openapi.yaml', '--ruleset', '.spectral.yaml', '--format', 'json', '--fail-severity', 'hint', '--quiet'],
    { cwd: root, maxBuffer: 16 * 1024 * 1024 },
  );
  // Spectral exits non-zero when it finds something; its findings are on stdout either way.
  const { stdout } = await run.catch((error: { stdout?: string; stderr?: string }) => {
    if (!error.stdout) throw new Error(`spectral did not run: ${error.stderr ?? String(error)}`);
    return { stdout: error.stdout };
  });
  const findings = (JSON.parse(stdout || '[]') as Finding[]).map(
    (f) => `${f.code} at ${f.path.join('.')}: ${f.message}`,
  );
  expect(findings).toEqual([]);
});
