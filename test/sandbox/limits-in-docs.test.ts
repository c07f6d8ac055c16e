// docs/sandbox.md states the refresh-token bounds in three places ("Credentials", "Limits and throttles", "Speed and
// memory"): every number it gives for them is the one mocks/sandbox/domain/limits.ts enforces.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../mocks/sandbox/domain/limits.js';

const page = readFileSync(new URL('../../docs/sandbox.md', import.meta.url), 'utf8');
const number = (text: string) => Number(text.replace(/,/g, ''));

describe('docs/sandbox.md: refresh-token bounds', () => {
  it('every "at most N" said of unused refresh tokens is a bound the sandbox enforces, per client or per account', () => {
    // A unit of the page is a table row, a list item or a paragraph: each says one thing.
    const units = page.split(/\n(?=\||- |\s*\n|#)/);
    const claims = units
      .filter((unit) => /refresh token/i.test(unit))
      .flatMap((unit) => [...unit.matchAll(/at most ([\d,]+)/g)].map((m) => number(m[1] as string)));
    expect(claims.length).toBeGreaterThanOrEqual(3);
    for (const n of claims)
      expect([DEFAULT_LIMITS.refreshTokensPerClient, DEFAULT_LIMITS.refreshTokensPerAccount]).toContain(n);
  });

  it('the limits table gives the per-client and per-account bounds as limits.ts sets them', () => {
    const row = (start: string) => page.split('\n').find((line) => line.startsWith(`| ${start}`)) ?? '';
    expect(row('unused refresh tokens (sessions) one client holds per account')).toContain(
      `| ${DEFAULT_LIMITS.refreshTokensPerClient} `,
    );
    expect(row('unused refresh tokens (sessions) one account holds from all its clients')).toContain(
      `| ${DEFAULT_LIMITS.refreshTokensPerAccount},`,
    );
  });
});
