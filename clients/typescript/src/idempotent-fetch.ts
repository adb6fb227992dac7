/**
 * The fetch the client sends its requests through. Creation calls (POST /images, /pdfs,
 * /pdfs/merge, /videos) carry an `Idempotency-Key`: the call's own (`params.header`), else a
 * random UUID. When a creation's connection fails, or it answers 409, 429, 502, 503 or 504, it
 * is sent again with that same key, so the server answers the object the first attempt created
 * (if it did) instead of rendering and charging twice. Other calls pass through unchanged.
 */
import { randomUUID } from 'node:crypto';

/** How creation calls are retried. */
export interface RetryOptions {
  /** Attempts after the first (default 2; 0: never retry). */
  retries?: number;
  /** A Retry-After longer than this (ms) is not waited for: the answer is returned (default 10000). */
  maxDelayMs?: number;
}

const CREATION_PATH = /\/api\/rest\/(?:images|pdfs|pdfs\/merge|videos)\/?$/;
// 409: a create_now with this key is still rendering; the others: busy or briefly unreachable.
const RETRY_STATUSES = new Set([409, 429, 502, 503, 504]);
const FIRST_PAUSE_MS = 250;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** True for a POST that creates an image, PDF or video. */
function isCreation(request: Request): boolean {
  return request.method === 'POST' && CREATION_PATH.test(new URL(request.url).pathname);
}

/** The pause a Retry-After header asks for, in ms, or undefined. */
function retryAfterMs(response: Response): number | undefined {
  const value = response.headers.get('retry-after');
  if (value === null) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/** Wraps `base` so creation calls carry a key and are retried with it. */
export function idempotentFetch(
  base: typeof globalThis.fetch,
  options: RetryOptions = {},
): typeof globalThis.fetch {
  const retries = Math.max(0, options.retries ?? 2);
  const maxDelayMs = options.maxDelayMs ?? 10_000;
  return async (input, init) => {
    const request = new Request(input, init);
    if (!isCreation(request)) return base(request);
    const headers = new Headers(request.headers);
    if (!headers.has('idempotency-key')) headers.set('idempotency-key', randomUUID());
    // The body can be sent once per Request: every attempt sends a clone of this one.
    const keyed = new Request(request, { headers });
    for (let attempt = 0; ; attempt++) {
      const pause = FIRST_PAUSE_MS * 2 ** attempt;
      let response: Response;
      try {
        response = await base(keyed.clone());
      } catch (err) {
        // A failed connection may have created the object: the same key finds it.
        if (attempt >= retries || keyed.signal.aborted) throw err;
        await sleep(pause);
        continue;
      }
      if (attempt >= retries || !RETRY_STATUSES.has(response.status)) return response;
      const wait = retryAfterMs(response) ?? pause;
      if (response.status === 409 && !response.headers.has('retry-after')) return response;
      if (wait > maxDelayMs) return response;
      await response.body?.cancel();
      await sleep(wait);
    }
  };
}
