/**
 * The small HTTP port of `imprint worker` (IMPRINT_WORKER_PORT): GET /health (the process is
 * up), GET /ready (its dependencies answer; the same check as the API's) and GET /metrics (the
 * worker's own registry). Nothing else: the worker serves no API.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { metricsAuthorized } from '../core/metrics-authorized.ts';
import type { Metrics } from '../core/ports/metrics.ts';
import {
  READY_RETRY_AFTER_SECONDS,
  readinessAnswer,
  type ReadinessDetails,
} from '../core/readiness.ts';

/** What the worker port serves. */
export interface WorkerHttpOptions {
  port: number;
  host: string;
  /** What /ready checks, by name (the same checks as the API's). */
  checks: Record<string, () => Promise<void>>;
  /** Facts reported beside the checks (the video composer's availability). */
  details?: ReadinessDetails;
  metrics: Metrics;
  /** IMPRINT_METRICS: false answers /metrics with 404. */
  metricsEnabled: boolean;
  /** IMPRINT_METRICS_TOKEN. */
  metricsToken: string | null;
}

/** A listening worker port. */
export interface WorkerHttp {
  /** The port it listens on. */
  port: number;
  /** Stops listening and closes open connections. */
  close(): Promise<void>;
}

function sendJson(
  res: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
}

async function answer(
  opts: WorkerHttpOptions,
  req: http.IncomingMessage,
  res: http.ServerResponse,
): Promise<void> {
  const path = (req.url ?? '/').split('?')[0];
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    return sendJson(res, 405, { message: `${req.method} is not allowed; use GET.` });
  }
  if (path === '/health') return sendJson(res, 200, { status: 'ok' });
  if (path === '/ready') {
    const ready = await readinessAnswer(opts.checks, opts.details);
    const retry: Record<string, string> =
      ready.statusCode === 503 ? { 'retry-after': String(READY_RETRY_AFTER_SECONDS) } : {};
    return sendJson(res, ready.statusCode, ready.body, retry);
  }
  if (path === '/metrics' && opts.metricsEnabled) {
    if (!metricsAuthorized(opts.metricsToken, req.headers.authorization)) {
      res.setHeader('www-authenticate', 'Bearer');
      return sendJson(res, 401, {
        message: 'GET /metrics needs Authorization: Bearer <IMPRINT_METRICS_TOKEN>.',
      });
    }
    const { contentType, text } = await opts.metrics.exposition();
    res.writeHead(200, { 'content-type': contentType });
    res.end(text);
    return;
  }
  sendJson(res, 404, {
    message: `No route ${path} on the worker port (/health, /ready, /metrics).`,
  });
}

/** Starts listening; rejects when the port cannot be bound. */
export async function startWorkerHttp(opts: WorkerHttpOptions): Promise<WorkerHttp> {
  const server = http.createServer((req, res) => {
    answer(opts, req, res).catch((err: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { message: 'internal error' });
      else res.destroy(err instanceof Error ? err : undefined);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
