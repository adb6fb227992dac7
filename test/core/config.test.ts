import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../../src/config.ts';

describe('config', () => {
  it('has embedded defaults', () => {
    const c = loadConfig({});
    assert.equal(c.port, 3000);
    assert.equal(c.publicUrl, 'http://localhost:3000');
    assert.equal(c.dataDir, path.resolve('./data'));
    assert.deepEqual(c.database, { kind: 'sqlite', file: path.resolve('./data/imprint.sqlite') });
    assert.equal(c.rateLimitPerMinute, 0);
    assert.equal(c.createNowLimit, 10);
    assert.equal(c.mediaMaxBytes, 25 * 1024 * 1024);
    assert.equal(c.mediaRetentionDays, 30);
    assert.equal(c.renderMaxPixelsInFlight, 100_000_000);
    assert.equal(c.renderThreadHeapMb, 512);
    assert.equal(c.renderTimeoutMs, 120_000);
    assert.equal(c.mergeMaxPages, 2000);
    assert.ok(Object.isFrozen(c));
  });

  it('reads the media size limit and retention', () => {
    const c = loadConfig({ IMPRINT_MEDIA_MAX_BYTES: '4096', IMPRINT_MEDIA_RETENTION_DAYS: '7' });
    assert.equal(c.mediaMaxBytes, 4096);
    assert.equal(c.mediaRetentionDays, 7);
  });

  it('reads the memory, time and merge bounds', () => {
    const c = loadConfig({
      IMPRINT_RENDER_MAX_PIXELS_IN_FLIGHT: '50000000',
      IMPRINT_RENDER_THREAD_HEAP_MB: '1024',
      IMPRINT_RENDER_TIMEOUT_MS: '30000',
      IMPRINT_MERGE_MAX_PAGES: '500',
    });
    assert.equal(c.renderMaxPixelsInFlight, 50_000_000);
    assert.equal(c.renderThreadHeapMb, 1024);
    assert.equal(c.renderTimeoutMs, 30_000);
    assert.equal(c.mergeMaxPages, 500);
  });

  it('bounds picture downloads: 100 distinct URLs a job and 32 downloads at once by default', () => {
    const d = loadConfig({});
    assert.equal(d.maxAssetsPerJob, 100);
    assert.equal(d.fetchConcurrency, 32);
    const c = loadConfig({ IMPRINT_MAX_ASSETS_PER_JOB: '500', IMPRINT_FETCH_CONCURRENCY: '8' });
    assert.equal(c.maxAssetsPerJob, 500);
    assert.equal(c.fetchConcurrency, 8);
  });

  it('limits template previews to 600 per minute per token unless told otherwise', () => {
    assert.equal(loadConfig({}).previewRateLimitPerMinute, 600);
    assert.equal(loadConfig({ IMPRINT_PREVIEW_RATE_LIMIT: '0' }).previewRateLimitPerMinute, 0);
    assert.equal(loadConfig({ IMPRINT_PREVIEW_RATE_LIMIT: '30' }).previewRateLimitPerMinute, 30);
  });

  it('follows PORT in the default public URL and strips a trailing slash', () => {
    assert.equal(loadConfig({ PORT: '8080' }).publicUrl, 'http://localhost:8080');
    assert.equal(
      loadConfig({ IMPRINT_PUBLIC_URL: 'https://img.example.com/' }).publicUrl,
      'https://img.example.com',
    );
  });

  it('switches to PostgreSQL with DATABASE_URL', () => {
    assert.deepEqual(loadConfig({ DATABASE_URL: 'postgres://u@h:5432/db' }).database, {
      kind: 'postgres',
      url: 'postgres://u@h:5432/db',
    });
  });

  for (const [variable, value] of [
    ['PORT', 'abc'],
    ['PORT', '70000'],
    // Port 0 binds a random port that nothing is told about; links would say localhost:0.
    ['PORT', '0'],
    ['DATABASE_URL', 'mysql://x'],
    ['IMPRINT_PUBLIC_URL', 'not a url'],
    ['IMPRINT_ALLOW_PRIVATE_URLS', 'maybe'],
    ['LOG_LEVEL', 'loud'],
    ['IMPRINT_RATE_LIMIT', '-1'],
    ['IMPRINT_PREVIEW_RATE_LIMIT', '-1'],
    ['IMPRINT_PREVIEW_RATE_LIMIT', 'fast'],
    ['IMPRINT_MEDIA_MAX_BYTES', '10'],
    ['IMPRINT_MEDIA_MAX_BYTES', 'big'],
    ['IMPRINT_MEDIA_RETENTION_DAYS', '0'],
    ['IMPRINT_MEDIA_RETENTION_DAYS', '1.5'],
    ['IMPRINT_RENDER_MAX_PIXELS_IN_FLIGHT', '999999'],
    ['IMPRINT_RENDER_MAX_PIXELS_IN_FLIGHT', 'lots'],
    ['IMPRINT_RENDER_THREAD_HEAP_MB', '10'],
    ['IMPRINT_RENDER_TIMEOUT_MS', '50'],
    ['IMPRINT_MERGE_MAX_PAGES', '1'],
    ['IMPRINT_MERGE_MAX_PAGES', '2.5'],
    ['IMPRINT_MAX_ASSETS_PER_JOB', '0'],
    ['IMPRINT_MAX_ASSETS_PER_JOB', 'many'],
    ['IMPRINT_FETCH_CONCURRENCY', '0'],
    ['IMPRINT_FETCH_CONCURRENCY', '2.5'],
    ['IMPRINT_SECRET_KEY', 'too-short-to-be-a-key'],
    ['IMPRINT_TRUST_PROXY', 'maybe'],
    ['IMPRINT_TRUST_PROXY', '10.0.0.0/8,proxy.example'],
    ['IMPRINT_TRUST_PROXY', '101'],
    ['IMPRINT_SHUTDOWN_TIMEOUT_MS', '-5'],
    ['IMPRINT_SHUTDOWN_TIMEOUT_MS', 'soon'],
    ['IMPRINT_WORKER_PORT', '0'],
    ['IMPRINT_WORKER_PORT', '99999'],
    ['IMPRINT_METRICS', 'sometimes'],
  ] as const) {
    it(`refuses ${variable}=${value} naming the variable`, () => {
      assert.throws(
        () => loadConfig({ [variable]: value }),
        (err: unknown) =>
          err instanceof ConfigError && err.variable === variable && err.message.includes(variable),
      );
    });
  }

  it('stores files on the local disk by default, keeping them forever', () => {
    const c = loadConfig({});
    assert.deepEqual(c.storage, { kind: 'local' });
    assert.equal(c.filesBaseUrl, null);
    assert.equal(c.s3PresignSeconds, null);
    assert.equal(c.fileRetentionDays, null);
    assert.equal(c.publicUrlSet, false);
    assert.equal(loadConfig({ IMPRINT_PUBLIC_URL: 'https://a.example' }).publicUrlSet, true);
    assert.equal(loadConfig({ IMPRINT_FILE_RETENTION_DAYS: '0' }).fileRetentionDays, null);
    assert.equal(loadConfig({ IMPRINT_FILE_RETENTION_DAYS: '30' }).fileRetentionDays, 30);
  });

  it('reads the S3 storage settings', () => {
    const aws = loadConfig({ IMPRINT_STORAGE: 's3', IMPRINT_S3_BUCKET: 'renders' });
    assert.deepEqual(aws.storage, {
      kind: 's3',
      bucket: 'renders',
      region: null,
      endpoint: null,
      prefix: '',
      forcePathStyle: false,
    });
    const minio = loadConfig({
      IMPRINT_STORAGE: 'S3',
      IMPRINT_S3_BUCKET: 'renders',
      IMPRINT_S3_REGION: 'eu-central-1',
      IMPRINT_S3_ENDPOINT: 'http://minio:9000',
      IMPRINT_S3_PREFIX: '/imprint/prod/',
      IMPRINT_S3_PRESIGN: '900',
    });
    assert.deepEqual(minio.storage, {
      kind: 's3',
      bucket: 'renders',
      region: 'eu-central-1',
      endpoint: 'http://minio:9000',
      prefix: 'imprint/prod/',
      // An endpoint means a self-hosted server: path-style unless told otherwise.
      forcePathStyle: true,
    });
    assert.equal(minio.s3PresignSeconds, 900);
    const vhost = loadConfig({
      IMPRINT_STORAGE: 's3',
      IMPRINT_S3_BUCKET: 'renders',
      IMPRINT_S3_ENDPOINT: 'https://r2.example.com',
      IMPRINT_S3_FORCE_PATH_STYLE: '0',
    });
    assert.equal(vhost.storage.kind === 's3' && vhost.storage.forcePathStyle, false);
    assert.equal(
      loadConfig({ IMPRINT_FILES_BASE_URL: 'https://cdn.example.com/r/' }).filesBaseUrl,
      'https://cdn.example.com/r',
    );
  });

  const s3 = { IMPRINT_STORAGE: 's3', IMPRINT_S3_BUCKET: 'renders' };
  for (const [variable, env] of [
    ['IMPRINT_STORAGE', { IMPRINT_STORAGE: 'gcs' }],
    ['IMPRINT_S3_BUCKET', { IMPRINT_STORAGE: 's3' }],
    ['IMPRINT_S3_BUCKET', { IMPRINT_STORAGE: 's3', IMPRINT_S3_BUCKET: 'bad bucket' }],
    ['IMPRINT_S3_REGION', { ...s3, IMPRINT_S3_REGION: 'eu west' }],
    ['IMPRINT_S3_ENDPOINT', { ...s3, IMPRINT_S3_ENDPOINT: 'minio:9000' }],
    ['IMPRINT_S3_ENDPOINT', { ...s3, IMPRINT_S3_ENDPOINT: 'ftp://minio' }],
    ['IMPRINT_S3_PREFIX', { ...s3, IMPRINT_S3_PREFIX: 'a/../b' }],
    ['IMPRINT_S3_PREFIX', { ...s3, IMPRINT_S3_PREFIX: 'with space' }],
    ['IMPRINT_S3_FORCE_PATH_STYLE', { ...s3, IMPRINT_S3_FORCE_PATH_STYLE: 'sometimes' }],
    ['IMPRINT_S3_PRESIGN', { ...s3, IMPRINT_S3_PRESIGN: 'soon' }],
    ['IMPRINT_S3_PRESIGN', { ...s3, IMPRINT_S3_PRESIGN: '604801' }],
    ['IMPRINT_S3_PRESIGN', { IMPRINT_S3_PRESIGN: '60' }],
    [
      'IMPRINT_S3_PRESIGN',
      { ...s3, IMPRINT_S3_PRESIGN: '60', IMPRINT_FILES_BASE_URL: 'https://cdn.example.com' },
    ],
    ['IMPRINT_FILES_BASE_URL', { IMPRINT_FILES_BASE_URL: 'cdn.example.com' }],
    ['IMPRINT_FILE_RETENTION_DAYS', { IMPRINT_FILE_RETENTION_DAYS: '-3' }],
    ['IMPRINT_FILE_RETENTION_DAYS', { IMPRINT_FILE_RETENTION_DAYS: '1.5' }],
    ['IMPRINT_CORS_ORIGINS', { IMPRINT_CORS_ORIGINS: '*' }],
    ['IMPRINT_CORS_ORIGINS', { IMPRINT_CORS_ORIGINS: 'app.example.com' }],
    ['IMPRINT_CORS_ORIGINS', { IMPRINT_CORS_ORIGINS: 'https://app.example.com/path' }],
    ['IMPRINT_CORS_ORIGINS', { IMPRINT_CORS_ORIGINS: 'ftp://files.example.com' }],
  ] as const) {
    it(`refuses ${JSON.stringify(env)} naming ${variable}`, () => {
      assert.throws(
        () => loadConfig(env),
        (err: unknown) =>
          err instanceof ConfigError && err.variable === variable && err.message.includes(variable),
      );
    });
  }

  it('reads IMPRINT_CORS_ORIGINS as a list of origins (none by default: CORS off)', () => {
    assert.deepEqual(loadConfig({}).corsOrigins, []);
    assert.deepEqual(loadConfig({ IMPRINT_CORS_ORIGINS: ' ' }).corsOrigins, []);
    assert.deepEqual(
      loadConfig({
        IMPRINT_CORS_ORIGINS:
          'https://App.Example.com/, http://localhost:5173,,https://app.example.com',
      }).corsOrigins,
      ['https://app.example.com', 'http://localhost:5173'],
    );
  });
  it('reads IMPRINT_SECRET_KEY (none by default) and never echoes a bad one', () => {
    assert.equal(loadConfig({}).secretKey, null);
    const key = 'k'.repeat(32);
    assert.equal(loadConfig({ IMPRINT_SECRET_KEY: ` ${key} ` }).secretKey, key);
    assert.throws(
      () => loadConfig({ IMPRINT_SECRET_KEY: 'short-secret-value' }),
      (err: unknown) =>
        err instanceof ConfigError &&
        /at least 32 characters/.test(err.message) &&
        !err.message.includes('short-secret-value'),
    );
  });

  it('has operations defaults: no proxy trusted, 30 s shutdown, no worker port, open metrics', () => {
    const c = loadConfig({});
    assert.equal(c.trustProxy, false);
    assert.equal(c.shutdownTimeoutMs, 30_000);
    assert.equal(c.workerPort, null);
    assert.equal(c.metricsEnabled, true);
    assert.equal(c.metricsToken, null);
  });

  it('reads IMPRINT_TRUST_PROXY as off, all hops, a hop count or an address list', () => {
    const trust = (v: string) => loadConfig({ IMPRINT_TRUST_PROXY: v }).trustProxy;
    assert.equal(trust('0'), false);
    assert.equal(trust('off'), false);
    assert.equal(trust('true'), true);
    assert.equal(trust('1'), 1);
    assert.equal(trust('2'), 2);
    assert.deepEqual(trust('10.0.0.0/8, 127.0.0.1,loopback, ::1'), [
      '10.0.0.0/8',
      '127.0.0.1',
      'loopback',
      '::1',
    ]);
  });

  it('reads the worker port, shutdown timeout and metrics settings', () => {
    const c = loadConfig({
      IMPRINT_WORKER_PORT: '9464',
      IMPRINT_SHUTDOWN_TIMEOUT_MS: '5000',
      IMPRINT_METRICS: '0',
      IMPRINT_METRICS_TOKEN: ' s3cret ',
    });
    assert.equal(c.workerPort, 9464);
    assert.equal(c.shutdownTimeoutMs, 5000);
    assert.equal(c.metricsEnabled, false);
    assert.equal(c.metricsToken, 's3cret');
  });
});
