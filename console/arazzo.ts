// Reads one workflow of an Arazzo document (workflows.arazzo.yaml; Arazzo 1.1 "Step Object", "Runtime Expressions")
// as far as the console's QA walkthrough runs it: each step's operation, parameters, body and outputs, and the values
// of the runtime expressions they hold. No I/O, so it runs in the page.
import { isObject } from '../contract/json.js';
import { nodeAt } from '../contract/pointer.js';

export interface ArazzoParameter {
  name: string;
  in: string;
  value: unknown;
}

export interface ArazzoStep {
  stepId: string;
  description: string;
  operationId: string;
  parameters: ArazzoParameter[];
  /** The request body's payload, its runtime expressions not yet filled in. */
  payload?: unknown;
  /** Output name → runtime expression, e.g. `$response.body#/data/scenario/id`. */
  outputs: Record<string, string>;
}

export interface ArazzoWorkflow {
  workflowId: string;
  /** The inputs' defaults (the sandbox's demo world in our file). */
  defaults: Record<string, unknown>;
  steps: ArazzoStep[];
}

/** What runtime expressions read: the workflow's inputs, earlier steps' outputs, and the answer being read. */
export interface ExpressionScope {
  inputs: Record<string, unknown>;
  steps: Record<string, Record<string, unknown>>;
  responseBody?: unknown;
}

const list = (value: unknown): Record<string, unknown>[] => (Array.isArray(value) ? value.filter(isObject) : []);

/** A `$ref` (Arazzo 1.1 "Reusable Object" or a JSON Schema `$ref`) followed inside the document. */
function follow(document: Record<string, unknown>, node: Record<string, unknown>): Record<string, unknown> {
  if (typeof node.$ref === 'string') return (nodeAt(document, node.$ref) ?? {}) as Record<string, unknown>;
  if (typeof node.reference === 'string' && node.reference.startsWith('$components.')) {
    const target = nodeAt(document, `/components/${node.reference.slice('$components.'.length).replace(/\./g, '/')}`);
    return { ...(isObject(target) ? target : {}), ...(node.value === undefined ? {} : { value: node.value }) };
  }
  return node;
}

/** The workflow `workflowId` of a parsed Arazzo document; throws when the document has no such workflow. */
export function workflowOf(document: unknown, workflowId: string): ArazzoWorkflow {
  const doc = isObject(document) ? document : {};
  const workflow = list(doc.workflows).find((w) => w.workflowId === workflowId);
  if (!workflow) throw new Error(`The workflows file has no workflow ${workflowId}.`);
  const inputs = follow(doc, isObject(workflow.inputs) ? workflow.inputs : {});
  const properties = isObject(inputs.properties) ? inputs.properties : {};
  const defaults = Object.fromEntries(
    Object.entries(properties).flatMap(([name, schema]) =>
      isObject(schema) && 'default' in schema ? [[name, schema.default]] : [],
    ),
  );
  const steps = list(workflow.steps).map((step) => {
    const body = isObject(step.requestBody) ? step.requestBody : {};
    return {
      stepId: String(step.stepId),
      description: String(step.description ?? ''),
      operationId: String(step.operationId),
      parameters: list(step.parameters).map((p) => {
        const parameter = follow(doc, p);
        return { name: String(parameter.name), in: String(parameter.in), value: parameter.value };
      }),
      ...('payload' in body ? { payload: body.payload } : {}),
      outputs: Object.fromEntries(
        Object.entries(isObject(step.outputs) ? step.outputs : {}).map(([k, v]) => [k, String(v)]),
      ),
    };
  });
  return { workflowId, defaults, steps };
}

/** The value a runtime expression names, or undefined when the scope does not hold it (yet). */
export function evaluate(expression: string, scope: ExpressionScope): unknown {
  const step = /^\$steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(expression);
  if (step) return scope.steps[step[1] as string]?.[step[2] as string];
  const input = /^\$inputs\.([\w-]+)$/.exec(expression);
  if (input) return scope.inputs[input[1] as string];
  const body = /^\$response\.body(#.*)?$/.exec(expression);
  if (body) return body[1] ? nodeAt(scope.responseBody, body[1]) : scope.responseBody;
  throw new Error(`The walkthrough cannot read the runtime expression ${expression}.`);
}

/**
 * `value` with its runtime expressions replaced: a string that is one expression by its value, `{$…}` inside a
 * string by the value's text (Arazzo 1.1 "Runtime Expressions", embedded form). `missing` is called for each
 * expression without a value and may throw.
 */
export function fill(value: unknown, scope: ExpressionScope, missing: (expression: string) => void): unknown {
  const read = (expression: string) => {
    const found = evaluate(expression, scope);
    if (found === undefined || found === null) missing(expression);
    return found;
  };
  if (typeof value === 'string') {
    if (/^\$(inputs|steps|response)\b/.test(value)) return read(value);
    return value.replace(/\{(\$[^{}]+)\}/g, (_, expression: string) => String(read(expression)));
  }
  if (Array.isArray(value)) return value.map((item) => fill(item, scope, missing));
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v, scope, missing)]));
  return value;
}
