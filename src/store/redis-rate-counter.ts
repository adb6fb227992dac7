/**
 * RateCounter on Redis (when REDIS_URL is set): one key per token and window, INCR and PEXPIRE
 * in one Lua script so a counter never outlives its window even if a process dies between them.
 */
import { Redis } from 'ioredis';
import type { RateCounter } from '../core/ports/rate-counter.ts';

// Expires the key one window after the window ends: long enough for every process's clock.
const HIT_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;

/** Request counters in Redis, under `<prefix>:ratelimit:`. */
export class RedisRateCounter implements RateCounter {
  private readonly redis: Redis;

  private readonly prefix: string;
  constructor(url: string, prefix: string) {
    this.prefix = prefix;
    // Few retries: a request waits for the counter, and a dead Redis should fail it quickly.
    this.redis = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: true });
    this.redis.on('error', () => undefined); // reported through the failing hit() calls
  }

  async hit(key: string, windowStart: number, windowMs: number): Promise<number> {
    const redisKey = `${this.prefix}:ratelimit:${key}:${windowStart}`;
    const n = await this.redis.eval(HIT_SCRIPT, 1, redisKey, String(windowMs * 2));
    return Number(n);
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}
