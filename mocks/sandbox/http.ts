// The node:http adapter: binds a SandboxHandler to a port, limits bodies and time, serves the built docs at /docs/.
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createSandbox, type SandboxHandler, type SandboxResponse } from './app.js';

/** Largest request body read (1 MiB); a larger one is answered 413 and its connection closed. */
export const MAX_BODY_BYTES = 1024 * 1024;
/** Whole request, headers included, must arrive within this time. */
export const REQUEST_TIMEOUT_MS = 15_000;
export const HEADERS_TIMEOUT_MS = 10_000;

export interface SandboxServerOptions {
  /** 0 in tests; `npm start` uses PORT or 4010. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default: a fresh `createSandbox().handle`; tests and fault wrappers pass their own. */
  handle?: SandboxHandler;
  /** Serves `<docsDir>/index.html` at /docs/. */
  docsDir?: string;
}

export interface SandboxServer {
  origin: string;
  /** origin + '/api' */
  baseUrl: string;
  close(): Promise<void>;
}

const JSON_TYPE = 'application/json; charset=utf-8';

function sendJson(res: ServerResponse, status: number, message: string): void {
  send(res, {
    status,
    headers: { 'content-type': JSON_TYPE },
    body: JSON.stringify({ status: 'error', message }),
  });
}

/** 413 with Connection: close; the socket is dropped once the answer is out, so the rest of the upload is never read. */
function tooLarge(req: IncomingMessage, res: ServerResponse): void {
  req.pause();
  const body = JSON.stringify({
    status: 'error',
    message: `The request body is larger than ${MAX_BODY_BYTES} bytes (1 MiB).`,
    errors: [{ field: 'body', message: `must be at most ${MAX_BODY_BYTES} bytes` }],
  });
  res.writeHead(413, {
    'content-type': JSON_TYPE,
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
  });
  res.end(body, () => req.socket.destroySoon());
}

type BodyResult = { ok: true; body: string | undefined } | { ok: false };

/** Reads the body up to MAX_BODY_BYTES; past that, answers 413 at once and stops reading. */
function readBody(req: IncomingMessage, res: ServerResponse): Promise<BodyResult> {
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > MAX_BODY_BYTES) {
    tooLarge(req, res);
    return Promise.resolve({ ok: false });
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    req.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        done = true;
        tooLarge(req, res);
        resolve({ ok: false });
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (done) return;
      done = true;
      resolve({ ok: true, body: Buffer.concat(chunks).toString('utf8') });
    });
    req.on('error', () => {
      if (done) return;
      done = true;
      resolve({ ok: false });
    });
  });
}

async function serveDocs(docsDir: string | undefined, path: string, res: ServerResponse): Promise<void> {
  if (path === '/docs') {
    res.writeHead(301, { location: '/docs/' });
    res.end();
    return;
  }
  if (path !== '/docs/' && path !== '/docs/index.html')
    return sendJson(res, 404, `No document at ${path.slice(0, 200)}.`);
  try {
    if (!docsDir) throw new Error('no docs directory');
    const html = await readFile(join(docsDir, 'index.html'));
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  } catch {
    sendJson(res, 404, 'The docs are not built: run npm run docs, then reload /docs/.');
  }
}

function send(res: ServerResponse, response: SandboxResponse): void {
  if (response.body === undefined) {
    res.writeHead(response.status, response.headers);
    res.end();
    return;
  }
  // An explicit length spares the chunked encoding that writeHead() would otherwise force.
  res.writeHead(response.status, { ...response.headers, 'content-length': String(Buffer.byteLength(response.body)) });
  res.end(response.body);
}

export async function startSandboxServer(options: SandboxServerOptions = {}): Promise<SandboxServer> {
  const handle = options.handle ?? createSandbox().handle;
  const server = createServer(
    { requestTimeout: REQUEST_TIMEOUT_MS, headersTimeout: HEADERS_TIMEOUT_MS, keepAliveTimeout: 5_000 },
    (req, res) => {
      onRequest(req, res).catch((error: unknown) => {
        console.error('sandbox: internal error in the HTTP adapter', error);
        if (!res.headersSent) sendJson(res, 500, 'Internal sandbox error; this is a bug in the sandbox.');
        else res.destroy();
      });
    },
  );

  async function onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = req.url ?? '/';
    const method = req.method ?? 'GET';
    if ((method === 'GET' || method === 'HEAD') && (url === '/docs' || url.startsWith('/docs/'))) {
      return serveDocs(options.docsDir, url.split('?')[0] as string, res);
    }
    // Node joins repeated headers into one string, except set-cookie, which the sandbox never reads.
    const headers = req.headers as Record<string, string | undefined>;
    if (headers['content-length'] === undefined && headers['transfer-encoding'] === undefined) {
      send(res, await handle({ method, url, headers }));
      return;
    }
    const read = await readBody(req, res);
    if (!read.ok) return;
    send(res, await handle({ method, url, headers, body: read.body }));
  }

  // `Expect: 100-continue` with a body over the limit: refuse before the client sends it.
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    if (Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES) return tooLarge(req, res);
    res.writeContinue();
    server.emit('request', req, res);
  });

  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) return socket.destroy();
    const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    const body = JSON.stringify({ status: 'error', message: `Malformed or incomplete HTTP request (${status}).` });
    socket.end(
      `HTTP/1.1 ${status} Error\r\ncontent-type: ${JSON_TYPE}\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    );
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { address, port } = server.address() as AddressInfo;
  const origin = `http://${address.includes(':') ? `[${address}]` : address}:${port}`;
  return {
    origin,
    baseUrl: `${origin}/api`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
