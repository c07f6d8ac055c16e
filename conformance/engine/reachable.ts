// Is the target there at all (docs/conformance.md, "Exit codes")? One unauthenticated GET /member/me/ before any rule:
// any HTTP answer means it is up; no answer is exit 2, not 80 failed rules.
import type { FetchHandler } from '../../contract/http.js';
import { type EntryPoint, unreachableHint } from './entry-points.js';
import { NoAnswerError, send } from './send.js';

/** The target did not answer at all: nothing can be checked. */
export class TargetUnreachableError extends Error {
  override readonly name = 'TargetUnreachableError';
}

/** Sends the probe; returns a hint when the answer suggests a wrong base URL. */
export async function checkReachable(
  fetch: FetchHandler,
  baseUrl: string,
  timeoutMs: number,
  signal: AbortSignal,
  door: EntryPoint = 'cli',
  followTo: readonly string[] = [],
): Promise<string | undefined> {
  let status: number;
  try {
    const request = new Request(`${baseUrl}/member/me/`, { redirect: 'manual' });
    status = (await send(fetch, request, { timeoutMs, signal, followTo })).response.status;
  } catch (error) {
    if (!(error instanceof NoAnswerError) || error.kind === 'stopped') throw error;
    const why = error.message.replace(/^GET \S+: (network error: )?/, '');
    throw new TargetUnreachableError(
      `the target ${baseUrl} is unreachable: ${why}; is the server running there? ${unreachableHint(door)}`,
    );
  }
  if (status === 404) {
    return `GET ${baseUrl}/member/me/ answered 404: is the base URL the REST base address (ending in /api)?`;
  }
  return undefined;
}
