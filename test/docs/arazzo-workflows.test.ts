// The Arazzo workflows (workflows.arazzo.yaml, docs/conformance.md "Workflows with respect"): published beside the
// docs with the contract they name and shown in the reference; `redocly respect` runs the published copy against the
// sandbox with no --input and every workflow passes; against a sandbox wrapped to break one rule of the source, the
// workflow that states that rule fails at the step that states it.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { isObject } from '../../contract/json.js';
import { docsDocument } from '../../docs-build/build-docs.js';
import { publishWorkflows, readWorkflows, sourceNameOf, WORKFLOWS_FILE } from '../../docs-build/workflows.js';
import { createSandbox, type FetchHandler } from '../../mocks/sandbox/core/app.js';
import { startSandboxServer } from '../../mocks/sandbox/hosts/node.js';
import { apiTokenAcceptedUnderJwt, jwtAcceptedUnderBearer } from '../conformance/faults/auth.js';
import { bugRecordedAsDone, linkedTaskHidden } from '../conformance/faults/qa.js';
import { deactivationIgnored, deletionIgnored, reactivationIgnored } from '../conformance/faults/tokens.js';
import { type Fault, parse, rewrite } from '../conformance/faults/wrap.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** The redocly CLI the kit pins, the one `npx redocly` finds, started with node itself: npx costs a second a run. */
const REDOCLY = join(root, 'node_modules/.bin/redocly');
const dir = mkdtempSync(join(tmpdir(), 'arazzo-'));
const published = mkdtempSync(join(dir, 'docs-'));
publishWorkflows(published);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface RespectStep {
  stepId: string;
  checks: { name: string; passed: boolean; condition?: string }[];
}
interface RespectWorkflow {
  workflowId: string;
  status: string;
  executedSteps: RespectStep[];
}
interface RespectRun {
  exitCode: number;
  workflows: RespectWorkflow[];
}

/**
 * Runs `redocly respect <published>/workflows.arazzo.yaml --server <source>=<base URL> -J <file>` against a
 * sandbox server (port 0) around `handler`, as a backend team would against theirs; reads its JSON report.
 */
async function respect(handler: FetchHandler, only: string[] = []): Promise<RespectRun> {
  const server = await startSandboxServer({ port: 0, fetch: handler });
  const report = join(mkdtempSync(join(dir, 'run-')), 'report.json');
  try {
    const args = [
      REDOCLY,
      'respect',
      join(published, WORKFLOWS_FILE),
      '--server',
      `${sourceNameOf()}=${server.baseUrl}`,
      '-J',
      report,
    ];
    for (const workflowId of only) args.push('-w', workflowId);
    const exitCode = await new Promise<number>((resolve) => {
      execFile(
        process.execPath,
        args,
        { cwd: root, env: { ...process.env, REDOCLY_TELEMETRY: 'off', NO_COLOR: '1' }, timeout: 120_000 },
        (error) => resolve(error ? Number(error.code ?? 1) : 0),
      );
    });
    const json = JSON.parse(readFileSync(report, 'utf8')) as { files: Record<string, { executedWorkflows: [] }> };
    return { exitCode, workflows: Object.values(json.files)[0]?.executedWorkflows ?? [] };
  } finally {
    await server.close();
  }
}

/** The step ids of a workflow whose checks failed. */
const failedSteps = (workflow: RespectWorkflow | undefined): string[] =>
  (workflow?.executedSteps ?? []).filter((s) => s.checks.some((c) => !c.passed)).map((s) => s.stepId);

const workflowIds = (readWorkflows().workflows as { workflowId: string }[]).map((w) => w.workflowId);

test('the docs publish the file with the contract it names, /docs/ serves both, and the reference shows each workflow', async () => {
  const server = await startSandboxServer({ port: 0, docsDir: published });
  try {
    for (const file of [WORKFLOWS_FILE, 'openapi.yaml']) {
      const response = await fetch(`${server.origin}/docs/${file}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/yaml/);
      expect(await response.text()).toBe(readFileSync(join(root, file), 'utf8'));
    }
  } finally {
    await server.close();
  }
  expect(sourceOf(readWorkflows(join(published, WORKFLOWS_FILE)))).toBe('./openapi.yaml');
  const tags = docsDocument().tags as { name: string; description: string }[];
  const page = tags.find((t) => t.name === 'Workflows (Arazzo)')?.description ?? '';
  expect(page).toContain(`[\`${WORKFLOWS_FILE}\`](${WORKFLOWS_FILE})`);
  expect(page).toContain(`--server ${sourceNameOf()}=<base URL>`);
  for (const id of workflowIds) expect(page).toContain(`Workflow \`${id}\`.`);
  expect(page).toContain(
    '| 6 | `recordBug` | `recordCaseOutcome` (PATCH `/features/qa/sessions/cases/`) | Record a bug |',
  );
});

/** Where the source itself says an answer holds something: the envelope's status (§1), the company list (§1). */
const SOURCE_STATED = new Set(['/status', '/data/companies']);

test('a criterion that reads the payload beyond what the source states carries x-contract-decision', () => {
  const unmarked: string[] = [];
  let marked = 0;
  for (const workflow of readWorkflows().workflows as { steps: { stepId: string; successCriteria?: unknown[] }[] }[]) {
    for (const step of workflow.steps) {
      for (const criterion of (step.successCriteria ?? []) as Record<string, string>[]) {
        const text = `${criterion.context ?? ''} ${criterion.condition}`;
        const pointers = [...text.matchAll(/#(\/[\w/]+)/g)].map((m) => m[1]);
        const readsPayload = pointers.some((p) => !SOURCE_STATED.has(p ?? '')) || /\.\.data\./.test(text);
        if (criterion['x-contract-decision']) marked += 1;
        else if (readsPayload) unmarked.push(`${step.stepId}: ${criterion.condition}`);
      }
    }
  }
  expect(unmarked).toEqual([]);
  expect(marked).toBeGreaterThan(5);
});

/** The URL of the workflows' source description. */
const sourceOf = (workflows: Record<string, unknown>) =>
  (workflows.sourceDescriptions as { url: string }[] | undefined)?.[0]?.url;

test('every workflow passes against the sandbox with no --input, each step run and checked', async () => {
  const run = await respect(createSandbox().fetch);
  expect(run.workflows.map((w) => w.workflowId)).toEqual(workflowIds);
  expect(workflowIds).toEqual(['qaReview', 'apiTokenLifecycle', 'refreshRotation', 'credentialKindsApart']);
  for (const workflow of run.workflows) {
    expect(workflow.status, `${workflow.workflowId} failed at ${failedSteps(workflow).join(', ')}`).toBe('success');
    expect(workflow.executedSteps.length).toBeGreaterThan(3);
    for (const step of workflow.executedSteps) {
      expect(step.checks.filter((c) => c.name === 'success criteria check').length, step.stepId).toBeGreaterThan(0);
    }
  }
  expect(run.exitCode).toBe(0);
});

/** The refresh answer hands back the refresh token it was sent, already spent: the "replacement" pair does not work. */
const spentRefreshTokenReturned: Fault = (inner) => async (req) => {
  const { operationId, body } = await parse(req);
  const res = await inner(req);
  if (operationId !== 'refreshToken' || res.status !== 200 || !isObject(body)) return res;
  return rewrite(res, (answer) => ({
    ...answer,
    data: { ...(isObject(answer.data) ? answer.data : {}), refresh_token: body.refresh_token },
  }));
};

const faultCases: { name: string; fault: Fault; workflowId: string; step: string }[] = [
  {
    name: 'a deactivated token still authenticates',
    fault: deactivationIgnored.wrap,
    workflowId: 'apiTokenLifecycle',
    step: 'refusedWhileInactive',
  },
  {
    name: 'a reactivated token stays refused',
    fault: reactivationIgnored.wrap,
    workflowId: 'apiTokenLifecycle',
    step: 'acceptedAgain',
  },
  {
    name: 'a deleted token still authenticates',
    fault: deletionIgnored.wrap,
    workflowId: 'apiTokenLifecycle',
    step: 'refusedAfterDelete',
  },
  {
    name: 'the replacement refresh token is refused',
    fault: spentRefreshTokenReturned,
    workflowId: 'refreshRotation',
    step: 'rotateAgain',
  },
  {
    name: 'a JWT is accepted as Bearer',
    fault: jwtAcceptedUnderBearer.wrap,
    workflowId: 'credentialKindsApart',
    step: 'jwtAsBearerRefused',
  },
  {
    name: 'a named token is accepted as JWT',
    fault: apiTokenAcceptedUnderJwt.wrap,
    workflowId: 'credentialKindsApart',
    step: 'tokenAsJwtRefused',
  },
  {
    name: 'a bug outcome is stored as done, creating no task',
    fault: bugRecordedAsDone.wrap,
    workflowId: 'qaReview',
    step: 'seeBugTask',
  },
  {
    name: "the bug's task is missing from the task list",
    fault: linkedTaskHidden.wrap,
    workflowId: 'qaReview',
    step: 'seeBugTask',
  },
];

describe('against a sandbox that breaks one rule, the workflow stating it fails at that step', () => {
  test.each(faultCases)('$name: $workflowId fails at $step', async ({ fault, workflowId, step }) => {
    const run = await respect(fault(createSandbox().fetch), [workflowId]);
    const workflow = run.workflows.find((w) => w.workflowId === workflowId);
    expect(workflow?.status).toBe('error');
    expect(failedSteps(workflow)).toEqual([step]);
    expect(run.exitCode).not.toBe(0);
  });
});
