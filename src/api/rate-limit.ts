/**
 * Per-token rate limit for /api/rest (IMPRINT_RATE_LIMIT requests per minute; 0 = off).
 * Fixed one-minute windows aligned to the clock, counted where every process sees them (Redis
 * with REDIS_URL, the database otherwise), so several `imprint serve` processes share the limit.
 * Headers follow Placid's: X-RateLimit-Limit,
 * X-RateLimit-Remaining and X-RateLimit-Reset (UTC epoch seconds when the window ends).
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from '../core/errors.ts';
import type { RateCounter } from '../core/ports/rate-counter.ts';

const WINDOW_MS = 60_000;

/** Counts requests per key in clock-aligned one-minute windows, on a shared counter. */
export class RateLimiter {
  readonly limit: number;
  private readonly counter: RateCounter;
  private readonly now: () => number;
  constructor(limit: number, counter: RateCounter, now: () => number = Date.now) {
    this.limit = limit;
    this.counter = counter;
    this.now = now;
  }

  /** Counts one request of `key`; says whether it is allowed and what the headers should say. */
  async hit(key: string): Promise<{ allowed: boolean; remaining: number; resetAt: number }> {
    const start = Math.floor(this.now() / WINDOW_MS) * WINDOW_MS;
    const used = await this.counter.hit(key, start, WINDOW_MS);
    return {
      allowed: used <= this.limit,
      remaining: Math.max(0, this.limit - used),
      resetAt: (start + WINDOW_MS) / 1000,
    };
  }
}

/** Adds the limit to an authenticated scope (after installAuth); does nothing when off. */
export function installRateLimit(
  scope: FastifyInstance,
  perMinute: number,
  counter: RateCounter,
): void {
  if (perMinute <= 0) return;
  const limiter = new RateLimiter(perMinute, counter);
  scope.addHook('onRequest', async (request, reply) => {
    if (!request.caller) return;
    const { allowed, remaining, resetAt } = await limiter.hit(request.caller.tokenId);
    void reply.headers({
      'x-ratelimit-limit': String(perMinute),
      'x-ratelimit-remaining': String(remaining),
      'x-ratelimit-reset': String(resetAt),
    });
    if (!allowed) {
      const retryAfter = Math.max(1, Math.ceil(resetAt - Date.now() / 1000));
      throw new AppError(
        'too_many_requests',
        `Too many requests: this token may make ${perMinute} requests per minute. Try again in ${retryAfter} s.`,
        { headers: { 'retry-after': String(retryAfter) } },
      );
    }
  });
}
