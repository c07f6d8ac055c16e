// The API coverage table (docs/conformance.md, "Reading the report"): each operation of openapi.yaml × each status it
// declares, exercised or not.
import type { Contract } from '../../contract/openapi.js';
import type { ExchangeRecord } from './exchange-record.js';

export interface CoverageRow {
  operationId: string;
  method: string;
  path: string;
  /** Declared status → exercised. `default` is exercised by any status the operation does not declare explicitly. */
  statuses: Record<string, boolean>;
  /** Every status the operation answered, declared or not, with how many answers had it (what an unbuilt route shows). */
  received?: Record<string, number>;
}

export interface Coverage {
  rows: CoverageRow[];
  exercised: number;
  declared: number;
}

export function coverageOf(contract: Contract, records: readonly ExchangeRecord[]): Coverage {
  const seen = new Map<string, Set<number>>();
  const counts = new Map<string, Record<string, number>>();
  for (const r of records) {
    if (!r.operationId || r.status === undefined) continue;
    let set = seen.get(r.operationId);
    if (!set) {
      set = new Set();
      seen.set(r.operationId, set);
    }
    set.add(r.status);
    const received = counts.get(r.operationId) ?? {};
    received[r.status] = (received[r.status] ?? 0) + 1;
    counts.set(r.operationId, received);
  }
  let exercised = 0;
  let declared = 0;
  const rows = contract.operations.map((op) => {
    const got = seen.get(op.operationId) ?? new Set<number>();
    const explicit = Object.keys(op.responses).filter((s) => s !== 'default');
    const statuses: Record<string, boolean> = {};
    for (const s of Object.keys(op.responses)) {
      statuses[s] = s === 'default' ? [...got].some((g) => !explicit.includes(String(g))) : got.has(Number(s));
      declared++;
      if (statuses[s]) exercised++;
    }
    const received = counts.get(op.operationId) ?? {};
    return { operationId: op.operationId, method: op.method.toUpperCase(), path: op.path, statuses, received };
  });
  return { rows, exercised, declared };
}
