/**
 * The Metrics port on prom-client: one registry per process with Imprint's counters and
 * histograms (named `imprint_…`), Node's default process metrics, and two gauges read from the
 * queue on each scrape (depth and age of the oldest queued job).
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { CacheStats } from '../core/cache-stats.ts';
import type { Metrics } from '../core/ports/metrics.ts';
import type { QueueStats } from '../core/ports/job-queue.ts';

/** Settings of the registry. */
export interface PrometheusMetricsOptions {
  /** Reads the queue on each scrape (JobQueue.stats); omitted: no queue gauges. */
  queueStats?: () => Promise<QueueStats>;
  /** Longest a scrape waits for the queue (a Redis that is down must not hang /metrics). */
  queueStatsTimeoutMs?: number;
  /** Add Node's process metrics (CPU, memory, event loop lag); default true. */
  defaultMetrics?: boolean;
}

/** Buckets for renders and jobs: 10 ms to 2 minutes. */
const DURATION_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];

/** Prometheus metrics of one process. */
export class PrometheusMetrics implements Metrics {
  /** The registry (tests read single values from it). */
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly requestSeconds: Histogram<'method' | 'route'>;
  private readonly jobs: Counter<'kind' | 'outcome'>;
  private readonly jobSeconds: Histogram<'kind' | 'outcome'>;
  private readonly renderSeconds: Histogram<'format'>;
  private readonly webhooks: Counter<'outcome'>;
  private readonly storageErrors: Counter<'operation'>;
  private readonly credits: Counter;
  /** Readers of the caches reported by the cache gauges, by cache name. */
  private readonly caches = new Map<string, () => CacheStats>();

  constructor(opts: PrometheusMetricsOptions = {}) {
    const registers = [this.registry];
    if (opts.defaultMetrics !== false) collectDefaultMetrics({ register: this.registry });
    this.requests = new Counter({
      name: 'imprint_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status code.',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.requestSeconds = new Histogram({
      name: 'imprint_http_request_duration_seconds',
      help: 'Time to answer HTTP requests, by method and route pattern.',
      labelNames: ['method', 'route'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    });
    this.jobs = new Counter({
      name: 'imprint_jobs_total',
      help: 'Queue jobs run by this process, by kind and outcome (finished, error, skipped, failed).',
      labelNames: ['kind', 'outcome'],
      registers,
    });
    this.jobSeconds = new Histogram({
      name: 'imprint_job_duration_seconds',
      help: 'Time from the start to the end of a queue job, by kind and outcome.',
      labelNames: ['kind', 'outcome'],
      buckets: DURATION_BUCKETS,
      registers,
    });
    this.renderSeconds = new Histogram({
      name: 'imprint_render_duration_seconds',
      help: 'Time a render thread took to produce a file, by output format.',
      labelNames: ['format'],
      buckets: DURATION_BUCKETS,
      registers,
    });
    this.webhooks = new Counter({
      name: 'imprint_webhook_attempts_total',
      help: 'Webhook delivery attempts, by outcome (succeeded, retry, failed, skipped).',
      labelNames: ['outcome'],
      registers,
    });
    this.storageErrors = new Counter({
      name: 'imprint_storage_errors_total',
      help: 'Failed file storage operations, by operation (put, get, delete).',
      labelNames: ['operation'],
      registers,
    });
    this.credits = new Counter({
      name: 'imprint_credits_charged_total',
      help: 'Credits charged to projects for finished renders.',
      registers,
    });
    this.cacheGauges();
    if (opts.queueStats) this.queueGauges(opts.queueStats, opts.queueStatsTimeoutMs ?? 2000);
  }

  request(route: string, method: string, status: number, seconds: number): void {
    this.requests.inc({ method, route, status: String(status) });
    this.requestSeconds.observe({ method, route }, seconds);
  }

  job(kind: string, outcome: string, seconds: number): void {
    this.jobs.inc({ kind, outcome });
    this.jobSeconds.observe({ kind, outcome }, seconds);
  }

  render(format: string, seconds: number): void {
    this.renderSeconds.observe({ format }, seconds);
  }

  webhookAttempt(outcome: string): void {
    this.webhooks.inc({ outcome });
  }

  storageError(operation: string): void {
    this.storageErrors.inc({ operation });
  }

  creditsCharged(credits: number): void {
    if (credits > 0) this.credits.inc(credits);
  }

  watchCache(name: string, read: () => CacheStats): void {
    this.caches.set(name, read);
  }

  async exposition(): Promise<{ contentType: string; text: string }> {
    return { contentType: this.registry.contentType, text: await this.registry.metrics() };
  }

  /** Entries, bytes and budget of each watched cache, read when scraped. */
  private cacheGauges(): void {
    const registers = [this.registry];
    const caches = this.caches;
    const gauge = (name: string, help: string, pick: (s: CacheStats) => number) =>
      new Gauge({
        name,
        help,
        labelNames: ['cache'],
        registers,
        collect() {
          for (const [cache, read] of caches) this.set({ cache }, pick(read()));
        },
      });
    gauge('imprint_cache_entries', 'Entries held by a cache of this process.', (s) => s.entries);
    gauge(
      'imprint_cache_bytes',
      'Bytes held by a cache of this process (an estimate for parsed designs).',
      (s) => s.bytes,
    );
    gauge(
      'imprint_cache_max_bytes',
      'Budget of a cache of this process; the least recently used entries go first above it.',
      (s) => s.maxBytes,
    );
  }

  /**
   * Depth and oldest age are read from the queue when scraped, so every process reports the
   * shared queue as it is now. A queue that does not answer in time leaves both gauges at -1 and
   * counts a scrape error, rather than holding the scrape.
   */
  private queueGauges(read: () => Promise<QueueStats>, timeoutMs: number): void {
    const registers = [this.registry];
    let current: Promise<QueueStats | null> | null = null;
    // prom-client starts every collect of a scrape in the same tick: they share one read.
    const stats = () => {
      current ??= withTimeout(read(), timeoutMs)
        .catch(() => {
          errors.inc();
          return null;
        })
        .finally(() => {
          current = null;
        });
      return current;
    };
    const errors = new Counter({
      name: 'imprint_queue_stats_errors_total',
      help: 'Scrapes in which the queue could not be read in time (the queue gauges then read -1).',
      registers,
      // Read after this scrape's queue read, so a failure shows in the same scrape.
      async collect() {
        await stats();
      },
    });
    new Gauge({
      name: 'imprint_queue_depth',
      help: 'Jobs waiting in the queue (shared by every process on the same database or Redis).',
      registers,
      async collect() {
        const s = await stats();
        this.set(s ? s.queued : -1);
      },
    });
    new Gauge({
      name: 'imprint_queue_oldest_job_age_seconds',
      help: 'Age of the oldest job waiting in the queue; 0 when none waits.',
      registers,
      async collect() {
        const s = await stats();
        if (!s) return this.set(-1);
        this.set(
          s.oldestQueuedAt === null ? 0 : Math.max(0, (Date.now() - s.oldestQueuedAt) / 1000),
        );
      },
    });
  }
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}
