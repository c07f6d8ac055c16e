// Bundles openapi.yaml into one JSON document with `redocly bundle`, for the docs build and the Prism mock and proxy.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Runs the Redocly CLI from the repository root with telemetry off; returns its stdout. */
export function redocly(args: string[]): string {
  return execFileSync(`${root}node_modules/.bin/redocly`, args, {
    cwd: root,
    env: { ...process.env, REDOCLY_TELEMETRY: 'off' },
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  }).toString('utf8');
}

/** openapi.yaml with every `$ref` to another file inlined (local `#/...` refs stay), as a parsed document. */
export function bundleContract(): Record<string, unknown> {
  return JSON.parse(redocly(['bundle', 'openapi.yaml', '--ext', 'json'])) as Record<string, unknown>;
}
