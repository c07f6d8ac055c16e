// The target profile (docs/conformance.md, "The target profile"): a JSON file whose string values may name environment
// variables (`${NAME}`, `${NAME:-default}`, docker-compose style) and whose every value an environment variable can
// override.
import { readFileSync } from 'node:fs';
import { sharedValidators } from '../contract/validators.js';
import { type WorkspaceId, workspaceId } from './engine/discovery.js';

export interface Account {
  username: string;
  password: string;
}

export interface Profile {
  /** The REST base address, ending in the api path segment. */
  baseUrl: string;
  /** A captcha token the target accepts in test mode. */
  captchaToken: string;
  accounts: { member: Account; outsider: Account };
  /** A positive integer, or an identifier string (a UUID, ULID or slug): source §1 gives these ids no type. */
  companyId: WorkspaceId;
  boardId: WorkspaceId;
  /** Optional: the checks that need a board without a todo-kind column are skipped without it. */
  boardWithoutTodoColumnId?: WorkspaceId;
  /**
   * Optional: a severity the target accepts on a bug outcome (source §2: "allowed values: not shown"); the contract's
   * example (`major`) when absent.
   */
  severity?: string;
  /** Optional: a priority the target accepts on a bug outcome; the contract's example (`high`) when absent. */
  priority?: string;
  /**
   * Optional: the operationIds (openapi.yaml's) the server does not have yet. They are never called; every check that
   * needs one is not applicable. Empty when absent.
   */
  missingOperations: string[];
  /**
   * Optional: the server's own list of a company's boards (the source names no board list), where ACCESS-06 finds the
   * outsider's boards when its company list carries none: `path` relative to baseUrl (a query allowed), sent with
   * `company_id`; `collection`, the name its rows go under in data when the suite cannot tell.
   */
  boardList?: { path: string; collection?: string };
  /**
   * Optional: the most the server lets the member hold (source §8 shows no limits): named API tokens of the member, and
   * scenarios and QA sessions of the profile's board. The preflight counts what is there and says, before any rule runs,
   * when the run will not fit; absent, it learns a limit only from a limit answer.
   */
  limits?: AccountLimits;
}

/** The limits a profile may state, each a count (see `Profile.limits`). */
export interface AccountLimits {
  tokens?: number;
  scenarios?: number;
  sessions?: number;
}

/** The kinds a profile may state a limit for, in the order the preflight reads them. */
export const LIMIT_KINDS = ['tokens', 'scenarios', 'sessions'] as const;

const LIMIT_WHAT: Readonly<Record<(typeof LIMIT_KINDS)[number], string>> = {
  tokens: 'named API tokens',
  scenarios: "scenarios of the profile's board",
  sessions: "QA sessions of the profile's board",
};

/** A profile that cannot be used; the message names the field and the variable, never a value. */
export class ProfileError extends Error {
  override readonly name = 'ProfileError';
}

type FieldKind =
  | 'url'
  | 'secret'
  | 'text'
  | 'id'
  | 'optional-id'
  | 'optional-text'
  | 'optional-path'
  | 'optional-count'
  | 'operations';

/** Every profile field, its JSON path and the environment variable that overrides it. */
export const PROFILE_FIELDS: readonly { path: readonly string[]; env: string; kind: FieldKind; about: string }[] = [
  { path: ['baseUrl'], env: 'CONFORMANCE_BASE_URL', kind: 'url', about: 'REST base address, ending in /api' },
  {
    path: ['captchaToken'],
    env: 'CONFORMANCE_CAPTCHA_TOKEN',
    kind: 'secret',
    about: 'captcha token accepted in test mode',
  },
  { path: ['accounts', 'member', 'username'], env: 'CONFORMANCE_MEMBER_USERNAME', kind: 'text', about: 'the member' },
  {
    path: ['accounts', 'member', 'password'],
    env: 'CONFORMANCE_MEMBER_PASSWORD',
    kind: 'secret',
    about: "the member's password",
  },
  {
    path: ['accounts', 'outsider', 'username'],
    env: 'CONFORMANCE_OUTSIDER_USERNAME',
    kind: 'text',
    about: 'the outsider',
  },
  {
    path: ['accounts', 'outsider', 'password'],
    env: 'CONFORMANCE_OUTSIDER_PASSWORD',
    kind: 'secret',
    about: "the outsider's password",
  },
  { path: ['companyId'], env: 'CONFORMANCE_COMPANY_ID', kind: 'id', about: "the member's company" },
  {
    path: ['boardId'],
    env: 'CONFORMANCE_BOARD_ID',
    kind: 'id',
    about: 'a board of that company with a todo-kind column',
  },
  {
    path: ['boardWithoutTodoColumnId'],
    env: 'CONFORMANCE_BOARD_WITHOUT_TODO_COLUMN_ID',
    kind: 'optional-id',
    about: 'a board of that company without a todo-kind column (optional)',
  },
  {
    path: ['severity'],
    env: 'CONFORMANCE_SEVERITY',
    kind: 'optional-text',
    about: "a severity the target accepts on a bug outcome (optional; the contract's example by default)",
  },
  {
    path: ['priority'],
    env: 'CONFORMANCE_PRIORITY',
    kind: 'optional-text',
    about: "a priority the target accepts on a bug outcome (optional; the contract's example by default)",
  },
  {
    path: ['missingOperations'],
    env: 'CONFORMANCE_MISSING_OPERATIONS',
    kind: 'operations',
    about: 'the operationIds the server does not have yet (optional; comma-separated in the variable)',
  },
  {
    path: ['boardList', 'path'],
    env: 'CONFORMANCE_BOARD_LIST_PATH',
    kind: 'optional-path',
    about: "the server's own list of a company's boards, relative to baseUrl (optional)",
  },
  {
    path: ['boardList', 'collection'],
    env: 'CONFORMANCE_BOARD_LIST_COLLECTION',
    kind: 'optional-text',
    about: 'the name the board list keeps its rows under in data (optional)',
  },
  ...LIMIT_KINDS.map((kind) => ({
    path: ['limits', kind],
    env: `CONFORMANCE_LIMIT_${kind.toUpperCase()}`,
    kind: 'optional-count' as const,
    about: `the most ${LIMIT_WHAT[kind]} the member may hold (optional)`,
  })),
];

/**
 * Operations the preflight needs (logging in, the company list): a run cannot start without them, so they cannot be
 * declared missing.
 */
const PREFLIGHT_OPERATIONS: readonly string[] = ['login', 'listCompanies'];

/** The operationIds of a `missingOperations` value (an array, or one comma-separated string), or the problem. */
function toOperations(raw: unknown): string[] | string {
  const items = typeof raw === 'string' ? raw.split(',') : raw;
  if (!Array.isArray(items) || !items.every((i) => typeof i === 'string')) {
    return 'must be an array of operationIds (or one comma-separated string)';
  }
  const ids = [...new Set(items.map((i) => i.trim()).filter(Boolean))];
  const known = sharedValidators().contract.byId;
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    return `names no operation of openapi.yaml: ${unknown.join(', ')} (the operationIds: ${[...known.keys()].join(', ')})`;
  }
  const needed = ids.filter((id) => PREFLIGHT_OPERATIONS.includes(id));
  if (needed.length > 0) return `cannot hold ${needed.join(', ')}: the preflight needs it to start a run`;
  return ids;
}

type Json = Record<string, unknown>;

function get(obj: Json, path: readonly string[]): unknown {
  let at: unknown = obj;
  for (const key of path) at = typeof at === 'object' && at !== null ? (at as Json)[key] : undefined;
  return at;
}

function set(obj: Json, path: readonly string[], value: unknown): void {
  let at = obj;
  for (const key of path.slice(0, -1)) {
    if (typeof at[key] !== 'object' || at[key] === null) at[key] = {};
    at = at[key] as Json;
  }
  at[path[path.length - 1] as string] = value;
}

function readFile(file: string): Json {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ProfileError(
      `cannot read the target profile ${file}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ProfileError(`the target profile ${file} is not valid JSON`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ProfileError(`the target profile ${file} must hold a JSON object`);
  }
  return parsed as Json;
}

/** `${NAME}` or `${NAME:-default}`; `$${` stands for a literal `${`. */
const REFERENCE = /\$\$\{|\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}|\$\{/g;

/**
 * Every string of the file with its `${NAME}` references replaced from `env`. Collects the problems by field path: a
 * variable that is not set and has no default, or a `${` that is no reference. Messages name the variable, never a value.
 */
function interpolate(value: unknown, env: NodeJS.ProcessEnv, path: string[], problems: Map<string, string>): unknown {
  if (Array.isArray(value)) return value.map((v, i) => interpolate(v, env, [...path, String(i)], problems));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolate(v, env, [...path, k], problems)]));
  }
  if (typeof value !== 'string') return value;
  const name = path.join('.');
  return value.replace(REFERENCE, (match, variable: string | undefined, fallback: string | undefined) => {
    if (match === '$${') return '${';
    if (variable === undefined) {
      problems.set(
        name,
        `${name} holds a \`\${\` that is no \`\${NAME}\` or \`\${NAME:-default}\` (write \`$\${\` for a literal one)`,
      );
      return match;
    }
    const set = env[variable];
    // As in docker-compose, `:-` also covers a variable set to the empty string.
    if (set !== undefined && set !== '') return set;
    if (fallback !== undefined) return fallback;
    const override = PROFILE_FIELDS.find((f) => f.path.join('.') === name)?.env;
    problems.set(
      name,
      `${name} uses \${${variable}}, but the environment variable ${variable} is not set (set it, give a default: \${${variable}:-…}${override ? `, or set ${override}` : ''})`,
    );
    return match;
  });
}

/** The base URL with its port replaced (`--port`); an unparsable URL is left for the field check to name. */
function withPort(baseUrl: unknown, port: number): unknown {
  if (typeof baseUrl !== 'string') return baseUrl;
  try {
    const url = new URL(baseUrl);
    url.port = String(port);
    return url.href;
  } catch {
    return baseUrl;
  }
}

/** A workspace id: a positive integer (given as a number or digits), else an identifier string kept as it is. */
function toId(raw: unknown): WorkspaceId | undefined {
  const text = typeof raw === 'string' ? raw.trim() : raw;
  // A number written with a sign or a fraction is a mistyped id, not a slug.
  if (typeof text === 'string' && /^[+-]?\d*\.?\d+$/.test(text) && !/^\d+$/.test(text)) return undefined;
  const id = workspaceId(text);
  return typeof id === 'string' || (id !== undefined && id >= 1) ? id : undefined;
}

/** A count: a non-negative integer, given as a number or digits. */
function toCount(raw: unknown): number | undefined {
  const text = typeof raw === 'string' ? raw.trim() : raw;
  const count = typeof text === 'string' && /^\d+$/.test(text) ? Number(text) : text;
  return typeof count === 'number' && Number.isSafeInteger(count) && count >= 0 ? count : undefined;
}

const ID_FORM = 'must be a positive integer or an identifier (a UUID, ULID or slug: letters, digits, -, _, . or ~)';

/**
 * Reads the profile file (optional when the environment supplies every value), fills in its `${NAME}` references,
 * applies the CONFORMANCE_* overrides, then `baseUrl` (the --base-url flag) and `port` (the --port flag), and checks
 * every field. Throws ProfileError naming each bad field.
 */
export function loadProfile(
  file: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
  baseUrl?: string,
  port?: number,
): Profile {
  const unresolved = new Map<string, string>();
  const raw = (file ? interpolate(readFile(file), env, [], unresolved) : {}) as Json;
  for (const field of PROFILE_FIELDS) {
    const value = env[field.env];
    if (value !== undefined && value !== '') {
      set(raw, field.path, value);
      unresolved.delete(field.path.join('.'));
    }
  }
  if (baseUrl !== undefined) {
    set(raw, ['baseUrl'], baseUrl);
    unresolved.delete('baseUrl');
  }
  if (port !== undefined) set(raw, ['baseUrl'], withPort(raw.baseUrl, port));

  return checkProfile(
    raw,
    [...unresolved.values()],
    unresolved,
    (field) => `${field.path.join('.')} (or ${field.env})`,
  );
}

/**
 * Checks every field of a raw profile, normalizes ids and the base URL, and returns it; throws ProfileError naming
 * each bad field (`named` says how to call a field: with its variable for a file, as `profile.x` for an object).
 */
function checkProfile(
  raw: Json,
  problems: string[],
  skip: ReadonlyMap<string, string>,
  named: (field: (typeof PROFILE_FIELDS)[number]) => string,
): Profile {
  for (const field of PROFILE_FIELDS) {
    const name = field.path.join('.');
    if (skip.has(name)) continue;
    const value = get(raw, field.path);
    const where = `${named(field)}: ${field.about}`;
    if (field.kind === 'operations') {
      if (value === undefined || value === null) continue;
      const operations = toOperations(value);
      if (typeof operations === 'string') problems.push(`${where} ${operations}`);
      else set(raw, field.path, operations);
    } else if (field.kind === 'optional-text') {
      if (value === undefined || value === null) continue;
      if (typeof value !== 'string' || value.trim() === '') problems.push(`${where} must be a non-empty string`);
    } else if (field.kind === 'optional-path') {
      if (value === undefined || value === null) continue;
      if (typeof value !== 'string' || !/^\/[^/]/.test(value) || /[\s#]/.test(value)) {
        problems.push(`${where} must be a path starting with / (relative to baseUrl, as /board/list/)`);
      }
    } else if (field.kind === 'optional-count') {
      if (value === undefined || value === null) continue;
      if (toCount(value) === undefined) problems.push(`${where} must be a non-negative integer`);
      else set(raw, field.path, toCount(value));
    } else if (field.kind === 'optional-id') {
      if (value === undefined || value === null) continue;
      if (toId(value) === undefined) problems.push(`${where} ${ID_FORM}`);
      else set(raw, field.path, toId(value));
    } else if (field.kind === 'id') {
      if (toId(value) === undefined) problems.push(`${where} ${ID_FORM}`);
      else set(raw, field.path, toId(value));
    } else if (typeof value !== 'string' || value.trim() === '') {
      problems.push(`${where} is required${value === undefined || value === null ? '' : ' as a non-empty string'}`);
    } else if (field.kind === 'url') {
      let url: URL | undefined;
      try {
        url = new URL(value);
      } catch {
        url = undefined;
      }
      if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
        problems.push(`${where} must be an http(s) URL`);
      } else if (url.username !== '' || url.password !== '') {
        // A password there would be printed with every request; the suite's credentials live in their own fields.
        problems.push(`${where} must not carry a user name or password (user:pass@): remove them from ${name}`);
      } else {
        set(raw, field.path, value.replace(/\/+$/, ''));
      }
    }
  }
  const boardList = raw.boardList as Json | undefined;
  if (boardList !== undefined && boardList !== null) {
    if (typeof boardList !== 'object' || Array.isArray(boardList)) {
      problems.push('boardList must be an object with a path (and optionally a collection)');
    } else if (boardList.collection !== undefined && boardList.path === undefined) {
      problems.push('boardList.collection is given without boardList.path (or CONFORMANCE_BOARD_LIST_PATH)');
    } else if (Object.keys(boardList).some((k) => k !== 'path' && k !== 'collection')) {
      problems.push('boardList takes only path and collection');
    }
  }
  const limits = raw.limits as Json | undefined;
  if (limits !== undefined && limits !== null) {
    if (typeof limits !== 'object' || Array.isArray(limits)) {
      problems.push(`limits must be an object with any of ${LIMIT_KINDS.join(', ')}`);
    } else if (Object.keys(limits).some((k) => !(LIMIT_KINDS as readonly string[]).includes(k))) {
      problems.push(`limits takes only ${LIMIT_KINDS.join(', ')}`);
    }
  }
  if (problems.length > 0) {
    throw new ProfileError(`the target profile is incomplete:\n  - ${problems.join('\n  - ')}`);
  }
  const accounts = raw.accounts as Profile['accounts'];
  const profile: Profile = {
    baseUrl: raw.baseUrl as string,
    captchaToken: raw.captchaToken as string,
    accounts: {
      member: { username: accounts.member.username, password: accounts.member.password },
      outsider: { username: accounts.outsider.username, password: accounts.outsider.password },
    },
    companyId: raw.companyId as WorkspaceId,
    boardId: raw.boardId as WorkspaceId,
    missingOperations: (raw.missingOperations as string[] | undefined) ?? [],
  };
  if (raw.boardWithoutTodoColumnId !== undefined && raw.boardWithoutTodoColumnId !== null) {
    profile.boardWithoutTodoColumnId = raw.boardWithoutTodoColumnId as WorkspaceId;
  }
  for (const name of ['severity', 'priority'] as const) {
    if (typeof raw[name] === 'string') profile[name] = raw[name] as string;
  }
  if (typeof boardList?.path === 'string') {
    const { path, collection } = boardList as { path: string; collection?: string };
    profile.boardList = { path, ...(collection ? { collection } : {}) };
  }
  const stated = LIMIT_KINDS.filter((k) => typeof limits?.[k] === 'number');
  if (stated.length > 0) profile.limits = Object.fromEntries(stated.map((k) => [k, limits?.[k]])) as AccountLimits;
  if (profile.accounts.member.username === profile.accounts.outsider.username) {
    throw new ProfileError(
      'the target profile is unusable: accounts.member and accounts.outsider must be different accounts',
    );
  }
  return profile;
}

/** A profile given as an object (the programmatic API and the Vitest suite): the same fields as the file. */
export type ProfileInput = Omit<Profile, 'baseUrl' | 'missingOperations'> & {
  /** The operationIds the server does not have yet (optional). */
  missingOperations?: readonly string[];
  /** Optional when the target is a function or a server: only its path is used then (default `/api`). */
  baseUrl?: string;
};

/**
 * Checks a profile object field by field, as `loadProfile` checks a file; `baseUrl` fills in a missing base URL (the
 * target's). Throws ProfileError naming each bad field as `profile.<path>`, never a value.
 */
export function profileFrom(input: unknown, baseUrl: string): Profile {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new ProfileError('profile must be an object with captchaToken, accounts, companyId and boardId');
  }
  let raw: Json;
  try {
    // A copy: the caller's object is never changed, and a value JSON cannot hold (a function) reads as missing.
    raw = JSON.parse(JSON.stringify(input)) as Json;
  } catch (error) {
    throw new ProfileError(`profile cannot be read as JSON: ${(error as Error).message}`);
  }
  if (raw.baseUrl === undefined) raw.baseUrl = baseUrl;
  for (const key of Object.keys(raw)) {
    if (!PROFILE_FIELDS.some((f) => f.path[0] === key)) {
      throw new ProfileError(
        `profile.${key} is not a profile field (the fields: ${[...new Set(PROFILE_FIELDS.map((f) => f.path[0]))].join(', ')})`,
      );
    }
  }
  return checkProfile(raw, [], new Map(), (field) => `profile.${field.path.join('.')}`);
}

/** Every secret of a profile, for redaction. */
export function profileSecrets(profile: Profile): string[] {
  return [profile.captchaToken, profile.accounts.member.password, profile.accounts.outsider.password];
}
