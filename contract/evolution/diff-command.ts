// The command npm run contract:diff [-- [OLD [NEW]] [--base REV] [--gate] [--json | --markdown]] runs (docs/changes.md,
// "Changing the contract"): what changed between two contracts and whom it breaks. OLD and NEW are released versions
// (0.1.0) or files, or OLD is openapi.yaml at a git revision; by default the last release and openapi.yaml. Exit 0:
// nothing breaking left unapproved; 1: a breaking change the version or an approval does not cover, or openapi.yaml's
// info.version not package.json's version; 2: bad input (a file that does not parse, a $ref that names nothing, an
// unknown version or revision).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ContractReadError } from '../resolved.js';
import { changesAsMarkdown, changesAsText } from './changelog.js';
import { type Change, compareContracts } from './compare.js';
import {
  APPROVALS_PATH,
  CONTRACT_FILE,
  contractFileOf,
  GUIDE,
  gate,
  ReleaseError,
  readApprovals,
  readForDiff,
  releases,
} from './releases.js';

const USAGE = `usage: npm run contract:diff -- [OLD [NEW]] [--base REV] [--gate] [--json | --markdown]
  OLD, NEW    a released version (e.g. 0.1.0, from contract/releases/) or a contract file;
              default: the last released version, and openapi.yaml
  --base REV  compare with openapi.yaml as it is at git revision REV (a commit, branch or tag: HEAD, main,
              HEAD~3) instead of OLD
  --gate      only the breaking changes and the gate's verdict (what npm test runs before the type check)
  --json      the changes and the gate as JSON
  --markdown  the changes as Markdown (as on the Changes page)`;

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface DiffOutcome {
  code: 0 | 1 | 2;
  out: string;
  err: string;
}

/** package.json's version: the version the working contract is judged by. */
export const packageVersion = (): string =>
  (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/**
 * openapi.yaml as it is at git revision `rev` of `repo`, in a temporary file `use` reads; the file is removed after.
 * A revision git does not know is a ReleaseError naming it.
 */
function atRevision<T>(repo: string, rev: string, use: (file: string) => T): T {
  // A revision that begins with "-" would be read by git as an option.
  if (!rev || rev.startsWith('-')) throw new ReleaseError(`--base needs a git revision (a commit, branch or tag)`);
  let text: string;
  try {
    text = execFileSync('git', ['-C', repo, 'show', `${rev}:openapi.yaml`], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    const said = String((error as { stderr?: unknown }).stderr ?? '')
      .trim()
      .split('\n')[0];
    throw new ReleaseError(`no openapi.yaml at git revision ${JSON.stringify(rev)}${said ? ` (git: ${said})` : ''}`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'contract-base-'));
  try {
    const file = join(dir, 'openapi.yaml');
    writeFileSync(file, text);
    return use(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs the command over `argv`; never throws (bad input is exit 2 with a message naming file and place). */
export function contractDiff(
  argv: readonly string[],
  options: {
    approvals?: string;
    /** The version the working contract is judged by; package.json's by default. */
    version?: string;
    /** The git repository `--base` reads; the kit's own by default. */
    repo?: string;
    /** The working contract; openapi.yaml of the kit by default. */
    contract?: string;
  } = {},
): DiffOutcome {
  let values: { json?: boolean; markdown?: boolean; gate?: boolean; base?: string; help?: boolean };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        json: { type: 'boolean' },
        markdown: { type: 'boolean' },
        gate: { type: 'boolean' },
        base: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    return { code: 2, out: '', err: `contract:diff: ${(error as Error).message}\n\n${USAGE}\n` };
  }
  if (values.help) return { code: 0, out: `${USAGE}\n`, err: '' };
  const formats = [values.json, values.markdown, values.gate].filter(Boolean).length;
  if (positionals.length > (values.base === undefined ? 2 : 1) || formats > 1) {
    return {
      code: 2,
      out: '',
      err: `contract:diff: give at most OLD and NEW (only NEW with --base), and one of --json, --markdown, --gate\n\n${USAGE}\n`,
    };
  }
  try {
    if (values.base !== undefined) {
      const rev = values.base;
      const [newRef] = positionals;
      return atRevision(options.repo ?? ROOT, rev, (file) =>
        diff(file, `openapi.yaml at ${rev}`, newRef, values, options),
      );
    }
    const last = releases().at(-1);
    const [oldRef = last, newRef] = positionals;
    if (!oldRef) throw new ReleaseError('no released contract in contract/releases/ to compare with: give OLD');
    return diff(contractFileOf(oldRef), oldRef, newRef, values, options);
  } catch (error) {
    if (error instanceof ContractReadError || error instanceof ReleaseError) {
      return { code: 2, out: '', err: `contract:diff: ${error.message}\n` };
    }
    return { code: 2, out: '', err: `contract:diff: ${(error as Error).message}\n` };
  }
}

/** The diff from the contract in `oldFile` (shown as `oldName`) to `newRef` (the working contract when absent). */
function diff(
  oldFile: string,
  oldName: string,
  newRef: string | undefined,
  values: { json?: boolean; markdown?: boolean; gate?: boolean },
  options: { approvals?: string; version?: string; contract?: string },
): DiffOutcome {
  const working = options.contract ?? CONTRACT_FILE;
  const isWorking = newRef === undefined;
  const older = readForDiff(oldFile);
  const newer = readForDiff(isWorking ? working : contractFileOf(newRef));
  const changes: Change[] = compareContracts(older, newer);
  const released = older.version ?? oldName;
  // The working contract is judged by the package's version; a release by its own.
  const version = options.version ?? (isWorking ? packageVersion() : (newer.version ?? newRef));
  const verdict = gate(changes, version, released, readApprovals(options.approvals ?? APPROVALS_PATH));
  // The working contract says the package's version: the docs, the mock and every generated client show it.
  if (isWorking && newer.version !== version) {
    verdict.failed = true;
    verdict.message = [
      `openapi.yaml's info.version (${newer.version ?? 'none'}) is not package.json's version (${version}): the two`,
      `move together; set info.version in openapi.yaml to ${version} (${GUIDE}).`,
      ...(verdict.message ? [verdict.message] : []),
    ].join('\n');
  }
  const code = verdict.failed ? 1 : 0;
  const newName = isWorking ? 'openapi.yaml' : newRef;
  const breaking = changes.filter((c) => c.class !== 'compatible');
  const summary = `${changes.length} change(s), ${breaking.length} breaking; gate: ${verdict.failed ? 'FAIL' : 'pass'} (version ${version}, released ${released})`;
  if (values.gate) {
    const head = `Breaking changes from ${oldName} to ${newName}:`;
    return {
      code,
      out: `${[...(breaking.length > 0 ? [head, ...changesAsText(breaking), ''] : []), `contract gate: ${summary}`].join('\n')}\n`,
      err: verdict.message ? `${verdict.message}\n` : '',
    };
  }
  if (values.json) {
    const json = { from: older.file, to: newer.file, released, version, changes, gate: verdict };
    return { code, out: `${JSON.stringify(json, null, 2)}\n`, err: '' };
  }
  if (values.markdown)
    return {
      code,
      out: `${changesAsMarkdown(changes).join('\n')}\n`,
      err: verdict.message ? `${verdict.message}\n` : '',
    };
  const head = `Changes from ${oldName} to ${newName}:`;
  return {
    code,
    out: `${[head, ...changesAsText(changes), '', summary].join('\n')}\n`,
    err: verdict.message ? `${verdict.message}\n` : '',
  };
}
