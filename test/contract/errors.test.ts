// Error responses of openapi.yaml: each 400 names a field of its own operation, 409 marks state conflicts (source §7).
import { describe, expect, test } from 'vitest';
import { loadContract, type OperationSpec } from '../../contract/openapi.js';
import { dereference, nodeAt } from '../../contract/pointer.js';
import { createValidators } from '../../contract/validators.js';

type Node = Record<string, unknown>;
const contract = loadContract();
const validators = createValidators(contract);

const at = (pointer: string): Node => nodeAt(contract.document, pointer) as Node;
const deref = (node: Node): Node => dereference(contract.document, node) as Node;

function responseOf(op: OperationSpec, status: string): Node | undefined {
  const operation = (contract.document.paths as Record<string, Node>)[op.path]?.[op.method] as Node;
  const response = (operation.responses as Record<string, Node>)[status];
  return response ? deref(response) : undefined;
}

type ErrorExample = { value: { errors?: { field: string }[] } };

/** A response's JSON examples, in order, each dereferenced: its one `example` (named "example") or its named ones. */
function examplesOf(response: Node): [string, ErrorExample][] {
  const media = (response.content as Record<string, Node>)['application/json'] as Node;
  if ('example' in media) return [['example', { value: media.example } as ErrorExample]];
  return Object.entries((media.examples ?? {}) as Record<string, Node>).map(([name, example]) => [
    name,
    deref(example) as ErrorExample,
  ]);
}

/** The request fields an operation takes: query parameters and the properties of every body branch. */
function fieldsOf(op: OperationSpec): Set<string> {
  const fields = new Set(op.parameters.map((p) => p.name));
  if (op.requestBodyPointer) {
    const body = deref(at(op.requestBodyPointer));
    const branches = Array.isArray(body.oneOf) ? (body.oneOf as Node[]).map(deref) : [body];
    for (const branch of branches) for (const name of Object.keys((branch.properties ?? {}) as Node)) fields.add(name);
  }
  return fields;
}

const withInput = contract.operations.filter((op) => op.responses['400'] !== undefined);

describe('every 400 has its own example (or first example), naming a field of its operation (what Prism answers)', () => {
  test('every operation that takes input declares a 400', () => {
    expect(withInput.length).toBeGreaterThan(20);
  });

  test.each(withInput.map((op) => [op.operationId, op]))('%s', (_id, op) => {
    const response = responseOf(op, '400') as Node;
    const [first] = examplesOf(response);
    expect(first, 'an example').toBeDefined();
    const [, example] = first as [string, ErrorExample];
    const named = (example.value.errors ?? []).map((e) => e.field);
    expect(named.length).toBeGreaterThan(0);
    for (const field of named) expect([...fieldsOf(op)], `${field} is a field of ${op.operationId}`).toContain(field);
    expect(validators.response(op.operationId, 400, example.value)).toEqual([]);
  });
});

test('login, register and refresh document the 400 for a sent Authorization header, naming Authorization', () => {
  for (const id of ['login', 'register', 'refreshToken']) {
    const op = contract.byId.get(id) as OperationSpec;
    const examples = Object.fromEntries(examplesOf(responseOf(op, '400') as Node));
    expect(
      examples.authorizationHeader?.value.errors?.map((e) => e.field),
      id,
    ).toEqual(['Authorization']);
  }
});

test.each([
  ['register', ['username', 'email']],
  ['startSession', ['board_id']],
  ['recordCaseOutcome', ['case_report_id']],
])('%s declares 409 with examples naming %j', (id, fields) => {
  const op = contract.byId.get(id) as OperationSpec;
  const response = responseOf(op, '409') as Node;
  // The source shows no 409: the operation marks the answer as the contract's decision.
  const operation = (contract.document.paths as Record<string, Node>)[op.path]?.[op.method] as Node;
  expect(operation['x-assumption']).toMatch(/409/);
  const named = examplesOf(response).flatMap(([, e]) => (e.value.errors ?? []).map((x) => x.field));
  for (const field of fields) expect(named).toContain(field);
  for (const field of fields) expect([...fieldsOf(op)]).toContain(field);
});

test('no schema is named after a JavaScript global that generated code would shadow', () => {
  const globals = ['Error', 'Object', 'Date', 'Response', 'Request', 'Headers', 'Map', 'Set', 'Promise', 'Record'];
  const names = Object.keys((contract.document.components as { schemas: Node }).schemas);
  expect(names.filter((name) => globals.includes(name))).toEqual([]);
});
