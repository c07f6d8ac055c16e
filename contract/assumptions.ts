// The contract's own decisions (docs/extensions.md, `x-assumption`): every one found with its JSON pointer, for the
// assumptions page and for the contract diff, which follows them from release to release.
import { escapePointer } from './pointer.js';

type Node = Record<string, unknown>;

/** Collapses whitespace so block scalars and folded lines render as one paragraph. */
export const collapse = (s: string): string => s.replace(/\s+/g, ' ').trim();

/** Every `x-assumption` in document order, with its JSON pointer. Fails on a non-string value. */
export function findAssumptions(document: Node): { pointer: string; text: string }[] {
  const found: { pointer: string; text: string }[] = [];
  const walk = (node: unknown, pointer: string): void => {
    if (Array.isArray(node)) {
      for (const [i, child] of node.entries()) walk(child, `${pointer}/${i}`);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node as Node)) {
      if (key === 'x-assumption') {
        if (typeof value !== 'string' || collapse(value) === '') {
          throw new Error(`x-assumption at ${pointer || '/'} must be a non-empty string (docs/extensions.md)`);
        }
        found.push({ pointer: pointer || '/', text: collapse(value) });
      } else {
        walk(value, `${pointer}/${escapePointer(key)}`);
      }
    }
  };
  walk(document, '');
  return found;
}
