/**
 * `imprint worker`: processes queued jobs (renders, webhook deliveries) without serving HTTP, so
 * operators can run many `imprint serve` (with IMPRINT_RUN_JOBS=0 if they like) and
 * `imprint worker` processes against one PostgreSQL database and, optionally, one Redis.
 */
import type { Command } from 'commander';
import { loadConfig, redactUrl, type Config } from '../config.ts';
import { createRuntime, startJobProcessing } from '../main.ts';

/** How a worker describes its set-up in its first log line. */
export function describeWorker(config: Config, concurrency: number): string {
  const queue = config.redisUrl
    ? `BullMQ on ${redactUrl(config.redisUrl)}, prefix ${config.redisPrefix}`
    : `embedded queue in ${config.database.kind === 'sqlite' ? config.database.file : redactUrl(config.database.url)}`;
  return `Imprint worker processing jobs (${queue}; ${concurrency} jobs at once, ${config.renderThreads} render threads)`;
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
      const runtime = await createRuntime(config);
      const concurrency = opts.concurrency ?? config.queueConcurrency;
      startJobProcessing(runtime, concurrency);
      let stopping = false;
      const shutdown = async (signal: string) => {
        if (stopping) {
          // A second signal: the operator does not want to wait for running jobs.
          console.error(`imprint worker: ${signal} again, exiting without waiting`);
          process.exit(130);
        }
        stopping = true;
        console.log(`imprint worker: ${signal}, finishing running jobs…`);
        await runtime.close();
        process.exit(0);
      };
      process.on('SIGINT', () => void shutdown('SIGINT'));
      process.on('SIGTERM', () => void shutdown('SIGTERM'));
      console.log(describeWorker(config, concurrency));
    });
}
