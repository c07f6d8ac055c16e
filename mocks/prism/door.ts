// The front door of the Prism mock and proxy (docs/mock.md "Which web pages may call it"): the sandbox's origin rule
// (mocks/sandbox/core/cors.ts) in front of Prism, whose own CORS grants every origin with credentials and is turned off.
import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { type CorsPolicy, originRefusal } from '../sandbox/core/cors.js';

/** Methods a page may send after a preflight: those of the contract, and what an upstream may take besides. */
const PREFLIGHT_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE';
/** Headers a page may read beyond the CORS-safelisted ones: Prism's violations, and the contract's own. */
const EXPOSED = 'sl-violations, Retry-After, Allow, WWW-Authenticate, Location';
/** Request headers a page may send: the credential, JSON bodies, `Prefer`, and no other. */
const ALLOWED_HEADERS = 'Authorization, Content-Type, Prefer';

export interface DoorOptions {
  /** Where the door listens (the port the user asked for; 0 picks a free one). */
  host: string;
  port: number;
  /** Prism, listening on loopback at this port. */
  target: number;
  /** Origins allowed besides this machine's (`--cors-origin`). */
  origins: readonly string[];
  /** How the user allows another origin, quoted by the refusal. */
  originsOption: string;
}

export interface Door {
  port: number;
  /** Stops listening and ends every connection at once: the port is free when this resolves. */
  close(): Promise<void>;
}

/** Answer headers without any CORS header Prism or the upstream set: the door alone decides who may read. */
function withoutCors(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const kept: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!name.startsWith('access-control-')) kept[name] = value;
  }
  return kept;
}

function refuse(res: ServerResponse, status: number, payload: unknown): void {
  const body = JSON.stringify(payload);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

/** Starts the door: a page of an origin nobody allowed gets a 403 it cannot read; any other request goes to Prism. */
export async function startDoor(options: DoorOptions): Promise<Door> {
  const policy: CorsPolicy = { origins: options.origins, originsOption: options.originsOption };
  const sockets = new Set<Socket>();

  function onRequest(req: IncomingMessage, res: ServerResponse): void {
    const origin = req.headers.origin ?? null;
    const refused = originRefusal(origin, req.headers.host ?? null, policy);
    if (refused) {
      req.resume();
      refuse(res, refused.status, refused.toPayload());
      return;
    }
    if (origin !== null && req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined) {
      // A preflight of an allowed page; never `Access-Control-Allow-Credentials`: the door grants no cookies.
      res.writeHead(204, {
        'access-control-allow-origin': origin,
        'access-control-allow-methods': PREFLIGHT_METHODS,
        'access-control-allow-headers': ALLOWED_HEADERS,
        'access-control-max-age': '600',
        vary: 'Origin',
      });
      res.end();
      return;
    }
    const forwarded = httpRequest(
      { host: '127.0.0.1', port: options.target, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        const headers = withoutCors(answer.headers);
        if (origin !== null) {
          headers['access-control-allow-origin'] = origin;
          headers['access-control-expose-headers'] = EXPOSED;
          headers.vary = 'Origin';
        }
        res.writeHead(answer.statusCode ?? 502, headers);
        // An answer Prism or the upstream breaks off ends the page's connection too: `pipe` alone would leave it waiting.
        answer.once('close', () => {
          if (!answer.complete) res.destroy();
        });
        answer.pipe(res);
      },
    );
    forwarded.on('error', (error) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      refuse(res, 502, { message: `Prism did not answer: ${error.message}` });
    });
    req.pipe(forwarded);
  }

  const server: Server = createServer(onRequest);
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        // Stop listening first, then end the kept-alive and busy connections: nobody waits on a client to leave.
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}
