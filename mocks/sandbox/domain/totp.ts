// RFC 6238 TOTP (HMAC-SHA1, 6 digits, 30 s steps) with Web Crypto, for the two-factor login code (source §2, `code`).
import { sameText } from './bytes.js';

const STEP_SECONDS = 30;
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** Decodes RFC 4648 base32 (case-insensitive, padding and spaces ignored). */
export function base32Decode(text: string): Uint8Array<ArrayBuffer> {
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
  return new Uint8Array(out);
}

const HASHES = { sha1: 'SHA-1', sha256: 'SHA-256', sha512: 'SHA-512' } as const;

/** RFC 4226 HOTP value of `counter`, as a zero-padded string of `digits` digits. */
export async function hotp(
  key: Uint8Array<ArrayBuffer>,
  counter: number,
  digits = 6,
  algorithm: keyof typeof HASHES = 'sha1',
): Promise<string> {
  const message = new Uint8Array(8);
  new DataView(message.buffer).setBigUint64(0, BigInt(counter));
  const hmacKey = await crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: HASHES[algorithm] }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', hmacKey, message));
  const offset = (mac[mac.length - 1] as number) & 0x0f;
  const binary = new DataView(mac.buffer).getUint32(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** RFC 6238 TOTP value at `timeMs`. */
export function totp(
  key: Uint8Array<ArrayBuffer>,
  timeMs: number,
  digits = 6,
  algorithm: keyof typeof HASHES = 'sha1',
): Promise<string> {
  return hotp(key, Math.floor(timeMs / 1000 / STEP_SECONDS), digits, algorithm);
}

/** Whether `code` is the TOTP of `secretBase32` at `nowMs`, one step of clock drift either way allowed. */
export async function verifyTotp(secretBase32: string, code: string, nowMs: number): Promise<boolean> {
  const key = base32Decode(secretBase32);
  const expected = await Promise.all([-1, 0, 1].map((drift) => totp(key, nowMs + drift * STEP_SECONDS * 1000)));
  // Every candidate is compared, so the time does not tell which step matched.
  let ok = false;
  for (const candidate of expected) if (sameText(candidate, code)) ok = true;
  return ok;
}
