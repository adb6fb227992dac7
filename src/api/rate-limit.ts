/**
 * Per-token rate limit for /api/rest (IMPRINT_RATE_LIMIT requests per minute; 0 = off).
 * Fixed one-minute windows aligned to the clock, counted in this process's memory: several
 * `imprint serve` processes each allow the limit. Headers follow Placid's: X-RateLimit-Limit,
 * X-RateLimit-Remaining and X-RateLimit-Reset (UTC epoch seconds when the window ends).
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from '../core/errors.ts';

const WINDOW_MS = 60_000;

/** Counts requests per key in the current one-minute window. */
export class RateLimiter {
  private windowStart = 0;
  private counts = new Map<string, number>();

  constructor(
    readonly limit: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request of `key`; says whether it is allowed and what the headers should say. */
  hit(key: string): { allowed: boolean; remaining: number; resetAt: number } {
    const t = this.now();
    const start = Math.floor(t / WINDOW_MS) * WINDOW_MS;
    if (start !== this.windowStart) {
      // A new window: forget every count of the old one (keeps the map small).
      this.windowStart = start;
      this.counts = new Map();
    }
    const used = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, used);
    return {
      allowed: used <= this.limit,
      remaining: Math.max(0, this.limit - used),
      resetAt: (start + WINDOW_MS) / 1000,
    };
  }
}

/** Adds the limit to an authenticated scope (after installAuth); does nothing when off. */
export function installRateLimit(scope: FastifyInstance, perMinute: number): void {
  if (perMinute <= 0) return;
  const limiter = new RateLimiter(perMinute);
  scope.addHook('onRequest', async (request, reply) => {
    if (!request.caller) return;
    const { allowed, remaining, resetAt } = limiter.hit(request.caller.tokenId);
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
        undefined,
        undefined,
        { 'retry-after': String(retryAfter) },
      );
    }
  });
}
