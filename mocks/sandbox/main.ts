// npm start: runs the sandbox on 127.0.0.1:PORT (default 4010) and prints base URL, docs URL and demo credentials.
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createSandbox, RESET_PATH, type World } from './app.js';
import { startSandboxServer } from './http.js';
import { DEMO } from './seed.js';

export const DEFAULT_PORT = 4010;

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    host: { type: 'string' },
    world: { type: 'string' },
  },
});

const port = Number(values.port ?? process.env.PORT ?? DEFAULT_PORT);
const world = values.world ?? process.env.SANDBOX_WORLD ?? 'demo';
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`sandbox: PORT must be an integer from 0 to 65535, got ${JSON.stringify(String(port))}`);
  process.exit(2);
}
if (world !== 'demo' && world !== 'empty') {
  console.error('sandbox: --world (or SANDBOX_WORLD) must be demo or empty');
  process.exit(2);
}

const sandbox = createSandbox({ world: world as World });
const server = await startSandboxServer({
  port,
  host: values.host ?? '127.0.0.1',
  fetch: sandbox.fetch,
  docsDir: fileURLToPath(new URL('../../docs', import.meta.url)),
});

const { member, outsider, twoFactor, viewer } = DEMO.accounts;
const lines = [
  `Sandbox listening: ${server.baseUrl}`,
  `Docs:              ${server.origin}/docs/`,
  `Reset:             POST ${server.origin}${RESET_PATH} (?world=empty for an empty world)`,
  '',
];
if (world === 'demo') {
  lines.push(
    'Demo world (docs/sandbox.md):',
    `  captcha_token     ${DEMO.captchaToken}`,
    `  member            ${member.username} / ${member.password}   (QA role in company ${DEMO.companyId})`,
    `  outsider          ${outsider.username} / ${outsider.password}   (no access to company ${DEMO.companyId})`,
    `  two-factor        ${twoFactor.username} / ${twoFactor.password}   (owner; TOTP secret ${twoFactor.totpSecret}, code: npx tsx mocks/sandbox/totp-code.ts)`,
    `  viewer            ${viewer.username} / ${viewer.password}   (read-only in company ${DEMO.companyId})`,
    `  company_id ${DEMO.companyId}, board_id ${DEMO.boardId} (todo column ${DEMO.todoColumnId}), board without todo column ${DEMO.boardWithoutTodoColumnId}, root scenario ${DEMO.scenarios.checkout}`,
    '',
    'Try:',
    `  curl -s -X POST ${server.baseUrl}/member/login/ -H 'Content-Type: application/json' \\`,
    `    -d '{"username":"${member.username}","password":"${member.password}","captcha_token":"${DEMO.captchaToken}"}'`,
    `  curl -s ${server.baseUrl}/member/me/ -H 'Authorization: JWT <access_token>'`,
  );
} else {
  lines.push('Empty world: register an account with POST /member/register/ (captcha_token: test-captcha).');
}
console.log(lines.join('\n'));

let closing = false;
const stop = (signal: string) => {
  if (closing) return;
  closing = true;
  console.log(`\nsandbox: ${signal}, closing`);
  server.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error('sandbox: close failed', error);
      process.exit(1);
    },
  );
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
