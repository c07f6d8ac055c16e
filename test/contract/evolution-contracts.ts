// Shared set-up of the contract diff's tests (docs/changes.md): a one-operation contract shaped by an edit, its parts,
// and the changes the diff finds between two such contracts.
import { type Change, compareContracts } from '../../contract/evolution/compare.js';
import { resolveRefs } from '../../contract/resolved.js';

export type Node = Record<string, unknown>;

/** A one-operation contract: PATCH /thing/ with a query id, a JSON body and a 200 answer, shaped by `edit`. */
export function contract(edit: (op: Node, doc: Node) => void = () => undefined): Node {
  const op: Node = {
    operationId: 'updateThing',
    security: [{ Bearer: [] }],
    parameters: [{ name: 'id', in: 'query', required: true, schema: { type: 'integer', minimum: 1 } }],
    requestBody: {
      required: true,
      content: {
        'application/json': {
          schema: {
            type: 'object',
            required: ['title'],
            properties: {
              title: { type: 'string', maxLength: 100 },
              note: { type: 'string' },
              kind: { type: 'string', enum: ['a', 'b'] },
            },
          },
        },
      },
    },
    responses: {
      '200': {
        description: 'ok',
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['id', 'title'],
              properties: {
                id: { type: 'integer' },
                title: { type: 'string' },
                note: { type: 'string' },
                state: { type: 'string', enum: ['open', 'closed'] },
                tags: { type: 'array', items: { type: 'string' } },
              },
            },
          },
        },
      },
      '404': { description: 'missing' },
    },
  };
  const doc: Node = {
    openapi: '3.1.0',
    info: { title: 't', version: '1.0.0' },
    paths: { '/thing/': { patch: op } },
    components: { securitySchemes: { Bearer: { type: 'http', scheme: 'bearer' } } },
  };
  edit(op, doc);
  return doc;
}

export const body = (op: Node) =>
  ((op.requestBody as Node).content as Node)['application/json'] as {
    schema: Node & { properties: Node; required: string[] };
  };
export const answer = (op: Node) =>
  (((op.responses as Node)['200'] as Node).content as Node)['application/json'] as {
    schema: Node & { properties: Node; required: string[] };
  };
export const param = (op: Node) => (op.parameters as Node[])[0] as Node & { schema: Node };

export type Edit = (op: Node, doc: Node) => void;

export const changesBetween = (editOlder: Edit, editNewer: Edit): Change[] => {
  const [older, newer] = [contract(editOlder), contract(editNewer)];
  return compareContracts(
    { raw: older, resolved: resolveRefs(older, 'old', { keepSchemas: true }) },
    { raw: newer, resolved: resolveRefs(newer, 'new', { keepSchemas: true }) },
  );
};
export const changesOf = (edit: Edit): Change[] => changesBetween(() => undefined, edit);
