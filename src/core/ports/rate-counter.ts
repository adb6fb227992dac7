/**
 * Port: the request counters of the rate limit, shared by every process of an installation
 * (Redis when REDIS_URL is set, the database otherwise), so N `imprint serve` processes behind a
 * load balancer allow the limit once, not N times.
 */

/** Counts requests per key in fixed, clock-aligned windows. */
export interface RateCounter {
  /**
   * Adds one request of `key` to the window starting at `windowStart` (epoch ms, `windowMs`
   * long) and returns the window's count including it. Atomic across processes.
   */
  hit(key: string, windowStart: number, windowMs: number): Promise<number>;
  /** Releases connections (if any). */
  close(): Promise<void>;
}
