// The admin secret where this machine's tools find it, and the dev-server proxy options that send it on for this machine's pages only (docs/sandbox.md "Through the dev server's proxy").
import { lstatSync, readFileSync } from 'node:fs';
import { chmod, lstat, mkdir, unlink, writeFile } from 'node:fs/promises';
import type { ClientRequest, IncomingMessage } from 'node:http';
import { homedir, tmpdir } from 'node:os';
import { dirname, isAbsolute, join } from 'node:path';
import { ADMIN_SECRET_HEADER } from '../core/controls.js';
import { originAllowed } from '../core/cors.js';

/** Whether `folder` is a real folder (no link) of user `uid`, missing, or another user's (or not a folder at all). */
function folderState(folder: string, uid: number): 'ours' | 'missing' | 'foreign' {
  try {
    const stats = lstatSync(folder);
    return stats.isDirectory() && stats.uid === uid ? 'ours' : 'foreign';
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing' : 'foreign';
  }
}

/**
 * The folder of task-sandbox's admin secrets: one where only this user can create files, so nobody else's file can
 * stop a start or feed this machine's tools a secret (docs/sandbox.md "Control endpoints"). $XDG_RUNTIME_DIR when it is
 * this user's and private (0700); else `<the system's temporary folder>/task-sandbox-<uid>`, made 0700, unless another
 * user holds that name; else `~/.task-sandbox`. Every process of the user (the sandbox, the dev server's proxy) finds
 * the same folder. Windows: the system's temporary folder, which is the user's own there.
 */
export function adminSecretFolder(env: NodeJS.ProcessEnv = process.env): string {
  const uid = process.getuid?.();
  if (uid === undefined) return tmpdir();
  const runtime = env.XDG_RUNTIME_DIR;
  if (runtime && isAbsolute(runtime) && folderState(runtime, uid) === 'ours') {
    if ((lstatSync(runtime).mode & 0o077) === 0) return runtime;
  }
  const perUser = join(tmpdir(), `task-sandbox-${uid}`);
  return folderState(perUser, uid) === 'foreign' ? join(homedir(), '.task-sandbox') : perUser;
}

/** Where `task-sandbox` on `port` keeps its admin secret (mode 0600), in adminSecretFolder(). */
export function adminSecretFile(port: number | string, env: NodeJS.ProcessEnv = process.env): string {
  return join(adminSecretFolder(env), `task-sandbox-${port}.secret`);
}

/** The admin secret's folder is not this user's alone: the start says so rather than write the secret there. */
export class SecretFolderRefused extends Error {}

/**
 * Writes `secret` to `file`, readable by this user alone, in a folder of this user alone (made 0700 when missing,
 * checked when present); a file left by an earlier run on the port is replaced.
 */
export async function writeAdminSecretFile(file: string, secret: string): Promise<void> {
  const folder = dirname(file);
  const uid = process.getuid?.();
  if (uid !== undefined) {
    await mkdir(folder, { recursive: true, mode: 0o700 });
    // Checked after making it: another user may have made the name first.
    const stats = await lstat(folder);
    if (!stats.isDirectory() || stats.uid !== uid) {
      throw new SecretFolderRefused(
        `sandbox: cannot keep the admin secret in ${folder}: it is not a folder of this user (owner uid ${stats.uid}). ` +
          'Remove it, or set the secret yourself with --admin-secret (or SANDBOX_ADMIN_SECRET).',
      );
    }
    if ((stats.mode & 0o077) !== 0) await chmod(folder, 0o700);
  }
  await unlink(file).catch(() => undefined);
  // `wx`: never through a file or link put there since (the folder is this user's alone: nobody else can).
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
