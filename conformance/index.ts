// @task-management/conformance (docs/conformance.md): run the suite from code, and write its reports.

export type { Coverage, CoverageRow } from './engine/coverage.js';
export type { ExchangeRecord } from './engine/exchange-record.js';
export { PreflightError } from './engine/preflight.js';
export { TargetUnreachableError } from './engine/reachable.js';
export type { CheckResult, LeftBehind, Outcome, ProgressEvent, RuleResult, RunResult } from './engine/result.js';
export { type Account, ProfileError, type ProfileInput } from './profile.js';
export { formatReport } from './report/console.js';
export { ctrfReport } from './report/ctrf.js';
export { jsonReport, junitReport } from './report/files.js';
export { githubAnnotations } from './report/github-annotations.js';
export { githubSummary } from './report/github-summary.js';
export { type HarLog, harReport } from './report/har.js';
export { htmlReport } from './report/html.js';
export { type UnbuiltOperation, unbuiltOperations } from './report/unbuilt.js';
export { type Verdict, type VerdictOptions, verdictOf } from './report/verdict.js';
export { type Level, RULES, type Rule } from './rules.js';
export { type ConformanceOptions, type ConformanceResult, OptionsError, runConformance } from './run-conformance.js';
export { type FastifyLikeApp, type NestLikeApp, type RequestListener, type Target, TargetError } from './target.js';
