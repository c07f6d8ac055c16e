// The bench's sections of docs/benchmarks.md: each part rewrites its own section between markers, leaving the others.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const BENCHMARKS_PATH = fileURLToPath(new URL('../../docs/benchmarks.md', import.meta.url));

/**
 * Replaces the section `id` of a Markdown file (between `<!-- bench:id:start -->` and `<!-- bench:id:end -->`),
 * appending it when absent. Other sections, such as the conformance suite's wall time, are left alone.
 */
export function writeSection(file: string, id: string, markdown: string): void {
  const start = `<!-- bench:${id}:start -->`;
  const end = `<!-- bench:${id}:end -->`;
  const block = `${start}\n${markdown.trim()}\n${end}`;
  const current = existsSync(file)
    ? readFileSync(file, 'utf8')
    : '# Benchmarks\n\nMeasured figures, rewritten by the scripts that measure them. Each section names its command.\n';
  const from = current.indexOf(start);
  const to = current.indexOf(end);
  const next =
    from >= 0 && to > from
      ? `${current.slice(0, from)}${block}${current.slice(to + end.length)}`
      : `${current.trimEnd()}\n\n${block}\n`;
  writeFileSync(file, next);
}
