/**
 * The rules of BlobStorage keys: plain segments that cannot escape the storage root. Every adapter
 * checks keys with them before touching a file or an object.
 */

/** A key that could escape the storage root or is otherwise unusable. */
export class InvalidBlobKeyError extends Error {
  constructor(key: string, why: string) {
    super(`Invalid storage key ${JSON.stringify(key.slice(0, 200))}: ${why}`);
    this.name = 'InvalidBlobKeyError';
  }
}

// Segments are plain names: no "." or "..", no separators, no control characters.
const SEGMENT = /^[A-Za-z0-9._-]{1,200}$/;

/**
 * Why a key is unusable, or null when it is fine. Valid keys are 1–8 "/"-separated segments of
 * letters, digits, ".", "_" and "-", none of them "." or "..", at most 512 characters in all.
 */
export function blobKeyProblem(key: string): string | null {
  if (typeof key !== 'string' || key.length === 0) return 'empty';
  if (key.length > 512) return 'longer than 512 characters';
  const segments = key.split('/');
  if (segments.length > 8) return 'more than 8 segments';
  for (const s of segments) {
    if (s === '' || s === '.' || s === '..') return 'empty, "." or ".." segment';
    if (!SEGMENT.test(s)) return 'only letters, digits, ".", "_" and "-" are allowed in segments';
  }
  return null;
}

/** Throws InvalidBlobKeyError unless blobKeyProblem(key) is null. */
export function assertBlobKey(key: string): void {
  const why = blobKeyProblem(key);
  if (why) throw new InvalidBlobKeyError(key, why);
}
