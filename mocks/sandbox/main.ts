#!/usr/bin/env node
// The `task-sandbox` command and `npm start` (docs/sandbox.md): runs the sandbox on 127.0.0.1:PORT (default 4010) and
// prints base URL, docs URL and demo credentials. Both run it compiled (dist/mocks/sandbox/main.js).
import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { packageInfo, packageRoot } from '../../contract/version.js';
import { stopOnSignals } from '../stop.js';
import { createSandbox, EXPIRE_TOKEN_PATH, RESET_PATH } from './core/app.js';
import { LOOPBACK_HOSTS } from './core/controls.js';
import { base32Decode, totp } from './domain/totp.js';
import { adminSecretFile, SecretFolderRefused, writeAdminSecretFile } from './hosts/dev-proxy.js';
import { durable } from './hosts/durable.js';
import { startSandboxServer } from './hosts/node.js';
import { isWorld, WORLDS } from './worlds/presets.js';
import { DEMO } from './worlds/seed.js';
import { checkStatePlace, loadStateFile, removeStaleTemporaries, type StateFile } from './worlds/state-file.js';

export const DEFAULT_PORT = 4010;

/** Run from an installed package (node_modules/...) rather than from a clone: the hints name the command. */
const INSTALLED = fileURLToPath(import.meta.url)
  .split(/[\\/]/)
  .includes('node_modules');
/** Where the hints send a reader: the guide in a clone, the package's own README where it is installed. */
const GUIDE = INSTALLED ? 'README.md of @task-management/sandbox' : 'docs/sandbox.md';

const USAGE = `Usage: task-sandbox [options]
       task-sandbox totp [BASE32_SECRET]

Runs the stateful sandbox of the Task-Management Service REST API (${GUIDE}): the API under /api, the docs at
/docs/, a seeded demo world, and controls (reset, Prefer) for frontend tests.

Options:
  --port <n>              port to listen on; 0 picks a free one (default: PORT, else ${DEFAULT_PORT})
  --host <name>           address to listen on (default 127.0.0.1)
  --world <name>          the world at start and after a reset: ${WORLDS.join(', ')} (default: SANDBOX_WORLD, else demo)
  --state <file>          keep the world in this JSON file across restarts (default: SANDBOX_STATE)
  --no-controls           no Prefer header, no /_sandbox/ endpoints: only the contract answers (for conformance runs)
  --admin-secret <s>      required by the controls over HTTP (default: SANDBOX_ADMIN_SECRET, else one made at
                          start and written, for this user only, to ${adminSecretFile('<port>')})
  --allowed-host <name>   a Host name the sandbox answers to, besides loopback; repeatable (SANDBOX_ALLOWED_HOSTS)
  --cors-origin <origin>  a web page origin that may call the API, besides this machine's (localhost, 127.0.0.0/8,
                          [::1]); repeatable (SANDBOX_CORS_ORIGINS=a,b)
  --captcha-token <s>     the captcha token login and registration require, instead of the public demo one
                          (default: SANDBOX_CAPTCHA_TOKEN); never printed
  -h, --help              this text
  --version               the version

task-sandbox totp prints the current TOTP code of the demo two-factor account, or of BASE32_SECRET.`;

let parsed: ReturnType<typeof parseCommandLine>;
function parseCommandLine() {
  return parseArgs({
    allowPositionals: true,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      world: { type: 'string' },
      /** Conformance runs: no Prefer, no /_sandbox/; the sandbox is then only the contract. */
      'no-controls': { type: 'boolean' },
      'admin-secret': { type: 'string' },
      'allowed-host': { type: 'string', multiple: true },
      'cors-origin': { type: 'string', multiple: true },
      'captcha-token': { type: 'string' },
      /** Keep the world in this JSON file: loaded at start, written back after each change. */
      state: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
      version: { type: 'boolean' },
    },
  });
}
try {
  parsed = parseCommandLine();
} catch (error) {
  console.error(`sandbox: ${(error as Error).message}\n\n${USAGE}`);
  process.exit(2);
}
const { values, positionals } = parsed;
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (values.version) {
  console.log(packageInfo(import.meta.url).version);
  process.exit(0);
}
if (positionals[0] === 'totp' && positionals.length <= 2) {
  console.log(await totp(base32Decode(positionals[1] ?? DEMO.accounts.twoFactor.totpSecret), Date.now()));
  process.exit(0);
}
if (positionals.length > 0) {
  console.error(`sandbox: unexpected argument ${JSON.stringify(positionals[0])}\n\n${USAGE}`);
  process.exit(2);
}

const port = Number(values.port ?? process.env.PORT ?? DEFAULT_PORT);
const world = values.world ?? process.env.SANDBOX_WORLD ?? 'demo';
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`sandbox: PORT must be an integer from 0 to 65535, got ${JSON.stringify(String(port))}`);
  process.exit(2);
}
if (!isWorld(world)) {
  console.error(`sandbox: --world (or SANDBOX_WORLD) must be one of ${WORLDS.join(', ')}`);
  process.exit(2);
}
const host = values.host ?? '127.0.0.1';
const controls = !values['no-controls'];
const adminSecret = values['admin-secret'] ?? process.env.SANDBOX_ADMIN_SECRET ?? undefined;
const captchaToken = values['captcha-token'] ?? process.env.SANDBOX_CAPTCHA_TOKEN ?? undefined;
if (captchaToken === '') {
  console.error('sandbox: --captcha-token (or SANDBOX_CAPTCHA_TOKEN) must not be empty');
  process.exit(2);
}
/** What the banner shows for the captcha: the public demo token, never an operator's own. */
const captchaShown = captchaToken === undefined ? DEMO.captchaToken : '<the captcha token you set>';
/** Values of a repeatable option and of its comma-separated environment variable. */
const listOf = (given: string[] | undefined, env: string | undefined) =>
  [...(given ?? []), ...(env ?? '').split(',')].map((v) => v.trim()).filter((v) => v !== '');
const allowedHosts = listOf(values['allowed-host'], process.env.SANDBOX_ALLOWED_HOSTS);
const corsOrigins = listOf(values['cors-origin'], process.env.SANDBOX_CORS_ORIGINS);
for (const origin of corsOrigins) {
  // An origin is scheme://host[:port], as browsers send it: a path or a slash would never match.
  // `null` is what a page opened from disk (and any sandboxed frame) sends: allowed only when named.
  if (origin === '*' || origin === 'null') continue;
  if (!URL.canParse(origin)) {
    console.error(
      `sandbox: --cors-origin (or SANDBOX_CORS_ORIGINS) ${JSON.stringify(origin)} is not an origin, e.g. https://docs.example.com`,
    );
    process.exit(2);
  }
  if (new URL(origin).origin !== origin) {
    console.error(`sandbox: --cors-origin ${JSON.stringify(origin)} is not an origin: write ${new URL(origin).origin}`);
    process.exit(2);
  }
}
const loopback = (LOOPBACK_HOSTS as readonly string[]).includes(host.includes(':') ? `[${host}]` : host);
// A name or address given to --host is how others reach the sandbox; a wildcard (0.0.0.0, ::) names no host.
if (!loopback && host !== '0.0.0.0' && host !== '::') allowedHosts.push(host.includes(':') ? `[${host}]` : host);

const stateFile = values.state ?? process.env.SANDBOX_STATE;
let loaded: StateFile | undefined;
if (stateFile) {
  try {
    // Before anything is removed or read there: a file or folder another user controls is refused.
    await checkStatePlace(stateFile);
    await removeStaleTemporaries(stateFile);
    loaded = await loadStateFile(stateFile);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  if (loaded?.dropped) {
    console.error(
      `sandbox: ${stateFile}: dropped its last journal record (line ${loaded.dropped.line} ${loaded.dropped.reason}): ` +
        'a save cut short by a crash, never answered as a success',
    );
  }
}

const sandbox = createSandbox({
  world,
  controls,
  ...(captchaToken === undefined ? {} : { captchaToken }),
  ...(loaded ? { store: loaded.store } : {}),
});
// With --state, a write is answered only once it is on disk (503 when it cannot be: docs/sandbox.md "Durability").
const kept = stateFile ? await durable(stateFile, sandbox, loaded ? { loaded } : {}) : undefined;
const server = await startSandboxServer({
  port,
  host,
  fetch: kept ? kept.fetch : sandbox.fetch,
  docsDir: join(packageRoot(import.meta.url), 'docs'),
  guard: controls && {
    hosts: allowedHosts,
    hostsOption: '--allowed-host (or SANDBOX_ALLOWED_HOSTS)',
    // The port is known once listening; the file is named after the port asked for, else the one given.
    secretHint: adminSecret
      ? 'the one set with --admin-secret or SANDBOX_ADMIN_SECRET'
      : `in ${adminSecretFile(port || '<port>')}`,
    ...(adminSecret ? { adminSecret } : {}),
  },
  cors: { origins: corsOrigins, hosts: allowedHosts, originsOption: '--cors-origin (or SANDBOX_CORS_ORIGINS)' },
});
/** The admin secret's file, where this machine's tools (sandboxControlsProxy, curl) read it: a secret made here only. */
const secretFile = controls && !adminSecret ? adminSecretFile(new URL(server.origin).port) : undefined;
if (secretFile) {
  try {
    await writeAdminSecretFile(secretFile, server.adminSecret as string);
  } catch (error) {
    await server.close();
    console.error(
      error instanceof SecretFolderRefused
        ? error.message
        : `sandbox: cannot write the admin secret to ${secretFile}: ${(error as Error).message}`,
    );
    process.exit(1);
  }
}

const { member, outsider, twoFactor, viewer } = DEMO.accounts;
const lines = [
  `Sandbox listening: ${server.baseUrl}`,
  `Docs:              ${server.origin}/docs/ (reference), ${server.origin}/docs/console.html (console)`,
  controls
    ? `Controls:          POST ${server.origin}${RESET_PATH} (?world=${WORLDS.join('|')}), POST ${server.origin}${EXPIRE_TOKEN_PATH} with X-Sandbox-Admin-Secret (${secretFile ? `in ${secretFile}` : 'the one you set'}), Prefer header (${GUIDE})`
    : 'Controls:          off (--no-controls): only the contract answers',
  stateFile
    ? `State:             ${stateFile} (${loaded ? 'loaded; log in again: tokens issued before the restart are void' : `new, seeded with the ${world} world`})`
    : 'State:             in memory (--state FILE keeps it across restarts)',
  '',
];
if (world !== 'empty') {
  lines.push(
    `Demo world (${GUIDE}):`,
    `  captcha_token     ${captchaShown}`,
    `  member            ${member.username} / ${member.password}   (QA role in company ${DEMO.companyId})`,
    `  outsider          ${outsider.username} / ${outsider.password}   (no access to company ${DEMO.companyId})`,
    `  two-factor        ${twoFactor.username} / ${twoFactor.password}   (owner; TOTP secret ${twoFactor.totpSecret}, code: ${INSTALLED ? 'npx task-sandbox totp' : 'npm start -- totp'})`,
    `  viewer            ${viewer.username} / ${viewer.password}   (read-only in company ${DEMO.companyId})`,
    `  company_id ${DEMO.companyId}, board_id ${DEMO.boardId} (todo column ${DEMO.todoColumnId}), board without todo column ${DEMO.boardWithoutTodoColumnId}, root scenario ${DEMO.scenarios.checkout}`,
    '',
    'Try:',
    `  curl -s -X POST ${server.baseUrl}/member/login/ -H 'Content-Type: application/json' \\`,
    `    -d '{"username":"${member.username}","password":"${member.password}","captcha_token":"${captchaShown}"}'`,
    `  curl -s ${server.baseUrl}/member/me/ -H 'Authorization: JWT <access_token>'`,
  );
  if (secretFile)
    lines.push(`  curl -s -X POST ${server.origin}${RESET_PATH} -H "X-Sandbox-Admin-Secret: $(cat ${secretFile})"`);
} else {
  lines.push(`Empty world: register an account with POST /member/register/ (captcha_token: ${captchaShown}).`);
}
console.log(lines.join('\n'));

// Closes on SIGINT and SIGTERM, also when they were sent to the npm or npx process that runs this one.
stopOnSignals({
  name: 'sandbox',
  close: async () => {
    await server.close();
    await kept?.close();
    if (secretFile) await unlink(secretFile).catch(() => undefined);
  },
});
