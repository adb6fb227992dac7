/**
 * The WebhookService: records deliveries and sends them. Every process that runs it polls the
 * deliveries table for due rows, claims one attempt at a time with a conditional update and a
 * lease, POSTs the signed payload through safeFetch, and records the outcome. The holder renews
 * the leases of its attempts in flight, so a slow attempt is never taken by a second sender
 * while the first still runs. A process that dies mid-attempt leaves a lease that expires, after
 * which any process retries the delivery; a dead process of this host is seen at once (its pid
 * is gone), and its leases are taken back without waiting.
 */
import { isDeadLocalOwner, newClaimOwner } from '../core/generation/claim-owner.ts';
import { newId } from '../core/ids.ts';
import { UnsealError } from '../core/secret-sealer.ts';
import {
  webhookEventName,
  type WebhookDelivery,
  type WebhookRequest,
  type WebhookResourceType,
} from '../core/webhooks.ts';
import type { WebhookService } from '../core/ports/webhook-service.ts';
import { FetchError } from '../net/fetch-error.ts';
import { safeFetch, type SafeFetchOptions, type SafeFetchResponse } from '../net/safe-fetch.ts';
import {
  DEFAULT_MAX_ATTEMPTS,
  isRetryableFetchError,
  isRetryableStatus,
  retryDelayMs,
} from './retry-policy.ts';
import { newWebhookSecret, signatureHeader, standardWebhookHeaders } from './webhook-signature.ts';
import type { AttemptOutcome, DeliveryRow, WebhookStore } from '../core/ports/webhook-store.ts';

/** Settings of the dispatcher. */
export interface WebhookDispatcherOptions {
  /** Allow receivers on private/loopback addresses (IMPRINT_ALLOW_PRIVATE_URLS=1). */
  allowPrivate: boolean;
  /** First retry delay (IMPRINT_WEBHOOK_RETRY_BASE_MS); doubles on each retry. */
  retryBaseMs: number;
  /** Attempts per delivery (default 8). */
  maxAttempts?: number;
  /** Time limit of one attempt (default 10 s). */
  timeoutMs?: number;
  /**
   * How long a claim holds without renewal (default timeoutMs + 30 s): how long the deliveries
   * of a process that died on another host wait before another process retries them.
   */
  leaseMs?: number;
  /** How often the table is polled for due deliveries (default min(1 s, retryBaseMs)). */
  pollIntervalMs?: number;
  /** Attempts in flight at once in this process (default 8). */
  concurrency?: number;
  /** The HTTP client (safeFetch; tests may wrap it). */
  fetch?: (url: string, opts: SafeFetchOptions) => Promise<SafeFetchResponse>;
  /** Where unexpected failures of the loop are reported. */
  onError?: (err: unknown) => void;
  /** Told about every attempt once it ended (for logs and metrics); never the secret or body. */
  onAttempt?: (attempt: WebhookAttemptReport) => void;
}

/** One ended webhook attempt, as onAttempt receives it. */
export interface WebhookAttemptReport {
  delivery_id: string;
  project_id: string;
  event: string;
  /** Which attempt of the delivery this was (1, 2, …). */
  attempt: number;
  /** succeeded; retry (failed, will be tried again); failed (given up); skipped (not sent). */
  outcome: 'succeeded' | 'retry' | 'failed' | 'skipped';
  /** The receiver's HTTP status; null when nothing answered. */
  status_code: number | null;
  duration_ms: number;
  /** What went wrong (no secret, no body). */
  error?: string;
}

/** How often a running dispatcher looks for leases of dead processes of this host. */
const TAKE_BACK_EVERY_MS = 5000;

/**
 * Owner ids of the dispatchers running in this process: a lease with this process's pid held by
 * none of them was taken by an earlier process that had the same pid (a restarted container).
 */
const liveOwners = new Set<string>();

/** Polls, claims, signs and sends webhook deliveries; see the module comment. */
export class WebhookDispatcher implements WebhookService {
  private readonly owner = newClaimOwner();
  private readonly inflight = new Set<Promise<void>>();
  /** The deliveries whose attempts are in flight here: their leases are renewed until they end. */
  private readonly leased = new Set<string>();
  /** Slots taken by enqueue calls that will send their delivery at once. */
  private reserved = 0;
  /** Due rows may be waiting for a free slot (an enqueue found none, or a poll page was full). */
  private backlog = false;
  private readonly maxAttempts: number;
  private readonly timeoutMs: number;
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly concurrency: number;
  private readonly send: NonNullable<WebhookDispatcherOptions['fetch']>;
  private running = false;
  private ticking = false;
  private tickAgain = false;
  private timer: NodeJS.Timeout | undefined;
  private renewTimer: NodeJS.Timeout | undefined;
  /** When the next look for dead processes' leases is due (0: at the next tick, e.g. at start). */
  private takeBackAt = 0;

  private readonly store: WebhookStore;
  private readonly opts: WebhookDispatcherOptions;
  constructor(store: WebhookStore, opts: WebhookDispatcherOptions) {
    this.store = store;
    this.opts = opts;
    this.maxAttempts = opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
    this.timeoutMs = opts.timeoutMs ?? 10_000;
    this.leaseMs = opts.leaseMs ?? this.timeoutMs + 30_000;
    this.pollMs = opts.pollIntervalMs ?? Math.max(20, Math.min(1000, opts.retryBaseMs));
    this.concurrency = opts.concurrency ?? 8;
    this.send = opts.fetch ?? safeFetch;
  }

  /**
   * Records the delivery (once per resource and event). When this process is sending and has a
   * free slot, the row is inserted already claimed for its first attempt (counted, leased to this
   * process as a claim would) and sent at once: no poll and no separate claim. Otherwise the
   * loop picks it up.
   */
  async enqueue(d: WebhookRequest): Promise<void> {
    const now = new Date();
    const at = now.toISOString();
    const direct = this.running && this.inflight.size + this.reserved < this.concurrency;
    const row: DeliveryRow = {
      id: `whd_${newId(20)}`,
      project_id: d.projectId,
      resource_type: d.resourceType,
      resource_id: d.resourceId,
      event: d.event,
      url: d.url,
      payload: JSON.stringify(d.payload),
      status: 'pending',
      attempts: direct ? 1 : 0,
      max_attempts: this.maxAttempts,
      next_attempt_at: at,
      lease_owner: direct ? this.owner : null,
      lease_until: direct ? this.leaseUntil(now) : null,
      last_status_code: null,
      last_error: null,
      last_attempt_at: null,
      delivered_at: null,
      created_at: at,
      updated_at: at,
    };
    if (!direct) {
      this.backlog = true;
      await this.store.insertDelivery(row);
      if (this.running) this.wake(0);
      return;
    }
    this.reserved++;
    try {
      // Already recorded (a re-run job): the existing row is sent, or was, by whoever holds it.
      if (await this.store.insertDelivery(row)) this.launch(row, false);
    } finally {
      this.reserved--;
    }
  }

  /** The deliveries of one resource in a project. */
  async listDeliveries(
    projectId: string,
    resourceType: WebhookResourceType,
    resourceId: number,
  ): Promise<WebhookDelivery[]> {
    const rows = await this.store.listDeliveries(projectId, resourceType, resourceId);
    return rows.map(toDelivery);
  }

  /** True when the image/PDF exists in the project (for the deliveries route's 404). */
  resourceExists(
    projectId: string,
    resourceType: WebhookResourceType,
    resourceId: number,
  ): Promise<boolean> {
    return this.store.resourceExists(projectId, resourceType, resourceId);
  }

  /** The project's signing secret, created on first need. */
  secret(projectId: string): Promise<string> {
    return this.store.getOrCreateSecret(projectId, newWebhookSecret);
  }

  /** A new signing secret for the project; deliveries sent from now on use it. */
  async rotateSecret(projectId: string): Promise<string> {
    const secret = newWebhookSecret();
    await this.store.setSecret(projectId, secret);
    return secret;
  }

  /** Starts polling (idempotent); the first poll takes back the leases of dead local processes. */
  start(): void {
    if (this.running) return;
    this.running = true;
    liveOwners.add(this.owner);
    this.takeBackAt = 0;
    this.renewTimer = setInterval(() => void this.renewLeases(), Math.max(20, this.leaseMs / 3));
    this.renewTimer.unref();
    this.wake(0);
  }

  /** Stops polling and waits for the attempts in flight (their leases renewed meanwhile). */
  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    while (this.inflight.size > 0 || this.ticking) {
      await Promise.allSettled([...this.inflight]);
      if (this.ticking) await new Promise((r) => setTimeout(r, 5));
    }
    if (this.renewTimer) clearInterval(this.renewTimer);
    this.renewTimer = undefined;
    liveOwners.delete(this.owner);
  }

  /**
   * Keeps the leases of the attempts in flight: an attempt may outlast its lease (a slow
   * database before or after the request, a busy event loop), and another process must not take
   * and send it again while this one still runs it.
   */
  private async renewLeases(): Promise<void> {
    if (this.leased.size === 0) return;
    try {
      await this.store.renewLeases(this.owner, [...this.leased], this.leaseUntil(new Date()));
    } catch (err) {
      this.opts.onError?.(err);
    }
  }

  /**
   * Ends the leases held by processes of this host that no longer run (killed, crashed), so
   * their deliveries are retried now rather than when the lease would have expired.
   */
  private async takeBackDeadLeases(now: Date): Promise<void> {
    this.takeBackAt = now.getTime() + TAKE_BACK_EVERY_MS;
    for (const owner of await this.store.leaseOwners(now.toISOString())) {
      if (isDeadLocalOwner(owner, liveOwners)) await this.store.releaseLeases(owner);
    }
  }

  private wake(ms: number): void {
    if (!this.running) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), ms);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    if (!this.running) return;
    if (this.ticking) {
      this.tickAgain = true;
      return;
    }
    this.ticking = true;
    try {
      if (Date.now() >= this.takeBackAt) await this.takeBackDeadLeases(new Date());
      const free = this.concurrency - this.inflight.size - this.reserved;
      if (free > 0) {
        const now = new Date();
        const due = await this.store.findDue(now.toISOString(), free);
        // A full page may leave more due rows: look again as soon as a slot frees up.
        this.backlog = due.length >= free;
        for (const row of due) {
          if (!this.running) break;
          const won = await this.store.claim(
            row.id,
            row.attempts,
            this.owner,
            now.toISOString(),
            this.leaseUntil(now),
          );
          // Found by the poll: a retry, or a first attempt that waited; its resource may be gone.
          if (won) this.launch({ ...row, attempts: row.attempts + 1 }, true);
        }
      }
    } catch (err) {
      this.opts.onError?.(err);
    } finally {
      this.ticking = false;
      const again = this.tickAgain;
      this.tickAgain = false;
      this.wake(again ? 0 : this.pollMs);
    }
  }

  /** How long a claimed attempt is ours unless renewed: after that, a dead process let it go. */
  private leaseUntil(now: Date): string {
    return new Date(now.getTime() + this.leaseMs).toISOString();
  }

  /**
   * Runs the attempt of a claimed delivery in the background, counted in `inflight`.
   * `checkDeleted`: skip it if its image/PDF was deleted meanwhile (a delivery sent the moment
   * its render finished needs no such read).
   */
  private launch(row: DeliveryRow, checkDeleted: boolean): void {
    this.leased.add(row.id);
    const p = this.attempt(row, checkDeleted)
      .catch((err) => this.opts.onError?.(err))
      .finally(() => {
        this.leased.delete(row.id);
        this.inflight.delete(p);
        // Without a backlog the regular poll (which also finds retries) is soon enough.
        if (this.backlog) this.wake(0);
      });
    this.inflight.add(p);
  }

  /** Sends one attempt of a claimed delivery (`row.attempts` already counts it). */
  private async attempt(row: DeliveryRow, checkDeleted: boolean): Promise<void> {
    const started = Date.now();
    const startedAt = new Date(started).toISOString();
    const report = (outcome: AttemptOutcome, skipped = false) =>
      this.opts.onAttempt?.({
        delivery_id: row.id,
        project_id: row.project_id,
        event: webhookEventName(row.resource_type, row.event),
        attempt: row.attempts,
        outcome: skipped
          ? 'skipped'
          : outcome.status === 'pending'
            ? 'retry'
            : outcome.status === 'succeeded'
              ? 'succeeded'
              : 'failed',
        status_code: outcome.last_status_code,
        duration_ms: Date.now() - started,
        ...(outcome.last_error ? { error: outcome.last_error } : {}),
      });
    // A delivery of a resource deleted since is not sent: its payload points at a file that is gone.
    if (
      checkDeleted &&
      (await this.store.resourceDeleted(row.project_id, row.resource_type, row.resource_id))
    ) {
      const error = `the ${row.resource_type === 'pdf' ? 'PDF' : row.resource_type} was deleted; not sent`;
      const outcome = {
        ...done('failed', row.last_status_code, error, startedAt),
        last_attempt_at: row.last_attempt_at ?? startedAt,
      };
      await this.store.finishAttempt(row.id, this.owner, outcome);
      report(outcome, true);
      return;
    }
    let secret: string;
    try {
      // A new secret (32 random bytes) is made only for a project that has none yet.
      secret = await this.store.getOrCreateSecret(row.project_id, newWebhookSecret);
    } catch (err) {
      if (!(err instanceof UnsealError)) throw err;
      // Sealed with a key this process lacks (a misconfigured process among several): not sent,
      // retried later (maybe by a process with the right key), the reason on the delivery.
      const outcome = this.retryOrFail(row, null, `not sent: ${err.message}`, startedAt);
      await this.store.finishAttempt(row.id, this.owner, outcome);
      report(outcome, true);
      return;
    }
    const t = Math.floor(Date.now() / 1000);
    let outcome: AttemptOutcome;
    try {
      const res = await this.send(row.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'imprint-signature': signatureHeader(secret, t, row.payload),
          'imprint-event': webhookEventName(row.resource_type, row.event),
          'imprint-delivery': row.id,
          'imprint-attempt': String(row.attempts),
          ...standardWebhookHeaders(secret, row.id, t, row.payload),
        },
        body: row.payload,
        maxBytes: 1024 * 1024,
        timeoutMs: this.timeoutMs,
        allowPrivate: this.opts.allowPrivate,
        // A redirect would turn the POST into a GET without the body: receivers must answer.
        maxRedirects: 0,
      });
      if (res.status >= 200 && res.status < 300) {
        outcome = done('succeeded', res.status, null, startedAt);
      } else {
        const error = `the receiver answered ${res.status}`;
        outcome = isRetryableStatus(res.status)
          ? this.retryOrFail(row, res.status, error, startedAt, res.headers['retry-after'])
          : done('failed', res.status, error, startedAt);
      }
    } catch (err) {
      if (!(err instanceof FetchError)) throw err;
      const error =
        err.reason === 'too_many_redirects'
          ? `${row.url}: the receiver answered with a redirect; webhooks are not redirected`
          : err.message;
      // A redirect is an answer: its status is recorded (null only when nothing answered).
      const status = err.status ?? null;
      outcome = isRetryableFetchError(err)
        ? this.retryOrFail(row, status, error, startedAt)
        : done('failed', status, error, startedAt);
    }
    await this.store.finishAttempt(row.id, this.owner, outcome);
    report(outcome);
  }

  private retryOrFail(
    row: DeliveryRow,
    statusCode: number | null,
    error: string,
    startedAt: string,
    retryAfter?: string,
  ): AttemptOutcome {
    if (row.attempts >= row.max_attempts) {
      return done(
        'failed',
        statusCode,
        `${error} (gave up after ${row.attempts} attempts)`,
        startedAt,
      );
    }
    const delay = retryDelayMs(this.opts.retryBaseMs, row.attempts, retryAfter);
    return {
      status: 'pending',
      last_status_code: statusCode,
      last_error: error,
      last_attempt_at: startedAt,
      next_attempt_at: new Date(Date.now() + delay).toISOString(),
      delivered_at: null,
    };
  }
}

function done(
  status: 'succeeded' | 'failed',
  statusCode: number | null,
  error: string | null,
  startedAt: string,
): AttemptOutcome {
  return {
    status,
    last_status_code: statusCode,
    last_error: error,
    last_attempt_at: startedAt,
    next_attempt_at: null,
    delivered_at: status === 'succeeded' ? new Date().toISOString() : null,
  };
}

function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    event: webhookEventName(row.resource_type, row.event),
    url: row.url,
    status: row.status,
    attempts: row.attempts,
    max_attempts: row.max_attempts,
    last_status_code: row.last_status_code,
    last_error: row.last_error,
    last_attempt_at: row.last_attempt_at,
    next_attempt_at: row.status === 'pending' ? row.next_attempt_at : null,
    delivered_at: row.delivered_at,
    created_at: row.created_at,
  };
}
