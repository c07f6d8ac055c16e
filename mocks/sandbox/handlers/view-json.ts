// The JSON text of the outcome PATCH's answer (docs/benchmarks.md "where they go"), written field by field: the same
// bytes as JSON.stringify of the view, which spends most of its time on the names and on looking up toJSON.
import type { CaseReport } from '../domain/records.js';

// What JSON.stringify escapes in a string: the quote, the backslash, control characters and (when lone) surrogates.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what JSON escapes
const NEEDS_ESCAPE = /["\\\u0000-\u001f\uD800-\uDFFF]/;

/** A string as JSON.stringify writes it: between quotes as it is when nothing in it needs escaping (the common one). */
export function jsonString(value: string): string {
  return NEEDS_ESCAPE.test(value) ? JSON.stringify(value) : `"${value}"`;
}

const nullableString = (value: string | null): string => (value === null ? 'null' : jsonString(value));
/** A number as JSON.stringify writes it (`null` for NaN and the infinities, which no id is). */
const jsonNumber = (value: number): string => (Number.isFinite(value) ? String(value) : 'null');
const nullableNumber = (value: number | null): string => (value === null ? 'null' : jsonNumber(value));

/**
 * JSON.stringify(caseReportView(report)): the same members in the same order. The status is one of the contract's
 * words (pending, done, bug), which need no escaping.
 */
export function caseReportJson(report: CaseReport): string {
  return `{"id":${jsonNumber(report.id)},"session_id":${jsonNumber(report.sessionId)},"case_id":${jsonNumber(report.caseId)},"status":"${report.status}","actual_result":${nullableString(report.actual_result)},"severity":${nullableString(report.severity)},"priority":${nullableString(report.priority)},"task_id":${nullableNumber(report.task_id)}}`;
}
