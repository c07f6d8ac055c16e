// Clean-up judged by what the API did (docs/conformance.md, "What it leaves behind"): a token the run deleted (2xx),
// or one its list shows revoked, is removed as far as the API goes, so a server that keeps revoked tokens listed and
// refuses a second DELETE with 409 leaves nothing behind and passes `--strict`; a token whose delete is refused and
// that was never deleted (a deactivated one included: it can be reactivated) is still named, and fails `--strict`.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunResult } from '../../conformance/engine/result.js';
import type { FetchHandler } from '../../contract/http.js';
import { createSandbox } from '../../mocks/sandbox/core/app.js';
import { startSandboxServer } from '../../mocks/sandbox/hosts/node.js';
import { KEPT_ALIVE_MS } from '../support/kept-alive.js';
import { processRun } from '../support/node-process.js';
import { RUN_BOUNDS } from '../support/waiting.js';
import { revokedTokensKeptAs } from './faults/choices/api-tokens.js';
import { parse, reply } from './faults/wrap.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'conformance-revoked-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The CLI with --strict against `fetch` served on loopback; its exit code, output and JSON report. */
async function strictRun(name: string, fetch: FetchHandler, only: string) {
  const server = await startSandboxServer({ port: 0, fetch, keepAliveTimeoutMs: KEPT_ALIVE_MS });
  try {
    const json = join(dir, `${name}.json`);
    const run = await processRun(
      [
        '--import',
        'tsx',
        'conformance/cli/main.ts',
        '--target',
        'conformance/targets/sandbox.json',
        '--base-url',
        server.baseUrl,
        '--only',
        only,
        '--strict',
        '--json',
        json,
        '--timeout',
        String(RUN_BOUNDS.timeoutMs),
      ],
      {},
    );
    const report = existsSync(json) ? (JSON.parse(readFileSync(json, 'utf8')) as RunResult) : undefined;
    return { ...run, report };
  } finally {
    await server.close();
  }
}

/** Every DELETE of a token is refused with 409: nothing is ever revoked. */
const deletesRefused =
  (inner: FetchHandler): FetchHandler =>
  async (req) => {
    const { operationId } = await parse(req);
    if (operationId === 'deleteApiToken') return reply(409, { status: 'error', message: 'Token is in use.' });
    return inner(req);
  };

describe.concurrent('the clean-up of tokens, judged by what the API did', { timeout: 4 * RUN_BOUNDS.timeoutMs }, () => {
  for (const shown of [true, false]) {
    it(`revoked tokens kept listed (${shown ? 'shown revoked' : 'as they were'}), a second DELETE answered 409: nothing left, --strict passes`, async () => {
      const run = await strictRun(
        `kept-${shown}`,
        revokedTokensKeptAs(409, shown).wrap(createSandbox().fetch),
        'TOKEN-06,TOKEN-10',
      );
      expect(run.report?.rules.map((r) => `${r.id} ${r.outcome}`)).toEqual(['TOKEN-06 PASS', 'TOKEN-10 PASS']);
      expect(run.report?.leftBehind.filter((e) => e.kind === 'token')).toEqual([]);
      expect(run.output).not.toContain('INCOMPLETE');
      expect(run.status).toBe(0);
    });
  }

  it('a token never deleted, or only deactivated, whose delete is refused is still named, and --strict fails', async () => {
    const run = await strictRun('refused', deletesRefused(createSandbox().fetch), 'TOKEN-03,TOKEN-04');
    const tokens = run.report?.leftBehind.filter((e) => e.kind === 'token') ?? [];
    expect(tokens.length).toBe(2);
    for (const t of tokens) expect(t.why).toContain('answered 409');
    expect(run.output).toContain('INCOMPLETE');
    expect(run.status).toBe(1);
  });
});
