/** The per-group and per-kind limits of a consumer, shared by both queue adapters. */
import type { ConsumeOptions } from '../core/ports/job-queue.ts';

/** The consumer's per-group limit: 1 … concurrency, the whole concurrency when not given. */
export function groupLimitOf(opts: ConsumeOptions): number {
  const limit = opts.groupLimit ?? opts.concurrency;
  if (!Number.isInteger(limit) || limit < 1) {
    throw new RangeError('groupLimit must be a whole number ≥ 1');
  }
  return Math.min(limit, opts.concurrency);
}

/** The consumer's per-kind limits (each 1 … concurrency), checked once at consume(). */
export function kindLimitsOf(opts: ConsumeOptions): ReadonlyMap<string, number> {
  const limits = new Map<string, number>();
  for (const [kind, limit] of Object.entries(opts.kindLimits ?? {})) {
    if (!Number.isInteger(limit) || limit < 1) {
      throw new RangeError(`kindLimits.${kind} must be a whole number ≥ 1`);
    }
    limits.set(kind, Math.min(limit, opts.concurrency));
  }
  return limits;
}

/** Running jobs per key (a group or a kind); holds only keys with at least one. */
export class RunningCounts {
  private readonly counts = new Map<string, number>();

  count(key: string): number {
    return this.counts.get(key) ?? 0;
  }

  add(key: string): void {
    this.counts.set(key, this.count(key) + 1);
  }

  remove(key: string): void {
    const left = this.count(key) - 1;
    if (left > 0) this.counts.set(key, left);
    else this.counts.delete(key);
  }

  entries(): IterableIterator<[string, number]> {
    return this.counts.entries();
  }
}
