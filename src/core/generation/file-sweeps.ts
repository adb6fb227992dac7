/**
 * The periodic clean-ups of stored outputs, and of Idempotency-Keys past their 24 hours (they
 * no longer count from then on; the sweep only frees their rows). The orphan sweep deletes objects under the output
 * prefixes that no live image or PDF row names and that are older than an hour: what a process
 * left behind when it died between storing a file and finishing its row, or between deleting a
 * row and its file. The retention sweep (IMPRINT_FILE_RETENTION_DAYS) deletes finished files
 * older than the retention; their rows keep status "finished" and say file_expired.
 * Every process that runs jobs sweeps; two at once are harmless, since deleting twice is fine and
 * a row's key is cleared by one process only.
 */
import type { BlobStorage } from '../ports/blob-storage.ts';
import type { FileRetentionStore } from '../ports/file-retention-store.ts';
import type { IdempotencyKeyStore } from '../ports/idempotency-key-store.ts';
import { keyWindowStart } from './idempotency.ts';

/** Objects younger than this are never orphans: their row may be about to be finished. */
export const ORPHAN_MIN_AGE_MS = 60 * 60 * 1000;
/** The prefixes under which outputs are stored (see run-render-job). */
export const OUTPUT_PREFIXES = ['images/', 'pdfs/', 'videos/'] as const;
/** How often the sweeps run. */
export const SWEEP_INTERVAL_MS = 60 * 60 * 1000;
// Keys checked against the database per query; expired rows handled per batch.
const BATCH = 500;

/** What the sweeps need. */
export interface SweepDeps {
  retention: FileRetentionStore;
  keys: Pick<IdempotencyKeyStore, 'prune'>;
  storage: BlobStorage;
}

/** Deletes orphaned output objects older than an hour; returns how many. */
export async function sweepOrphans(deps: SweepDeps, now = Date.now()): Promise<number> {
  let deleted = 0;
  let batch: string[] = [];
  const flush = async () => {
    const live = await deps.retention.liveFileKeys(batch);
    for (const key of batch) {
      if (live.has(key)) continue;
      await deps.storage.delete(key);
      deleted++;
    }
    batch = [];
  };
  // One listing of every output prefix: local storage reads each stored file's header per
  // listing, of outputs and of everything else (uploads, fonts, thumbnails) alike.
  for await (const blob of deps.storage.list(...OUTPUT_PREFIXES)) {
    if (now - blob.lastModified.getTime() < ORPHAN_MIN_AGE_MS) continue;
    batch.push(blob.key);
    if (batch.length >= BATCH) await flush();
  }
  if (batch.length > 0) await flush();
  return deleted;
}

/** Deletes the files of rows finished more than `days` ago; returns how many. */
export async function expireOldFiles(
  deps: SweepDeps,
  days: number,
  now = Date.now(),
): Promise<number> {
  const before = new Date(now - days * 24 * 60 * 60 * 1000).toISOString();
  let deleted = 0;
  for (;;) {
    // The rows forget their keys first: should this process die before the deletes below, the
    // objects are orphans, and the orphan sweep removes them.
    const keys = await deps.retention.expireFiles(before, BATCH);
    for (const key of keys) await deps.storage.delete(key);
    deleted += keys.length;
    if (keys.length === 0) return deleted;
  }
}

/** Deletes Idempotency-Keys older than their 24 hours; returns how many. */
export async function pruneIdempotencyKeys(deps: SweepDeps, now = Date.now()): Promise<number> {
  return deps.keys.prune(keyWindowStart(now));
}

/** Runs the sweeps now and then every SWEEP_INTERVAL_MS. */
export class FileSweeps {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  private readonly deps: SweepDeps & {
    retentionDays: number | null;
    log: (message: string) => void;
  };
  constructor(
    deps: SweepDeps & {
      retentionDays: number | null;
      log: (message: string) => void;
    },
  ) {
    this.deps = deps;
  }

  /** Starts the timer; the first sweep runs after `firstDelayMs`. */
  start(firstDelayMs = 60_000): void {
    if (this.timer) return;
    const tick = (delay: number) => {
      this.timer = setTimeout(() => {
        this.running = this.runOnce().finally(() => {
          this.running = null;
          if (this.timer) tick(SWEEP_INTERVAL_MS);
        });
      }, delay);
      // Sweeps never keep a process alive.
      this.timer.unref();
    };
    tick(firstDelayMs);
  }

  /** The sweeps once; failures are logged, never thrown (the next run tries again). */
  async runOnce(): Promise<void> {
    try {
      if (this.deps.retentionDays !== null) {
        const expired = await expireOldFiles(this.deps, this.deps.retentionDays);
        if (expired > 0) this.deps.log(`file retention: deleted ${expired} expired files`);
      }
      const orphans = await sweepOrphans(this.deps);
      if (orphans > 0) this.deps.log(`orphan sweep: deleted ${orphans} files no row names`);
    } catch (err) {
      this.deps.log(`file sweep failed: ${err instanceof Error ? err.message : String(err)}`);
    }
    // On its own: a storage outage that fails the file sweeps does not keep old keys.
    try {
      const keys = await pruneIdempotencyKeys(this.deps);
      if (keys > 0) this.deps.log(`idempotency keys: deleted ${keys} older than 24 hours`);
    } catch (err) {
      this.deps.log(`key sweep failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  /** Stops the timer and waits for a running sweep. */
  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }
}
