/**
 * JobQueue on BullMQ (Redis), used when REDIS_URL is set so many `imprint serve` and
 * `imprint worker` processes on several machines share one queue. BullMQ's job locks and stalled
 * check give the same at-least-once semantics as the embedded queue: a job whose worker died is
 * moved back to waiting once its lock expires and runs again.
 */
import { Queue, Worker, type Job as BullJob } from 'bullmq';
import { newId } from '../../core/ids.ts';
import type { ConsumeOptions, EnqueueOptions, Job, JobHandler, JobQueue } from '../job-queue.ts';

/** Settings of the BullMQ queue. */
export interface BullMqJobQueueOptions {
  /** redis:// or rediss:// URL (REDIS_URL). */
  url: string;
  /** Queue name; default 'imprint-jobs'. */
  name?: string;
  /** Redis key prefix; default 'imprint'. */
  prefix?: string;
  /** Lock (lease) of a running job; a dead worker's jobs come back after it. Default 30 s. */
  lockDurationMs?: number;
  /** How often workers look for stalled jobs. Default: the lock duration. */
  stalledIntervalMs?: number;
  /** Done and failed jobs are kept this long, so jobId dedupe holds until then. Default 7 days. */
  retentionMs?: number;
  /** Called when a handler throws or Redis fails; default: console.error. */
  onError?: (err: unknown, job?: Job) => void;
}

interface JobData {
  id: string;
  payload: Record<string, unknown>;
}

/**
 * BullMQ job ids may not look like integers nor contain ':'; ours may, so they are encoded
 * injectively (prefix + percent-encoding) and the original id travels in the job data.
 */
function bullJobId(id: string): string {
  return `j-${encodeURIComponent(id)}`;
}

/** JobQueue on Redis through BullMQ. */
export class BullMqJobQueue implements JobQueue {
  private readonly queue: Queue<JobData>;
  private worker: Worker<JobData> | null = null;
  private readonly opts: Required<Omit<BullMqJobQueueOptions, 'onError'>> & {
    onError: (err: unknown, job?: Job) => void;
  };
  private closed = false;

  constructor(opts: BullMqJobQueueOptions) {
    const lockDurationMs = opts.lockDurationMs ?? 30_000;
    this.opts = {
      url: opts.url,
      name: opts.name ?? 'imprint-jobs',
      prefix: opts.prefix ?? 'imprint',
      lockDurationMs,
      stalledIntervalMs: opts.stalledIntervalMs ?? lockDurationMs,
      retentionMs: opts.retentionMs ?? 7 * 24 * 3600_000,
      onError:
        opts.onError ??
        ((err, job) =>
          console.error(`job ${job ? `${job.kind} ${job.id}` : 'queue'}: ${errorText(err)}`)),
    };
    this.queue = new Queue<JobData>(this.opts.name, {
      connection: this.connection(),
      prefix: this.opts.prefix,
    });
    this.queue.on('error', (err) => this.opts.onError(err));
  }

  async enqueue(
    kind: string,
    payload: Record<string, unknown>,
    opts: EnqueueOptions = {},
  ): Promise<void> {
    if (this.closed) throw new Error('The job queue is closed');
    const id = opts.jobId ?? newId(16);
    const keepFor = { age: Math.ceil(this.opts.retentionMs / 1000) };
    // An existing jobId makes BullMQ return the existing job without adding one: dedupe.
    await this.queue.add(
      kind,
      { id, payload },
      { jobId: bullJobId(id), attempts: 1, removeOnComplete: keepFor, removeOnFail: keepFor },
    );
  }

  consume(handler: JobHandler, opts: ConsumeOptions): void {
    if (this.worker) throw new Error('consume() was already called on this queue');
    if (!Number.isInteger(opts.concurrency) || opts.concurrency < 1) {
      throw new RangeError('concurrency must be a whole number ≥ 1');
    }
    this.worker = new Worker<JobData>(
      this.opts.name,
      async (bj: BullJob<JobData>) => {
        const job: Job = {
          id: bj.data.id,
          kind: bj.name,
          payload: bj.data.payload,
          attempt: Math.max(1, bj.attemptsStarted),
        };
        try {
          await handler(job);
        } catch (err) {
          this.opts.onError(err, job);
          throw err;
        }
      },
      {
        connection: this.connection(),
        prefix: this.opts.prefix,
        concurrency: opts.concurrency,
        lockDuration: this.opts.lockDurationMs,
        stalledInterval: this.opts.stalledIntervalMs,
        // Re-deliver after a crash as often as it takes (the embedded queue does too); BullMQ's
        // default of 1 would fail a job whose second worker also died.
        maxStalledCount: 1000,
        removeOnComplete: { age: Math.ceil(this.opts.retentionMs / 1000) },
        removeOnFail: { age: Math.ceil(this.opts.retentionMs / 1000) },
      },
    );
    this.worker.on('error', (err) => this.opts.onError(err));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.worker?.close();
    await this.queue.close();
  }

  /**
   * Stops at once as if the process had died: locks are no longer renewed and running jobs are
   * left for another worker's stalled check. For tests and emergency stops.
   */
  async abandon(): Promise<void> {
    this.closed = true;
    await this.worker?.close(true);
    await this.queue.close();
  }

  private connection(): { url: string; maxRetriesPerRequest: null } {
    return { url: this.opts.url, maxRetriesPerRequest: null };
  }
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
