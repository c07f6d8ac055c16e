// The `run_conformance` tool (mcp/README.md): runConformance against the base URL the agent names and no other
// (docs/conformance.md, "From a script"), with each rule's verdict and each failed check's reason, secrets masked as in
// the suite's own reports. Without a profile, only the sandbox this server started may be named: its demo accounts.
import { PreflightError } from '../conformance/engine/preflight.js';
import { TargetUnreachableError } from '../conformance/engine/reachable.js';
import type { ProgressEvent } from '../conformance/engine/result.js';
import { ProfileError, type ProfileInput } from '../conformance/profile.js';
import { verdictOf } from '../conformance/report/verdict.js';
import { OptionsError, runConformance } from '../conformance/run-conformance.js';
import { TargetError } from '../conformance/target.js';
import { DEMO } from '../mocks/sandbox/worlds/seed.js';
import { ToolInputError } from './tool-errors.js';

export interface RunInput {
  baseUrl: string;
  profile?: Omit<ProfileInput, 'baseUrl'> | undefined;
  only?: string[] | undefined;
  skip?: string[] | undefined;
  readOnly?: boolean | undefined;
  timeoutMs?: number | undefined;
  totalTimeoutMs?: number | undefined;
}

/** The demo world's profile, as conformance/targets/sandbox.json gives it. */
const DEMO_PROFILE: Omit<ProfileInput, 'baseUrl'> = {
  captchaToken: DEMO.captchaToken,
  accounts: {
    member: { username: DEMO.accounts.member.username, password: DEMO.accounts.member.password },
    outsider: { username: DEMO.accounts.outsider.username, password: DEMO.accounts.outsider.password },
  },
  companyId: DEMO.companyId,
  boardId: DEMO.boardId,
  boardWithoutTodoColumnId: DEMO.boardWithoutTodoColumnId,
};

/** Details of a failed check shown per rule at most; `counts` says how many there were. */
const FAILURES_SHOWN = 5;

export async function runTool(
  input: RunInput,
  sandbox: { baseUrl: string | undefined; world: string | undefined },
  onProgress: (message: string) => void,
) {
  let url: URL;
  try {
    url = new URL(input.baseUrl);
  } catch {
    throw new ToolInputError(
      'baseUrl',
      'must be an absolute http(s) URL ending in the API base, e.g. http://127.0.0.1:4010/api',
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ToolInputError('baseUrl', `must be an http or https URL, not ${url.protocol}`);
  }
  const baseUrl = input.baseUrl.replace(/\/+$/, '');
  let profile = input.profile;
  if (profile === undefined) {
    if (sandbox.baseUrl === undefined || baseUrl !== sandbox.baseUrl) {
      throw new ToolInputError(
        'profile',
        `is required for ${baseUrl}: the demo accounts are used only for the sandbox this server started${sandbox.baseUrl ? ` (${sandbox.baseUrl})` : ''}`,
      );
    }
    if (sandbox.world === 'empty') {
      throw new ToolInputError(
        'profile',
        'the empty world has no accounts: reset the sandbox to demo, or give a profile',
      );
    }
    profile = DEMO_PROFILE;
  }
  let result: Awaited<ReturnType<typeof runConformance>>;
  try {
    result = await runConformance({
      // The URL named, and nothing else: the profile's base URL is this one too.
      target: baseUrl,
      profile: { ...profile, baseUrl },
      ...(input.only ? { only: input.only } : {}),
      ...(input.skip ? { skip: input.skip } : {}),
      ...(input.readOnly === undefined ? {} : { readOnly: input.readOnly }),
      ...(input.timeoutMs === undefined ? {} : { timeoutMs: input.timeoutMs }),
      ...(input.totalTimeoutMs === undefined ? {} : { totalTimeoutMs: input.totalTimeoutMs }),
      onProgress: (event: ProgressEvent) => {
        if (event.kind === 'file') onProgress(`${event.done} of ${event.total} check files done (${event.file})`);
        else if (event.kind === 'warning' || event.kind === 'stopping')
          onProgress('message' in event ? event.message : event.reason);
      },
    });
  } catch (error) {
    if (error instanceof OptionsError) {
      const field = /^(only|skip)\b/.exec(error.message)?.[1] ?? 'only';
      throw new ToolInputError(field, error.message);
    }
    if (error instanceof ProfileError) throw new ToolInputError('profile', error.message);
    if (error instanceof TargetError || error instanceof TargetUnreachableError || error instanceof PreflightError) {
      throw new ToolInputError('baseUrl', error.message);
    }
    throw error;
  }
  const verdict = verdictOf(result);
  return {
    baseUrl: result.baseUrl,
    verdict: { failed: verdict.failed, reasons: verdict.reasons, warnings: verdict.warnings },
    counts: {
      passed: result.passed,
      failed: result.failed,
      skipped: result.skipped,
      notVerified: result.unverified,
      notApplicable: result.notApplicable,
      requests: result.exchanges,
    },
    rules: result.rules.map((r) => {
      const failed = r.checks.filter((c) => c.outcome === 'FAIL' || c.outcome === 'UNVERIFIED');
      return {
        id: r.id,
        level: r.level,
        outcome: r.outcome,
        text: r.text,
        ...(r.reason ? { reason: r.reason } : {}),
        ...(failed.length
          ? {
              failures: failed.slice(0, FAILURES_SHOWN).map((c) => ({
                check: c.name,
                outcome: c.outcome,
                reason: c.reason ?? 'failed',
                ...(c.exchanges.at(-1)
                  ? {
                      sent: `${c.exchanges.at(-1)?.method} ${c.exchanges.at(-1)?.url}`,
                      status: c.exchanges.at(-1)?.status,
                    }
                  : {}),
              })),
            }
          : {}),
      };
    }),
    problems: result.problems,
    leftBehind: result.leftBehind.length,
  };
}
