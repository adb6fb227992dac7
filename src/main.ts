/**
 * Composition root: the only place that picks adapters (database, storage, queue) from the
 * config and wires them into the ports the API and the workers use.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { pino, type Logger } from 'pino';
import { ConfigError, databaseStartError, type Config } from './config.ts';
import type { Services } from './core/services.ts';
import type { BlobStorage } from './core/ports/blob-storage.ts';
import { LocalBlobStorage } from './storage/local/local-blob-storage.ts';
import { S3BlobStorage } from './storage/s3/s3-blob-storage.ts';
import { FileSweeps } from './core/generation/file-sweeps.ts';
import { VIDEO_JOB_KIND } from './core/generation/claim-recovery.ts';
import { sweepStaleVideoWorkDirs } from './core/generation/video-work-dirs.ts';
import { PixelBudget } from './core/generation/pixel-budget.ts';
import {
  isPostgres,
  openDatabase,
  pingDatabase,
  type Database,
  type DatabaseTarget,
} from './store/database.ts';
import { migrateToLatest } from './store/migrations/index.ts';
import { SqlProjectStore } from './store/sql-project-store.ts';
import { SqlTemplateStore } from './store/sql-template-store.ts';
import { SqlTemplateVersionStore } from './store/sql-template-version-store.ts';
import { VersionedDesigns } from './core/template-version-use-cases.ts';
import { SqlCollectionStore } from './store/sql-collection-store.ts';
import { SqlFontStore } from './store/sql-font-store.ts';
import { SqlBrandKitStore } from './store/sql-brand-kit-store.ts';
import { SqlColorProfileStore } from './store/sql-color-profile-store.ts';
import { SqlRenderRowStore } from './store/sql-render-row-store.ts';
import { sqlGenerationStores, SqlIdempotencyKeyStore } from './store/sql-generation-stores.ts';
import { SqlFileRetentionStore } from './store/sql-file-retention-store.ts';
import type { GenerationService } from './core/generation/generation-service.ts';
import type { VideoComposer } from './core/ports/video-composer.ts';
import { UrlImageService } from './core/url-api/url-image-service.ts';
import { SqlUrlApiStore } from './store/sql-url-api-store.ts';
import type { JobQueue } from './core/ports/job-queue.ts';
import type { PageScreenshots } from './core/ports/page-screenshots.ts';
import { PicturesAndPages } from './core/generation/picture-or-page.ts';
import { LocalJobQueue } from './queue/local/local-job-queue.ts';
import type { RenderPool } from './worker/render-pool.ts';
import { RENDER_CACHE_NAMES } from './render/index.ts';
import { PreviewService } from './core/generation/preview-service.ts';
import { FontChecker } from './worker/font-checker.ts';
import { listenForJobs } from './store/job-notifications.ts';
import { SqlRateCounter } from './store/sql-rate-counter.ts';
import { RedisRateCounter } from './store/redis-rate-counter.ts';
import { SqlWebhookStore } from './store/sql-webhook-store.ts';
import {
  sealStoredSecrets,
  storedSecretSealer,
  unreadableSecretsMessage,
} from './store/sealed-secrets.ts';
import { SqlMediaStore } from './store/sql-media-store.ts';
import { MediaService } from './core/media.ts';
import { WebhookDispatcher } from './webhooks/webhook-dispatcher.ts';
import type { Metrics } from './core/ports/metrics.ts';
import { PrometheusMetrics } from './metrics/prometheus-metrics.ts';
import { countedStorage, timedRenderer } from './metrics/instrument-ports.ts';
import { observedJobHandler } from './worker/observed-job-handler.ts';

// The heavy modules (the rendering engine, BullMQ, the AWS SDK, undici, Fastify) are imported
// when a process first needs them, so CLI commands that only touch the database start fast.

/** A wired process: database, services and (when asked for) the HTTP app. */
export interface Runtime {
  config: Config;
  db: Database;
  services: Services;
  /** The job queue (embedded in the database, or BullMQ when REDIS_URL is set). */
  queue: JobQueue;
  /** Worker threads that render (started on first use). */
  renderPool: RenderPool;
  /** The orphan and retention sweeps of stored files (started with job processing). */
  fileSweeps: FileSweeps;
  /** The child process that reads font files (started on first use). */
  fontChecker: FontChecker;
  /** Screenshots of web pages (Chromium started on first use, where jobs run). */
  screenshots: PageScreenshots;
  /** The process's JSON logger (pino); silent unless createRuntime was given one. */
  log: Logger;
  /** The process's metrics registry, served at GET /metrics. */
  metrics: Metrics;
  /** What close() does, step by step, for a shutdown that logs what it waits for. */
  closeSteps(): ShutdownStep[];
  /** Stops job processing, waits for running work, and closes the database. */
  close(): Promise<void>;
}

/** One thing a shutdown waits for: a name for the log and the work. */
export interface ShutdownStep {
  name: string;
  run(): Promise<unknown>;
}

/** The logger and metrics every adapter of a process reports to. */
interface Observability {
  log: Logger;
  metrics: Metrics;
}

/** The queue, render pool, font checker, screenshot browser and video composer of a process. */
export interface JobPlumbing {
  queue: JobQueue;
  renderPool: RenderPool;
  fontChecker: FontChecker;
  /** Chromium where jobs run and screenshots are on (started on first use), else unavailable. */
  screenshots: PageScreenshots;
  /** ffmpeg (src/video/): composes video jobs; its availability is in /ready's details. */
  videoComposer: VideoComposer;
}

/**
 * Picks the queue adapter from the config and makes the render pool and the font checker (their
 * threads and child process start lazily).
 */
export async function createJobPlumbing(
  db: Database,
  config: Config,
  log: Logger,
  target: DatabaseTarget = databaseTarget(config),
): Promise<JobPlumbing> {
  const [{ RenderPool }, { FfmpegVideoComposer }] = await Promise.all([
    import('./worker/render-pool.ts'),
    import('./video/index.ts'),
  ]);
  const onError = (err: unknown, job?: { id: string; kind: string }) =>
    log.error({ err, job_id: job?.id, kind: job?.kind }, job ? 'job error' : 'queue error');
  // On PostgreSQL, consumers are woken by other processes' enqueues (LISTEN/NOTIFY).
  const listen =
    target.kind === 'postgres'
      ? (wake: () => void) =>
          listenForJobs(target, wake, (err) =>
            log.error({ err }, 'job queue: listening for new jobs failed'),
          )
      : undefined;
  let queue: JobQueue;
  if (config.redisUrl) {
    const { BullMqJobQueue } = await import('./queue/bullmq/bullmq-job-queue.ts');
    queue = new BullMqJobQueue({ url: config.redisUrl, prefix: config.redisPrefix, onError });
  } else queue = new LocalJobQueue(db, { onError, listen });
  const renderPool = new RenderPool(config.renderThreads, {
    taskTimeoutMs: config.renderTimeoutMs,
    heapMb: config.renderThreadHeapMb,
  });
  const videoComposer = new FfmpegVideoComposer({
    ffmpeg: config.video.ffmpeg,
    ffprobe: config.video.ffprobe,
  });
  return {
    queue,
    renderPool,
    fontChecker: new FontChecker(),
    screenshots: await createScreenshots(config),
    videoComposer,
  };
}

/**
 * Chromium in the processes that run jobs (serve with in-process rendering, worker); an API-only
 * process, or IMPRINT_SCREENSHOTS=0, fails screenshot layers with the reason instead.
 */
async function createScreenshots(config: Config): Promise<PageScreenshots> {
  const { UnavailableScreenshots } = await import('./screenshots/unavailable-screenshots.ts');
  if (!config.screenshots.enabled) {
    return new UnavailableScreenshots('they are turned off (IMPRINT_SCREENSHOTS=0)');
  }
  if (!config.runJobs) {
    return new UnavailableScreenshots('this process runs no jobs (IMPRINT_RUN_JOBS=0)');
  }
  const { ChromiumScreenshots } = await import('./screenshots/chromium-screenshots.ts');
  return new ChromiumScreenshots({ ...config.screenshots, allowPrivate: config.allowPrivateUrls });
}

/** Picks the storage adapter from the config: local disk or an S3-protocol bucket. */
export function createBlobStorage(config: Config): BlobStorage {
  if (config.storage.kind === 's3') return new S3BlobStorage(config.storage);
  return new LocalBlobStorage(path.join(config.dataDir, 'files'));
}

/** The database target of a config. */
export function databaseTarget(config: Config): DatabaseTarget {
  if (config.database.kind === 'postgres') return { kind: 'postgres', url: config.database.url };
  const file = config.database.file;
  // Only the data folder (IMPRINT_DATA_DIR or ./data) is created on a first start.
  return { kind: 'sqlite', file, createFolder: path.dirname(file) === config.dataDir };
}

/** Builds the services on an open, migrated database. */
export async function createServices(
  db: Database,
  config: Config,
  jobs: JobPlumbing,
  obs: Observability,
): Promise<Services> {
  const webhookLog = obs.log.child({ component: 'webhooks' });
  // Webhook and URL-signing secrets are stored sealed with IMPRINT_SECRET_KEY when it is set.
  const secretSealer = storedSecretSealer(config.secretKey);
  const storage = countedStorage(createBlobStorage(config), obs.metrics);
  const templates = new SqlTemplateStore(db, { designCacheBytes: config.designCacheBytes });
  const templateVersions = new SqlTemplateVersionStore(db, templates, {
    designCacheBytes: config.designCacheBytes,
  });
  const fonts = new SqlFontStore(db, { fontCacheBytes: config.fontCacheBytes });
  const colorProfiles = new SqlColorProfileStore(db);
  obs.metrics.watchCache('designs', () => templates.designCacheStats());
  obs.metrics.watchCache('font_files', () => fonts.fontCacheStats());
  obs.metrics.watchCache('color_profiles', () => colorProfiles.cacheStats());
  obs.metrics.watchCache('render_thread_assets', () => jobs.renderPool.assetCacheStats());
  for (const name of RENDER_CACHE_NAMES) {
    obs.metrics.watchCache(name, () => jobs.renderPool.threadCacheStats(name));
  }
  const services: Omit<Services, 'generation' | 'urlImages' | 'previews'> = {
    projects: new SqlProjectStore(db),
    templates,
    templateVersions,
    templateVersionsKeep: config.templateVersionsKeep,
    versionedDesigns: new VersionedDesigns(templates, templateVersions),
    collections: new SqlCollectionStore(db),
    fonts,
    colorProfiles,
    brandKits: new SqlBrandKitStore(db),
    fontInspector: jobs.fontChecker,
    storage,
    media: new MediaService({
      repo: new SqlMediaStore(db),
      storage,
      publicUrl: config.publicUrl,
      maxBytes: config.mediaMaxBytes,
      retentionDays: config.mediaRetentionDays,
    }),
    webhooks: new WebhookDispatcher(new SqlWebhookStore(db, secretSealer), {
      allowPrivate: config.allowPrivateUrls,
      retryBaseMs: config.webhookRetryBaseMs,
      onError: (err) => webhookLog.error({ err }, 'webhook dispatcher error'),
      onAttempt: (attempt) => {
        obs.metrics.webhookAttempt(attempt.outcome);
        // A receiver that fails is worth a warning; the secret and the body are never logged.
        const level = attempt.outcome === 'succeeded' ? 'info' : 'warn';
        webhookLog[level](attempt, 'webhook attempt');
      },
    }),
    readinessChecks: {
      database: () => pingDatabase(db),
      ...(config.redisUrl ? { redis: () => jobs.queue.ping() } : {}),
    },
    readinessDetails: async () => {
      const video = await jobs.videoComposer.availability();
      const why = jobs.screenshots.unavailableReason();
      return {
        video: video.available
          ? 'available'
          : `unavailable: ${video.detail ?? 'ffmpeg cannot run'}`,
        screenshots: why ? `unavailable: ${why}` : 'available',
      };
    },
    rateCounter: config.redisUrl
      ? new RedisRateCounter(config.redisUrl, config.redisPrefix)
      : new SqlRateCounter(db),
  };
  const generation = await createGenerationService(services, db, config, jobs, obs);
  const urlImages = new UrlImageService({
    store: new SqlUrlApiStore(db, secretSealer),
    projects: services.projects,
    templates: services.versionedDesigns,
    generation,
    images: new SqlRenderRowStore(db),
    storage: services.storage,
  });
  const previews = new PreviewService({
    render: generation.renderContext,
    templates: services.templates,
    versions: services.templateVersions,
    storage: services.storage,
    publicUrl: config.publicUrl,
    filesBaseUrl: config.filesBaseUrl,
  });
  return { ...services, generation, urlImages, previews };
}

/**
 * Without IMPRINT_SECRET_KEY a transfer can only be run by the process that accepted it. That
 * is refused where this process does not run jobs, or where the set-up is meant for several
 * processes (PostgreSQL or Redis): a restart or deploy of this process would fail the transfer.
 */
export function inMemoryTransfersPossible(config: Config, db: Database): boolean {
  return config.runJobs && !isPostgres(db) && !config.redisUrl;
}

/** The image/PDF use cases wired to the store, the render pool, fetcher, storage and queue. */
async function createGenerationService(
  services: Omit<Services, 'generation' | 'urlImages' | 'previews'>,
  db: Database,
  config: Config,
  jobs: JobPlumbing,
  obs: Observability,
): Promise<GenerationService> {
  const [
    { GenerationService },
    { AssetFetcher },
    { transferToS3 },
    { refusedDestination },
    { FileMediaDownloader },
  ] = await Promise.all([
    import('./core/generation/generation-service.ts'),
    import('./net/asset-fetcher.ts'),
    import('./storage/transfer/s3-transfer.ts'),
    import('./net/destination-check.ts'),
    import('./net/media-download.ts'),
  ]);
  const allowPrivate = config.allowPrivateUrls;
  const fetcher = new AssetFetcher({
    allowPrivate,
    timeoutMs: config.fetchTimeoutMs,
    maxBytes: config.fetchMaxBytes,
    cacheMaxBytes: config.downloadCacheBytes,
    // Imprint's own file and media URLs are read from storage, never fetched over HTTP.
    ownFiles: { publicUrl: config.publicUrl, storage: services.storage },
    // The pixel budget's FIFO semaphore, counting downloads instead of pixels.
    slots: new PixelBudget(config.fetchConcurrency),
  });
  obs.metrics.watchCache('downloads', () => fetcher.cacheStats());
  // Web pages in picture layers are shot in the browser, in the same fetch stage.
  const assets = new PicturesAndPages(fetcher, jobs.screenshots);
  return new GenerationService({
    stores: sqlGenerationStores(db),
    templates: services.versionedDesigns,
    fonts: services.fonts,
    colorProfiles: services.colorProfiles,
    fontInspector: services.fontInspector,
    assets,
    renderer: timedRenderer(jobs.renderPool, obs.metrics),
    storage: services.storage,
    transfer: (t, bytes, contentType) => transferToS3(t, bytes, contentType, { allowPrivate }),
    refusedDestination: (url) => refusedDestination(url, { allowPrivate }),
    webhooks: services.webhooks,
    queue: jobs.queue,
    publicUrl: config.publicUrl,
    filesBaseUrl: config.filesBaseUrl,
    secretKey: config.secretKey,
    inMemoryTransfers: inMemoryTransfersPossible(config, db),
    createNowLimit: config.createNowLimit,
    // Enough jobs in their render stage to keep every thread busy while others store files.
    renderSlots: config.renderThreads * 2,
    maxPixelsInFlight: config.renderMaxPixelsInFlight,
    mergeMaxPages: config.mergeMaxPages,
    maxAssetsPerJob: config.maxAssetsPerJob,
    video: {
      composer: jobs.videoComposer,
      downloader: new FileMediaDownloader({
        allowPrivate,
        ownFiles: { publicUrl: config.publicUrl, storage: services.storage },
      }),
      limits: {
        maxSeconds: config.video.maxSeconds,
        maxSourceSeconds: config.video.maxSourceSeconds,
        processTimeoutMs: config.video.ffmpegTimeoutMs,
        threads: config.video.ffmpegThreads,
      },
      maxSourceBytes: config.video.maxSourceBytes,
      fetchTimeoutMs: config.video.fetchTimeoutMs,
      clipSeconds: config.video.clipSeconds,
      concurrency: config.video.concurrency,
      createNowWaitMs: config.video.createNowWaitMs,
    },
    log: obs.log.child({ component: 'generation' }),
    metrics: obs.metrics,
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
  void sweepStaleVideoWorkDirs().then((names) => {
    if (names.length > 0) {
      runtime.log.info(
        { folders: names },
        'removed the job folders of video jobs whose process died',
      );
    }
  });
  const handler = observedJobHandler(
    (job) => generation.handleJob(job),
    runtime.log.child({ component: 'jobs' }),
    runtime.metrics,
  );
  runtime.queue.consume(handler, {
    concurrency,
    groupLimit: projectJobShare(runtime.config, concurrency),
    kindLimits: { [VIDEO_JOB_KIND]: videoJobShare(runtime.config, concurrency) },
  });
  generation.startRecovery();
  // Deliveries are durable in the database; every processing process helps send them.
  runtime.services.webhooks.start();
  // Expired media are removed where jobs run, so an API-only process stays light.
  runtime.services.media.start();
  runtime.fileSweeps.start();
  return async () => {
    runtime.services.media.stop();
    await runtime.queue.close();
  };
}

/**
 * Most video jobs a process runs at once: IMPRINT_VIDEO_CONCURRENCY, but always leaving one of
 * its queue slots to images and PDFs when it has more than one, so videos cannot starve them.
 */
export function videoJobShare(config: Config, concurrency: number): number {
  return Math.max(1, Math.min(config.video.concurrency, concurrency - 1));
}

/**
 * Most jobs of one project a process runs at once: IMPRINT_PROJECT_JOB_SHARE, by default half of
 * its queue concurrency (rounded up), never more than that concurrency.
 */
export function projectJobShare(config: Config, concurrency: number): number {
  return Math.min(concurrency, config.projectJobShare ?? Math.ceil(concurrency / 2));
}

/** How a process reports: its logger and whether Node's process metrics are collected. */
export interface RuntimeOptions {
  /** The JSON logger of the process; default: silent (CLI commands and tests). */
  log?: Logger;
  /** Add Node's process metrics (CPU, memory, event loop) to /metrics; default false. */
  processMetrics?: boolean;
  /** Called with the absolute path when this start created a new SQLite file. */
  onNewDatabase?: (file: string) => void;
  /**
   * Start even when stored secrets do not open with IMPRINT_SECRET_KEY (CLI commands, so that
   * `imprint webhook rotate` can replace them); default false: serve and worker refuse to start.
   */
  allowUnreadableSecrets?: boolean;
}

/** Opens and migrates the database and builds the services. */
export async function createRuntime(
  config: Config,
  target: DatabaseTarget = databaseTarget(config),
  opts: RuntimeOptions = {},
): Promise<Runtime> {
  const log = opts.log ?? pino({ level: 'silent' });
  let db: ReturnType<typeof openDatabase> | undefined;
  // Known before opening, since opening creates the file.
  const newFile =
    target.kind === 'sqlite' && target.file !== ':memory:' && !fs.existsSync(target.file)
      ? path.resolve(target.file)
      : undefined;
  try {
    db = openDatabase(target);
    await migrateToLatest(db);
    if (newFile) opts.onNewDatabase?.(newFile);
  } catch (err) {
    await db?.destroy().catch(() => undefined);
    // An unreachable or unusable database is a setting to fix: name the variable.
    throw databaseStartError(config, err) ?? err;
  }
  await checkStoredSecrets(db, config, log, opts.allowUnreadableSecrets ?? false);
  const jobs = await createJobPlumbing(db, config, log, target);
  const metrics = new PrometheusMetrics({
    queueStats: () => jobs.queue.stats(),
    defaultMetrics: opts.processMetrics ?? false,
  });
  const services = await createServices(db, config, jobs, { log, metrics });
  const fileSweeps = new FileSweeps({
    retention: new SqlFileRetentionStore(db),
    keys: new SqlIdempotencyKeyStore(db),
    storage: services.storage,
    retentionDays: config.fileRetentionDays,
    log: (message) => log.info(`file sweep: ${message}`),
  });
  const closeSteps = (): ShutdownStep[] => [
    { name: 'file sweeps', run: () => fileSweeps.stop() },
    // The queue first: it waits for running render jobs, which still need their claims renewed.
    { name: 'running jobs', run: () => jobs.queue.close() },
    { name: 'background renders', run: () => services.generation.close() },
    { name: 'previews and thumbnails', run: () => services.previews.idle() },
    { name: 'webhook attempts in flight', run: () => services.webhooks.stop() },
    { name: 'media sweep', run: async () => services.media.stop() },
    { name: 'render threads', run: () => jobs.renderPool.close() },
    { name: 'font checker', run: () => jobs.fontChecker.close() },
    { name: 'screenshot browser', run: () => jobs.screenshots.close() },
    { name: 'rate counter', run: () => services.rateCounter.close() },
    { name: 'database connections', run: () => db.destroy() },
  ];
  return {
    config,
    db,
    services,
    ...jobs,
    fileSweeps,
    log,
    metrics,
    closeSteps,
    close: async () => {
      for (const step of closeSteps()) await step.run();
    },
  };
}

/**
 * Seals the webhook and URL-signing secrets still stored in clear when IMPRINT_SECRET_KEY is set,
 * and stops the start (exit 78 naming the variable) when sealed ones do not open with this
 * process's key: every delivery and signed URL of those projects would fail.
 */
async function checkStoredSecrets(
  db: Database,
  config: Config,
  log: Logger,
  allowUnreadable: boolean,
): Promise<void> {
  try {
    const { sealed, unreadable } = await sealStoredSecrets(
      db,
      storedSecretSealer(config.secretKey),
    );
    if (sealed > 0) log.info({ sealed }, 'sealed stored secrets with IMPRINT_SECRET_KEY');
    if (unreadable.length === 0) return;
    const message = unreadableSecretsMessage(unreadable, config.secretKey !== null);
    if (allowUnreadable) log.warn(`IMPRINT_SECRET_KEY: ${message}`);
    else throw new ConfigError('IMPRINT_SECRET_KEY', message);
  } catch (err) {
    await db.destroy().catch(() => undefined);
    throw err;
  }
}

/** Builds the HTTP app of a runtime. */
export async function createHttpApp(runtime: Runtime, logger = true): Promise<FastifyInstance> {
  const { buildApp } = await import('./api/app.ts');
  return buildApp({
    services: runtime.services,
    config: runtime.config,
    metrics: runtime.metrics,
    ...(logger ? { loggerInstance: runtime.log } : { logger: false }),
  });
}
