// What `npm run build` (package.json) reads and writes, and whether dist/ is older than its sources: the same
// make-style check `npm start` makes of the compiled sandbox (scripts/prestart.mjs), for all of dist/.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { isStale } from '../docs-build/docs-inputs.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The projects the build compiles, in its order. */
const PROJECTS = ['tsconfig.client.json', 'tsconfig.node.json'];

/**
 * The build's last step, a copy of the contract's declarations: written only when both compilers passed. tsc writes
 * its outputs even when it reports errors, so this copy is what says the last build succeeded: a source changed
 * since then (the one with the error, or one it depends on) is newer than it, and the next check rebuilds.
 */
const LAST_STEP = { from: join(root, 'generated/schema.d.ts'), to: join(root, 'dist/generated/schema.d.ts') };

/**
 * The build's inputs (every file the two projects compile, as tsc lists them from their `include`, their configs, the
 * build script's package.json and the dependencies' lockfile) and its outputs (each compiled file's JavaScript and
 * declarations, as tsc names them, and the copy of the last step).
 */
export function buildFiles(): { inputs: string[]; outputs: string[] } {
  const inputs = ['package.json', 'package-lock.json', 'tsconfig.json', ...PROJECTS].map((f) => join(root, f));
  const outputs = [LAST_STEP.to];
  inputs.push(LAST_STEP.from);
  for (const project of PROJECTS) {
    const config = ts.getParsedCommandLineOfConfigFile(join(root, project), undefined, {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(`${project}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
      },
    });
    if (!config) throw new Error(`${project} could not be read`);
    for (const file of config.fileNames) {
      inputs.push(file);
      outputs.push(...ts.getOutputFileNames(config, file, !ts.sys.useCaseSensitiveFileNames));
    }
  }
  return { inputs, outputs };
}

/** True when a file the build writes is missing, or older than a file it reads. */
export function distIsStale(): boolean {
  const { inputs, outputs } = buildFiles();
  return isStale(outputs, inputs);
}
