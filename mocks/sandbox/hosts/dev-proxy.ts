// The admin secret where this machine's tools find it, and the dev-server proxy options that send it on for this machine's pages only (docs/sandbox.md "Through the dev server's proxy").
import { readFileSync } from 'node:fs';
import { unlink, writeFile } from 'node:fs/promises';
import type { ClientRequest, IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN_SECRET_HEADER } from '../core/controls.js';
import { originAllowed } from '../core/cors.js';

/** Where `task-sandbox` on `port` keeps its admin secret (mode 0600): the system's temporary folder. */
export function adminSecretFile(port: number | string): string {
  return join(tmpdir(), `task-sandbox-${port}.secret`);
}

/** Writes `secret` to `file`, readable by this user alone; a file left by an earlier run on the port is replaced. */
export async function writeAdminSecretFile(file: string, secret: string): Promise<void> {
  await unlink(file).catch(() => undefined);
  // `wx`: never through a file or link someone else put there since.
  await writeFile(file, secret, { mode: 0o600, flag: 'wx' });
}

/** Headers a proxy or tunnel in front of the dev server adds: such a request did not start on this machine. */
const RELAYED = ['x-forwarded-for', 'forwarded', 'via', 'x-real-ip', 'cf-connecting-ip'];
const LOOPBACK_ADDRESS = /^(?:127\.|::1$|::ffff:127\.)/;

/**
 * Whether the dev server got this request from a page (or tool) of this machine: a loopback peer, nothing relayed on
 * its way, and no page of another origin behind it. What the sandbox cannot see once the proxy stands between.
 */
export function fromThisMachine(req: IncomingMessage): boolean {
  if (!LOOPBACK_ADDRESS.test(req.socket.remoteAddress ?? '')) return false;
  if (RELAYED.some((name) => req.headers[name] !== undefined)) return false;
  const origin = req.headers.origin;
  return origin === undefined || originAllowed(origin, null, {});
}

/** What the proxy options need of the dev server's proxy (Vite's, webpack's: node-http-proxy). */
export interface ProxyRequests {
  on(event: 'proxyReq', listener: (proxyReq: ClientRequest, req: IncomingMessage) => void): unknown;
}

export interface ControlsProxyOptions {
  /** The admin secret; default SANDBOX_ADMIN_SECRET, else the file task-sandbox wrote for the target's port. */
  secret?: string;
}

/**
 * Dev-server proxy options for `/_sandbox`: requests from this machine's pages get the admin secret, any other (a LAN
 * client of `vite --host`, a tunnel) goes on without it and is refused by the sandbox.
 */
export function sandboxControlsProxy(target: string, options: ControlsProxyOptions = {}) {
  const port = new URL(target).port || '80';
  return {
    target,
    changeOrigin: true,
    configure(proxy: ProxyRequests) {
      proxy.on('proxyReq', (proxyReq, req) => {
        if (!fromThisMachine(req)) return;
        // Read at each request: a restarted sandbox has a new secret.
        const secret = options.secret ?? process.env.SANDBOX_ADMIN_SECRET ?? readSecret(adminSecretFile(port));
        if (secret !== undefined) proxyReq.setHeader(ADMIN_SECRET_HEADER, secret);
      });
    },
  };
}

function readSecret(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    // No sandbox started on that port by this user: the sandbox's 401 says where the secret is.
    return undefined;
  }
}
