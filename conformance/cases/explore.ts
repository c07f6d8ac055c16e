// Runs the generated cases of every planned operation with fast-check, judges each answer, and shrinks a failure to
// its smallest request (docs/generated-cases.md). Sending is injected, so this module holds no HTTP.
import fc from 'fast-check';
import type { ContractValidators } from '../../contract/validators.js';
import type { Answer } from '../engine/exchange-record.js';
import { fieldsOf, isSuccess } from '../engine/payload.js';
import type { Document } from './arbitraries.js';
import {
  type GeneratedRequest,
  type NegativeRequest,
  negativeArbitrary,
  positiveArbitrary,
  seedFor,
  takesInput,
} from './generated-requests.js';
import type { Breakage } from './mutations.js';
import type { OperationPlan } from './plan.js';
import { GENERATED_RULES, type GeneratedRule, type Judgement, judgeBroken, judgeValid } from './verdicts.js';

/** At most this many shrink steps per failure: each is a request to the target. */
export const MAX_SHRINKS = 40;

export type Polarity = 'valid' | 'broken';

/** What sending one request gave. */
export interface Sent {
  answer: Answer;
  /** The request as sent, ids by value, secrets by name. */
  shown: GeneratedRequest;
  /** The request names an object the run could not provide (read-only mode on an empty board). */
  missing: boolean;
}

export type Send = (plan: OperationPlan, request: GeneratedRequest) => Promise<Sent>;

export interface ExploreOptions {
  plans: readonly OperationPlan[];
  document: Document;
  validators: ContractValidators;
  marker: string;
  /** Body members whose value the profile names (a vocabulary of the target's own): sent as given, never generated. */
  fixed?: Readonly<Record<string, string>>;
  seed: number;
  /** Requests per operation and polarity. */
  maxExamples: number;
  send: Send;
}

export interface OperationStats {
  operationId: string;
  valid: number;
  broken: number;
  /** Requests not sent (their objects could not be made) or sent without an answer: nothing judges them. */
  unanswered: number;
  /** Why, for the first few of them. */
  reasons: string[];
  /** Answers by status (`none` when there was no answer). */
  statuses: Record<string, number>;
}

export interface Failure {
  rule: GeneratedRule;
  operationId: string;
  polarity: Polarity;
  problem: string;
  shown: GeneratedRequest;
  breakage?: Breakage;
  answer: Answer;
  /** How many requests of this operation and polarity broke the rule, of how many sent. */
  count: number;
  of: number;
  /** Shrunk by fast-check (false when the failure did not come back on replay). */
  shrunk: boolean;
  seed: number;
}

export interface Exploration {
  stats: OperationStats[];
  /** Per rule, the first failure of each operation and polarity, not yet shrunk. */
  failures: Map<GeneratedRule, Failure[]>;
  /** Per rule, how many answers it judged. */
  judged: Map<GeneratedRule, number>;
  /**
   * Per rule, the broken requests it could not judge, as `operationId: why`: the valid request each was made from was
   * refused, or the broken one was refused for another cause than its break (docs/generated-cases.md).
   */
  notVerified: Map<GeneratedRule, string[]>;
}

function arbitraryOf(options: ExploreOptions, plan: OperationPlan, polarity: Polarity): fc.Arbitrary<GeneratedRequest> {
  const { document, validators, marker, fixed } = options;
  return polarity === 'valid'
    ? positiveArbitrary(plan, document, validators, marker, fixed)
    : negativeArbitrary(plan, document, validators, marker, fixed);
}

function judge(sent: Sent, request: GeneratedRequest, polarity: Polarity): Judgement {
  return polarity === 'valid'
    ? judgeValid(sent.answer, sent.missing)
    : judgeBroken(sent.answer, request as NegativeRequest);
}

/** A refusal in a few words: its status and the fields or the first message it names. */
function refusal(answer: Answer): string {
  const fields = fieldsOf(answer);
  if (fields.length > 0) return `HTTP ${answer.status} naming ${fields.join(', ')}`;
  const text = JSON.stringify(answer.body) ?? '';
  return `HTTP ${answer.status}${text ? ` ${text.length > 80 ? `${text.slice(0, 80)}…` : text}` : ''}`;
}

/** The rules a refused valid request leaves without evidence about the break of the request made from it. */
const ON_THE_BREAK: readonly GeneratedRule[] = ['GEN-01', 'GEN-02'];

/** What trying one generated request gave: no answer, nothing to judge the break by, or an answer and its judgement. */
type Tried =
  | { kind: 'unanswered'; why: string }
  | { kind: 'not verified'; why: string }
  | { kind: 'sent'; sent: Sent; judgement: Judgement };

/**
 * Sends one generated request and judges its answer. A broken one goes only after the valid request it was made from
 * has been accepted (a 2xx) by the target: otherwise its refusal says nothing about the break.
 */
async function attempt(options: ExploreOptions, plan: OperationPlan, request: GeneratedRequest, polarity: Polarity) {
  const sendOne = async (r: GeneratedRequest): Promise<Sent | string> => {
    try {
      const sent = await options.send(plan, r);
      return sent.answer.status === undefined ? (sent.answer.record.error ?? 'no answer') : sent;
    } catch (error) {
      return (error as Error).message;
    }
  };
  if (polarity === 'broken') {
    const base = await sendOne((request as NegativeRequest).base);
    if (typeof base === 'string') return { kind: 'unanswered', why: base } satisfies Tried;
    if (!isSuccess(base.answer.status)) {
      const why = `the valid request it is made from was refused first (${refusal(base.answer)})`;
      return { kind: 'not verified', why } satisfies Tried;
    }
  }
  const sent = await sendOne(request);
  if (typeof sent === 'string') return { kind: 'unanswered', why: sent } satisfies Tried;
  return { kind: 'sent', sent, judgement: judge(sent, request, polarity) } satisfies Tried;
}

const polarities = (plan: OperationPlan): Polarity[] => (takesInput(plan) ? ['valid', 'broken'] : ['valid']);

const seedOf = (options: ExploreOptions, plan: OperationPlan, polarity: Polarity): number =>
  seedFor(options.seed, plan.op.operationId, polarity === 'valid' ? 'positive' : 'negative');

/** At most this many reasons are kept per operation. */
const MAX_REASONS = 3;

function unanswered(row: OperationStats, reason: string): void {
  row.unanswered += 1;
  if (row.reasons.length < MAX_REASONS && !row.reasons.includes(reason)) row.reasons.push(reason);
}

/** Sends `maxExamples` valid and broken requests per operation, in plan order, and judges every answer. */
export async function explore(options: ExploreOptions): Promise<Exploration> {
  const failures = new Map<GeneratedRule, Failure[]>(GENERATED_RULES.map((r) => [r, []]));
  const judged = new Map<GeneratedRule, number>(GENERATED_RULES.map((r) => [r, 0]));
  const notVerified = new Map<GeneratedRule, string[]>(GENERATED_RULES.map((r) => [r, []]));
  const stats: OperationStats[] = [];
  for (const plan of options.plans) {
    const row: OperationStats = {
      operationId: plan.op.operationId,
      valid: 0,
      broken: 0,
      unanswered: 0,
      reasons: [],
      statuses: {},
    };
    stats.push(row);
    for (const polarity of polarities(plan)) {
      const found = new Map<GeneratedRule, Omit<Failure, 'count' | 'of'>>();
      const counts = new Map<GeneratedRule, number>();
      let sentCount = 0;
      const property = fc.asyncProperty(arbitraryOf(options, plan, polarity), async (request) => {
        const tried: Tried = await attempt(options, plan, request, polarity);
        if (tried.kind === 'unanswered') {
          unanswered(row, tried.why);
          return true;
        }
        if (tried.kind === 'not verified') {
          for (const rule of ON_THE_BREAK) notVerified.get(rule)?.push(`${plan.op.operationId}: ${tried.why}`);
          return true;
        }
        const { sent, judgement: verdict } = tried;
        sentCount += 1;
        row[polarity] += 1;
        const key = String(sent.answer.status);
        row.statuses[key] = (row.statuses[key] ?? 0) + 1;
        for (const rule of verdict.notVerified?.rules ?? []) {
          notVerified.get(rule)?.push(`${plan.op.operationId}: ${verdict.notVerified?.why}`);
        }
        for (const rule of GENERATED_RULES) {
          if (verdict.judged[rule]) judged.set(rule, (judged.get(rule) ?? 0) + 1);
          const problem = verdict.verdicts[rule];
          if (problem === undefined) continue;
          counts.set(rule, (counts.get(rule) ?? 0) + 1);
          if (!found.has(rule)) {
            found.set(rule, {
              rule,
              operationId: plan.op.operationId,
              polarity,
              problem,
              shown: sent.shown,
              ...(polarity === 'broken' ? { breakage: (request as NegativeRequest).breakage } : {}),
              answer: sent.answer,
              shrunk: false,
              seed: options.seed,
            });
          }
        }
        return true;
      });
      await fc.check(property, { seed: seedOf(options, plan, polarity), numRuns: options.maxExamples });
      for (const [rule, failure] of found) {
        failures.get(rule)?.push({ ...failure, count: counts.get(rule) ?? 0, of: sentCount });
      }
    }
  }
  return { stats, failures, judged, notVerified };
}

/**
 * Replays the failure's operation with the same seed, judging only its rule, and lets fast-check shrink the first
 * request that breaks it. A failure that does not come back (the target's state moved on) is returned as it was.
 */
export async function shrinkFailure(options: ExploreOptions, failure: Failure): Promise<Failure> {
  const plan = options.plans.find((p) => p.op.operationId === failure.operationId);
  if (!plan) return failure;
  let last: Failure | undefined;
  const property = fc.asyncProperty(
    fc.limitShrink(arbitraryOf(options, plan, failure.polarity), MAX_SHRINKS),
    async (request) => {
      const tried: Tried = await attempt(options, plan, request, failure.polarity);
      if (tried.kind !== 'sent') return true;
      const { sent } = tried;
      const problem = tried.judgement.verdicts[failure.rule];
      if (problem === undefined) return true;
      last = {
        ...failure,
        problem,
        shown: sent.shown,
        ...(failure.polarity === 'broken' ? { breakage: (request as NegativeRequest).breakage } : {}),
        answer: sent.answer,
        shrunk: true,
      };
      return false;
    },
  );
  const result = await fc.check(property, {
    seed: seedOf(options, plan, failure.polarity),
    numRuns: options.maxExamples,
  });
  return result.failed && last ? last : failure;
}
