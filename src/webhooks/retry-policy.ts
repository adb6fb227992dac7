/**
 * When a failed webhook attempt is tried again: connection errors, timeouts, 408, 429 and 5xx are
 * retried with exponential back-off (base, 2×base, 4×base…); any other answer is final. With the
 * default base of 10 s and 8 attempts the last try happens about 21 minutes after the first.
 */
import type { FetchError } from '../net/fetch-error.ts';

/** Attempts per delivery, the first included. */
export const DEFAULT_MAX_ATTEMPTS = 8;

/** Longest wait honoured from a Retry-After header. */
const MAX_RETRY_AFTER_MS = 60 * 60_000;

/** True when an HTTP status means "try again later". */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/** True when a failed request (no usable answer) may succeed later. */
export function isRetryableFetchError(err: FetchError): boolean {
  return ['dns', 'connection', 'timeout', 'too_large'].includes(err.reason);
}

/** Delay before attempt `attempts + 1`, given `attempts` made; up to 10% jitter spreads bursts. */
export function retryDelayMs(
  baseMs: number,
  attempts: number,
  retryAfterHeader?: string,
  random: () => number = Math.random,
): number {
  const backoff = baseMs * 2 ** Math.max(0, attempts - 1);
  const jittered = Math.round(backoff * (1 + 0.1 * random()));
  const retryAfter = parseRetryAfter(retryAfterHeader);
  return retryAfter === null
    ? jittered
    : Math.max(jittered, Math.min(retryAfter, MAX_RETRY_AFTER_MS));
}

function parseRetryAfter(value: string | undefined): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}
