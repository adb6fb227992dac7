/**
 * One schema for every environment setting, validated at boot and frozen.
 * A bad value stops the start with a message naming the variable (see ConfigError).
 * This module imports nothing from src: every other module receives the Config it needs.
 */
import os from 'node:os';
import path from 'node:path';

/** Thrown when an environment variable has a value the service cannot use. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`Invalid ${variable}: ${message}`);
    this.name = 'ConfigError';
  }
}

/** The validated, frozen settings of one process. */
export interface Config {
  /** TCP port of the HTTP API (PORT). */
  readonly port: number;
  /** Interface the HTTP API binds to (HOST). */
  readonly host: string;
  /** Folder for the embedded database and local files (IMPRINT_DATA_DIR). */
  readonly dataDir: string;
  /** Database connection: a sqlite file path or a postgres:// URL (DATABASE_URL). */
  readonly database:
    | { readonly kind: 'sqlite'; readonly file: string }
    | { readonly kind: 'postgres'; readonly url: string };
  /** Base of every absolute URL the API returns, without trailing slash (IMPRINT_PUBLIC_URL). */
  readonly publicUrl: string;
  /** Redis URL; when set the BullMQ queue is used instead of the embedded one (REDIS_URL). */
  readonly redisUrl: string | null;
  /** Key prefix of the BullMQ queue, so installations can share one Redis (IMPRINT_REDIS_PREFIX). */
  readonly redisPrefix: string;
  /** Largest accepted JSON request body in bytes (IMPRINT_BODY_LIMIT). */
  readonly bodyLimit: number;
  /** Largest accepted font upload in bytes (IMPRINT_FONT_MAX_BYTES). */
  readonly fontMaxBytes: number;
  /** Outbound fetches may reach private, loopback and link-local addresses (IMPRINT_ALLOW_PRIVATE_URLS=1). */
  readonly allowPrivateUrls: boolean;
  /** Simultaneous create_now renders before 429 (IMPRINT_CREATE_NOW_LIMIT). */
  readonly createNowLimit: number;
  /** Requests per minute per token; 0 turns the rate limit off (IMPRINT_RATE_LIMIT). */
  readonly rateLimitPerMinute: number;
  /** Render worker threads (IMPRINT_RENDER_THREADS); default: the number of cores. */
  readonly renderThreads: number;
  /** Time limit of one outbound download in ms (IMPRINT_FETCH_TIMEOUT_MS). */
  readonly fetchTimeoutMs: number;
  /** Size limit of one outbound download in bytes (IMPRINT_FETCH_MAX_BYTES). */
  readonly fetchMaxBytes: number;
  /** First webhook retry delay in ms; later ones grow exponentially (IMPRINT_WEBHOOK_RETRY_BASE_MS). */
  readonly webhookRetryBaseMs: number;
  /**
   * Jobs one process runs at once (IMPRINT_QUEUE_CONCURRENCY); default: renderThreads × 2, so
   * downloads and uploads of some jobs overlap the renders of others.
   */
  readonly queueConcurrency: number;
  /** `imprint serve` also processes jobs (IMPRINT_RUN_JOBS, default 1); 0 = API only. */
  readonly runJobs: boolean;
  /** Log level of the HTTP server (LOG_LEVEL). */
  readonly logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
}

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

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Reads and validates the settings from an environment (process.env by default). */
export function loadConfig(env: Env = process.env): Config {
  // Not 0: that binds a random port no client is told about, and the default public URL
  // (and every link in answers) would point at localhost:0.
  const port = intVar(env, 'PORT', 3000, 1, 65535);
  const host = env.HOST?.trim() || '0.0.0.0';
  const dataDir = path.resolve(env.IMPRINT_DATA_DIR?.trim() || './data');
  const publicUrl = (
    urlVar(env, 'IMPRINT_PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${port}`
  ).replace(/\/+$/, '');
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
    redisUrl: urlVar(env, 'REDIS_URL', ['redis:', 'rediss:']),
    redisPrefix: redisPrefixVar(env),
    bodyLimit: intVar(env, 'IMPRINT_BODY_LIMIT', 5 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
    fontMaxBytes: intVar(env, 'IMPRINT_FONT_MAX_BYTES', 20 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
    allowPrivateUrls: boolVar(env, 'IMPRINT_ALLOW_PRIVATE_URLS', false),
    createNowLimit: intVar(env, 'IMPRINT_CREATE_NOW_LIMIT', 10, 1, 10000),
    rateLimitPerMinute: intVar(env, 'IMPRINT_RATE_LIMIT', 0, 0, 1_000_000),
    renderThreads,
    fetchTimeoutMs: intVar(env, 'IMPRINT_FETCH_TIMEOUT_MS', 15_000, 100, 600_000),
    fetchMaxBytes: intVar(
      env,
      'IMPRINT_FETCH_MAX_BYTES',
      25 * 1024 * 1024,
      1024,
      1024 * 1024 * 1024,
    ),
    webhookRetryBaseMs: intVar(env, 'IMPRINT_WEBHOOK_RETRY_BASE_MS', 10_000, 1, 3_600_000),
    queueConcurrency: intVar(env, 'IMPRINT_QUEUE_CONCURRENCY', renderThreads * 2, 1, 10_000),
    runJobs: boolVar(env, 'IMPRINT_RUN_JOBS', true),
    logLevel,
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
