#!/usr/bin/env node
// The `task-kit-mcp` command (mcp/README.md): the kit's MCP server over stdio, as an agent's host starts it. Stdout
// carries the protocol only: anything else (logs, warnings) goes to stderr.
import { parseArgs } from 'node:util';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { packageInfo } from '../contract/version.js';
import { createKitMcpServer, TOOL_NAMES } from './server.js';

const USAGE = `Usage: task-kit-mcp [options]

The Task-Management contract kit as an MCP server over stdio (JSON-RPC on stdin and stdout; logs on stderr). An
agent's host starts it; its tools: ${TOOL_NAMES.join(', ')}.

Host configuration (e.g. .mcp.json):
  { "mcpServers": { "task-kit": { "command": "npx", "args": ["task-kit-mcp"] } } }

Options:
  -h, --help     this text
  --version      the version`;

// A stray console.log anywhere would corrupt the protocol: every console line goes to stderr.
for (const level of ['log', 'info', 'debug'] as const) console[level] = console.error;

function main(): void {
  let values: { help?: boolean; version?: boolean };
  try {
    ({ values } = parseArgs({
      args: process.argv.slice(2),
      options: { help: { type: 'boolean', short: 'h' }, version: { type: 'boolean' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    process.stderr.write(`task-kit-mcp: ${(error as Error).message}\n\n${USAGE}\n`);
    process.exitCode = 2;
    return;
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (values.version) {
    process.stdout.write(`${packageInfo(import.meta.url).version}\n`);
    return;
  }
  const kit = createKitMcpServer();
  const transport = new StdioServerTransport();
  let closing = false;
  const stop = async (code: number) => {
    if (closing) return;
    closing = true;
    await kit.close().catch(() => undefined);
    await kit.server.close().catch(() => undefined);
    process.exit(code);
  };
  // The host ends the session by closing stdin (the MCP stdio transport's shutdown), or with a signal.
  process.stdin.on('end', () => void stop(0));
  process.on('SIGINT', () => void stop(130));
  process.on('SIGTERM', () => void stop(143));
  process.on('uncaughtException', (error) => {
    process.stderr.write(`task-kit-mcp: ${error.message}\n`);
  });
  kit.server.connect(transport).catch((error: Error) => {
    process.stderr.write(`task-kit-mcp: cannot start: ${error.message}\n`);
    process.exit(1);
  });
  process.stderr.write('task-kit-mcp: ready on stdio\n');
}

main();
