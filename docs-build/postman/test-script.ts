// The test script of each Postman request: the documented success status, the envelope, the step's own tests, then
// the values later requests need, handed on in collection variables.
import { isObject } from '../../contract/json.js';
import type { ResolvedOperation } from '../../contract/resolved.js';
import type { Node } from './answers.js';
import type { Step } from './run-order.js';

/** The test script: status, envelope, the step's own tests, then the values later requests need. */
export function testScript(
  op: ResolvedOperation,
  status: string,
  schema: Node | undefined,
  step: Step,
  captures: Record<string, string>,
): string[] {
  const required = Array.isArray(schema?.required) ? schema.required : [];
  const dataSchema =
    isObject(schema?.properties) && isObject(schema.properties.data) ? schema.properties.data : undefined;
  const lines = [
    `// From openapi.yaml: ${op.operationId} answers ${status} with the success envelope.`,
    'const body = (() => { try { return pm.response.json(); } catch (error) { return undefined; } })();',
    `pm.test('answers ${status}, the documented success status', () => pm.response.to.have.status(${status}));`,
    "pm.test('the envelope says status: success', () => pm.expect(body && body.status).to.eql('success'));",
  ];
  if (required.includes('data')) {
    lines.push("pm.test('data is an object', () => pm.expect(body && body.data).to.be.an('object'));");
    for (const member of Array.isArray(dataSchema?.required) ? dataSchema.required : []) {
      lines.push(
        `pm.test('data holds ${member}', () => pm.expect(body.data).to.have.property(${JSON.stringify(member)}));`,
      );
    }
  } else if (dataSchema) {
    lines.push(
      "pm.test('data, when present, is an object', () => { if (body && 'data' in body) pm.expect(body.data).to.be.an('object'); });",
    );
  }
  lines.push(...(step.tests ?? []));
  if (Object.keys(captures).length > 0) {
    lines.push(
      "const at = (node, pointer) => pointer.split('/').slice(1).map((key) => key.replace(/~1/g, '/').replace(/~0/g, '~'))",
      '  .reduce((value, key) => (value === undefined || value === null ? undefined : value[key]), node);',
      'const chosen = {};',
      ...(step.choose ?? []),
      'const handOn = (name, pointer) => {',
      '  const value = chosen[name] !== undefined ? chosen[name] : at(body, pointer);',
      "  pm.test('hands on ' + name + ' to later requests', () => pm.expect(value, name).to.not.be.undefined);",
      '  if (value !== undefined) pm.collectionVariables.set(name, value);',
      '};',
      ...Object.entries(captures).map(
        ([name, pointer]) => `handOn(${JSON.stringify(name)}, ${JSON.stringify(pointer)});`,
      ),
    );
  }
  return lines;
}
