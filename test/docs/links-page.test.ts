// The "Links between operations" docs section lists every OpenAPI link of openapi.yaml (Redoc does not show links).
import { expect, test } from 'vitest';
import { loadContract } from '../../contract/openapi.js';
import { renderLinksPage } from '../../docs-build/links-page.js';

type Node = Record<string, unknown>;
const { document, operations } = loadContract();

test('every link appears under its source answer, with its target and values', () => {
  const page = renderLinksPage(document);
  let count = 0;
  for (const op of operations) {
    const operation = (document.paths as Record<string, Node>)[op.path]?.[op.method] as Node;
    for (const [status, response] of Object.entries(operation.responses as Record<string, Node>)) {
      const links = (response.links ?? {}) as Record<
        string,
        { operationId: string; parameters?: Node; requestBody?: unknown }
      >;
      if (Object.keys(links).length === 0) continue;
      const heading = `## After ${op.operationId} ${status}\n\n${op.method.toUpperCase()} \`${op.path}\`, answer ${status}.`;
      const section = page.split(heading)[1]?.split('\n## ')[0] ?? '';
      expect(section, heading).not.toBe('');
      for (const [name, link] of Object.entries(links)) {
        count++;
        expect(section).toContain(`| \`${name}\` | \`${link.operationId}\``);
        for (const parameter of Object.keys(link.parameters ?? {})) expect(section).toContain(`\`${parameter}\` ←`);
        if (link.requestBody !== undefined) expect(section).toContain(`body ← \`${String(link.requestBody)}\``);
      }
    }
  }
  expect(count).toBeGreaterThan(0);
  expect(page).toContain(`The contract declares ${count} links.`);
});
