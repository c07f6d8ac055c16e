// Operations that look unbuilt (docs/conformance.md, "A server half built"): every request the run sent to one got
// 404, 405 or 501 and nothing else. The run says so once, with the missingOperations line to add to the profile; the
// notice excuses nothing by itself (only what the profile declares is not applicable).
import type { EntryPoint } from '../engine/entry-points.js';
import type { RunResult } from '../engine/result.js';

/** The answers of a route nobody wrote: not found, method not allowed, not implemented. */
export const UNBUILT_STATUSES: readonly number[] = [404, 405, 501];

export interface UnbuiltOperation {
  operationId: string;
  method: string;
  path: string;
  /** How many answers it gave, all of them with a status of UNBUILT_STATUSES. */
  requests: number;
  /** The statuses it answered, in ascending order. */
  statuses: number[];
}

/** The operations of the run that answered at least once and only ever with 404, 405 or 501, in the contract's order. */
export function unbuiltOperations(result: Pick<RunResult, 'coverage'>): UnbuiltOperation[] {
  return result.coverage.rows.flatMap((row) => {
    const received = Object.entries(row.received ?? {});
    if (received.length === 0) return [];
    if (!received.every(([status]) => UNBUILT_STATUSES.includes(Number(status)))) return [];
    return [
      {
        operationId: row.operationId,
        method: row.method,
        path: row.path,
        requests: received.reduce((sum, [, n]) => sum + n, 0),
        statuses: received.map(([status]) => Number(status)).sort((a, b) => a - b),
      },
    ];
  });
}

/** What the profile would declare with them added: those it declares already, then these. */
export function missingOperationsLine(
  result: Pick<RunResult, 'missingOperations'>,
  unbuilt: readonly UnbuiltOperation[],
): { profile: string; env: string } {
  const all = [
    ...new Set([...(result.missingOperations ?? []).map((m) => m.operationId), ...unbuilt.map((u) => u.operationId)]),
  ];
  return {
    profile: `"missingOperations": ${JSON.stringify(all).replace(/","/g, '", "')}`,
    env: `CONFORMANCE_MISSING_OPERATIONS=${all.join(',')}`,
  };
}

/** The heading of the notice, the same in every report. */
export const UNBUILT_HEADING = 'Operations that look unbuilt: every request to them got 404, 405 or 501, nothing else';

/** The notice as lines of text (console, Vitest), or nothing when no operation looks unbuilt. */
export function unbuiltLines(
  result: Pick<RunResult, 'coverage' | 'missingOperations'>,
  door: EntryPoint = 'cli',
): string[] {
  const unbuilt = unbuiltOperations(result);
  if (unbuilt.length === 0) return [];
  const line = missingOperationsLine(result, unbuilt);
  const width = Math.max(...unbuilt.map((u) => u.operationId.length));
  return [
    `${UNBUILT_HEADING} (this excuses nothing: their rules still fail):`,
    ...unbuilt.map(
      (u) =>
        `  ${u.operationId.padEnd(width)}  ${u.method} ${u.path}  ${u.requests} ${u.requests === 1 ? 'request' : 'requests'}: ${u.statuses.join(', ')}`,
    ),
    'If they are not built yet, declare them in the profile (their rules are then not applicable, neither passed nor failed):',
    `  ${line.profile}`,
    ...(door === 'cli' ? [`  or in the environment: ${line.env}`] : []),
  ];
}
