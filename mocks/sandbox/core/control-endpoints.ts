// The /_sandbox/ endpoints a sandbox answers itself (docs/sandbox.md "Reset, an empty world, and other hosts"): reset the world, expire an access token. Who may call them is controls.ts's guard.
import { invalidField, methodNotAllowed, noSuchPath } from '../domain/errors.js';
import { ok } from '../handlers/types.js';
import { isWorld, WORLDS, type World } from '../worlds/presets.js';
import { CONTROL_PREFIX, jwtOf } from './controls.js';
import { json, type Reply } from './reply.js';
import type { SandboxRequest } from './request.js';

/** Not part of the contract: POST here resets the world (`?world=empty` for an empty one). */
export const RESET_PATH = `${CONTROL_PREFIX}reset/`;
/** Not part of the contract: POST here with `Authorization: JWT <access token>` expires that token at once. */
export const EXPIRE_TOKEN_PATH = `${CONTROL_PREFIX}expire-token/`;

/** What the endpoints act on: the sandbox's reset, and expiring one of its access tokens (controls.ts ExpiredTokens). */
export interface ControlTarget {
  startWorld: World;
  reset(world: World): void;
  /** Expires `jwt`, a valid access token the sandbox issued; anything else is a 401. */
  expire(jwt: string): Promise<void>;
}

/** A success envelope, never with CORS: a page of another origin must not read what a control answers. */
function done<D>(data: D): Reply {
  const { status, body } = ok(data);
  return json(status, body, null);
}

/**
 * The /_sandbox/ endpoints of one sandbox. Never CORS. Who may call them is the network hosts' business (controls.ts
 * `controlRefusal`): in process, whoever holds the sandbox may.
 */
export function controlEndpoints(target: ControlTarget) {
  const { startWorld, reset, expire } = target;
  return async function control(request: SandboxRequest, method: string, path: string, search: string): Promise<Reply> {
    const allow = (methods: string[]) => {
      if (!methods.includes(method)) throw methodNotAllowed(method, methods);
    };
    if (path === RESET_PATH) {
      allow(['POST']);
      const world = new URLSearchParams(search).get('world') ?? startWorld;
      if (!isWorld(world)) throw invalidField('world', `must be one of ${WORLDS.join(', ')}`);
      reset(world);
      return done({ world });
    }
    if (path === EXPIRE_TOKEN_PATH) {
      allow(['POST']);
      const jwt = jwtOf(request.headers.get('authorization'));
      if (jwt === undefined) throw invalidField('Authorization', 'must be JWT <access token>: the token to expire');
      await expire(jwt);
      return done({ expired: true });
    }
    throw noSuchPath(`No sandbox control at ${path.slice(0, 200)}: there are ${RESET_PATH} and ${EXPIRE_TOKEN_PATH}.`);
  };
}
