// Password hashing for sandbox accounts (scrypt from node:crypto); passwords are never stored or logged in clear.
import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';

// Low cost on purpose: the world is re-seeded on every reset, and a sandbox guards demo data, not real accounts.
const COST = 1024;
const KEY_LENGTH = 32;

/** Returns `scrypt$<cost>$<salt>$<hash>` (base64url parts). */
export function hashPassword(password: string): string {
  const salt = randomBytes(16);
  const hash = scryptSync(password, salt, KEY_LENGTH, { N: COST });
  return `scrypt$${COST}$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

/** Checks a password against a stored hash in constant time. */
export function verifyPassword(password: string, stored: string): boolean {
  const [scheme, cost, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !cost || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = scryptSync(password, Buffer.from(salt, 'base64url'), expected.length, { N: Number(cost) });
  return timingSafeEqual(actual, expected);
}
