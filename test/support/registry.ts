// Test helper: a private npm registry on a free port of 127.0.0.1 (Verdaccio, in process), to publish the kit's
// packages to and install them from by name, as a team does with its own registry (README "Publishing the packages").
// It holds only @task-management/* and has no uplink: every other package comes from npm's own registry or cache.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { runServer } from 'verdaccio';

export interface Registry {
  /** `http://127.0.0.1:PORT/`. */
  url: string;
  /** The option that gives npm a login for it (anonymous publishing needs one token, any token). */
  authOption: string;
  close(): Promise<void>;
}

/** Starts the registry with its storage under `dir`. */
export async function startRegistry(dir: string): Promise<Registry> {
  const server: Server = await runServer({
    self_path: dir,
    storage: join(dir, 'storage'),
    uplinks: {},
    packages: { '@task-management/*': { access: ['$all'], publish: ['$anonymous'] } },
    web: { enable: false },
    log: { type: 'stdout', format: 'json', level: 'fatal' },
    // biome-ignore lint/suspicious/noExplicitAny: Verdaccio's ConfigYaml asks for fields the defaults fill in.
  } as any);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    authOption: `--//127.0.0.1:${port}/:_authToken=rehearsal`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
