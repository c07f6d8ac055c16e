// The Arazzo workflows beside the docs (docs/conformance.md "Workflows with respect"): workflows.arazzo.yaml read,
// copied next to the reference with the contract it names, and shown in the reference as a guide page.
import { copyFileSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { isObject } from '../contract/json.js';
import { operationsOf } from '../contract/resolved.js';

const root = fileURLToPath(new URL('..', import.meta.url));

export const WORKFLOWS_FILE = 'workflows.arazzo.yaml';
/** The contract the workflows name in their source description (`./openapi.yaml`): published beside them. */
const CONTRACT_FILE = 'openapi.yaml';

/** The `@redocly/cli` the kit runs them with (its tests), which the page tells readers to pin. */
const CLI_VERSION = (
  JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> }
).devDependencies['@redocly/cli'];

/** The parsed workflows file (YAML anchors resolved), from the repository root unless `file` is given. */
export function readWorkflows(file: string = join(root, WORKFLOWS_FILE)): Record<string, unknown> {
  const document: unknown = parse(readFileSync(file, 'utf8'));
  if (!isObject(document) || !Array.isArray(document.workflows)) throw new Error(`${file} has no workflows`);
  return document;
}

/** Copies the workflows file and the contract it names into `outDir`, so the published pair runs as it is. */
export function publishWorkflows(outDir: string): { bytes: number } {
  copyFileSync(join(root, WORKFLOWS_FILE), join(outDir, WORKFLOWS_FILE));
  copyFileSync(join(root, CONTRACT_FILE), join(outDir, CONTRACT_FILE));
  return { bytes: statSync(join(outDir, WORKFLOWS_FILE)).size };
}

const list = (value: unknown): Record<string, unknown>[] => (Array.isArray(value) ? value.filter(isObject) : []);

/** The name `--server <name>=<base URL>` takes: the workflows' one source description, the contract. */
export const sourceNameOf = (workflows: Record<string, unknown> = readWorkflows()): string =>
  String(list(workflows.sourceDescriptions)[0]?.name);

/** The reference's guide page: the file's link, how to run it, and each workflow's steps as operations. */
export function renderWorkflowsPage(contract: Record<string, unknown>, workflows = readWorkflows()): string {
  const requests = new Map(
    operationsOf(contract).map((op) => [op.operationId, `${op.method.toUpperCase()} \`${op.path}\``]),
  );
  const source = sourceNameOf(workflows);
  const sections = list(workflows.workflows).map((workflow) => {
    const rows = list(workflow.steps).map((step, index) => {
      const operation = String(step.operationId);
      const what = String(step.description ?? '').split('\n')[0];
      return `| ${index + 1} | \`${String(step.stepId)}\` | \`${operation}\` (${requests.get(operation) ?? 'not in the contract'}) | ${what} |`;
    });
    return `## ${String(workflow.summary)}

Workflow \`${String(workflow.workflowId)}\`. ${String(workflow.description ?? '')
      .trim()
      .replace(/\n/g, ' ')}

| # | Step | Operation | What it does |
|---|---|---|---|
${rows.join('\n')}`;
  });
  return `# Workflows (Arazzo)

<!-- Generated from workflows.arazzo.yaml when the docs are built (docs-build/workflows.ts). -->

[\`${WORKFLOWS_FILE}\`](${WORKFLOWS_FILE}) (beside this page, with the [\`${CONTRACT_FILE}\`](${CONTRACT_FILE}) it names)
describes the API's ordered flows in the OpenAPI Initiative's Arazzo format, each step an operation of this reference
named by its operationId. Run them against a server with
\`npx @redocly/cli@${CLI_VERSION} respect ${WORKFLOWS_FILE} --server ${source}=<base URL>\`; the inputs default to the sandbox's demo
world, and \`--input username=… --input password=… --input captchaToken=… --input companyId=… --input boardId=…\`
gives your own. The success criteria state the source's rules; a criterion resting on a decision of the contract
carries \`x-contract-decision\`. The console's QA walkthrough runs the first workflow's steps.

${sections.join('\n\n')}
`;
}
