// The contract's changes as text (docs/changes.md): one change per line, grouped by operation, breaking ones marked;
// the same lines feed the console of `npm run contract:diff` and the published Changes page.
import type { Change, ChangeClass } from './compare.js';
import { changeId } from './releases.js';

const LABEL: Record<ChangeClass, string> = {
  'breaking-clients': 'breaking for clients',
  'breaking-servers': 'breaking for servers',
  compatible: 'compatible',
};

/** The heading of a change inside a named schema: the schema's place, and the operations that use it. */
function namedSchemaHeading(change: Change): string {
  const schema = change.place.split('/').slice(0, 4).join('/');
  const users = change.usedBy ?? [];
  return `${schema}, used by ${users.length > 0 ? users.join(', ') : 'no operation'}`;
}

/**
 * Changes by operation, changes inside a named schema by that schema (once, with the operations that use it), and
 * document-wide ones under "The whole contract", in the order found.
 */
function grouped(changes: readonly Change[]): Map<string, Change[]> {
  const groups = new Map<string, Change[]>();
  for (const c of changes) {
    const key = c.operation ?? (c.usedBy ? namedSchemaHeading(c) : 'The whole contract');
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  return groups;
}

/** The console form: a heading per operation, a line per change with its class, kind and place. */
export function changesAsText(changes: readonly Change[]): string[] {
  if (changes.length === 0) return ['No changes.'];
  const lines: string[] = [];
  for (const [operation, list] of grouped(changes)) {
    lines.push(operation);
    for (const c of list) lines.push(`  [${LABEL[c.class]}] ${c.message}\n    ${changeId(c)}`);
  }
  return lines;
}

/** The Markdown form: a subsection per operation, breaking changes in bold. */
export function changesAsMarkdown(changes: readonly Change[], heading = '###'): string[] {
  if (changes.length === 0) return ['No changes to operations, schemas or decisions.'];
  const lines: string[] = [];
  for (const [operation, list] of grouped(changes)) {
    lines.push(`${heading} ${operation}`, '');
    for (const c of list) {
      const label = c.class === 'compatible' ? 'compatible' : `**${LABEL[c.class]}**`;
      lines.push(`- ${label}: ${c.message} (\`${c.kind}\` at \`${c.place}\`)`);
    }
    lines.push('');
  }
  return lines;
}
