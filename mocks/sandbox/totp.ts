// RFC 6238 TOTP (HMAC-SHA1, 6 digits, 30 s steps) with node:crypto, for the two-factor login code (source §2, `code`).
// Run directly to print the current code: `npx tsx mocks/sandbox/totp.ts [BASE32_SECRET]` (default: the demo 2FA account).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { fileURLToPath } from 'node:url';

const STEP_SECONDS = 30;
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** Decodes RFC 4648 base32 (case-insensitive, padding and spaces ignored). */
export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=]/g, '');
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error('invalid base32 character');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** RFC 4226 HOTP value of `counter`, as a zero-padded string of `digits` digits. */
export function hotp(
  key: Buffer,
  counter: number,
  digits = 6,
  algorithm: 'sha1' | 'sha256' | 'sha512' = 'sha1',
): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, key).update(message).digest();
  const offset = (mac[mac.length - 1] as number) & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** RFC 6238 TOTP value at `timeMs`. */
export function totp(
  key: Buffer,
  timeMs: number,
  digits = 6,
  algorithm: 'sha1' | 'sha256' | 'sha512' = 'sha1',
): string {
  return hotp(key, Math.floor(timeMs / 1000 / STEP_SECONDS), digits, algorithm);
}

/** Whether `code` is the TOTP of `secretBase32` at `nowMs`, one step of clock drift either way allowed. */
export function verifyTotp(secretBase32: string, code: string, nowMs: number): boolean {
  const key = base32Decode(secretBase32);
  const given = Buffer.from(code);
  let ok = false;
  for (const drift of [-1, 0, 1]) {
    const expected = Buffer.from(totp(key, nowMs + drift * STEP_SECONDS * 1000));
    if (expected.length === given.length && timingSafeEqual(expected, given)) ok = true;
  }
  return ok;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { DEMO } = await import('./seed.js');
  const secret = process.argv[2] ?? DEMO.accounts.twoFactor.totpSecret;
  console.log(totp(base32Decode(secret), Date.now()));
}
