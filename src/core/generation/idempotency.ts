/**
 * Idempotent creation (the `Idempotency-Key` header of POST /images, /pdfs and /pdfs/merge): a
 * request names itself with a key, and a retry with the same key and the same request within
 * 24 hours gets the object the first one created instead of a second render and charge. The
 * request is compared by a hash of its operation, its token kind and its canonical JSON body
 * (keys sorted, so the order of properties does not matter).
 */
import { createHash } from 'node:crypto';
import { configure } from 'safe-stable-stringify';
import { AppError } from '../errors.ts';
import type { UnknownField } from './warning-list.ts';

/** How long a key names its object; older keys no longer count and are pruned. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The field name 422s use for the header. */
export const IDEMPOTENCY_FIELD = 'Idempotency-Key';

/** The creation calls that take a key. */
export type IdempotentOperation = 'image' | 'pdf' | 'merge' | 'video';

/** A key sent with a creation, and the hash of the request it came with. */
export interface IdempotencyKey {
  key: string;
  hash: string;
}

/** What a creation call takes besides its body (from the route). */
export interface CreateOptions {
  /** The request's Idempotency-Key, already checked (see the API's idempotency header). */
  idempotencyKey?: string;
  /** Called when the answer is the object of an earlier request with the same key. */
  onReplay?: () => void;
  /**
   * Body fields the route's schema does not name (at most MAX_WARNINGS, and a count of the rest):
   * listed first among the request's warnings.
   */
  unknownFields?: { fields: UnknownField[]; more: number };
}

// Sorted keys: {"a":1,"b":2} and {"b":2,"a":1} are one request. Parsed JSON has no cycles.
const canonical = configure({ deterministic: true, circularValue: TypeError });

/** SHA-256 (hex) of what makes two requests with one key the same request. */
export function requestHash(
  operation: IdempotentOperation,
  testMode: boolean,
  body: unknown,
): string {
  return createHash('sha256')
    .update(canonical({ operation, test_mode: testMode, body }) ?? '')
    .digest('hex');
}

/** The earliest creation time (ISO) of a key that still counts at `now`. */
export function keyWindowStart(now = Date.now()): string {
  return new Date(now - IDEMPOTENCY_WINDOW_MS).toISOString();
}

/** 422: the key was used within the window for a different request. */
export function keyReusedError(): AppError {
  const message =
    'This Idempotency-Key was already used in the last 24 hours with a different request (another body, endpoint or token kind). Send a new key for a new request, or the same request to get its object again.';
  return new AppError('validation', message, { fields: { [IDEMPOTENCY_FIELD]: [message] } });
}

/** 409: the create_now request of this key is still rendering; its retry comes back later. */
export function stillRenderingError(retryAfterSeconds: number): AppError {
  return new AppError(
    'conflict',
    `The create_now request with this Idempotency-Key is still being rendered. Retry the same request after ${retryAfterSeconds} s to get its object.`,
    { headers: { 'retry-after': String(retryAfterSeconds) } },
  );
}
