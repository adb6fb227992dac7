/**
 * The metrics port: what a process counts and times for GET /metrics. The Prometheus adapter
 * (`src/metrics/prometheus-metrics.ts`) implements it; code outside main.ts and cli/ only sees this
 * interface, so no module but the adapter imports prom-client.
 */
import type { CacheStats } from '../cache-stats.ts';

/** Records one process's operational figures and renders them as a text exposition. */
export interface Metrics {
  /** An HTTP request answered: its route pattern (e.g. `/api/rest/images/:id`), method and status. */
  request(route: string, method: string, status: number, seconds: number): void;
  /** A queue job ended: its kind and outcome (`finished`, `error`, `skipped`, `failed`). */
  job(kind: string, outcome: string, seconds: number): void;
  /** A render produced a file of `format` (jpg, png, webp, avif, pdf, merge). */
  render(format: string, seconds: number): void;
  /** A webhook attempt ended: `succeeded`, `retry`, `failed` or `skipped`. */
  webhookAttempt(outcome: string): void;
  /** A blob storage operation (`put`, `get`, `delete`) failed. */
  storageError(operation: string): void;
  /** Credits were charged to a project (a render finished outside test mode). */
  creditsCharged(credits: number): void;
  /** Reports a cache's size (entries, bytes, budget) under `name`, read on every scrape. */
  watchCache(name: string, read: () => CacheStats): void;
  /** The current figures in the Prometheus text format. */
  exposition(): Promise<{ contentType: string; text: string }>;
}
