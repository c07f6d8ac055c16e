// Released contracts and the breaking-change gate (docs/changes.md, "Releasing a change"): every released contract is
// kept as contract/releases/<version>.yaml, so a clean clone compares against them with no tags and no network; a
// breaking change passes only with a raised version (the minor while 0.x) or an approval naming it and saying why.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { isObject } from '../json.js';
import { ContractReadError, readContractFile, resolveRefs } from '../resolved.js';
import type { Change } from './compare.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
export const RELEASES_DIR = join(root, 'contract', 'releases');
export const APPROVALS_PATH = join(root, 'contract', 'approved-changes.yaml');
export const CONTRACT_FILE = join(root, 'openapi.yaml');

/** Where the steps of a contract change are written down; every message of the gate points there. */
export const GUIDE = 'README "Changing the contract"';

/** A semver version (semver.org §2, §9): major.minor.patch, and a pre-release after a hyphen (1.0.0-rc.1). */
const VERSION = /^(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?$/;

/** A version that cannot be used: the message names it and what exists. */
export class ReleaseError extends Error {
  override readonly name = 'ReleaseError';
}

const parsed = (version: string): { core: [number, number, number]; pre: string[] } => {
  const m = VERSION.exec(version);
  if (!m) throw new ReleaseError(`${JSON.stringify(version)} is not a version (major.minor.patch[-pre-release])`);
  return { core: [Number(m[1]), Number(m[2]), Number(m[3])], pre: m[4] === undefined ? [] : m[4].split('.') };
};
const parts = (version: string): [number, number, number] => parsed(version).core;

/** Two pre-release identifiers (semver.org §11.4): numbers by value and below words, words in ASCII order. */
const compareIdentifiers = (a: string, b: string): number => {
  const [x, y] = [/^\d+$/.test(a), /^\d+$/.test(b)];
  if (x && y) return Number(a) - Number(b);
  if (x !== y) return x ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
};

/**
 * Semver precedence (semver.org §11): numbers by value, never as text (0.10.0 after 0.9.0), and a pre-release before
 * its release (1.0.0-rc.1 before 1.0.0).
 */
export function compareVersions(a: string, b: string): number {
  const [x, y] = [parsed(a), parsed(b)];
  for (let i = 0; i < 3; i++) if (x.core[i] !== y.core[i]) return (x.core[i] as number) - (y.core[i] as number);
  if (x.pre.length === 0 || y.pre.length === 0) return y.pre.length - x.pre.length;
  for (let i = 0; i < Math.min(x.pre.length, y.pre.length); i++) {
    const order = compareIdentifiers(x.pre[i] as string, y.pre[i] as string);
    if (order !== 0) return order;
  }
  return x.pre.length - y.pre.length;
}

/** The released versions, oldest first. */
export function releases(dir = RELEASES_DIR): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => VERSION.test(f.replace(/\.yaml$/, '')) && f.endsWith('.yaml'))
    .map((f) => f.replace(/\.yaml$/, ''))
    .sort(compareVersions);
}

/** The file of a released version, or the file itself when `ref` names one. */
export function contractFileOf(ref: string, dir = RELEASES_DIR): string {
  if (VERSION.test(ref)) {
    const file = join(dir, `${ref}.yaml`);
    if (!existsSync(file)) {
      const known = releases(dir);
      throw new ReleaseError(`no released contract ${ref} (released: ${known.join(', ') || 'none'})`);
    }
    return file;
  }
  return ref;
}

export interface LoadedContract {
  file: string;
  raw: Record<string, unknown>;
  /** `raw` with its `$ref`s resolved outside schemas; the diff follows schema `$ref`s by name. */
  resolved: Record<string, unknown>;
  /** info.version of the contract. */
  version: string | undefined;
}

export function readForDiff(file: string): LoadedContract {
  const raw = readContractFile(file);
  const info = isObject(raw.info) ? raw.info : {};
  return {
    file,
    raw,
    resolved: resolveRefs(raw, file, { keepSchemas: true }),
    version: typeof info.version === 'string' ? info.version : undefined,
  };
}

export interface Approval {
  /** `<kind> <place>`, as the diff prints it. */
  change: string;
  reason: string;
}

/** The approvals file: a list of { change, reason }; a malformed entry is an error naming it. */
export function readApprovals(file = APPROVALS_PATH): Approval[] {
  if (!existsSync(file)) return [];
  let parsed: unknown;
  try {
    parsed = parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ContractReadError(file, '', `is not valid YAML: ${(error as Error).message.split('\n')[0]}`);
  }
  const list = isObject(parsed) ? parsed.approved : undefined;
  if (list === null || list === undefined) return [];
  if (!Array.isArray(list)) throw new ContractReadError(file, '/approved', 'must be a list of { change, reason }');
  return list.map((entry, i) => {
    if (
      !isObject(entry) ||
      typeof entry.change !== 'string' ||
      typeof entry.reason !== 'string' ||
      !entry.reason.trim()
    ) {
      throw new ContractReadError(
        file,
        `/approved/${i}`,
        'needs `change` (kind and place, as the diff prints it) and a non-empty `reason`',
      );
    }
    return { change: entry.change, reason: entry.reason };
  });
}

export const changeId = (c: Change): string => `${c.kind} ${c.place}`;

export interface GateResult {
  failed: boolean;
  /** Breaking changes neither covered by the version nor approved. */
  unapproved: Change[];
  /** What to do about them. */
  message: string;
}

/**
 * The gate: breaking changes pass when the package version's major is above the release's (its minor while 0.x),
 * or when each is approved. `version` is the package version, `released` the version compared against.
 */
export function gate(
  changes: readonly Change[],
  version: string,
  released: string,
  approvals: readonly Approval[],
): GateResult {
  const breaking = changes.filter((c) => c.class !== 'compatible');
  const [v, r] = [parts(version), parts(released)];
  const raised = r[0] === 0 ? v[0] > 0 || v[1] > r[1] : v[0] > r[0];
  const approved = new Set(approvals.map((a) => a.change));
  const unapproved = raised ? [] : breaking.filter((c) => !approved.has(changeId(c)));
  if (unapproved.length === 0) return { failed: false, unapproved, message: '' };
  const next = r[0] === 0 ? `0.${r[1] + 1}.0` : `${r[0] + 1}.0.0`;
  const message = [
    `${unapproved.length} breaking change(s) since ${released} are not covered by the version (${version}) nor approved.`,
    `Either raise the version to ${next} in package.json and in openapi.yaml's info.version (then \`npm run generate\`;`,
    `copy openapi.yaml to contract/releases/${next}.yaml only when you release it: docs/changes.md "Releasing a change"),`,
    'or approve each change in contract/approved-changes.yaml, naming it and saying why:',
    ...unapproved.map((c) => `  - change: ${changeId(c)}\n    reason: …`),
    `The steps of a contract change: ${GUIDE}.`,
  ].join('\n');
  return { failed: true, unapproved, message };
}
