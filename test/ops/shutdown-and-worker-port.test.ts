/**
 * Process-level shutdown and the worker's HTTP port: a drain that outlasts
 * IMPRINT_SHUTDOWN_TIMEOUT_MS exits 1 naming what it waited for, SIGTERM with REDIS_URL pointing
 * at a closed port still completes its shutdown, and `imprint worker` with IMPRINT_WORKER_PORT
 * serves /health, /ready and /metrics (behind IMPRINT_METRICS_TOKEN when set).
 */
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { freePort, restClient, ServerProcess } from '../helpers/server-process.ts';
import { startAssetServer, testDesign, type AssetServer } from '../generation/_helpers.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Output and exit code of a spawned process. */
function watch(child: ChildProcess) {
  const out = { text: '' };
  child.stdout!.on('data', (d: Buffer) => (out.text += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out.text += d.toString()));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return { out, exited };
}

async function waitFor(cond: () => boolean | Promise<boolean>, what: string, log: () => string) {
  for (let i = 0; i < 600; i++) {
    if (await cond()) return;
    await sleep(100);
  }
  throw new Error(`timed out waiting for ${what}:\n${log()}`);
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

describe('shutdown deadline', () => {
  let srv: ServerProcess;
  let assets: AssetServer;
  before(async () => {
    srv = await ServerProcess.create({ prefix: 'imprint-ops-deadline-' });
    assets = await startAssetServer();
  });
  after(async () => {
    await srv?.close('SIGKILL');
    await assets?.close();
  });

  it('exits 1 after IMPRINT_SHUTDOWN_TIMEOUT_MS when a job is still running, naming it', async () => {
    const { token } = srv.createProject('Deadline');
    const child = srv.spawn(['serve'], {
      IMPRINT_SHUTDOWN_TIMEOUT_MS: '1000',
      IMPRINT_FETCH_TIMEOUT_MS: '120000',
      IMPRINT_RENDER_THREADS: '1',
    });
    const { out, exited } = watch(child);
    await waitFor(
      () => answers(`${srv.base}/health`),
      'serve',
      () => out.text,
    );
    const api = restClient(srv.base, token);
    const tpl = await api('POST', '/templates', { title: 'D', width: 400, height: 200 });
    await api('PUT', `/templates/${tpl.body.uuid}/design`, testDesign());
    // The picture takes a minute to arrive: the job cannot end within the deadline.
    const created = await api('POST', '/images', {
      template_uuid: tpl.body.uuid,
      layers: { photo: { image: `${assets.base}/slow.png?ms=60000` } },
    });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    await waitFor(
      () => out.text.includes('"msg":"job started"'),
      'the job to start',
      () => out.text,
    );
    child.kill('SIGTERM');
    assert.equal(await exited, 1, out.text);
    assert.match(out.text, /"msg":"waiting for running jobs"/);
    assert.match(out.text, /"waiting_for":"running jobs".*shutdown timed out after 1000 ms/);
  });
});

describe('shutdown with Redis down', () => {
  let srv: ServerProcess;
  before(async () => {
    srv = await ServerProcess.create({ prefix: 'imprint-ops-redis-down-' });
  });
  after(async () => srv?.close('SIGKILL'));

  it('completes its shutdown (exit 0) when REDIS_URL points at a closed port', async () => {
    const closed = await freePort();
    const child = srv.spawn(['serve'], {
      REDIS_URL: `redis://127.0.0.1:${closed}`,
      IMPRINT_SHUTDOWN_TIMEOUT_MS: '120000',
    });
    const { out, exited } = watch(child);
    await waitFor(
      () => answers(`${srv.base}/health`),
      'serve',
      () => out.text,
    );
    // The queue gauges read -1 rather than holding the scrape.
    const metrics = await (await fetch(`${srv.base}/metrics`)).text();
    assert.match(metrics, /^imprint_queue_depth -1$/m);
    child.kill('SIGTERM');
    // Exit 0 means every step ended by itself, not by the 120 s deadline.
    assert.equal(await exited, 0, out.text);
    assert.match(out.text, /"msg":"shutdown complete"/);
  });
});

describe('imprint worker with IMPRINT_WORKER_PORT', () => {
  let srv: ServerProcess;
  before(async () => {
    srv = await ServerProcess.create({ prefix: 'imprint-ops-worker-' });
    srv.createProject('Worker'); // migrates the database
  });
  after(async () => srv?.close('SIGKILL'));

  it('serves /health, /ready and /metrics, and stops on SIGTERM', async () => {
    const port = await freePort();
    const child = srv.spawn(['worker'], { IMPRINT_WORKER_PORT: String(port) });
    const { out, exited } = watch(child);
    const base = `http://127.0.0.1:${port}`;
    await waitFor(
      () => answers(`${base}/health`),
      'the worker port',
      () => out.text,
    );
    assert.deepEqual(await (await fetch(`${base}/health`)).json(), { status: 'ok' });
    const ready = await fetch(`${base}/ready`);
    assert.equal(ready.status, 200);
    // The same checks as the API's /ready: the database (and Redis when REDIS_URL is set); the
    // details say whether this process can shoot web pages, without counting as a check.
    const readyBody = (await ready.json()) as {
      status: string;
      checks: Record<string, string>;
      details: { screenshots: string };
    };
    assert.equal(readyBody.status, 'ready');
    assert.deepEqual(readyBody.checks, { database: 'ok' });
    assert.match(readyBody.details.screenshots, /^(available|unavailable: .+)$/);
    const metrics = await fetch(`${base}/metrics`);
    assert.equal(metrics.status, 200);
    assert.match(metrics.headers.get('content-type') ?? '', /^text\/plain/);
    const text = await metrics.text();
    assert.match(text, /^imprint_queue_depth 0$/m);
    assert.match(text, /^# TYPE imprint_jobs_total counter$/m);
    assert.equal((await fetch(`${base}/api/rest/images`)).status, 404);
    assert.match(out.text, /on port \d+/);
    child.kill('SIGTERM');
    assert.equal(await exited, 0, out.text);
    assert.match(out.text, /"msg":"waiting for worker HTTP port"/);
  });

  it('asks for the bearer token on /metrics when IMPRINT_METRICS_TOKEN is set', async () => {
    const port = await freePort();
    const child = srv.spawn(['worker'], {
      IMPRINT_WORKER_PORT: String(port),
      IMPRINT_METRICS_TOKEN: 'scrape-me',
    });
    const { out, exited } = watch(child);
    const base = `http://127.0.0.1:${port}`;
    await waitFor(
      () => answers(`${base}/health`),
      'the worker port',
      () => out.text,
    );
    assert.equal((await fetch(`${base}/metrics`)).status, 401);
    const ok = await fetch(`${base}/metrics`, { headers: { authorization: 'Bearer scrape-me' } });
    assert.equal(ok.status, 200);
    child.kill('SIGTERM');
    assert.equal(await exited, 0, out.text);
  });

  it('stops with exit code 78 naming IMPRINT_WORKER_PORT when the port is taken', async () => {
    const port = await freePort();
    const first = srv.spawn(['worker'], { IMPRINT_WORKER_PORT: String(port) });
    const a = watch(first);
    await waitFor(
      () => answers(`http://127.0.0.1:${port}/health`),
      'worker 1',
      () => a.out.text,
    );
    const second = watch(srv.spawn(['worker'], { IMPRINT_WORKER_PORT: String(port) }));
    assert.equal(await second.exited, 78, second.out.text);
    assert.match(second.out.text, /IMPRINT_WORKER_PORT/);
    first.kill('SIGTERM');
    assert.equal(await a.exited, 0, a.out.text);
  });
});
