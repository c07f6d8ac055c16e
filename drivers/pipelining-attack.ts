// The pipelining attack of docs/benchmarks.md "Back-pressure" and docs/sandbox.md "Connections and back-pressure": many connections, each sending pipelined GETs of a large case-list page in one write and never reading, and a probe from another address.
import { request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { DEMO } from '../mocks/sandbox/worlds/seed.js';
import { expectAnswer, expectData } from './loader.js';

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

/** Longest text a case field takes (the contract's maxLength): 100 such cases make a page of about 3 MB. */
export const CASE_TEXT_CHARS = 10_000;

/** The request a page load makes, and the credential that reads it. */
export interface CasePage {
  /** Path and query under the origin, e.g. `/api/features/qa/cases/list/?…&limit=100`. */
  target: string;
  authorization: string;
}

/**
 * Logs in as the demo member and writes a scenario of `cases` cases whose three texts are `textChars` long, through
 * the API at `baseUrl` (with `fetchFn`: over HTTP, or a sandbox's own fetch in process); returns its case-list page.
 */
export async function prepareCasePage(
  baseUrl: string,
  cases = 100,
  textChars = CASE_TEXT_CHARS,
  fetchFn: Fetch = fetch,
): Promise<CasePage> {
  const { member } = DEMO.accounts;
  const json = { 'content-type': 'application/json' };
  const login = await expectData<{ access_token: string }>(
    `${baseUrl}/member/login/`,
    {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ username: member.username, password: member.password, captcha_token: DEMO.captchaToken }),
      expected: 200,
    },
    fetchFn,
  );
  const authorization = `JWT ${login.access_token}`;
  const board = `company_id=${DEMO.companyId}&board_id=${DEMO.boardId}`;
  const headers = { ...json, authorization };
  const created = await expectData<{ scenario: { id: number } }>(
    `${baseUrl}/features/qa/scenarios/list/?${board}`,
    { method: 'POST', headers, body: JSON.stringify({ title: 'Large cases', parent_id: null }), expected: 201 },
    fetchFn,
  );
  const text = 't'.repeat(textChars);
  for (let c = 0; c < cases; c++) {
    await expectAnswer(
      `${baseUrl}/features/qa/cases/list/?${board}`,
      {
        method: 'POST',
        headers,
        body: JSON.stringify({
          scenario: created.scenario.id,
          title: `case ${c}`,
          description: text,
          steps_to_reproduce: text,
          expected_result: text,
        }),
        expected: 201,
        what: `POST /features/qa/cases/list/ (case ${c + 1} of ${cases})`,
      },
      fetchFn,
    );
  }
  const path = new URL(baseUrl).pathname;
  return {
    target: `${path}/features/qa/cases/list/?${board}&scenario_id=${created.scenario.id}&limit=100`,
    authorization,
  };
}

/** The attack under way: its sockets, and how many the server has closed. */
export interface Pipelining {
  sockets: Socket[];
  /** Connections the server closed (or refused) so far. */
  closed(): number;
  stop(): void;
}

/**
 * Opens `connections` connections from `localAddress`, each sending `requests` pipelined GETs of `page` in one write
 * and never reading what comes back.
 */
export async function pipeline(options: {
  origin: string;
  page: CasePage;
  connections: number;
  requests: number;
  localAddress?: string;
}): Promise<Pipelining> {
  const { hostname, port } = new URL(options.origin);
  const one = `GET ${options.page.target} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAuthorization: ${options.page.authorization}\r\n\r\n`;
  const burst = one.repeat(options.requests);
  let closed = 0;
  const sockets = await Promise.all(
    Array.from(
      { length: options.connections },
      () =>
        new Promise<Socket>((resolve) => {
          const socket = connect({ host: hostname, port: Number(port), localAddress: options.localAddress }, () => {
            socket.pause();
            socket.write(burst);
            resolve(socket);
          });
          socket.on('error', () => undefined);
          socket.once('close', () => {
            closed += 1;
            resolve(socket);
          });
        }),
    ),
  );
  return {
    sockets,
    closed: () => closed,
    stop: () => {
      for (const socket of sockets) socket.destroy();
    },
  };
}

/** One GET on a fresh connection from `localAddress`: its status (0 when no answer came) and how long it took. */
export function probe(
  origin: string,
  target: string,
  headers: Record<string, string>,
  localAddress?: string,
): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = httpRequest(`${origin}${target}`, { headers, agent: false, localAddress }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
      res.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
    });
    req.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
    req.end();
  });
}
