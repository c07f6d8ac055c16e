// Shared set-ups of the node host tests (mocks/sandbox/hosts/node.ts): one request over node:http with its target sent as given, the headers the core sets, and twin sandboxes on one clock.
import { type Agent, request as httpRequest } from 'node:http';
import { createSandbox, type FetchHandler } from '../../../mocks/sandbox/core/app.js';
import { DEMO } from '../../../mocks/sandbox/worlds/seed.js';

export interface Wire {
  status: number;
  headers: Record<string, string>;
  text: string;
  /** Which connection answered: the same number twice means the connection was kept alive. */
  socket: number;
}

let socketCount = 0;
const sockets = new WeakMap<object, number>();

/** One request over node:http with the target sent exactly as given (fetch would normalise it first). */
export function send(
  origin: string,
  agent: Agent | false,
  method: string,
  target: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<Wire> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${origin}${target}`, { method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      const socket = res.socket;
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        if (!sockets.has(socket)) sockets.set(socket, ++socketCount);
        const out: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers)) out[name] = String(value);
        resolve({
          status: res.statusCode ?? 0,
          headers: out,
          text: Buffer.concat(chunks).toString('utf8'),
          socket: sockets.get(socket) ?? 0,
        });
      });
    });
    req.on('error', reject);
    // The target goes out verbatim: node:http does not normalise the path of a request it sends.
    req.path = target;
    req.end(body);
  });
}

export const board = `company_id=${DEMO.companyId}&board_id=${DEMO.boardId}`;
export const json = { 'content-type': 'application/json' };
export const origin = { origin: 'http://localhost:5173' };

// One clock for every sandbox here, so that two of them given the same requests store the same timestamps.
const started = Date.now();
export const twin = () => createSandbox({ now: () => started });

export async function tokenOf(fetch: FetchHandler): Promise<string> {
  const { username, password } = DEMO.accounts.member;
  const res = await fetch(
    new Request('http://127.0.0.1/api/member/login/', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ username, password, captcha_token: DEMO.captchaToken }),
    }),
  );
  return `JWT ${((await res.json()) as { data: { access_token: string } }).data.access_token}`;
}
