/** Random identifiers: public ids are short, lowercase and unguessable; secrets are long. */
import { randomBytes } from 'node:crypto';
import { pooledRandomBytes } from './random-pool.ts';

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

/** A random lowercase alphanumeric id (default 12 chars ≈ 62 bits), like Placid's template uuids. */
export function newId(length = 12): string {
  const bytes = pooledRandomBytes(length * 2);
  let out = '';
  for (let i = 0; out.length < length && i < bytes.length; i++) {
    // 252 = 7 * 36: reject the top values so every character is equally likely.
    if (bytes[i] < 252) out += ALPHABET[bytes[i] % 36];
  }
  return out.length === length ? out : newId(length);
}

/** A random secret of `bytes` bytes, base64url encoded (default 32 bytes = 256 bits). */
export function newSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** The current time as the ISO 8601 string every table stores. */
export function nowIso(): string {
  return new Date().toISOString();
}
