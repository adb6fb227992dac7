/** The per-group limit of a consumer, shared by both queue adapters. */
import type { ConsumeOptions } from '../core/ports/job-queue.ts';

/** The consumer's per-group limit: 1 … concurrency, the whole concurrency when not given. */
export function groupLimitOf(opts: ConsumeOptions): number {
  const limit = opts.groupLimit ?? opts.concurrency;
  if (!Number.isInteger(limit) || limit < 1) {
    throw new RangeError('groupLimit must be a whole number ≥ 1');
  }
  return Math.min(limit, opts.concurrency);
}
