// The API coverage table as text (docs/conformance.md, "Reading the report").
import type { Coverage } from '../engine/coverage.js';

/** The table as text: one line per operation, `✓` for an exercised status and `·` for one never seen. */
export function formatCoverage(coverage: Coverage): string[] {
  const width = Math.max(...coverage.rows.map((r) => `${r.method} ${r.path}`.length));
  const lines = coverage.rows.map((r) => {
    const cells = Object.entries(r.statuses).map(([s, hit]) => `${s} ${hit ? '✓' : '·'}`);
    return `  ${`${r.method} ${r.path}`.padEnd(width)}  ${cells.join('  ')}`;
  });
  const pct = coverage.declared ? Math.round((100 * coverage.exercised) / coverage.declared) : 0;
  return [
    `API coverage: ${coverage.exercised} of ${coverage.declared} declared responses exercised (${pct}%); ✓ exercised, · not`,
    ...lines,
  ];
}
