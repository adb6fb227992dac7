/**
 * The job queue port. Two adapters implement it: `local/` (durable in the SQL database, the
 * embedded default) and `bullmq/` (Redis, when REDIS_URL is set). Delivery is at-least-once: a job
 * whose process died mid-run is delivered again after its lease expires (or at the next start),
 * so handlers must be idempotent (e.g. run only while the resource is still `queued`).
 */

/** A job as a handler receives it. */
export interface Job {
  /** Unique id (the `jobId` given to enqueue, or a generated one). */
  id: string;
  /** What to do, e.g. 'render-image'; lets one queue carry several job types. */
  kind: string;
  /** JSON-serialisable data of the job (never secrets: it may be stored). */
  payload: Record<string, unknown>;
  /** 1 on the first delivery, 2 on the first re-delivery, … */
  attempt: number;
}

/** Runs one job; resolving marks it done, throwing marks it failed (no automatic retry). */
export type JobHandler = (job: Job) => Promise<void>;

/** Options of enqueue. */
export interface EnqueueOptions {
  /** Deduplicates: enqueueing an id that is already known (in any state) does nothing. */
  jobId?: string;
  /**
   * The job's group (Imprint: its project). A consumer runs at most `groupLimit` jobs of one
   * group at once, so one group cannot take every slot; jobs without a group are not limited.
   */
  group?: string;
}

/** Options of consume. */
export interface ConsumeOptions {
  /** Most jobs this consumer runs at the same time (≥ 1). */
  concurrency: number;
  /**
   * Most jobs of one group this consumer runs at once (1 … concurrency; default: concurrency,
   * i.e. no limit). A job of a group at its limit does not take a slot: it stays queued (the
   * embedded queue's claim skips its group) or is put back for a moment (BullMQ), and the slot
   * goes to another group's job.
   */
  groupLimit?: number;
  /**
   * Most jobs of a kind this consumer runs at once, for the kinds named (e.g. videos, whose jobs
   * run for minutes and have their own concurrency, so they cannot take every slot images need).
   * A job of a kind at its limit does not take a slot, as for groups. Kinds not named: no limit.
   */
  kindLimits?: Readonly<Record<string, number>>;
}

/** What waits in a queue (for the queue depth and oldest-job-age metrics). */
export interface QueueStats {
  /** Jobs waiting to run (not running, not finished). */
  queued: number;
  /** When the oldest waiting job was enqueued (ms since the epoch); null when none waits. */
  oldestQueuedAt: number | null;
}

/** A durable, at-least-once job queue. */
export interface JobQueue {
  /**
   * Stores a job; resolves once it is durable. Rejects within a bounded time when the queue's
   * store cannot be reached (QueueUnavailableError for Redis), never waits for it to come back.
   */
  enqueue(kind: string, payload: Record<string, unknown>, opts?: EnqueueOptions): Promise<void>;
  /** Resolves when the queue's own store answers (Redis PING); rejects within a bounded time. */
  ping(): Promise<void>;
  /** Starts delivering jobs to `handler`, at most `concurrency` at once. Call once per queue. */
  consume(handler: JobHandler, opts: ConsumeOptions): void;
  /** Stops taking jobs, waits for running handlers to settle, and releases connections. */
  close(): Promise<void>;
  /** Jobs waiting across every process sharing the queue (read on each /metrics scrape). */
  stats(): Promise<QueueStats>;
}
