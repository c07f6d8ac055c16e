// The kit over MCP (mcp/README.md): an McpServer of the official SDK with the tools an agent needs, each answering what
// a person gets from the kit: an operation of the contract, a request or an answer checked against it, a sandbox to
// start, reset and inspect, and the conformance suite run against a URL. Every tool's input is checked by zod; a
// refusal names the field to correct.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { packageInfo } from '../contract/version.js';
import { WORLDS } from '../mocks/sandbox/worlds/presets.js';
import { runTool } from './conformance-run.js';
import { checkRequest, checkResponse } from './contract-checks.js';
import { lookupOperation, operationIndex } from './operation-lookup.js';
import { SandboxControl } from './sandbox-control.js';
import { ToolInputError } from './tool-errors.js';

/** The tools' names, as `tools/list` gives them. */
export const TOOL_NAMES = [
  'list_operations',
  'lookup_operation',
  'check_request',
  'check_response',
  'sandbox_start',
  'sandbox_reset',
  'sandbox_inspect',
  'sandbox_stop',
  'run_conformance',
] as const;

const json = (value: unknown): CallToolResult => ({
  content: [{ type: 'text', text: JSON.stringify(value, null, 2) }],
  structuredContent: value as Record<string, unknown>,
});

/** A tool's body: its answer, or a refusal naming the field (ToolInputError); anything else says only its message. */
async function answer(body: () => unknown): Promise<CallToolResult> {
  try {
    return json(await body());
  } catch (error) {
    const message =
      error instanceof ToolInputError
        ? error.message
        : `the tool failed: ${(error as Error)?.message ?? String(error)}`;
    return { content: [{ type: 'text', text: message }], isError: true };
  }
}

const method = z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'get', 'post', 'put', 'patch', 'delete']);
const world = z.enum(WORLDS);
const workspaceId = z.union([z.number().int().positive(), z.string().min(1)]);
const account = z.strictObject({ username: z.string().min(1), password: z.string().min(1) });
const ruleList = z.array(z.string().min(1)).min(1);

export interface KitMcpServer {
  server: McpServer;
  /** Stops the sandbox if one runs: what the bin does before it exits. */
  close(): Promise<void>;
}

/** The server with every tool registered; connect it to a transport (the bin uses stdio). */
export function createKitMcpServer(): KitMcpServer {
  const server = new McpServer(
    { name: 'task-kit-mcp', version: packageInfo(import.meta.url).version },
    {
      instructions:
        'The Task-Management Service contract kit: look up operations of openapi.yaml, check requests and answers against it, run a stateful sandbox on 127.0.0.1, and run the conformance suite against a base URL you name.',
    },
  );
  const sandbox = new SandboxControl();

  server.registerTool(
    'list_operations',
    {
      title: 'List the operations',
      description:
        'Every operation of the contract (openapi.yaml): operationId, method and path (without the /api base).',
      inputSchema: z.strictObject({}),
    },
    () => answer(() => ({ operations: operationIndex() })),
  );

  server.registerTool(
    'lookup_operation',
    {
      title: 'Look up an operation',
      description:
        'One operation by operationId, or by method and path: parameters, request and response schemas with examples, the contract assumptions (x-assumption) on it and its schemas, and the conformance rules that name it with the source quotes.',
      inputSchema: z.strictObject({
        operationId: z.string().min(1).optional().describe('e.g. getMe'),
        method: method.optional().describe('with path, e.g. GET'),
        path: z.string().min(1).optional().describe('with method, e.g. /member/me/'),
      }),
    },
    (input) => answer(() => lookupOperation(input)),
  );

  server.registerTool(
    'check_request',
    {
      title: 'Check a request',
      description:
        "A request's query and JSON body against the operation's schemas, with the sandbox's own field messages (what its 400 would name).",
      inputSchema: z.strictObject({
        operationId: z.string().min(1),
        query: z
          .record(z.string(), z.union([z.string(), z.array(z.string())]))
          .optional()
          .describe('name → value(s), as sent'),
        body: z.unknown().optional().describe('the JSON body; leave out for none'),
      }),
    },
    (input) =>
      answer(() =>
        checkRequest(input.operationId, input.query ?? {}, input.body, 'body' in input && input.body !== undefined),
      ),
  );

  server.registerTool(
    'check_response',
    {
      title: 'Check an answer',
      description: "An answer's JSON body against the schema the operation declares for its status (or default).",
      inputSchema: z.strictObject({
        operationId: z.string().min(1),
        status: z.number().int().min(100).max(599),
        body: z.unknown().optional().describe('the JSON body; leave out for none'),
      }),
    },
    (input) => answer(() => checkResponse(input.operationId, input.status, input.body)),
  );

  server.registerTool(
    'sandbox_start',
    {
      title: 'Start the sandbox',
      description: 'Starts the stateful sandbox on 127.0.0.1 (a free port unless port is given); one at a time.',
      inputSchema: z.strictObject({
        world: world.optional().describe('demo (default), empty or large'),
        port: z.number().int().min(0).max(65_535).optional().describe('0 (default): a free port'),
      }),
    },
    (input) => answer(() => sandbox.start(input.world ?? 'demo', input.port ?? 0)),
  );

  server.registerTool(
    'sandbox_reset',
    {
      title: 'Reset the sandbox',
      description:
        "Drops the running sandbox's state and every issued credential, then seeds its world (or the one given).",
      inputSchema: z.strictObject({ world: world.optional() }),
    },
    (input) => answer(() => sandbox.reset(input.world)),
  );

  server.registerTool(
    'sandbox_inspect',
    {
      title: 'Inspect the sandbox',
      description:
        "The running sandbox's world: its base URL, the demo credentials, and the ids of its accounts, companies, boards (with columns), scenarios, cases and sessions.",
      inputSchema: z.strictObject({}),
    },
    () => answer(() => sandbox.inspect()),
  );

  server.registerTool(
    'sandbox_stop',
    { title: 'Stop the sandbox', description: 'Stops the running sandbox.', inputSchema: z.strictObject({}) },
    () => answer(() => sandbox.stop()),
  );

  server.registerTool(
    'run_conformance',
    {
      title: 'Run the conformance suite',
      description:
        'Runs the suite (or the rules in only) against baseUrl and no other origin; each rule with its outcome, failed checks with why, secrets masked. Without profile, only the sandbox this server started may be named (its demo accounts).',
      inputSchema: z.strictObject({
        baseUrl: z.string().min(1).describe('the API base, e.g. http://127.0.0.1:4010/api'),
        profile: z
          .strictObject({
            captchaToken: z.string().min(1),
            accounts: z.strictObject({ member: account, outsider: account }),
            companyId: workspaceId,
            boardId: workspaceId,
            boardWithoutTodoColumnId: workspaceId.optional(),
            severity: z.string().min(1).optional(),
            priority: z.string().min(1).optional(),
            missingOperations: z.array(z.string().min(1)).optional(),
          })
          .optional()
          .describe('the accounts and ids, as a conformance profile file (without baseUrl)'),
        only: ruleList.optional().describe('rule IDs, areas or ID prefixes, e.g. ["AUTH-03"] or ["tokens"]'),
        skip: ruleList.optional(),
        readOnly: z.boolean().optional().describe('skip every check that writes'),
        timeoutMs: z.number().int().min(1).max(600_000).optional().describe('per request (default 10000)'),
        totalTimeoutMs: z.number().int().min(1).max(3_600_000).optional().describe('for the run (default 300000)'),
      }),
    },
    (input, extra) =>
      answer(() => {
        const token = extra._meta?.progressToken;
        let progress = 0;
        return runTool(input, { baseUrl: sandbox.baseUrl, world: sandbox.world }, (message) => {
          // Progress keeps a host's request timeout from ending a long run, when the host asked for it.
          if (token !== undefined) {
            progress += 1;
            void extra.sendNotification({
              method: 'notifications/progress',
              params: { progressToken: token, progress, message },
            });
          }
        });
      }),
  );

  return { server, close: async () => (sandbox.baseUrl === undefined ? undefined : void (await sandbox.stop())) };
}
