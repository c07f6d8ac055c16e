// Renders the "Links between operations" docs section from the OpenAPI links of openapi.yaml (Redoc does not show links).
import { dereference } from '../contract/pointer.js';

type Node = Record<string, unknown>;

const deref = (document: Node, node: Node): Node => dereference(document, node) as Node;

/** `name ← value` for each parameter or body member a link sets. */
function values(link: Node): string[] {
  const parameters = Object.entries((link.parameters ?? {}) as Node).map(
    ([name, value]) => `\`${name}\` ← \`${JSON.stringify(value).replace(/^"|"$/g, '')}\``,
  );
  const body = link.requestBody;
  // A string body is the JSON text to send, each embedded `{$…}` replaced by its value (OpenAPI 3.1 link bodies).
  if (typeof body === 'string') return [...parameters, `body ← \`${body}\``];
  const members = body
    ? Object.entries(body as Node).map(
        ([name, value]) => `body \`${name}\` ← \`${JSON.stringify(value).replace(/^"|"$/g, '')}\``,
      )
    : [];
  return [...parameters, ...members];
}

/** The Markdown section listing every link: from which answer, to which operation, with which values. */
export function renderLinksPage(document: Node): string {
  const requests = new Map<string, string>();
  const sources: { heading: string; request: string; rows: string[] }[] = [];
  for (const [path, item] of Object.entries(document.paths as Record<string, Node>)) {
    for (const [method, operation] of Object.entries(item)) {
      const op = operation as Node;
      if (typeof op?.operationId === 'string') requests.set(op.operationId, `${method.toUpperCase()} \`${path}\``);
    }
  }
  let count = 0;
  for (const [path, item] of Object.entries(document.paths as Record<string, Node>)) {
    for (const [method, operation] of Object.entries(item)) {
      const op = operation as Node;
      if (typeof op?.operationId !== 'string') continue;
      for (const [status, response] of Object.entries((op.responses ?? {}) as Node)) {
        const links = (deref(document, response as Node).links ?? {}) as Node;
        const rows = Object.entries(links).map(([name, raw]) => {
          const link = deref(document, raw as Node);
          const target = String(link.operationId);
          count++;
          return `| \`${name}\` | \`${target}\` (${requests.get(target) ?? 'unknown'}) | ${values(link).join('<br>')} |`;
        });
        if (rows.length > 0) {
          // Plain text in headings: Redoc's menu drops code spans.
          const request = `${method.toUpperCase()} \`${path}\`, answer ${status}.`;
          sources.push({ heading: `After ${op.operationId} ${status}`, request, rows });
        }
      }
    }
  }
  const sections = sources.map(
    ({ heading, request, rows }) =>
      `## ${heading}\n\n${request}\n\n| Link | To | Values |\n|---|---|---|\n${rows.join('\n')}`,
  );
  return `# Links between operations

<!-- Generated from the links of openapi.yaml when the docs are built (docs-build/links-page.ts). -->

Ids travel as query parameters, so these OpenAPI \`links\` say which answer feeds which request. Each value is a
runtime expression: \`$response.body#/…\` is a JSON pointer into the answer, \`$request.query.…\` a query parameter of
the request that got it. A link with body values sets the target's whole JSON body. The kit's tests follow every link
against the sandbox. The contract declares ${count} links.

${sections.join('\n\n')}
`;
}
