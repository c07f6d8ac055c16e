// Each step of the Arazzo workflows asserts what it says (docs/conformance.md "Workflows with respect": "A run says
// which workflow failed at which step, and why"): against a sandbox whose answer to exactly one step is wrong, but
// still within the contract, `redocly respect` fails that workflow at that step, not before it and not never. The
// wrong answer is the one the step's success criteria exist to refuse: a refusal (401) where the step expects
// success, the operation's last success replayed where the step expects a refusal. Both are answers openapi.yaml
// declares, so respect's own schema check passes them and only the step's criteria can catch them.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { contractOf } from '../../contract/document.js';
import { publishWorkflows, readWorkflows, sourceNameOf, WORKFLOWS_FILE } from '../../docs-build/workflows.js';
import { openapiDocument } from '../../generated/openapi-document.js';
import { createSandbox, type FetchHandler } from '../../mocks/sandbox/core/app.js';
import { startSandboxServer } from '../../mocks/sandbox/hosts/node.js';
import { parse, reply } from '../conformance/faults/wrap.js';
import { KEPT_ALIVE_MS } from '../support/kept-alive.js';
import { COMMAND_BOUND_MS, HANG_MS } from '../support/waiting.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** The redocly CLI the kit pins, the one `npx redocly` finds, started with node itself: npx costs a second a run. */
const REDOCLY = join(root, 'node_modules/.bin/redocly');
const dir = mkdtempSync(join(tmpdir(), 'arazzo-steps-'));
const published = mkdtempSync(join(dir, 'docs-'));
publishWorkflows(published);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Step {
  stepId: string;
  operationId: string;
  successCriteria?: { condition: string }[];
}
interface Workflow {
  workflowId: string;
  steps: Step[];
}
interface RespectWorkflow {
  workflowId: string;
  status: string;
  executedSteps: { stepId: string; checks: { name: string; passed: boolean }[] }[];
}

/** The published file's workflows, as respect reads them (YAML anchors resolved). */
const workflows = readWorkflows(join(published, WORKFLOWS_FILE)).workflows as Workflow[];
const contract = contractOf(openapiDocument);

/** A step that expects a refusal: its criteria ask for a 401. */
const expectsRefusal = (step: Step) =>
  (step.successCriteria ?? []).some((c) => /\$statusCode == 401/.test(c.condition));

/**
 * Every workflow begins with the same login, and no other step logs in: a login starts the next workflow, and the
 * requests after it are that workflow's steps in order (respect sends one request a step and stops a workflow at its
 * first failed step). So one run breaks step `index` of every workflow at once, each workflow on its own.
 */
function breakStep(index: number): (inner: FetchHandler) => FetchHandler {
  let workflow = -1;
  let step = 0;
  const lastSuccess = new Map<string, { status: number; headers: Headers; body: string }>();
  return (inner) => async (req) => {
    const { operationId } = await parse(req);
    if (operationId === 'login') {
      workflow += 1;
      step = 0;
    } else step += 1;
    const res = await inner(req);
    const plan = workflows[workflow]?.steps[step];
    if (res.status >= 200 && res.status < 300 && operationId) {
      lastSuccess.set(operationId, { status: res.status, headers: res.headers, body: await res.clone().text() });
    }
    if (step !== index || !plan || plan.operationId !== operationId) return res;
    if (!expectsRefusal(plan)) {
      return reply(401, { status: 'error', message: 'Authentication credentials were not provided or are not valid.' });
    }
    const success = lastSuccess.get(plan.operationId);
    if (!success) throw new Error(`${plan.stepId}: no earlier success of ${plan.operationId} to replay`);
    return new Response(success.body, { status: success.status, headers: success.headers });
  };
}

/** `redocly respect` on the published copy, as docs/conformance.md tells a team to run it, against `handler`. */
async function respect(handler: FetchHandler): Promise<RespectWorkflow[]> {
  // A keep-alive only a hang outlasts (test/support/kept-alive.ts): respect and the server share a loaded machine.
  const server = await startSandboxServer({ port: 0, fetch: handler, keepAliveTimeoutMs: KEPT_ALIVE_MS });
  const report = join(mkdtempSync(join(dir, 'run-')), 'report.json');
  try {
    const args = [REDOCLY, 'respect', join(published, WORKFLOWS_FILE)];
    args.push('--server', `${sourceNameOf()}=${server.baseUrl}`, '-J', report);
    await new Promise<void>((resolve) => {
      execFile(
        process.execPath,
        args,
        { cwd: root, env: { ...process.env, REDOCLY_TELEMETRY: 'off', NO_COLOR: '1' }, timeout: COMMAND_BOUND_MS },
        () => resolve(),
      );
    });
    const json = JSON.parse(readFileSync(report, 'utf8')) as {
      files: Record<string, { executedWorkflows: RespectWorkflow[] }>;
    };
    return Object.values(json.files)[0]?.executedWorkflows ?? [];
  } finally {
    await server.close();
  }
}

const failed = (w: RespectWorkflow | undefined) =>
  (w?.executedSteps ?? []).filter((s) => s.checks.some((c) => !c.passed)).map((s) => s.stepId);

const longest = Math.max(...workflows.map((w) => w.steps.length));

test('the wrong answers stay within the contract: each step that expects success may be refused with a 401', () => {
  for (const workflow of workflows) {
    expect(workflow.steps[0]?.operationId, workflow.workflowId).toBe('login');
    expect(workflow.steps.slice(1).map((s) => s.operationId)).not.toContain('login');
    for (const step of workflow.steps) {
      expect(Object.keys(contract.byId.get(step.operationId)?.responses ?? {}), step.stepId).toContain('401');
      expect(step.successCriteria?.length, `${step.stepId} states no success criteria`).toBeGreaterThan(0);
    }
  }
});

describe('a server that answers one step wrongly fails that workflow at that step', () => {
  test.each(Array.from({ length: longest }, (_, i) => i))(
    'step %i of each workflow',
    { timeout: COMMAND_BOUND_MS + HANG_MS },
    async (index) => {
      const runs = await respect(breakStep(index)(createSandbox().fetch));
      expect(runs.map((r) => r.workflowId)).toEqual(workflows.map((w) => w.workflowId));
      for (const workflow of workflows) {
        const run = runs.find((r) => r.workflowId === workflow.workflowId);
        const broken = workflow.steps[index];
        if (!broken) {
          expect(run?.status, `${workflow.workflowId} has no step ${index} and must pass`).toBe('success');
          continue;
        }
        const where = `${workflow.workflowId}.${broken.stepId}`;
        expect(failed(run), where).toEqual([broken.stepId]);
        expect(run?.executedSteps.at(-1)?.stepId, where).toBe(broken.stepId);
        expect(run?.executedSteps.length, where).toBe(index + 1);
        expect(run?.status, where).toBe('error');
      }
    },
  );
});
