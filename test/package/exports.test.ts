// The package exports the typed client as plain ESM for Node and frontend bundlers (package.json "exports").
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

test('a plain Node process (no tsx) imports the client from the package name after npm run build', () => {
  execFileSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'pipe' });
  const script = `import('task-management-contract-kit').then((m) => console.log(JSON.stringify(Object.keys(m).sort())))`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' });
  expect(JSON.parse(out)).toEqual(
    expect.arrayContaining(['ApiError', 'OutcomeUnknownError', 'createApiClient', 'paginate', 'unwrap']),
  );
});
