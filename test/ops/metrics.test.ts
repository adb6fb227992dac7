/**
 * The metrics registry, the port wrappers that feed it, and GET /metrics on the API (open,
 * behind IMPRINT_METRICS_TOKEN, or off), with the queue gauges read from a real queue.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { metricsAuthorized } from '../../src/core/metrics-authorized.ts';
import { PrometheusMetrics } from '../../src/metrics/prometheus-metrics.ts';
import { countedStorage, timedRenderer } from '../../src/metrics/instrument-ports.ts';
import type { Renderer } from '../../src/core/ports/renderer.ts';
import type { BlobStorage } from '../../src/core/ports/blob-storage.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** The value of one sample line (`name{labels} value`) in an exposition, or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(series + ' '));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

const file = (ext: string) => ({
  bytes: Buffer.from('x'),
  mime: 'application/octet-stream',
  ext,
  width: 1,
  height: 1,
});

describe('PrometheusMetrics', () => {
  it('exposes every Imprint metric under its name and labels', async () => {
    const m = new PrometheusMetrics({ defaultMetrics: false });
    m.request('/api/rest/images/:id', 'GET', 200, 0.01);
    m.request('/api/rest/images/:id', 'GET', 200, 0.02);
    m.job('render', 'finished', 0.5);
    m.job('render', 'error', 0.1);
    m.render('png', 0.2);
    m.webhookAttempt('retry');
    m.storageError('put');
    m.creditsCharged(8);
    m.creditsCharged(1);
    const { contentType, text } = await m.exposition();
    assert.match(contentType, /^text\/plain; version=0\.0\.4/);
    const expect: Array<[string, number]> = [
      ['imprint_http_requests_total{method="GET",route="/api/rest/images/:id",status="200"}', 2],
      ['imprint_http_request_duration_seconds_count{method="GET",route="/api/rest/images/:id"}', 2],
      ['imprint_jobs_total{kind="render",outcome="finished"}', 1],
      ['imprint_jobs_total{kind="render",outcome="error"}', 1],
      ['imprint_job_duration_seconds_count{kind="render",outcome="finished"}', 1],
      ['imprint_render_duration_seconds_count{format="png"}', 1],
      ['imprint_webhook_attempts_total{outcome="retry"}', 1],
      ['imprint_storage_errors_total{operation="put"}', 1],
      ['imprint_credits_charged_total', 9],
    ];
    for (const [series, value] of expect) assert.equal(sample(text, series), value, series);
    // No queue source given: no queue gauges.
    assert.doesNotMatch(text, /imprint_queue_depth/);
  });

  it('reads the queue gauges on each scrape', async () => {
    let stats = { queued: 0, oldestQueuedAt: null as number | null };
    const m = new PrometheusMetrics({ defaultMetrics: false, queueStats: async () => stats });
    let text = (await m.exposition()).text;
    assert.equal(sample(text, 'imprint_queue_depth'), 0);
    assert.equal(sample(text, 'imprint_queue_oldest_job_age_seconds'), 0);
    stats = { queued: 3, oldestQueuedAt: Date.now() - 90_000 };
    text = (await m.exposition()).text;
    assert.equal(sample(text, 'imprint_queue_depth'), 3);
    const age = sample(text, 'imprint_queue_oldest_job_age_seconds')!;
    assert.ok(age >= 90 && age < 3600, `age ${age}`);
    assert.equal(sample(text, 'imprint_queue_stats_errors_total'), 0);
  });

  it('answers a scrape when the queue does not: gauges at -1 and an error counted', async () => {
    const m = new PrometheusMetrics({
      defaultMetrics: false,
      queueStats: () => new Promise(() => undefined),
      queueStatsTimeoutMs: 50,
    });
    const { text } = await m.exposition();
    assert.equal(sample(text, 'imprint_queue_depth'), -1);
    assert.equal(sample(text, 'imprint_queue_oldest_job_age_seconds'), -1);
    assert.equal(sample(text, 'imprint_queue_stats_errors_total'), 1);
  });
});

describe('port wrappers', () => {
  it('times renders by the format of the file made, merges as "merge"', async () => {
    const m = new PrometheusMetrics({ defaultMetrics: false });
    const inner: Renderer = {
      renderImage: async () => file('webp'),
      renderPdf: async () => file('pdf'),
      mergePdfs: async (_files, options) => {
        merged.push(options);
        return file('pdf');
      },
    };
    const merged: unknown[] = [];
    const r = timedRenderer(inner, m);
    const assets = { files: new Map(), fonts: [] };
    const design = { width: 1, height: 1, layers: [] } as never;
    assert.equal((await r.renderImage({ design, assets })).ext, 'webp');
    await r.renderPdf({ pages: [], assets });
    await r.mergePdfs([], { maxPages: 7 });
    // The wrapper measures; it must not drop the merge's page cap on the way.
    assert.deepEqual(merged, [{ maxPages: 7 }]);
    const { text } = await m.exposition();
    for (const format of ['webp', 'pdf', 'merge'])
      assert.equal(sample(text, `imprint_render_duration_seconds_count{format="${format}"}`), 1);
  });

  it('passes a store target on to the renderer and a local sink on from the storage', async () => {
    const m = new PrometheusMetrics({ defaultMetrics: false });
    const seen: unknown[][] = [];
    const record =
      (ext: string) =>
      async (...args: unknown[]) => {
        seen.push(args);
        return file(ext);
      };
    const inner = {
      renderImage: record('png'),
      renderPdf: record('pdf'),
      mergePdfs: record('pdf'),
    } as unknown as Renderer;
    const forward = timedRenderer(inner, m) as unknown as Record<
      'renderImage' | 'renderPdf' | 'mergePdfs',
      (...args: unknown[]) => Promise<unknown>
    >;
    const store = { sink: { kind: 'local', root: '/x' }, prefix: 'images', fallback: '1' };
    await forward.renderImage('input', store);
    await forward.renderPdf('input', store);
    await forward.mergePdfs([], { maxPages: 2 }, store);
    assert.deepEqual(seen, [
      ['input', store],
      ['input', store],
      [[], { maxPages: 2 }, store],
    ]);
    const base = { get: async () => null } as unknown as BlobStorage;
    assert.equal(countedStorage(base, m).sink, undefined);
    const sink = { kind: 'local', root: '/files' } as const;
    assert.deepEqual(countedStorage({ ...base, sink: () => sink }, m).sink?.(), sink);
  });

  it('counts failed storage operations and passes the error on', async () => {
    const m = new PrometheusMetrics({ defaultMetrics: false });
    const inner: BlobStorage = {
      put: async () => {
        throw new Error('disk full');
      },
      get: async () => null,
      head: async () => null,
      open: async () => null,
      list: async function* () {},
      delete: async () => undefined,
    };
    const s = countedStorage(inner, m);
    await assert.rejects(s.put('a/b', Buffer.from('x'), 'text/plain'), /disk full/);
    assert.equal(await s.get('a/b'), null);
    const { text } = await m.exposition();
    assert.equal(sample(text, 'imprint_storage_errors_total{operation="put"}'), 1);
    assert.equal(sample(text, 'imprint_storage_errors_total{operation="get"}'), undefined);
  });

  it('checks the metrics bearer token only when one is set', () => {
    assert.equal(metricsAuthorized(null, undefined), true);
    assert.equal(metricsAuthorized('s3cret', undefined), false);
    assert.equal(metricsAuthorized('s3cret', 'Bearer wrong'), false);
    assert.equal(metricsAuthorized('s3cret', 'Bearer s3cret'), true);
    assert.equal(metricsAuthorized('s3cret', 'bearer s3cret'), true);
  });
});

describe('GET /metrics on the API', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp('sqlite');
  });
  after(async () => t?.close());

  it('is open by default and counts requests by route pattern and status', async () => {
    assert.equal((await t.request({ method: 'GET', url: '/api/rest/templates' })).statusCode, 200);
    assert.equal((await t.request({ method: 'GET', url: '/no/such/path' })).statusCode, 404);
    const res = await t.request({ method: 'GET', url: '/metrics', token: null });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^text\/plain/);
    assert.equal(
      sample(
        res.body,
        'imprint_http_requests_total{method="GET",route="/api/rest/templates",status="200"}',
      ),
      1,
    );
    // Unknown paths share one label value, so scanners cannot grow the series.
    assert.equal(
      sample(res.body, 'imprint_http_requests_total{method="GET",route="unmatched",status="404"}'),
      1,
    );
  });

  it('reports the depth and oldest age of the shared queue', async () => {
    await t.runtime.queue.enqueue('render', { type: 'image', id: 1 }, { jobId: 'ops-q-1' });
    await t.runtime.queue.enqueue('render', { type: 'image', id: 2 }, { jobId: 'ops-q-2' });
    const res = await t.request({ method: 'GET', url: '/metrics', token: null });
    assert.equal(sample(res.body, 'imprint_queue_depth'), 2);
    assert.ok(sample(res.body, 'imprint_queue_oldest_job_age_seconds')! >= 0);
  });
});

describe('GET /metrics cache sizes', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp('sqlite', { IMPRINT_DESIGN_CACHE_MB: '3' });
  });
  after(async () => t?.close());

  it('reports entries, bytes and budget of every process cache', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/rest/templates',
      payload: { title: 'Cached', width: 100, height: 100 },
    });
    assert.equal(created.statusCode, 201, created.body);
    const uuid = created.json().uuid;
    const put = await t.request({
      method: 'PUT',
      url: `/api/rest/templates/${uuid}/design`,
      payload: { width: 100, height: 100, background: '#ffffff', layers: [] },
    });
    assert.equal(put.statusCode, 200, put.body);
    // What a render reads: the design, parsed once and kept.
    assert.ok(await t.runtime.services.templates.getDesign(t.project.id, uuid));
    const res = await t.request({ method: 'GET', url: '/metrics', token: null });
    const designs = (name: string) => sample(res.body, `${name}{cache="designs"}`);
    assert.equal(designs('imprint_cache_entries'), 1);
    assert.ok(designs('imprint_cache_bytes')! > 0);
    assert.equal(designs('imprint_cache_max_bytes'), 3 * 1024 * 1024);
    for (const cache of ['font_files', 'color_profiles', 'downloads', 'render_thread_assets']) {
      assert.notEqual(sample(res.body, `imprint_cache_bytes{cache="${cache}"}`), undefined, cache);
    }
    assert.equal(sample(res.body, 'imprint_cache_max_bytes{cache="font_files"}'), 64 * 1024 * 1024);
    assert.equal(sample(res.body, 'imprint_cache_max_bytes{cache="downloads"}'), 128 * 1024 * 1024);
  });

  it("reports the render threads' caches, summed over the threads, after a render", async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/rest/templates',
      payload: { title: 'Measured', width: 120, height: 60 },
    });
    assert.equal(created.statusCode, 201, created.body);
    const uuid = created.json().uuid;
    const design = {
      width: 120,
      height: 60,
      background: '#ffffff',
      layers: [
        { name: 'title', type: 'text', x: 0, y: 0, width: 120, height: 30, text: 'Hello' },
        { name: 'code', type: 'barcode', x: 0, y: 30, width: 30, height: 30, value: 'abc' },
      ],
    };
    const put = await t.request({
      method: 'PUT',
      url: `/api/rest/templates/${uuid}/design`,
      payload: design,
    });
    assert.equal(put.statusCode, 200, put.body);
    const image = await t.request({
      method: 'POST',
      url: '/api/rest/images',
      payload: { template_uuid: uuid, create_now: true },
    });
    assert.equal(image.statusCode, 200, image.body);
    assert.equal(image.json().status, 'finished', image.body);
    const res = await t.request({ method: 'GET', url: '/metrics', token: null });
    const MiB = 1024 * 1024;
    const budgets: Record<string, number> = {
      thread_pictures: 256 * MiB,
      thread_picture_infos: 1 * MiB,
      thread_svgs: 32 * MiB,
      thread_text_measures: 8 * MiB,
      thread_barcodes: 4 * MiB,
    };
    // Each thread that ran a task reports its caches: the budgets are one thread's times those threads.
    const threads =
      sample(res.body, 'imprint_cache_max_bytes{cache="thread_pictures"}')! /
      budgets.thread_pictures;
    assert.ok(Number.isInteger(threads) && threads >= 1, `threads: ${threads}`);
    for (const [cache, budget] of Object.entries(budgets)) {
      const of = (name: string) => sample(res.body, `${name}{cache="${cache}"}`);
      assert.equal(of('imprint_cache_max_bytes'), budget * threads, cache);
      assert.ok(of('imprint_cache_bytes')! <= budget * threads, cache);
    }
    // The render measured its text and encoded its barcode in the thread.
    for (const cache of ['thread_text_measures', 'thread_barcodes']) {
      assert.ok(sample(res.body, `imprint_cache_entries{cache="${cache}"}`)! >= 1, cache);
      assert.ok(sample(res.body, `imprint_cache_bytes{cache="${cache}"}`)! > 0, cache);
    }
  });
});

describe('GET /metrics settings', () => {
  it('needs the bearer token when IMPRINT_METRICS_TOKEN is set', async () => {
    const t = await createTestApp('sqlite', { IMPRINT_METRICS_TOKEN: 'm-token' });
    try {
      const none = await t.request({ method: 'GET', url: '/metrics', token: null });
      assert.equal(none.statusCode, 401);
      assert.match(none.json().message, /IMPRINT_METRICS_TOKEN/);
      // An API token is not the metrics token.
      assert.equal((await t.request({ method: 'GET', url: '/metrics' })).statusCode, 401);
      const ok = await t.request({ method: 'GET', url: '/metrics', token: 'm-token' });
      assert.equal(ok.statusCode, 200);
      assert.match(ok.body, /imprint_http_requests_total/);
    } finally {
      await t.close();
    }
  });

  it('is not served with IMPRINT_METRICS=0', async () => {
    const t = await createTestApp('sqlite', { IMPRINT_METRICS: '0' });
    try {
      assert.equal(
        (await t.request({ method: 'GET', url: '/metrics', token: null })).statusCode,
        404,
      );
    } finally {
      await t.close();
    }
  });
});
