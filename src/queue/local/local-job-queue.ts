/**
 * The embedded JobQueue: jobs are rows of the SQL database (SQLite or PostgreSQL), so they survive
 * a crash and several processes (serve + worker) can share them. A consumer is woken by its own
 * enqueues and, on PostgreSQL, by other processes' (LISTEN/NOTIFY); it polls as a fallback, claims jobs by
 * a conditional UPDATE, renews their leases while handlers run, and re-queues jobs whose holder
 * died (lease expired, or a dead process of this host found at start).
 */
import { newId } from '../../core/ids.ts';
import { pingDatabase, type Database } from '../../store/database.ts';
import { JobQueueStore, type JobRow } from '../../store/job-queue-store.ts';
import { groupLimitOf, kindLimitsOf, RunningCounts } from '../group-limit.ts';
import {
  type ConsumeOptions,
  type EnqueueOptions,
  type Job,
  type JobHandler,
  type JobQueue,
  type QueueStats,
} from '../../core/ports/job-queue.ts';
import { newOwnerId, ownerIsDead, retireOwnerId } from './owner-id.ts';

/** Tuning of the embedded queue; the defaults suit production. */
export interface LocalJobQueueOptions {
  /** How long a claim lasts without renewal; a dead consumer's jobs return after this. Default 30 s. */
  leaseMs?: number;
  /** Longest wait between polls when idle (polls back off from `minPollMs` to this). Default 1 s. */
  maxPollMs?: number;
  /** Shortest wait between polls. Default 25 ms. */
  minPollMs?: number;
  /**
   * Subscribes to wake-ups from other processes (PostgreSQL LISTEN/NOTIFY) while consuming;
   * returns the subscription to close. Without it, other processes' jobs wait for a poll.
   */
  listen?: (wake: () => void) => { close(): Promise<void> };
  /** Done and failed jobs are deleted after this long; jobId dedupe holds until then. Default 7 days. */
  retentionMs?: number;
  /** Called when a handler throws or the database fails; default: console.error. */
  onError?: (err: unknown, job?: Job) => void;
}

/** JobQueue on the jobs table. */
export class LocalJobQueue implements JobQueue {
  private readonly store: JobQueueStore;
  private readonly owner = newOwnerId();
  private readonly leaseMs: number;
  private readonly maxPollMs: number;
  private readonly minPollMs: number;
  private readonly listen: LocalJobQueueOptions['listen'];
  private listener: { close(): Promise<void> } | null = null;
  private readonly retentionMs: number;
  private readonly onError: (err: unknown, job?: Job) => void;
  private readonly running = new Map<string, Promise<void>>();
  private readonly groupsRunning = new RunningCounts();
  private readonly kindsRunning = new RunningCounts();
  private handler: JobHandler | null = null;
  private concurrency = 0;
  private groupLimit = 0;
  private kindLimits: ReadonlyMap<string, number> = new Map();
  private pollTimer: NodeJS.Timeout | null = null;
  private leaseTimer: NodeJS.Timeout | null = null;
  private pollDelay: number;
  private polling = false;
  private pollAgain = false;
  /**
   * The groups skipped by the last claim that came back short, while no job it could not see has
   * arrived since (see mayHaveNews): a claim that skips at least these groups would find nothing.
   * Other processes' jobs arrive unseen (on SQLite, and on PostgreSQL when a notification is
   * lost), so this is believed for `minPollMs` after that claim only (shortClaimAt): a busy
   * consumer's wakes would otherwise keep postponing the poll that finds them.
   */
  private shortClaimSkips: ReadonlySet<string> | null = null;
  private shortClaimAt = 0;
  /** Counts mayHaveNews calls: news during a claim keep that claim from being remembered. */
  private news = 0;
  private lastPrune = 0;
  private closed = false;
  private abandoned = false;

  private readonly db: Database;
  constructor(db: Database, opts: LocalJobQueueOptions = {}) {
    this.db = db;
    this.store = new JobQueueStore(db);
    this.leaseMs = opts.leaseMs ?? 30_000;
    this.minPollMs = opts.minPollMs ?? 25;
    this.maxPollMs = Math.max(this.minPollMs, opts.maxPollMs ?? 1_000);
    this.pollDelay = this.minPollMs;
    this.listen = opts.listen;
    this.retentionMs = opts.retentionMs ?? 7 * 24 * 3600_000;
    this.onError =
      opts.onError ??
      ((err, job) =>
        console.error(`job ${job ? `${job.kind} ${job.id}` : 'queue'}: ${errorText(err)}`));
  }

  async enqueue(
    kind: string,
    payload: Record<string, unknown>,
    opts: EnqueueOptions = {},
  ): Promise<void> {
    if (this.closed) throw new Error('The job queue is closed');
    await this.store.insert({
      id: opts.jobId ?? newId(16),
      kind,
      payload: JSON.stringify(payload),
      group: opts.group ?? null,
    });
    // A job this consumer cannot take now (no free slot, or its group at its share) needs no
    // claim: the end of a running job wakes the consumer, and other consumers poll. With a
    // backlog in one project, a claim per enqueue would only walk past that project's jobs.
    if (this.couldTake(opts.group)) return this.mayHaveNews();
    // Not claimable here now; a claim may find it once a slot or its group's share frees.
    this.news++;
    const short = this.shortClaimSkips;
    if (opts.group === undefined) this.shortClaimSkips = null;
    else if (short && !short.has(opts.group))
      this.shortClaimSkips = new Set([...short, opts.group]);
  }

  /** Jobs may have arrived that the last short claim did not see: claim again, and now. */
  private mayHaveNews(): void {
    this.news++;
    this.shortClaimSkips = null;
    this.wake();
  }

  /** Whether a job of `group` enqueued now could be claimed by this consumer at once. */
  private couldTake(group: string | undefined): boolean {
    if (!this.handler) return true;
    if (this.running.size >= this.concurrency) return false;
    return group === undefined || this.groupsRunning.count(group) < this.groupLimit;
  }

  consume(handler: JobHandler, opts: ConsumeOptions): void {
    if (this.handler) throw new Error('consume() was already called on this queue');
    if (!Number.isInteger(opts.concurrency) || opts.concurrency < 1) {
      throw new RangeError('concurrency must be a whole number ≥ 1');
    }
    this.handler = handler;
    this.concurrency = opts.concurrency;
    this.groupLimit = groupLimitOf(opts);
    this.kindLimits = kindLimitsOf(opts);
    this.leaseTimer = setInterval(() => void this.maintain(), Math.max(50, this.leaseMs / 3));
    this.listener = this.listen?.(() => this.mayHaveNews()) ?? null;
    void this.recoverDead().finally(() => this.mayHaveNews());
  }

  async ping(): Promise<void> {
    await pingDatabase(this.db);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.pollTimer) clearTimeout(this.pollTimer);
    await this.listener?.close();
    // Leases keep being renewed until the running handlers are done.
    while (this.running.size > 0) await Promise.allSettled([...this.running.values()]);
    if (this.leaseTimer) clearInterval(this.leaseTimer);
    retireOwnerId(this.owner);
  }

  /**
   * Stops at once as if the process had died: no lease renewal, running jobs left as they are
   * (another consumer takes them after the lease). For tests and emergency stops.
   */
  async abandon(): Promise<void> {
    this.abandoned = true;
    this.closed = true;
    if (this.pollTimer) clearTimeout(this.pollTimer);
    if (this.leaseTimer) clearInterval(this.leaseTimer);
    await this.listener?.close();
    retireOwnerId(this.owner);
  }

  stats(): Promise<QueueStats> {
    return this.store.queuedStats();
  }

  /** Jobs per status (diagnostics). */
  counts(): ReturnType<JobQueueStore['counts']> {
    return this.store.counts();
  }

  /** Polls now (after an enqueue or a finished job) instead of waiting for the timer. */
  private wake(): void {
    if (!this.handler || this.closed) return;
    this.pollDelay = this.minPollMs;
    if (this.polling) {
      this.pollAgain = true;
      return;
    }
    if (this.pollTimer) clearTimeout(this.pollTimer);
    this.pollTimer = null;
    void this.poll();
  }

  private async poll(): Promise<void> {
    this.polling = true;
    let claimed = 0;
    let asked: number;
    try {
      do {
        this.pollAgain = false;
        const { limit, skipGroups, skipKinds } = this.nextClaim();
        asked = limit;
        if (asked <= 0 || this.closed) break;
        // With one project holding its share and a backlog, each finished job would otherwise
        // cost a second claim that walks past that project's queued jobs and finds nothing.
        if (this.knownEmpty(skipGroups, skipKinds)) {
          claimed = 0;
          break;
        }
        const newsBefore = this.news;
        const rows = await this.store.claim(this.owner, asked, this.leaseMs, Date.now(), {
          skipGroups,
          skipKinds,
        });
        claimed = rows.length;
        // A short claim says no job outside the skipped groups can be claimed; a full one only
        // took jobs, so what the last short claim said still holds. Jobs that arrived during the
        // claim may not have been seen: then nothing is known.
        if (this.news !== newsBefore) this.shortClaimSkips = null;
        else if (claimed < asked) {
          this.shortClaimSkips = skipKinds.length === 0 ? new Set(skipGroups) : null;
          this.shortClaimAt = Date.now();
        }
        const over: string[] = [];
        for (const row of rows) {
          if (this.kindIsFull(row.kind)) over.push(row.id);
          else this.run(row);
        }
        // A claim is not bounded by kind (that would make every claim take one job while a
        // limited kind has room); the few jobs past their kind's limit go straight back.
        if (over.length > 0) {
          await this.store.release(this.owner, over);
          this.shortClaimSkips = null;
        }
      } while ((this.pollAgain || claimed === asked) && !this.closed);
      this.pollDelay = claimed > 0 ? this.minPollMs : Math.min(this.pollDelay * 2, this.maxPollMs);
    } catch (err) {
      this.onError(err);
      this.pollDelay = this.maxPollMs;
    } finally {
      this.polling = false;
    }
    if (!this.closed && !this.pollTimer) {
      this.pollTimer = setTimeout(() => {
        this.pollTimer = null;
        // No need to forget the last short claim here: the timer waits at least minPollMs
        // after it, and knownEmpty believes a short claim no longer than that.
        void this.poll();
      }, this.pollDelay);
    }
  }

  /**
   * How many jobs the next claim may take and which groups it skips. Groups at their limit are
   * skipped; and since one claim may return jobs of a single group, it takes no more than the
   * room left to the fullest group still claimable (a group with no running job has all of
   * `groupLimit`), so no claim can overshoot a group's share. Later rounds of the poll take more.
   * Kinds at their limit are skipped too; the claim is not narrowed for them (see poll()).
   */
  private nextClaim(): { limit: number; skipGroups: string[]; skipKinds: string[] } {
    const free = this.concurrency - this.running.size;
    const skipGroups: string[] = [];
    let room = this.groupLimit;
    for (const [group, n] of this.groupsRunning.entries()) {
      if (n >= this.groupLimit) skipGroups.push(group);
      else room = Math.min(room, this.groupLimit - n);
    }
    const skipKinds = [...this.kindLimits.keys()].filter((kind) => this.kindIsFull(kind));
    return { limit: Math.min(free, room), skipGroups, skipKinds };
  }

  /**
   * Whether a claim skipping these groups and kinds is known to find nothing: the last claim came
   * back short less than `minPollMs` ago while skipping no more groups than these (and no
   * kinds), and nothing has arrived since that it could not see.
   */
  private knownEmpty(skipGroups: readonly string[], skipKinds: readonly string[]): boolean {
    const short = this.shortClaimSkips;
    if (!short || skipKinds.length > 0) return false;
    if (Date.now() - this.shortClaimAt >= this.minPollMs) return false;
    for (const g of short) if (!skipGroups.includes(g)) return false;
    return true;
  }

  /** Whether `kind` has a limit and runs that many jobs in this consumer. */
  private kindIsFull(kind: string): boolean {
    const limit = this.kindLimits.get(kind);
    return limit !== undefined && this.kindsRunning.count(kind) >= limit;
  }

  private run(row: JobRow): void {
    const job: Job = {
      id: row.id,
      kind: row.kind,
      payload: JSON.parse(row.payload) as Record<string, unknown>,
      attempt: row.attempt,
    };
    const group = row.group_key;
    if (group !== null) this.groupsRunning.add(group);
    this.kindsRunning.add(row.kind);
    const done = (async () => {
      let error: string | null = null;
      try {
        await this.handler!(job);
      } catch (err) {
        error = errorText(err).slice(0, 2000);
        if (!this.abandoned) this.onError(err, job);
      }
      if (this.abandoned) return; // a dead process records nothing
      try {
        await this.store.settle(this.owner, job.id, error === null ? 'done' : 'failed', error);
      } catch (err) {
        // The lease will expire and the job run again: at-least-once.
        this.onError(err, job);
      }
    })().finally(() => {
      this.running.delete(job.id);
      if (group !== null) this.groupsRunning.remove(group);
      this.kindsRunning.remove(row.kind);
      this.wake();
    });
    this.running.set(job.id, done);
  }

  /** Renews this consumer's leases, re-queues expired ones, and now and then prunes old jobs. */
  private async maintain(): Promise<void> {
    if (this.abandoned) return;
    try {
      await this.store.renew(this.owner, [...this.running.keys()], this.leaseMs);
      if (this.closed) return;
      if ((await this.store.requeueExpired()) > 0) this.mayHaveNews();
      if (Date.now() - this.lastPrune > 3600_000) {
        this.lastPrune = Date.now();
        await this.store.prune(Date.now() - this.retentionMs);
      }
    } catch (err) {
      this.onError(err);
    }
  }

  /** At start: re-queues jobs held by dead processes of this host and by expired leases. */
  private async recoverDead(): Promise<void> {
    try {
      const dead = (await this.store.runningOwners()).filter(ownerIsDead);
      await this.store.requeueOwners(dead);
      await this.store.requeueExpired();
    } catch (err) {
      this.onError(err);
    }
  }
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
