/**
 * `imprint worker`: processes queued jobs (renders, webhook deliveries) without serving HTTP, so
 * operators can run many `imprint serve` (with IMPRINT_RUN_JOBS=0 if they like) and
 * `imprint worker` processes against one PostgreSQL database and, optionally, one Redis.
 */
import type { Command } from 'commander';
import { pino } from 'pino';
import { ConfigError, loadConfig, redactUrl, type Config } from '../config.ts';
import { createRuntime, startJobProcessing, type ShutdownStep } from '../main.ts';
import { announceNewDatabase } from './new-database-notice.ts';
import { startWorkerHttp, type WorkerHttp } from '../worker/worker-http.ts';
import { installShutdown } from './graceful-shutdown.ts';
import { checkSharedSetup } from './start-checks.ts';
import { processLoggerOptions } from '../api/log-redaction.ts';

/** How a worker describes its set-up in its first log line. */
export function describeWorker(config: Config, concurrency: number): string {
  const queue = config.redisUrl
    ? `BullMQ on ${redactUrl(config.redisUrl)}, prefix ${config.redisPrefix}`
    : `embedded queue in ${config.database.kind === 'sqlite' ? config.database.file : redactUrl(config.database.url)}`;
  const s = config.storage;
  const files =
    s.kind === 's3' ? `files in s3://${s.bucket}/${s.prefix}` : `files in ${config.dataDir}/files`;
  return `Imprint worker processing jobs (${queue}; ${files}; ${concurrency} jobs at once, ${config.renderThreads} render threads)`;
}

function parseConcurrency(raw: string): number {
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < 1 || n > 10_000) {
    throw new Error(`--concurrency: expected a whole number from 1 to 10000, got "${raw}"`);
  }
  return n;
}

/** Registers `worker`. */
export function registerWorkerCommand(program: Command): void {
  program
    .command('worker')
    .description(
      'Process queued jobs without the HTTP API (DATABASE_URL, REDIS_URL, IMPRINT_QUEUE_CONCURRENCY, IMPRINT_RENDER_THREADS, …).',
    )
    .option(
      '--concurrency <n>',
      'jobs this process runs at once (default: IMPRINT_QUEUE_CONCURRENCY)',
      parseConcurrency,
    )
    .action(async (opts: { concurrency?: number }) => {
      const config = loadConfig();
      for (const warning of checkSharedSetup(config, 'worker')) console.warn(`imprint: ${warning}`);
      const log = pino(processLoggerOptions(config.logLevel));
      const runtime = await createRuntime(config, undefined, {
        log,
        processMetrics: true,
        onNewDatabase: announceNewDatabase,
      });
      const concurrency = opts.concurrency ?? config.queueConcurrency;
      let port: WorkerHttp | null = null;
      installShutdown({
        log,
        timeoutMs: config.shutdownTimeoutMs,
        // The health port stays up while jobs drain, so /metrics shows the drain.
        steps: (): ShutdownStep[] => [
          ...runtime.closeSteps(),
          ...(port ? [{ name: 'worker HTTP port', run: () => port!.close() }] : []),
        ],
      });
      if (config.workerPort !== null) {
        try {
          port = await startWorkerHttp({
            port: config.workerPort,
            host: config.host,
            checks: runtime.services.readinessChecks,
            details: runtime.services.readinessDetails,
            metrics: runtime.metrics,
            metricsEnabled: config.metricsEnabled,
            metricsToken: config.metricsToken,
          });
        } catch (err) {
          await runtime.close();
          const reason = err instanceof Error ? err.message : String(err);
          throw new ConfigError('IMPRINT_WORKER_PORT', `cannot listen on it: ${reason}`);
        }
      }
      startJobProcessing(runtime, concurrency);
      const started =
        describeWorker(config, concurrency) +
        (port ? `; /health, /ready and /metrics on port ${port.port}` : '');
      // For the person starting it, whatever LOG_LEVEL says (stderr, outside the JSON stream).
      console.error(started);
      log.info({ concurrency, worker_port: port?.port ?? null }, started);
    });
}
