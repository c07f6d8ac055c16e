// The `sandbox_start`, `sandbox_reset`, `sandbox_inspect` and `sandbox_stop` tools (mcp/README.md): one stateful
// sandbox (docs/sandbox.md) in this process, served on 127.0.0.1 at a free port; reset goes through the core (no admin
// secret over HTTP), and inspect reads the world's ids straight from its store.
import { createSandbox, type Sandbox } from '../mocks/sandbox/core/app.js';
import { type SandboxServer, startSandboxServer } from '../mocks/sandbox/hosts/node.js';
import type { World } from '../mocks/sandbox/worlds/presets.js';
import { DEMO } from '../mocks/sandbox/worlds/seed.js';
import { ToolInputError } from './tool-errors.js';

/** Ids listed per kind at most; the counts say how many there are (the large world has thousands). */
export const LISTED = 50;

interface Running {
  sandbox: Sandbox;
  server: SandboxServer;
  world: World;
}

/** The sandbox this MCP server started, if any. */
export class SandboxControl {
  private running: Running | undefined;

  /** The base URL of the running sandbox (ending in /api), if one runs. */
  get baseUrl(): string | undefined {
    return this.running?.server.baseUrl;
  }

  get world(): World | undefined {
    return this.running?.world;
  }

  async start(world: World, port: number): Promise<{ baseUrl: string; world: World }> {
    if (this.running) {
      throw new ToolInputError(
        'world',
        `a sandbox already runs at ${this.running.server.baseUrl} (world ${this.running.world}): reset it (sandbox_reset takes a world) or stop it first`,
      );
    }
    const sandbox = createSandbox({ world });
    let server: SandboxServer;
    try {
      server = await startSandboxServer({ port, host: '127.0.0.1', fetch: sandbox.fetch });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new ToolInputError(
        'port',
        `cannot listen on 127.0.0.1:${port} (${code ?? 'error'}); give 0 for a free port`,
      );
    }
    this.running = { sandbox, server, world };
    return { baseUrl: server.baseUrl, world };
  }

  private need(): Running {
    if (!this.running) throw new ToolInputError('sandbox', 'no sandbox runs: call sandbox_start first');
    return this.running;
  }

  reset(world?: World): { baseUrl: string; world: World } {
    const running = this.need();
    running.sandbox.reset(world ?? running.world);
    running.world = world ?? running.world;
    return { baseUrl: running.server.baseUrl, world: running.world };
  }

  inspect() {
    const { sandbox, server, world } = this.need();
    const store = sandbox.store;
    const listed = <T, U>(map: ReadonlyMap<unknown, T>, shape: (t: T) => U) => ({
      count: map.size,
      first: [...map.values()].slice(0, LISTED).map(shape),
    });
    return {
      baseUrl: server.baseUrl,
      world,
      // The demo world's credentials are public (the README and `npx task-sandbox` print them); other accounts are
      // registered by users, whose passwords the sandbox keeps only hashed.
      ...(world === 'empty' ? {} : { demo: DEMO }),
      accounts: listed(store.accounts, (a) => ({ id: a.id, username: a.username, email: a.email })),
      companies: listed(store.companies, (c) => ({
        id: c.id,
        name: c.name,
        members: [...c.members].map(([accountId, role]) => ({ accountId, role })),
      })),
      boards: listed(store.boards, (b) => ({
        id: b.id,
        companyId: b.companyId,
        name: b.name,
        columns: b.columns.map((c) => ({ id: c.id, name: c.name, kind: c.kind })),
      })),
      scenarios: listed(store.scenarios, (s) => ({
        id: s.id,
        boardId: s.boardId,
        title: s.title,
        parentId: s.parent_id,
      })),
      cases: listed(store.cases, (c) => ({ id: c.id, scenarioId: c.scenarioId, title: c.title })),
      sessions: listed(store.sessions, (s) => ({ id: s.id })),
      tasks: { count: store.tasks.size },
      apiTokens: { count: store.tokens.size },
    };
  }

  async stop(): Promise<{ stopped: string }> {
    const { server } = this.need();
    this.running = undefined;
    await server.close();
    return { stopped: server.baseUrl };
  }
}
