// Password hashing for sandbox accounts (PBKDF2-SHA-256 with Web Crypto); passwords are never stored or logged in clear.
import { fromBase64Url, randomBytes, sameBytes, toBase64Url, utf8 } from './bytes.js';

// Low on purpose: the demo world is re-hashed on every process start and every registration costs one hash, and a
// sandbox guards demo data, not real accounts. A real service would use hundreds of thousands of iterations.
const ITERATIONS = 1000;
const KEY_BITS = 256;

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', utf8(password), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, key, KEY_BITS);
  return new Uint8Array(bits);
}

/** Returns `pbkdf2-sha256$<iterations>$<salt>$<hash>` (base64url parts). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await derive(password, salt, ITERATIONS);
  return `pbkdf2-sha256$${ITERATIONS}$${toBase64Url(salt)}$${toBase64Url(hash)}`;
}

/** Checks a password against a stored hash in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, iterations, salt, hash] = stored.split('$');
  if (scheme !== 'pbkdf2-sha256' || !iterations || !salt || !hash) return false;
  const actual = await derive(password, fromBase64Url(salt), Number(iterations));
  return sameBytes(actual, fromBase64Url(hash));
}
