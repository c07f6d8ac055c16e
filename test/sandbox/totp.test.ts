// RFC 6238 TOTP of the two-factor login: the RFC's own test vectors, base32 decoding and the allowed clock drift.
import { describe, expect, test } from 'vitest';
import { base32Decode, totp, verifyTotp } from '../../mocks/sandbox/domain/totp.js';

// RFC 6238 Appendix B, SHA-1 rows: the key is the ASCII string "12345678901234567890", 8 digits.
const RFC_KEY = new TextEncoder().encode('12345678901234567890');
const VECTORS: Array<[number, string]> = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('totp', () => {
  test.each(VECTORS)('RFC 6238 vector at T=%i s is %s', async (seconds, code) => {
    expect(await totp(RFC_KEY, seconds * 1000, 8)).toBe(code);
  });

  test('base32 decodes the RFC key', () => {
    expect(base32Decode('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ')).toEqual(RFC_KEY);
    expect(() => base32Decode('not base32!')).toThrow();
  });

  test('a code is accepted one step early or late, not two', async () => {
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    const at = 1_700_000_000_000;
    const code = await totp(RFC_KEY, at);
    expect(code).toMatch(/^\d{6}$/);
    expect(await verifyTotp(secret, code, at)).toBe(true);
    expect(await verifyTotp(secret, code, at + 30_000)).toBe(true);
    expect(await verifyTotp(secret, code, at - 30_000)).toBe(true);
    expect(await verifyTotp(secret, code, at + 90_000)).toBe(false);
    expect(await verifyTotp(secret, '000000x', at)).toBe(false);
  });
});
