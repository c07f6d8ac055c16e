// Indexes the operations of a parsed OpenAPI document (method, path, parameters, body, responses); no I/O, so it runs in browsers.
import { escapePointer, nodeAt } from './pointer.js';
export type HttpMethod = 'get' | 'post' | 'patch' | 'put' | 'delete';
const METHODS: readonly HttpMethod[] = ['get', 'post', 'patch', 'put', 'delete'];

export interface ParameterSpec {
  name: string;
  in: 'query' | 'header' | 'path' | 'cookie';
  required: boolean;
  schema: Record<string, unknown>;
  /** JSON pointer of the parameter's schema inside the document. */
  schemaPointer: string;
}

export interface OperationSpec {
  operationId: string;
  method: HttpMethod;
  /** The path as written in the contract, e.g. `/member/me/` (without the `/api` base). */
  path: string;
  tags: string[];
  parameters: ParameterSpec[];
  /** JSON pointer of the JSON request body schema, when the operation takes one. */
  requestBodyPointer?: string;
  requestBodyRequired: boolean;
  /** Declared response statuses ("200", "401", "default", …) → pointer of their JSON schema. */
  responses: Record<string, string | undefined>;
  /** False for login, register and refresh (`security: []`). */
  authenticated: boolean;
}

export interface Contract {
  document: Record<string, unknown>;
  operations: OperationSpec[];
  byId: Map<string, OperationSpec>;
}

type Node = Record<string, unknown>;

function resolve(doc: Node, node: Node, pointer: string): { node: Node; pointer: string } {
  let current = node;
  let at = pointer;
  // Follow local $refs (components/responses, components/parameters, components/requestBodies).
  while (typeof current.$ref === 'string') {
    const ref = current.$ref;
    if (!ref.startsWith('#/')) throw new Error(`Only local $refs are supported, got ${ref}`);
    at = ref.slice(1);
    current = nodeAt(doc, ref) as Node;
  }
  return { node: current, pointer: at };
}

/** Builds the operation index of a parsed OpenAPI document. */
export function indexOperations(document: Node): OperationSpec[] {
  const operations: OperationSpec[] = [];
  const paths = document.paths as Record<string, Node>;
  const globalSecurity = (document.security as unknown[] | undefined) ?? [];
  for (const [path, item] of Object.entries(paths)) {
    const itemPointer = `/paths/${escapePointer(path)}`;
    const shared = ((item.parameters as Node[] | undefined) ?? []).map((p, i) =>
      resolve(document, p, `${itemPointer}/parameters/${i}`),
    );
    for (const method of METHODS) {
      const op = item[method] as Node | undefined;
      if (!op) continue;
      const opPointer = `${itemPointer}/${method}`;
      const own = ((op.parameters as Node[] | undefined) ?? []).map((p, i) =>
        resolve(document, p, `${opPointer}/parameters/${i}`),
      );
      const parameters: ParameterSpec[] = [...shared, ...own].map(({ node, pointer }) => ({
        name: node.name as string,
        in: node.in as ParameterSpec['in'],
        required: node.required === true,
        schema: node.schema as Node,
        schemaPointer: `${pointer}/schema`,
      }));
      let requestBodyPointer: string | undefined;
      let requestBodyRequired = false;
      if (op.requestBody) {
        const body = resolve(document, op.requestBody as Node, `${opPointer}/requestBody`);
        const content = body.node.content as Record<string, Node> | undefined;
        if (content?.['application/json']) {
          requestBodyPointer = `${body.pointer}/content/application~1json/schema`;
        }
        requestBodyRequired = body.node.required === true;
      }
      const responses: Record<string, string | undefined> = {};
      for (const [status, response] of Object.entries(op.responses as Record<string, Node>)) {
        const r = resolve(document, response, `${opPointer}/responses/${status}`);
        const content = r.node.content as Record<string, Node> | undefined;
        responses[status] = content?.['application/json'] ? `${r.pointer}/content/application~1json/schema` : undefined;
      }
      const security = (op.security as unknown[] | undefined) ?? globalSecurity;
      operations.push({
        operationId: op.operationId as string,
        method,
        path,
        tags: (op.tags as string[] | undefined) ?? [],
        parameters,
        requestBodyPointer,
        requestBodyRequired,
        responses,
        authenticated: security.length > 0,
      });
    }
  }
  return operations;
}

/** The contract of a parsed document: the document itself and its operation index. */
export function contractOf(document: Node): Contract {
  const operations = indexOperations(document);
  return { document, operations, byId: new Map(operations.map((o) => [o.operationId, o])) };
}
