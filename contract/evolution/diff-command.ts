// The command npm run contract:diff [-- [OLD [NEW]] [--json | --markdown]] runs (docs/changes.md): what changed
// between two contracts and whom it breaks. OLD and NEW are released versions (0.1.0) or files; by default the last release and
// openapi.yaml. Exit 0: nothing breaking left unapproved; 1: a breaking change the version or an approval does not
// cover; 2: bad input (a file that does not parse, a $ref that names nothing, an unknown version).
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ContractReadError } from '../resolved.js';
import { changesAsMarkdown, changesAsText } from './changelog.js';
import { type Change, compareContracts } from './compare.js';
import {
  APPROVALS_PATH,
  CONTRACT_FILE,
  contractFileOf,
  gate,
  ReleaseError,
  readApprovals,
  readForDiff,
  releases,
} from './releases.js';

const USAGE = `usage: npm run contract:diff -- [OLD [NEW]] [--json | --markdown]
  OLD, NEW   a released version (e.g. 0.1.0, from contract/releases/) or a contract file;
             default: the last released version, and openapi.yaml
  --json     the changes and the gate as JSON
  --markdown the changes as Markdown (as on the Changes page)`;

export interface DiffOutcome {
  code: 0 | 1 | 2;
  out: string;
  err: string;
}

const packageVersion = (): string =>
  (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/** Runs the command over `argv`; never throws (bad input is exit 2 with a message naming file and place). */
export function contractDiff(
  argv: readonly string[],
  options: { approvals?: string; version?: string } = {},
): DiffOutcome {
  let values: { json?: boolean; markdown?: boolean; help?: boolean };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: { json: { type: 'boolean' }, markdown: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    }));
  } catch (error) {
    return { code: 2, out: '', err: `contract:diff: ${(error as Error).message}\n\n${USAGE}\n` };
  }
  if (values.help) return { code: 0, out: `${USAGE}\n`, err: '' };
  if (positionals.length > 2 || (values.json && values.markdown)) {
    return {
      code: 2,
      out: '',
      err: `contract:diff: give at most OLD and NEW, and one of --json, --markdown\n\n${USAGE}\n`,
    };
  }
  try {
    const last = releases().at(-1);
    const [oldRef = last, newRef = CONTRACT_FILE] = positionals;
    if (!oldRef) throw new ReleaseError('no released contract in contract/releases/ to compare with: give OLD');
    const older = readForDiff(contractFileOf(oldRef));
    const newer = readForDiff(contractFileOf(newRef));
    const changes: Change[] = compareContracts(older, newer);
    const released = older.version ?? oldRef;
    // The working contract is judged by the package's version; a release by its own.
    const version = options.version ?? (newRef === CONTRACT_FILE ? packageVersion() : (newer.version ?? newRef));
    const verdict = gate(changes, version, released, readApprovals(options.approvals ?? APPROVALS_PATH));
    const code = verdict.failed ? 1 : 0;
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
    const head = `Changes from ${oldRef} to ${newRef === CONTRACT_FILE ? 'openapi.yaml' : newRef}:`;
    const breaking = changes.filter((c) => c.class !== 'compatible').length;
    const summary = `${changes.length} change(s), ${breaking} breaking; gate: ${verdict.failed ? 'FAIL' : 'pass'} (version ${version}, released ${released})`;
    return {
      code,
      out: `${[head, ...changesAsText(changes), '', summary].join('\n')}\n`,
      err: verdict.message ? `${verdict.message}\n` : '',
    };
  } catch (error) {
    if (error instanceof ContractReadError || error instanceof ReleaseError) {
      return { code: 2, out: '', err: `contract:diff: ${error.message}\n` };
    }
    return { code: 2, out: '', err: `contract:diff: ${(error as Error).message}\n` };
  }
}
