/**
 * JobQueue on BullMQ (Redis), used when REDIS_URL is set so many `imprint serve` and
 * `imprint worker` processes on several machines share one queue. BullMQ's job locks and stalled
 * check give the same at-least-once semantics as the embedded queue: a job whose worker died is
 * moved back to waiting once its lock expires and runs again.
 */
import { DelayedError, Queue, Worker, type Job as BullJob } from 'bullmq';
import { newId } from '../../core/ids.ts';
import { groupLimitOf, kindLimitsOf, RunningCounts } from '../group-limit.ts';
import { QueueUnavailableError } from '../queue-unavailable-error.ts';
import {
  type ConsumeOptions,
  type EnqueueOptions,
  type Job,
  type JobHandler,
  type JobQueue,
  type QueueStats,
} from '../../core/ports/job-queue.ts';

/** Settings of the BullMQ queue. */
export interface BullMqJobQueueOptions {
  /** redis:// or rediss:// URL (REDIS_URL). */
  url: string;
  /** Queue name; default 'imprint-jobs'. */
  name?: string;
  /** Redis key prefix; default 'imprint'. */
  prefix?: string;
  /**
   * Lock (lease) of a running job, renewed every half of it; a dead worker's jobs come back
   * after it. Default 15 s.
   */
  lockDurationMs?: number;
  /**
   * How often workers look for stalled jobs. Default 10 s: a job whose worker died is moved back
   * within lock + interval (25 s) and another worker starts it at once (the delay measured:
   * docs/deployment.md, "Jobs, workers and scaling out").
   */
  stalledIntervalMs?: number;
  /** Done and failed jobs are kept this long, so jobId dedupe holds until then. Default 7 days. */
  retentionMs?: number;
  /**
   * Longest wait for Redis when adding a job or answering a ping; then QueueUnavailableError.
   * Default 3 s: an API request must fail fast rather than hang while Redis is down.
   */
  commandTimeoutMs?: number;
  /** Called when a handler throws or Redis fails; default: console.error. */
  onError?: (err: unknown, job?: Job) => void;
  /**
   * A job whose group is at its limit is put back in the delayed set; the jobs a consumer puts
   * back for one group return paced at `groupLimit` per this many ms (the first after 1/groupLimit
   * of it), so a long backlog of one group costs a bounded number of Redis commands per second
   * instead of cycling through the worker. Default 200 ms.
   */
  groupDeferMs?: number;
  /**
   * close() waits for running handlers, then at most this long for the Redis connections to
   * close; a Redis that is down would otherwise keep it waiting for ever. Default 3 s.
   */
  closeTimeoutMs?: number;
}

interface JobData {
  id: string;
  payload: Record<string, unknown>;
  /** EnqueueOptions.group. */
  group?: string;
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
  /** Handlers running in this process (close waits for them without needing Redis). */
  private readonly running = new Set<Promise<void>>();
  /** Running jobs per group and per kind in this process. */
  private readonly groupsRunning = new RunningCounts();
  private readonly kindsRunning = new RunningCounts();
  /** Per group (or `kind:` + kind), when the last job this process put back returns. */
  private readonly groupReturns = new Map<string, number>();

  constructor(opts: BullMqJobQueueOptions) {
    const lockDurationMs = opts.lockDurationMs ?? 15_000;
    this.opts = {
      url: opts.url,
      name: opts.name ?? 'imprint-jobs',
      prefix: opts.prefix ?? 'imprint',
      lockDurationMs,
      stalledIntervalMs: opts.stalledIntervalMs ?? 10_000,
      retentionMs: opts.retentionMs ?? 7 * 24 * 3600_000,
      commandTimeoutMs: opts.commandTimeoutMs ?? 3000,
      groupDeferMs: opts.groupDeferMs ?? 200,
      closeTimeoutMs: opts.closeTimeoutMs ?? 3000,
      onError:
        opts.onError ??
        ((err, job) =>
          console.error(`job ${job ? `${job.kind} ${job.id}` : 'queue'}: ${errorText(err)}`)),
    };
    this.queue = new Queue<JobData>(this.opts.name, {
      // The producer fails a command at once while disconnected instead of queueing it in
      // memory until Redis returns (which made POST /images hang); the worker keeps waiting.
      connection: { ...this.connection(), enableOfflineQueue: false },
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
    await this.bounded(
      'adding a job',
      this.queue.add(
        kind,
        { id, payload, ...(opts.group !== undefined ? { group: opts.group } : {}) },
        { jobId: bullJobId(id), attempts: 1, removeOnComplete: keepFor, removeOnFail: keepFor },
      ),
    );
  }

  async ping(): Promise<void> {
    // Any round trip will do: reading the queue's paused flag is one small Redis command.
    await this.bounded('a status read', this.queue.isPaused());
  }

  /** `work`, or QueueUnavailableError when it fails or takes longer than commandTimeoutMs. */
  private async bounded<T>(what: string, work: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new QueueUnavailableError(
              `Redis did not answer within ${this.opts.commandTimeoutMs} ms (${what})`,
            ),
          ),
        this.opts.commandTimeoutMs,
      );
    });
    work.catch(() => undefined); // a late failure after the timeout is not unhandled
    try {
      return await Promise.race([work, timeout]);
    } catch (err) {
      if (err instanceof QueueUnavailableError) throw err;
      throw new QueueUnavailableError(`Redis is unavailable (${what}): ${errorText(err)}`);
    } finally {
      clearTimeout(timer);
    }
  }

  consume(handler: JobHandler, opts: ConsumeOptions): void {
    if (this.worker) throw new Error('consume() was already called on this queue');
    if (!Number.isInteger(opts.concurrency) || opts.concurrency < 1) {
      throw new RangeError('concurrency must be a whole number ≥ 1');
    }
    const groupLimit = groupLimitOf(opts);
    const kindLimits = kindLimitsOf(opts);
    this.worker = new Worker<JobData>(
      this.opts.name,
      async (bj: BullJob<JobData>, token?: string) => {
        const group = bj.data.group;
        const kind = bj.name;
        const kindLimit = kindLimits.get(kind);
        const wait =
          group !== undefined && this.groupsRunning.count(group) >= groupLimit
            ? { key: group, limit: groupLimit }
            : kindLimit !== undefined && this.kindsRunning.count(kind) >= kindLimit
              ? { key: `kind:${kind}`, limit: kindLimit }
              : null;
        if (wait) {
          // BullMQ's pattern for a job that must wait: it leaves the active list (and this
          // worker's slot) for the delayed set, without counting as an attempt.
          await bj.moveToDelayed(this.returnTime(wait.key, wait.limit), token);
          throw new DelayedError();
        }
        const job: Job = {
          id: bj.data.id,
          kind: bj.name,
          payload: bj.data.payload,
          // Deliveries, not starts: a job put back for its group was started without running.
          attempt: 1 + bj.stalledCounter,
        };
        if (group !== undefined) this.groupsRunning.add(group);
        this.kindsRunning.add(kind);
        const run = handler(job).finally(() => {
          if (group !== undefined) this.groupsRunning.remove(group);
          this.kindsRunning.remove(kind);
        });
        const settled = run.then(
          () => undefined,
          () => undefined,
        );
        this.running.add(settled);
        void settled.finally(() => this.running.delete(settled));
        try {
          await run;
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

  /**
   * When a job of `group` put back now returns: paced `groupLimit` per groupDeferMs after the
   * previous one of its group, so the group's returns never outpace what it may start.
   */
  private returnTime(group: string, groupLimit: number): number {
    const now = Date.now();
    const step = this.opts.groupDeferMs / groupLimit;
    const at = Math.max(now + step, (this.groupReturns.get(group) ?? 0) + step);
    this.groupReturns.set(group, at);
    if (this.groupReturns.size > 1000) {
      for (const [g, t] of this.groupReturns) if (t < now) this.groupReturns.delete(g);
    }
    return at;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // Waiting for running jobs needs Redis (their locks are released there); while Redis is
    // down a graceful close would wait for it forever, so close at once: the jobs' locks expire
    // and another worker's stalled check runs them again.
    const reachable = await this.ping().then(
      () => true,
      () => false,
    );
    if (!reachable) return this.forceClose();
    // The worker stops taking jobs at once and records the running ones as they finish.
    const closing = (async () => {
      await this.worker?.close();
      await this.queue.close();
    })();
    closing.catch((err) => this.opts.onError(err));
    while (this.running.size > 0) await Promise.all([...this.running]);
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), this.opts.closeTimeoutMs);
    });
    const result = await Promise.race([closing.then(() => 'closed' as const), timedOut]);
    clearTimeout(timer);
    if (result === 'timeout') {
      // Redis is not answering: drop the connections rather than wait (the jobs' locks expire
      // and another worker's stalled check takes over anything not recorded).
      void this.worker?.disconnect().catch(() => undefined);
      void this.queue.disconnect().catch(() => undefined);
      this.opts.onError(
        new Error(`Redis did not confirm the queue's close within ${this.opts.closeTimeoutMs} ms`),
      );
    }
  }

  async stats(): Promise<QueueStats> {
    const counts = await this.queue.getJobCounts('wait', 'prioritized', 'delayed');
    const queued = Object.values(counts).reduce((a, b) => a + b, 0);
    // The wait list is pushed on the left and taken from the right: ascending order starts with
    // the oldest job.
    const [oldest] = queued > 0 ? await this.queue.getJobs(['wait'], 0, 0, true) : [];
    return { queued, oldestQueuedAt: oldest?.timestamp ?? null };
  }

  /**
   * Stops at once as if the process had died: locks are no longer renewed and running jobs are
   * left for another worker's stalled check. For tests and emergency stops.
   */
  async abandon(): Promise<void> {
    this.closed = true;
    await this.forceClose();
  }

  private async forceClose(): Promise<void> {
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
