/**
 * Composition root: the only place that picks adapters (database, storage, queue) from the
 * config and wires them into the ports the API and the workers use.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { databaseStartError, type Config } from './config.ts';
import type { Services } from './core/services.ts';
import { buildApp } from './api/app.ts';
import { LocalBlobStorage } from './storage/local/local-blob-storage.ts';
import {
  openDatabase,
  pingDatabase,
  type Database,
  type DatabaseTarget,
} from './store/database.ts';
import { migrateToLatest } from './store/migrations/index.ts';
import { SqlProjectRepository } from './store/project-repository.ts';
import { SqlTemplateRepository } from './store/template-repository.ts';
import { SqlCollectionRepository } from './store/collection-repository.ts';
import { SqlFontRepository } from './store/font-repository.ts';
import { SqlGenerationRepository } from './store/generation-repository.ts';
import { GenerationService } from './core/generation/generation-service.ts';
import type { JobQueue } from './queue/job-queue.ts';
import { LocalJobQueue } from './queue/local/local-job-queue.ts';
import { BullMqJobQueue } from './queue/bullmq/bullmq-job-queue.ts';
import { RenderPool } from './worker/render-pool.ts';
import { AssetFetcher } from './net/asset-fetcher.ts';
import { transferToS3 } from './storage/transfer/s3-transfer.ts';
import { SqlWebhookRepository } from './store/webhook-repository.ts';
import { WebhookDispatcher } from './webhooks/webhook-dispatcher.ts';

/** A wired process: database, services and (when asked for) the HTTP app. */
export interface Runtime {
  config: Config;
  db: Database;
  services: Services;
  /** The job queue (embedded in the database, or BullMQ when REDIS_URL is set). */
  queue: JobQueue;
  /** Worker threads that render (started on first use). */
  renderPool: RenderPool;
  /** Closes the app (if built) and the database. */
  close(): Promise<void>;
}

/** The queue and render pool of a process. */
export interface JobPlumbing {
  queue: JobQueue;
  renderPool: RenderPool;
}

/** Picks the queue adapter from the config and makes the render pool (threads start lazily). */
export function createJobPlumbing(db: Database, config: Config): JobPlumbing {
  const queue = config.redisUrl
    ? new BullMqJobQueue({ url: config.redisUrl, prefix: config.redisPrefix })
    : new LocalJobQueue(db);
  return { queue, renderPool: new RenderPool(config.renderThreads) };
}

/** The database target of a config. */
export function databaseTarget(config: Config): DatabaseTarget {
  return config.database.kind === 'sqlite'
    ? { kind: 'sqlite', file: config.database.file }
    : { kind: 'postgres', url: config.database.url };
}

/** Builds the services on an open, migrated database. */
export function createServices(
  db: Database,
  config: Config,
  jobs: JobPlumbing = createJobPlumbing(db, config),
): Services {
  const services: Omit<Services, 'generation'> = {
    projects: new SqlProjectRepository(db),
    templates: new SqlTemplateRepository(db),
    collections: new SqlCollectionRepository(db),
    fonts: new SqlFontRepository(db),
    storage: new LocalBlobStorage(path.join(config.dataDir, 'files')),
    webhooks: new WebhookDispatcher(new SqlWebhookRepository(db), {
      allowPrivate: config.allowPrivateUrls,
      retryBaseMs: config.webhookRetryBaseMs,
    }),
    ping: () => pingDatabase(db),
  };
  return { ...services, generation: createGenerationService(services, db, config, jobs) };
}

/** The image/PDF use cases wired to the store, the render pool, fetcher, storage and queue. */
function createGenerationService(
  services: Omit<Services, 'generation'>,
  db: Database,
  config: Config,
  jobs: JobPlumbing,
): GenerationService {
  const allowPrivate = config.allowPrivateUrls;
  return new GenerationService({
    repo: new SqlGenerationRepository(db),
    templates: services.templates,
    fonts: services.fonts,
    assets: new AssetFetcher({
      allowPrivate,
      timeoutMs: config.fetchTimeoutMs,
      maxBytes: config.fetchMaxBytes,
    }),
    renderer: jobs.renderPool,
    storage: services.storage,
    transfer: (t, bytes, contentType) => transferToS3(t, bytes, contentType, { allowPrivate }),
    webhooks: services.webhooks,
    queue: jobs.queue,
    publicUrl: config.publicUrl,
    createNowLimit: config.createNowLimit,
  });
}

/**
 * Starts processing jobs in this process (what `imprint serve` does unless told otherwise, and
 * what `imprint worker` does): the queue consumer running render jobs, and the recovery of
 * renders whose process died. Returns a function that stops it.
 */
export function startJobProcessing(
  runtime: Runtime,
  concurrency = runtime.config.queueConcurrency,
): () => Promise<void> {
  const { generation } = runtime.services;
  runtime.queue.consume((job) => generation.handleJob(job), { concurrency });
  generation.startRecovery();
  // Deliveries are durable in the database; every processing process helps send them.
  runtime.services.webhooks.start();
  return async () => {
    await runtime.queue.close();
  };
}

/** Opens and migrates the database and builds the services. */
export async function createRuntime(
  config: Config,
  target: DatabaseTarget = databaseTarget(config),
): Promise<Runtime> {
  let db: ReturnType<typeof openDatabase> | undefined;
  try {
    db = openDatabase(target);
    await migrateToLatest(db);
  } catch (err) {
    await db?.destroy().catch(() => undefined);
    // An unreachable or unusable database is a setting to fix: name the variable.
    throw databaseStartError(config, err) ?? err;
  }
  const jobs = createJobPlumbing(db, config);
  const services = createServices(db, config, jobs);
  return {
    config,
    db,
    services,
    ...jobs,
    close: async () => {
      // The queue first: it waits for running render jobs, which still need their claims renewed.
      await jobs.queue.close();
      await services.generation.close();
      await services.webhooks.stop();
      await jobs.renderPool.close();
      await db.destroy();
    },
  };
}

/** Builds the HTTP app of a runtime. */
export async function createHttpApp(runtime: Runtime, logger = true): Promise<FastifyInstance> {
  return buildApp({
    services: runtime.services,
    config: runtime.config,
    logger: logger ? { level: runtime.config.logLevel } : false,
  });
}
