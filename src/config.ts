/**
 * One schema for every environment setting, validated at boot and frozen.
 * A bad value stops the start with a message naming the variable (see ConfigError).
 * This module imports nothing from src: every other module receives the Config it needs.
 */
import os from 'node:os';
import path from 'node:path';
import ipaddr from 'ipaddr.js';

/** Thrown when an environment variable has a value the service cannot use. */
export class ConfigError extends Error {
  readonly variable: string;
  constructor(variable: string, message: string) {
    super(`Invalid ${variable}: ${message}`);
    this.variable = variable;
    this.name = 'ConfigError';
  }
}

/** The video settings (IMPRINT_VIDEO_*), documented in docs/videos.md. */
export interface VideoConfig {
  /** Longest output in seconds (IMPRINT_VIDEO_MAX_SECONDS). */
  readonly maxSeconds: number;
  /** Largest downloaded video, audio or SRT file in bytes (IMPRINT_VIDEO_MAX_SOURCE_BYTES). */
  readonly maxSourceBytes: number;
  /** Longest source video or audio in seconds (IMPRINT_VIDEO_MAX_SOURCE_SECONDS). */
  readonly maxSourceSeconds: number;
  /** Time limit of one source download in ms (IMPRINT_VIDEO_FETCH_TIMEOUT_MS). */
  readonly fetchTimeoutMs: number;
  /** Video jobs composing at once in this process (IMPRINT_VIDEO_CONCURRENCY). */
  readonly concurrency: number;
  /** Seconds a clip without video or audio lasts (IMPRINT_VIDEO_CLIP_SECONDS). */
  readonly clipSeconds: number;
  /** Wall-clock limit of each ffmpeg/ffprobe run in ms (IMPRINT_VIDEO_FFMPEG_TIMEOUT_MS). */
  readonly ffmpegTimeoutMs: number;
  /** ffmpeg's -threads (IMPRINT_VIDEO_FFMPEG_THREADS). */
  readonly ffmpegThreads: number;
  /** How long create_now waits for a video before answering the queued object (IMPRINT_VIDEO_CREATE_NOW_WAIT_MS). */
  readonly createNowWaitMs: number;
  /** The ffmpeg executable (IMPRINT_VIDEO_FFMPEG, default `ffmpeg` on PATH). */
  readonly ffmpeg: string;
  /** The ffprobe executable (IMPRINT_VIDEO_FFPROBE, default `ffprobe` on PATH). */
  readonly ffprobe: string;
}

/** The validated, frozen settings of one process. */
export interface Config {
  /** TCP port of the HTTP API (PORT). */
  readonly port: number;
  /** Interface the HTTP API binds to (HOST). */
  readonly host: string;
  /** Folder for the embedded database and local files (IMPRINT_DATA_DIR). */
  readonly dataDir: string;
  /**
   * Database connection: a sqlite file path or a postgres:// URL (DATABASE_URL). A sqlite file
   * outside the data folder must be in an existing folder (checked when the database opens).
   */
  readonly database:
    | { readonly kind: 'sqlite'; readonly file: string }
    | { readonly kind: 'postgres'; readonly url: string };
  /** Base of every absolute URL the API returns, without trailing slash (IMPRINT_PUBLIC_URL). */
  readonly publicUrl: string;
  /** IMPRINT_PUBLIC_URL was set (not the localhost default); a worker needs it. */
  readonly publicUrlSet: boolean;
  /** Where stored files live (IMPRINT_STORAGE and IMPRINT_S3_*). */
  readonly storage: StorageConfig;
  /** File URLs in API objects are `<this>/<key>` (a public bucket or CDN); IMPRINT_FILES_BASE_URL. */
  readonly filesBaseUrl: string | null;
  /** GET /files/<key> redirects to a presigned URL valid this many seconds (IMPRINT_S3_PRESIGN). */
  readonly s3PresignSeconds: number | null;
  /** Finished files are deleted after this many days; null keeps them (IMPRINT_FILE_RETENTION_DAYS). */
  readonly fileRetentionDays: number | null;
  /** Redis URL; when set the BullMQ queue is used instead of the embedded one (REDIS_URL). */
  readonly redisUrl: string | null;
  /** Key prefix of the BullMQ queue, so installations can share one Redis (IMPRINT_REDIS_PREFIX). */
  readonly redisPrefix: string;
  /** Largest accepted JSON request body in bytes (IMPRINT_BODY_LIMIT). */
  readonly bodyLimit: number;
  /**
   * Longest time a client may take to send a request's body, counted from its headers
   * (IMPRINT_REQUEST_TIMEOUT_MS); a slower one gets 408 and its connection is closed.
   */
  readonly requestTimeoutMs: number;
  /** Largest accepted font upload in bytes (IMPRINT_FONT_MAX_BYTES). */
  readonly fontMaxBytes: number;
  /** Largest file accepted by POST /api/rest/media, in bytes (IMPRINT_MEDIA_MAX_BYTES). */
  readonly mediaMaxBytes: number;
  /** Days uploaded media are kept before the sweep removes them (IMPRINT_MEDIA_RETENTION_DAYS). */
  readonly mediaRetentionDays: number;
  /**
   * Newest versions kept per template; named, published and pinned ones are kept beyond them
   * (IMPRINT_TEMPLATE_VERSIONS_KEEP).
   */
  readonly templateVersionsKeep: number;
  /** Outbound fetches may reach private, loopback and link-local addresses (IMPRINT_ALLOW_PRIVATE_URLS=1). */
  readonly allowPrivateUrls: boolean;
  /** Screenshots of web pages in picture layers, where jobs run (IMPRINT_SCREENSHOTS, default on). */
  readonly screenshots: {
    enabled: boolean;
    /** The Chromium executable (IMPRINT_CHROMIUM_PATH). */
    chromiumPath: string;
    /** Pages shot at once, one browser context each (IMPRINT_SCREENSHOT_CONTEXTS). */
    contexts: number;
    /** Longest time for one page, load and shot (IMPRINT_SCREENSHOT_TIMEOUT_MS). */
    timeoutMs: number;
    /** How long a screenshot is reused, in ms (IMPRINT_SCREENSHOT_CACHE_SECONDS). */
    cacheTtlMs: number;
  };
  /** Simultaneous create_now renders before 429 (IMPRINT_CREATE_NOW_LIMIT). */
  readonly createNowLimit: number;
  /** Videos (POST /videos, docs/videos.md): limits and the ffmpeg runs' bounds. */
  readonly video: VideoConfig;
  /** Requests per minute per token; 0 turns the rate limit off (IMPRINT_RATE_LIMIT). */
  readonly rateLimitPerMinute: number;
  /** Template previews per minute per token; 0 turns their limit off (IMPRINT_PREVIEW_RATE_LIMIT). */
  readonly previewRateLimitPerMinute: number;
  /** Lifetime in hours of a token made from an editor sign-in link (IMPRINT_EDITOR_SESSION_HOURS). */
  readonly editorSessionHours: number;
  /** Editor sign-in attempts per minute per client address (IMPRINT_EDITOR_SIGNIN_RATE_LIMIT). */
  readonly editorSignInRateLimitPerMinute: number;
  /** Render worker threads (IMPRINT_RENDER_THREADS); default: the number of cores. */
  readonly renderThreads: number;
  /**
   * Pixels the renders of one process may hold in memory at once (IMPRINT_RENDER_MAX_PIXELS_IN_FLIGHT);
   * a render waits for budget rather than exceed it, one larger than all of it runs alone.
   */
  readonly renderMaxPixelsInFlight: number;
  /** V8 heap limit of one render thread in MB (IMPRINT_RENDER_THREAD_HEAP_MB); native pixels are outside it. */
  readonly renderThreadHeapMb: number;
  /** Time limit of one render or merge in a render thread, in ms (IMPRINT_RENDER_TIMEOUT_MS). */
  readonly renderTimeoutMs: number;
  /** Most pages a merged PDF may have (IMPRINT_MERGE_MAX_PAGES). */
  readonly mergeMaxPages: number;
  /** Time limit of one outbound download in ms (IMPRINT_FETCH_TIMEOUT_MS). */
  readonly fetchTimeoutMs: number;
  /** Size limit of one outbound download in bytes (IMPRINT_FETCH_MAX_BYTES). */
  readonly fetchMaxBytes: number;
  /** Downloads one process runs at once, all jobs together (IMPRINT_FETCH_CONCURRENCY). */
  readonly fetchConcurrency: number;
  /** Most distinct picture and SVG URLs one image or PDF may download (IMPRINT_MAX_ASSETS_PER_JOB). */
  readonly maxAssetsPerJob: number;
  /** Budget in bytes of the parsed template designs kept per process (IMPRINT_DESIGN_CACHE_MB). */
  readonly designCacheBytes: number;
  /** Budget in bytes of the stored font files kept per process (IMPRINT_FONT_CACHE_MB). */
  readonly fontCacheBytes: number;
  /** Budget in bytes of the downloaded pictures and PDFs kept per process (IMPRINT_DOWNLOAD_CACHE_MB). */
  readonly downloadCacheBytes: number;
  /** First webhook retry delay in ms; later ones grow exponentially (IMPRINT_WEBHOOK_RETRY_BASE_MS). */
  readonly webhookRetryBaseMs: number;
  /**
   * Jobs one process runs at once, downloads included (IMPRINT_QUEUE_CONCURRENCY); default:
   * renderThreads × 4. Only renderThreads × 2 of them render at once (the render slots), so jobs
   * waiting for slow picture servers never hold a render slot.
   */
  readonly queueConcurrency: number;
  /**
   * Most jobs of one project one process runs at once (IMPRINT_PROJECT_JOB_SHARE); null: half
   * of the process's queue concurrency, rounded up. The rest stays free for other projects.
   */
  readonly projectJobShare: number | null;
  /** `imprint serve` also processes jobs (IMPRINT_RUN_JOBS, default 1); 0 = API only. */
  readonly runJobs: boolean;
  /**
   * Key shared by every process that encrypts transfer credentials while their job waits in the
   * database or queue (IMPRINT_SECRET_KEY, at least 32 characters); null = credentials stay in
   * the memory of the process that accepted them.
   */
  readonly secretKey: string | null;
  /**
   * Origins whose browser pages may call the API (IMPRINT_CORS_ORIGINS, comma-separated, e.g.
   * `https://app.example.com`); empty = CORS off, so browsers allow same-origin calls only.
   */
  readonly corsOrigins: readonly string[];
  /** Log level of the HTTP server (LOG_LEVEL). */
  readonly logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /**
   * Which proxies' X-Forwarded-* headers are believed (IMPRINT_TRUST_PROXY), in Fastify's
   * `trustProxy` terms: false (default), true (every hop), a hop count, or addresses/CIDRs.
   */
  readonly trustProxy: boolean | number | string[];
  /** How long SIGTERM/SIGINT wait for requests and jobs before exiting anyway (IMPRINT_SHUTDOWN_TIMEOUT_MS). */
  readonly shutdownTimeoutMs: number;
  /** Port of `imprint worker`'s /health, /ready and /metrics; null: none (IMPRINT_WORKER_PORT). */
  readonly workerPort: number | null;
  /** GET /metrics is served (IMPRINT_METRICS, default 1). */
  readonly metricsEnabled: boolean;
  /** When set, GET /metrics needs `Authorization: Bearer <token>` (IMPRINT_METRICS_TOKEN). */
  readonly metricsToken: string | null;
}

/** The storage adapter and its settings. */
export type StorageConfig =
  | { readonly kind: 'local' }
  | {
      readonly kind: 's3';
      readonly bucket: string;
      readonly region: string | null;
      readonly endpoint: string | null;
      /** Empty, or ending in "/". */
      readonly prefix: string;
      readonly forcePathStyle: boolean;
    };

type Env = Record<string, string | undefined>;

function intVar(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  if (!/^\d+$/.test(raw.trim()))
    throw new ConfigError(name, `expected a whole number, got "${raw}"`);
  const value = Number(raw.trim());
  if (value < min || value > max) {
    throw new ConfigError(name, `expected a number from ${min} to ${max}, got ${value}`);
  }
  return value;
}

function boolVar(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const v = raw.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(v)) return true;
  if (['0', 'false', 'no', 'off'].includes(v)) return false;
  throw new ConfigError(name, `expected 1/0, true/false, yes/no or on/off, got "${raw}"`);
}

/**
 * A public URL as the server uses it (IMPRINT_PUBLIC_URL's rule): an http(s) URL, kept without
 * trailing slash. `name` is what a message names (the variable, or a CLI flag giving the same).
 */
export function publicUrlValue(raw: string, name = 'IMPRINT_PUBLIC_URL'): string {
  const url = urlVar({ [name]: raw }, name, ['http:', 'https:']);
  if (url === null) throw new ConfigError(name, 'expected a http: or https: URL, got nothing');
  return url.replace(/\/+$/, '');
}

function urlVar(env: Env, name: string, protocols: string[]): string | null {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return null;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new ConfigError(name, `expected a URL, got "${raw}"`);
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(name, `expected a ${protocols.join(' or ')} URL, got "${raw}"`);
  }
  return raw.trim();
}

function databaseVar(env: Env, dataDir: string): Config['database'] {
  const raw = env.DATABASE_URL?.trim();
  if (!raw) return { kind: 'sqlite', file: path.join(dataDir, 'imprint.sqlite') };
  if (/^postgres(ql)?:\/\//.test(raw)) {
    urlVar(env, 'DATABASE_URL', ['postgres:', 'postgresql:']);
    return { kind: 'postgres', url: raw };
  }
  if (raw.startsWith('sqlite:')) {
    const file = raw.replace(/^sqlite:(\/\/)?/, '');
    if (!file)
      throw new ConfigError(
        'DATABASE_URL',
        'sqlite: needs a file path, e.g. sqlite:./data/imprint.sqlite',
      );
    return { kind: 'sqlite', file: file === ':memory:' ? file : path.resolve(file) };
  }
  throw new ConfigError('DATABASE_URL', `expected postgres://… or sqlite:<file>, got "${raw}"`);
}

function redisPrefixVar(env: Env): string {
  const raw = env.IMPRINT_REDIS_PREFIX?.trim() || 'imprint';
  // BullMQ joins keys with ':'; a prefix is a plain name.
  if (!/^[A-Za-z0-9_.-]{1,64}$/.test(raw)) {
    throw new ConfigError(
      'IMPRINT_REDIS_PREFIX',
      `expected 1–64 letters, digits, '_', '.' or '-', got "${raw}"`,
    );
  }
  return raw;
}

/**
 * Default pixel budget: 100 megapixels, the largest single raster output, so that one runs
 * without waiting for an empty budget; at the peak memory per megapixel that `npm run
 * bench:memory` measures, the renders it admits fit a 2 GB process with up to 4 render threads
 * (figures: docs/limits.md, "Memory").
 */
export const DEFAULT_MAX_PIXELS_IN_FLIGHT = 100_000_000;

function storageVar(env: Env): StorageConfig {
  const kind = env.IMPRINT_STORAGE?.trim().toLowerCase() || 'local';
  if (kind === 'local') return { kind: 'local' };
  if (kind !== 's3') {
    throw new ConfigError('IMPRINT_STORAGE', `expected local or s3, got "${env.IMPRINT_STORAGE}"`);
  }
  const bucket = env.IMPRINT_S3_BUCKET?.trim() ?? '';
  // The S3 bucket naming rules, loosened a little for S3-compatible servers.
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{1,254}$/.test(bucket)) {
    throw new ConfigError(
      'IMPRINT_S3_BUCKET',
      bucket
        ? `expected a bucket name (letters, digits, ".", "_", "-"), got "${bucket}"`
        : 'IMPRINT_STORAGE=s3 needs the bucket name',
    );
  }
  const region = env.IMPRINT_S3_REGION?.trim() || null;
  if (region !== null && !/^[A-Za-z0-9-]{1,64}$/.test(region)) {
    throw new ConfigError('IMPRINT_S3_REGION', `expected a region like eu-west-1, got "${region}"`);
  }
  const endpoint = urlVar(env, 'IMPRINT_S3_ENDPOINT', ['http:', 'https:']);
  const rawPrefix = env.IMPRINT_S3_PREFIX?.trim() ?? '';
  const trimmed = rawPrefix.replace(/^\/+|\/+$/g, '');
  const badSegment = trimmed.split('/').some((seg) => seg === '.' || seg === '..');
  if (
    trimmed &&
    (badSegment || trimmed.length > 256 || !/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/.test(trimmed))
  ) {
    throw new ConfigError(
      'IMPRINT_S3_PREFIX',
      `expected up to 256 characters of "/"-separated letters, digits, ".", "_" and "-" (no "." or ".." parts), got "${rawPrefix}"`,
    );
  }
  return {
    kind: 's3',
    bucket,
    region,
    endpoint,
    prefix: trimmed ? `${trimmed}/` : '',
    // Self-hosted servers rarely have a DNS name per bucket; AWS prefers virtual hosts.
    forcePathStyle: boolVar(env, 'IMPRINT_S3_FORCE_PATH_STYLE', endpoint !== null),
  };
}

/** Shortest IMPRINT_SECRET_KEY: 32 characters (e.g. `openssl rand -base64 32` gives 44). */
export const SECRET_KEY_MIN_LENGTH = 32;

function secretKeyVar(env: Env): string | null {
  const raw = env.IMPRINT_SECRET_KEY;
  if (raw === undefined || raw.trim() === '') return null;
  const key = raw.trim();
  // The value itself never goes into the message: it is a secret.
  if (key.length < SECRET_KEY_MIN_LENGTH) {
    throw new ConfigError(
      'IMPRINT_SECRET_KEY',
      `expected at least ${SECRET_KEY_MIN_LENGTH} characters (e.g. the output of "openssl rand -base64 32"), got ${key.length}`,
    );
  }
  return key;
}

/** Names proxy-addr (Fastify's trustProxy) accepts for address ranges. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function trustProxyVar(env: Env): Config['trustProxy'] {
  const raw = env.IMPRINT_TRUST_PROXY?.trim() ?? '';
  const lower = raw.toLowerCase();
  if (['', '0', 'false', 'no', 'off'].includes(lower)) return false;
  if (['true', 'yes', 'on', 'all'].includes(lower)) return true;
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops > 100)
      throw new ConfigError('IMPRINT_TRUST_PROXY', `expected at most 100 hops, got ${hops}`);
    return hops;
  }
  const entries = raw.split(',').map((e) => e.trim());
  for (const e of entries) {
    const ok = PROXY_RANGE_NAMES.includes(e) || ipaddr.isValid(e) || ipaddr.isValidCIDR(e);
    if (!ok) {
      throw new ConfigError(
        'IMPRINT_TRUST_PROXY',
        `expected 0/1, true/false, a hop count, or comma-separated IP addresses, CIDR ranges, loopback, linklocal or uniquelocal; "${e}" is none of these`,
      );
    }
  }
  return entries;
}

function workerPortVar(env: Env): number | null {
  const raw = env.IMPRINT_WORKER_PORT;
  if (raw === undefined || raw.trim() === '') return null;
  return intVar(env, 'IMPRINT_WORKER_PORT', 0, 1, 65535);
}

/** IMPRINT_CORS_ORIGINS: a comma-separated list of http(s) origins (scheme, host, optional port). */
function corsOriginsVar(env: Env): string[] {
  const raw = env.IMPRINT_CORS_ORIGINS ?? '';
  const origins: string[] = [];
  for (const item of raw.split(',')) {
    const given = item.trim();
    if (given === '') continue;
    let origin: string | undefined;
    try {
      const url = new URL(given);
      if (['http:', 'https:'].includes(url.protocol)) origin = url.origin;
    } catch {
      origin = undefined;
    }
    // An origin has no path, query or credentials: "https://app.example.com", not ".../app".
    if (origin === undefined || origin.toLowerCase() !== given.replace(/\/$/, '').toLowerCase()) {
      throw new ConfigError(
        'IMPRINT_CORS_ORIGINS',
        `expected comma-separated origins like "https://app.example.com", got "${given}"`,
      );
    }
    if (!origins.includes(origin)) origins.push(origin);
  }
  return origins;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const MB = 1024 * 1024;

/** Reads and validates the settings from an environment (process.env by default). */
export function loadConfig(env: Env = process.env): Config {
  // Not 0: that binds a random port no client is told about, and the default public URL
  // (and every link in answers) would point at localhost:0.
  const port = intVar(env, 'PORT', 3000, 1, 65535);
  const host = env.HOST?.trim() || '0.0.0.0';
  const dataDir = path.resolve(env.IMPRINT_DATA_DIR?.trim() || './data');
  const givenPublicUrl = env.IMPRINT_PUBLIC_URL?.trim()
    ? publicUrlValue(env.IMPRINT_PUBLIC_URL)
    : null;
  const publicUrl = givenPublicUrl ?? `http://localhost:${port}`;
  const storage = storageVar(env);
  const filesBaseUrl =
    urlVar(env, 'IMPRINT_FILES_BASE_URL', ['http:', 'https:'])?.replace(/\/+$/, '') ?? null;
  // Seven days is the longest a SigV4 presigned URL can live.
  const presign = intVar(env, 'IMPRINT_S3_PRESIGN', 0, 0, 604_800) || null;
  if (presign !== null && storage.kind !== 's3') {
    throw new ConfigError('IMPRINT_S3_PRESIGN', 'presigned URLs need IMPRINT_STORAGE=s3');
  }
  if (presign !== null && filesBaseUrl !== null) {
    throw new ConfigError(
      'IMPRINT_S3_PRESIGN',
      'set either IMPRINT_S3_PRESIGN or IMPRINT_FILES_BASE_URL, not both',
    );
  }
  const logLevel = (env.LOG_LEVEL?.trim() || 'info') as Config['logLevel'];
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(
      'LOG_LEVEL',
      `expected one of ${LOG_LEVELS.join(', ')}, got "${env.LOG_LEVEL}"`,
    );
  }
  const renderThreads = intVar(
    env,
    'IMPRINT_RENDER_THREADS',
    Math.max(1, os.availableParallelism()),
    1,
    256,
  );
  return Object.freeze({
    port,
    host,
    dataDir,
    database: Object.freeze(databaseVar(env, dataDir)),
    publicUrl,
    publicUrlSet: givenPublicUrl !== null,
    storage: Object.freeze(storage),
    filesBaseUrl,
    s3PresignSeconds: presign,
    fileRetentionDays: intVar(env, 'IMPRINT_FILE_RETENTION_DAYS', 0, 0, 36_500) || null,
    redisUrl: urlVar(env, 'REDIS_URL', ['redis:', 'rediss:']),
    redisPrefix: redisPrefixVar(env),
    bodyLimit: intVar(env, 'IMPRINT_BODY_LIMIT', 5 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
    requestTimeoutMs: intVar(env, 'IMPRINT_REQUEST_TIMEOUT_MS', 300_000, 1_000, 3_600_000),
    fontMaxBytes: intVar(env, 'IMPRINT_FONT_MAX_BYTES', 20 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
    mediaMaxBytes: intVar(
      env,
      'IMPRINT_MEDIA_MAX_BYTES',
      25 * 1024 * 1024,
      1024,
      1024 * 1024 * 1024,
    ),
    mediaRetentionDays: intVar(env, 'IMPRINT_MEDIA_RETENTION_DAYS', 30, 1, 3650),
    templateVersionsKeep: intVar(env, 'IMPRINT_TEMPLATE_VERSIONS_KEEP', 200, 1, 1_000_000),
    allowPrivateUrls: boolVar(env, 'IMPRINT_ALLOW_PRIVATE_URLS', false),
    screenshots: Object.freeze({
      enabled: boolVar(env, 'IMPRINT_SCREENSHOTS', true),
      chromiumPath: env.IMPRINT_CHROMIUM_PATH?.trim() || '/usr/bin/chromium',
      contexts: intVar(env, 'IMPRINT_SCREENSHOT_CONTEXTS', 2, 1, 32),
      timeoutMs: intVar(env, 'IMPRINT_SCREENSHOT_TIMEOUT_MS', 20_000, 1000, 300_000),
      cacheTtlMs: intVar(env, 'IMPRINT_SCREENSHOT_CACHE_SECONDS', 300, 0, 86_400) * 1000,
    }),
    createNowLimit: intVar(env, 'IMPRINT_CREATE_NOW_LIMIT', 10, 1, 10000),
    video: Object.freeze({
      maxSeconds: intVar(env, 'IMPRINT_VIDEO_MAX_SECONDS', 180, 1, 3600),
      maxSourceBytes: intVar(
        env,
        'IMPRINT_VIDEO_MAX_SOURCE_BYTES',
        200 * 1024 * 1024,
        1024,
        10 * 1024 * 1024 * 1024,
      ),
      maxSourceSeconds: intVar(env, 'IMPRINT_VIDEO_MAX_SOURCE_SECONDS', 600, 1, 36_000),
      fetchTimeoutMs: intVar(env, 'IMPRINT_VIDEO_FETCH_TIMEOUT_MS', 120_000, 100, 3_600_000),
      concurrency: intVar(env, 'IMPRINT_VIDEO_CONCURRENCY', 1, 1, 1000),
      clipSeconds: intVar(env, 'IMPRINT_VIDEO_CLIP_SECONDS', 5, 1, 3600),
      ffmpegTimeoutMs: intVar(env, 'IMPRINT_VIDEO_FFMPEG_TIMEOUT_MS', 600_000, 1000, 86_400_000),
      ffmpegThreads: intVar(env, 'IMPRINT_VIDEO_FFMPEG_THREADS', 2, 1, 256),
      createNowWaitMs: intVar(env, 'IMPRINT_VIDEO_CREATE_NOW_WAIT_MS', 30_000, 0, 600_000),
      ffmpeg: env.IMPRINT_VIDEO_FFMPEG?.trim() || 'ffmpeg',
      ffprobe: env.IMPRINT_VIDEO_FFPROBE?.trim() || 'ffprobe',
    }),
    rateLimitPerMinute: intVar(env, 'IMPRINT_RATE_LIMIT', 0, 0, 1_000_000),
    previewRateLimitPerMinute: intVar(env, 'IMPRINT_PREVIEW_RATE_LIMIT', 600, 0, 1_000_000),
    editorSessionHours: intVar(env, 'IMPRINT_EDITOR_SESSION_HOURS', 12, 1, 720),
    editorSignInRateLimitPerMinute: intVar(env, 'IMPRINT_EDITOR_SIGNIN_RATE_LIMIT', 20, 1, 10_000),
    renderThreads,
    renderMaxPixelsInFlight: intVar(
      env,
      'IMPRINT_RENDER_MAX_PIXELS_IN_FLIGHT',
      DEFAULT_MAX_PIXELS_IN_FLIGHT,
      1_000_000,
      100_000_000_000,
    ),
    renderThreadHeapMb: intVar(env, 'IMPRINT_RENDER_THREAD_HEAP_MB', 512, 64, 65_536),
    renderTimeoutMs: intVar(env, 'IMPRINT_RENDER_TIMEOUT_MS', 120_000, 100, 3_600_000),
    mergeMaxPages: intVar(env, 'IMPRINT_MERGE_MAX_PAGES', 2000, 2, 1_000_000),
    fetchTimeoutMs: intVar(env, 'IMPRINT_FETCH_TIMEOUT_MS', 15_000, 100, 600_000),
    fetchMaxBytes: intVar(
      env,
      'IMPRINT_FETCH_MAX_BYTES',
      25 * 1024 * 1024,
      1024,
      1024 * 1024 * 1024,
    ),
    fetchConcurrency: intVar(env, 'IMPRINT_FETCH_CONCURRENCY', 32, 1, 10_000),
    maxAssetsPerJob: intVar(env, 'IMPRINT_MAX_ASSETS_PER_JOB', 100, 1, 100_000),
    designCacheBytes: intVar(env, 'IMPRINT_DESIGN_CACHE_MB', 64, 1, 65_536) * MB,
    fontCacheBytes: intVar(env, 'IMPRINT_FONT_CACHE_MB', 64, 1, 65_536) * MB,
    downloadCacheBytes: intVar(env, 'IMPRINT_DOWNLOAD_CACHE_MB', 128, 1, 65_536) * MB,
    webhookRetryBaseMs: intVar(env, 'IMPRINT_WEBHOOK_RETRY_BASE_MS', 10_000, 1, 3_600_000),
    queueConcurrency: intVar(env, 'IMPRINT_QUEUE_CONCURRENCY', renderThreads * 4, 1, 10_000),
    projectJobShare: intVar(env, 'IMPRINT_PROJECT_JOB_SHARE', 0, 1, 10_000) || null,
    runJobs: boolVar(env, 'IMPRINT_RUN_JOBS', true),
    secretKey: secretKeyVar(env),
    corsOrigins: Object.freeze(corsOriginsVar(env)),
    logLevel,
    trustProxy: trustProxyVar(env),
    shutdownTimeoutMs: intVar(env, 'IMPRINT_SHUTDOWN_TIMEOUT_MS', 30_000, 0, 3_600_000),
    workerPort: workerPortVar(env),
    metricsEnabled: boolVar(env, 'IMPRINT_METRICS', true),
    metricsToken: env.IMPRINT_METRICS_TOKEN?.trim() || null,
  });
}

/** Socket errors that mean the database server could not be reached. */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/** A connection URL with its password masked, safe to print. */
export function redactUrl(raw: string): string {
  try {
    const url = new URL(raw);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return '<unparseable URL>';
  }
}

/**
 * The ConfigError for a database that cannot be opened at start (server unreachable, login or
 * database refused, SQLite file or folder unusable), naming the variable to fix; undefined for
 * any other error. Without it the start stopped with a bare "connect ECONNREFUSED 127.0.0.1:1".
 */
export function databaseStartError(config: Config, err: unknown): ConfigError | undefined {
  const e = (err ?? {}) as { code?: unknown; message?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  const reason = typeof e.message === 'string' && e.message ? e.message : code || String(err);
  const db = config.database;
  if (db.kind === 'postgres') {
    // SQLSTATE classes 08 (connection), 28 (authorization) and 3D000 (no such database).
    const refused = UNREACHABLE.has(code) || /^(08|28)/.test(code) || code === '3D000';
    const noCode = !code && /connect|timeout|terminated/i.test(reason);
    if (!refused && !noCode) return undefined;
    return new ConfigError('DATABASE_URL', `cannot use ${redactUrl(db.url)}: ${reason}`);
  }
  if (!/^(E[A-Z]+$|SQLITE_(CANTOPEN|READONLY|NOTADB|PERM|IOERR))/.test(code)) return undefined;
  const inDataDir = db.file === path.join(config.dataDir, 'imprint.sqlite');
  return new ConfigError(
    inDataDir ? 'IMPRINT_DATA_DIR' : 'DATABASE_URL',
    `cannot open the SQLite database ${db.file}: ${reason}`,
  );
}
