// Collects every `x-assumption` of openapi.yaml (docs/extensions.md) and renders docs/assumptions.md.

import { findAssumptions } from '../contract/assumptions.js';
import { indexOperations, type OperationSpec } from '../contract/openapi.js';
import { escapePointer, nodeAt, unescapePointer } from '../contract/pointer.js';

type Node = Record<string, unknown>;

export interface Assumption {
  /** JSON pointer of the object that carries the extension, e.g. `/components/schemas/Member`. */
  pointer: string;
  /** Human-readable location, e.g. "Schema `Member`" or "Parameter `Limit` (`limit` in query)". */
  location: string;
  /** The extension's text, whitespace collapsed. */
  text: string;
  /**
   * Group title: "The whole API" (info, servers), the tag of the only area that uses it, "Shared by several areas",
   * or "Not used by any operation".
   */
  group: string;
}

const DOCUMENT = 'The whole API';
const SHARED = 'Shared by several areas';
const UNUSED = 'Not used by any operation';

/** The component (`/components/<kind>/<name>`) or operation (`/paths/<p>/<method>`) a pointer lies in. */
function owner(pointer: string): string {
  const parts = pointer.split('/');
  if (parts[1] === 'components') return parts.slice(0, 4).join('/');
  if (parts[1] === 'paths') return parts.slice(0, parts[3] === 'parameters' ? 3 : 4).join('/');
  return pointer;
}

/** For each component pointer, the operations whose definition reaches it through `$ref`s or a security requirement. */
function usersOfComponents(document: Node, operations: OperationSpec[]): Map<string, Set<OperationSpec>> {
  const users = new Map<string, Set<OperationSpec>>();
  const addUser = (pointer: string, op: OperationSpec): void => {
    const set = users.get(pointer) ?? new Set<OperationSpec>();
    set.add(op);
    users.set(pointer, set);
  };
  const lookup = (pointer: string): unknown => nodeAt(document, pointer);
  for (const op of operations) {
    const itemPointer = `/paths/${escapePointer(op.path)}`;
    const seen = new Set<string>();
    const visit = (node: unknown): void => {
      if (Array.isArray(node)) {
        for (const child of node) visit(child);
        return;
      }
      if (node === null || typeof node !== 'object') return;
      const ref = (node as Node).$ref;
      if (typeof ref === 'string' && ref.startsWith('#/')) {
        const target = owner(ref.slice(1));
        if (!seen.has(target)) {
          seen.add(target);
          addUser(target, op);
          visit(lookup(target));
        }
      }
      for (const value of Object.values(node as Node)) visit(value);
    };
    visit(lookup(`${itemPointer}/parameters`));
    visit(lookup(`${itemPointer}/${op.method}`));
    for (const p of [`${itemPointer}/parameters`, `${itemPointer}/${op.method}`]) addUser(p, op);
    // Security schemes are named by requirements (the operation's, else the document's), never by `$ref`.
    const requirements = ((lookup(`${itemPointer}/${op.method}`) as Node | undefined)?.security ??
      document.security ??
      []) as Record<string, unknown>[];
    for (const name of requirements.flatMap((r) => Object.keys(r))) {
      addUser(`/components/securitySchemes/${escapePointer(name)}`, op);
    }
  }
  return users;
}

function describeLocation(document: Node, pointer: string, operations: OperationSpec[]): string {
  const parts = pointer.split('/').slice(1).map(unescapePointer);
  const rest = (from: number): string => (parts.length > from ? ` at \`${parts.slice(from).join('/')}\`` : '');
  if (parts[0] === 'components' && parts[1] && parts[2]) {
    const name = parts[2];
    const component = (document.components as Node)[parts[1]] as Node;
    const target = component[name] as Node;
    switch (parts[1]) {
      case 'schemas':
        return `Schema \`${name}\`${rest(3)}`;
      case 'parameters':
        return `Parameter \`${name}\` (\`${String(target.name)}\` in ${String(target.in)})${rest(3)}`;
      case 'responses':
        return `Response \`${name}\`${rest(3)}`;
      case 'requestBodies':
        return `Request body \`${name}\`${rest(3)}`;
      case 'securitySchemes':
        return `Security scheme \`${name}\`${rest(3)}`;
      default:
        return `Component \`${parts[1]}/${name}\`${rest(3)}`;
    }
  }
  if (parts[0] === 'paths' && parts[1]) {
    const op = operations.find((o) => o.path === parts[1] && o.method === parts[2]);
    if (op) return `Operation \`${op.operationId}\` (${op.method.toUpperCase()} \`${op.path}\`)${rest(3)}`;
    return `Path \`${parts[1]}\`${rest(2)}`;
  }
  return pointer === '/' ? 'The document' : `\`${parts.join('/')}\``;
}

/** Every assumption with its location and the group it is listed under. */
export function collectAssumptions(document: Node): Assumption[] {
  const operations = indexOperations(document);
  const users = usersOfComponents(document, operations);
  return findAssumptions(document).map(({ pointer, text }) => {
    const ops = users.get(owner(pointer)) ?? new Set<OperationSpec>();
    const tags = new Set([...ops].flatMap((o) => o.tags));
    const documentLevel = !pointer.startsWith('/components/') && !pointer.startsWith('/paths/');
    const group = documentLevel ? DOCUMENT : tags.size === 0 ? UNUSED : tags.size === 1 ? [...tags][0] : SHARED;
    return { pointer, location: describeLocation(document, pointer, operations), text, group: group ?? UNUSED };
  });
}

/** Escapes `<` and `>` outside code spans: Redoc and GitHub would swallow them as HTML. */
export function escapeMarkdownHtml(text: string): string {
  return text
    .split(/(`[^`]*`)/)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(/</g, '&lt;').replace(/>/g, '&gt;')))
    .join('');
}

const INTRO = `# Assumptions

<!-- Generated from openapi.yaml by \`npm run generate\` (docs-build/assumptions-page.ts). Do not edit by hand. -->

The source description of the service says "not shown" wherever it is silent. An **assumption** is a place where the
contract still had to decide something the source leaves open (a response shape, a format, a default, a status code),
so that the mock, the sandbox, the types and the checks have something definite to work with. Each such place carries
an \`x-assumption\` extension in \`openapi.yaml\` saying what the source leaves open and what the contract decided, and
the schema there is kept as permissive as the decision allows. A real server may decide differently where the source
is silent; these are the contract's decisions, not the source's word.

Every entry below gives the place (schema, parameter, response or operation), its JSON pointer in \`openapi.yaml\`
and the text. Entries are grouped by the API area whose operations use them.`;

const NOT_MODELLED = `## Not modelled by the contract

Where the source leaves something open and no decision is needed to use the API, the contract makes none and leaves it
out entirely:

- **Account deletion.** The source says an account-delete operation exists on the authenticated member endpoint, but
  its method and path are not shown (source §4). The contract has no such operation.
- **Events, webhooks and notifications.** Not shown (source §6); nothing in the contract describes them.
- **Rate limits.** Not shown (source §8); the contract declares no limits and no rate-limit headers or statuses.
- **Session state names.** Not shown beyond the \`is_active\` filter (source §3, rule 5). The contract's session
  declares \`is_active\` and no other state field.
- **Case-report transitions out of \`done\` or \`bug\`.** Not shown (source §3, rule 4). The request schema accepts
  every status; whether a server allows such a change is outside the contract.
- **Token lifetimes and role names.** Not shown (source §5). The contract states no lifetime for access or refresh
  tokens and names no roles; it only says that 403 means a missing role or access.
- **Error codes.** Not shown (source §7). The error payload declares a message and the fields to correct, and no
  error codes.
- **Versioning.** Not shown (source §9).
- **The other endpoint groups** (workspaces, members and invitations; boards, columns, tags and features; tasks,
  templates and bug reports; comments, reactions, checklists and activity; attachments and time logs; subscriptions,
  checkout and support). Their methods, paths and payloads are not shown (source §4); only \`GET /company/list/\` and
  \`GET /task/list/\` are named, and only those two are in the contract.`;

/**
 * Renders docs/assumptions.md from a parsed OpenAPI document; `since` names the release from which an assumption
 * holds as written (contract/evolution/history.ts), when the caller knows the releases.
 */
export function renderAssumptions(document: Node, since?: (pointer: string, text: string) => string): string {
  const assumptions = collectAssumptions(document);
  const tagOrder = ((document.tags as { name: string }[] | undefined) ?? []).map((t) => t.name);
  const groups = [...new Set(assumptions.map((a) => a.group))].sort((a, b) => rank(a) - rank(b));
  function rank(group: string): number {
    if (group === DOCUMENT) return -2;
    if (group === SHARED) return -1;
    if (group === UNUSED) return Number.MAX_SAFE_INTEGER;
    const i = tagOrder.indexOf(group);
    return i === -1 ? tagOrder.length : i;
  }
  const sections = groups.map((group) => {
    const entries = assumptions
      .filter((a) => a.group === group)
      .map((a) => {
        const from = since ? `; since ${since(a.pointer, a.text)}` : '';
        return `- **${a.location}** (\`${a.pointer}\`${from})\n\n  ${escapeMarkdownHtml(a.text)}`;
      });
    return `## ${group}\n\n${entries.join('\n\n')}`;
  });
  const count = `The contract holds ${assumptions.length} assumptions.`;
  return `${[INTRO, count, ...sections, NOT_MODELLED].join('\n\n')}\n`;
}
