// The parts of a Postman request made from the contract's examples: query values, and the JSON body with the values
// earlier requests handed on put in; a request that needs a value before any request sets it does not build.
import { isObject } from '../../contract/json.js';
import { ContractReadError, type ResolvedOperation } from '../../contract/resolved.js';
import type { Step } from './run-order.js';

const VARIABLE = /\{\{([^{}$][^{}]*)\}\}/g;
export const variablesIn = (text: string): string[] => [...text.matchAll(VARIABLE)].map((m) => m[1] as string);

/** A parameter's example as query text: the named `default` if any, else the first. */
export function parameterExamples(
  file: string,
  op: ResolvedOperation,
  name: string,
  examples: Record<string, unknown>,
): string[] {
  const value = 'default' in examples ? examples.default : Object.values(examples)[0];
  if (value === undefined) throw new ContractReadError(file, op.pointer, `parameter ${name} has no example`);
  return (Array.isArray(value) ? value : [value]).map(String);
}

/** The error for a request that needs a value no earlier request has handed on. */
export const tooEarly = (op: ResolvedOperation, name: string) =>
  new Error(`Postman run order: ${op.operationId} uses {{${name}}} before any request sets it`);

/**
 * The JSON body: the step's example with handed-on variables and the step's own fields put in. A field that some
 * request of the run hands on (`passedOn`) is never sent with its example value (an id of the demo world), unless that
 * value is null.
 */
export function bodyOf(
  file: string,
  op: ResolvedOperation,
  step: Step,
  known: Set<string>,
  passedOn: Set<string>,
): string | undefined {
  const json = op.requestBody?.content['application/json'];
  if (!json) return undefined;
  const name = step.example ?? Object.keys(json.examples)[0];
  const example = name === undefined ? undefined : json.examples[name];
  if (!isObject(example)) {
    throw new ContractReadError(
      file,
      `${op.pointer}/requestBody`,
      `has no object example${step.example ? ` named ${step.example}` : ''}`,
    );
  }
  const properties = isObject(json.schema?.properties) ? json.schema.properties : {};
  const slots: string[] = [];
  const slot = (text: string) => `\ue000${slots.push(text) - 1}\ue000`;
  const fields = Object.fromEntries(
    Object.entries(example).map(([field, value]) => {
      const own = step.body?.[field];
      if (own !== undefined) return [field, slot(own)];
      if (!known.has(field)) {
        if (passedOn.has(field) && value !== null) throw tooEarly(op, field);
        return [field, value];
      }
      const type = isObject(properties[field]) ? properties[field].type : undefined;
      const isString = type === 'string' || (Array.isArray(type) && type.includes('string'));
      return [field, slot(isString ? `"{{${field}}}"` : `{{${field}}}`)];
    }),
  );
  for (const field of Object.keys(step.body ?? {})) {
    if (!(field in fields)) fields[field] = slot(step.body?.[field] as string);
  }
  return JSON.stringify(fields, null, 2).replace(/"\ue000(\d+)\ue000"/g, (_m, i: string) => slots[Number(i)] as string);
}
