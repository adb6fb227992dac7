/**
 * Operations of a real `imprint serve` process: the first-start tokens banner on stderr and only
 * JSON lines on stdout, job and webhook-attempt log lines, GET /metrics after real work, and a
 * SIGTERM that waits for a running job, logs what it waits for, and exits 0.
 */
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { restClient, ServerProcess } from '../helpers/server-process.ts';
import { startReceiver, type Receiver } from '../webhooks/receiver.ts';
import { startAssetServer, testDesign, type AssetServer } from '../generation/_helpers.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON bodies and log lines
type Json = Record<string, any>;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A `serve` process with its stdout and stderr kept apart. */
class Serve {
  stdout = '';
  stderr = '';
  readonly exited: Promise<number | null>;
  readonly child: ChildProcess;
  constructor(child: ChildProcess) {
    this.child = child;
    child.stdout!.on('data', (d: Buffer) => (this.stdout += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (this.stderr += d.toString()));
    this.exited = new Promise((r) => child.once('exit', (code) => r(code)));
  }
  /** The stdout lines parsed as JSON (a line that is not JSON fails the test). */
  lines(): Json[] {
    return this.stdout
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => {
        try {
          return JSON.parse(l) as Json;
        } catch {
          throw new Error(`stdout line is not JSON: ${l}`);
        }
      });
  }
  async waitForLine(pred: (l: Json) => boolean, what: string): Promise<Json> {
    for (let i = 0; i < 600; i++) {
      const found = this.lines().find(pred);
      if (found) return found;
      await sleep(100);
    }
    throw new Error(`no log line for ${what}:\n${this.stdout}\n${this.stderr}`);
  }
}

/** Starts `imprint serve` and waits for /health. */
async function startServe(srv: ServerProcess, env: Record<string, string> = {}): Promise<Serve> {
  const s = new Serve(srv.spawn(['serve'], env));
  for (let i = 0; i < 300 && s.child.exitCode === null; i++) {
    try {
      if ((await fetch(`${srv.base}/health`)).ok) return s;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`serve did not start:\n${s.stdout}\n${s.stderr}`);
}

describe('imprint serve: logs, metrics and shutdown', () => {
  let srv: ServerProcess;
  let serve: Serve;
  let assets: AssetServer;
  let receiver: Receiver;
  let api: ReturnType<typeof restClient>;
  let projectId: string;
  let uuid: string;
  const poll = async (id: number): Promise<Json> => {
    for (let i = 0; i < 600; i++) {
      const res = await api('GET', `/images/${id}`);
      if (res.body.status !== 'queued') return res.body;
      await sleep(100);
    }
    throw new Error(`image ${id} still queued`);
  };

  before(async () => {
    srv = await ServerProcess.create({
      prefix: 'imprint-ops-',
      env: { IMPRINT_RENDER_THREADS: '1', LOG_LEVEL: 'info' },
    });
    assets = await startAssetServer();
    receiver = await startReceiver({});
    serve = await startServe(srv);
    const created = srv.createProject('Ops');
    projectId = created.id;
    api = restClient(srv.base, created.token);
    const tpl = await api('POST', '/templates', { title: 'Ops', width: 400, height: 200 });
    uuid = tpl.body.uuid;
    assert.equal((await api('PUT', `/templates/${uuid}/design`, testDesign())).status, 200);
  });
  after(async () => {
    await srv?.close();
    await assets?.close();
    await receiver?.close();
  });

  it('prints the first-start tokens on stderr and only JSON log lines on stdout', () => {
    assert.match(serve.stderr, /First start: created project "Default"/);
    assert.match(serve.stderr, /live token: imp_live_/);
    assert.doesNotMatch(serve.stdout, /imp_live_|imp_test_/);
    const lines = serve.lines();
    assert.ok(lines.some((l) => /^Imprint listening on /.test(l.msg)));
    // The person starting it learns where the editor is.
    assert.match(serve.stderr, /editor: http:\/\/[^\s)]+\/editor\)/);
  });

  it('logs a job start and end, and the webhook attempt, as JSON', async () => {
    const created = await api('POST', '/images', {
      template_uuid: uuid,
      layers: { photo: { image: `${assets.base}/red.png` } },
      webhook_success: receiver.url('/ok'),
    });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const id = created.body.id as number;
    assert.equal((await poll(id)).status, 'finished');
    const jobId = `image:${id}`;
    const start = await serve.waitForLine(
      (l) => l.msg === 'job started' && l.job_id === jobId,
      'job started',
    );
    assert.equal(start.project_id, projectId);
    assert.equal(start.kind, 'render');
    const end = await serve.waitForLine(
      (l) => l.msg === 'job finished' && l.job_id === jobId,
      'job finished',
    );
    assert.equal(end.project_id, projectId);
    assert.equal(end.kind, 'render');
    assert.equal(end.outcome, 'finished');
    assert.equal(typeof end.duration_ms, 'number');
    const hook = await serve.waitForLine((l) => l.msg === 'webhook attempt', 'webhook attempt');
    assert.equal(hook.outcome, 'succeeded');
    assert.equal(hook.status_code, 200);
    assert.equal(hook.attempt, 1);
    assert.equal(hook.project_id, projectId);
    assert.equal(hook.event, 'image.finished');
    // Neither the signed body nor the signature appears in the log.
    assert.doesNotMatch(serve.stdout, /"payload"|imprint-signature|v1=/);

    const failed = await api('POST', '/images', {
      template_uuid: uuid,
      layers: { photo: { image: `${assets.base}/missing.png` } },
    });
    const failedId = failed.body.id as number;
    assert.equal((await poll(failedId)).status, 'error');
    const failedEnd = await serve.waitForLine(
      (l) => l.msg === 'job finished' && l.job_id === `image:${failedId}`,
      'job finished in error',
    );
    assert.equal(failedEnd.outcome, 'error');
    assert.match(failedEnd.reason, /layers\.photo: .*missing\.png/);
  });

  it('serves /metrics with requests, jobs, renders, webhooks, credits and the queue', async () => {
    const res = await fetch(`${srv.base}/metrics`);
    assert.equal(res.status, 200);
    const text = await res.text();
    for (const re of [
      /^imprint_http_requests_total\{method="POST",route="\/api\/rest\/images",status="200"\} \d+$/m,
      /^imprint_jobs_total\{kind="render",outcome="finished"\} [1-9]/m,
      /^imprint_jobs_total\{kind="render",outcome="error"\} [1-9]/m,
      /^imprint_render_duration_seconds_count\{format="(jpg|png)"\} [1-9]/m,
      /^imprint_webhook_attempts_total\{outcome="succeeded"\} 1$/m,
      /^imprint_credits_charged_total [1-9]/m,
      /^imprint_queue_depth 0$/m,
      /^imprint_queue_oldest_job_age_seconds 0$/m,
      /^process_cpu_seconds_total /m,
    ])
      assert.ok(re.test(text), `no line matches ${re}`);
  });

  it('on SIGTERM waits for the running job, logs what it waits for, and exits 0', async () => {
    const created = await api('POST', '/images', {
      template_uuid: uuid,
      layers: { photo: { image: `${assets.base}/slow.png?ms=2500` } },
    });
    const id = created.body.id as number;
    await serve.waitForLine(
      (l) => l.msg === 'job started' && l.job_id === `image:${id}`,
      'the slow job to start',
    );
    serve.child.kill('SIGTERM');
    assert.equal(await serve.exited, 0, serve.stdout + serve.stderr);
    const lines = serve.lines();
    const msgs = lines.map((l) => l.msg);
    assert.ok(msgs.includes('shutting down'));
    assert.ok(msgs.includes('waiting for HTTP requests in flight'));
    assert.ok(msgs.includes('waiting for running jobs'));
    assert.ok(msgs.includes('shutdown complete'));
    // The job ended before the exit.
    const end = lines.find((l) => l.msg === 'job finished' && l.job_id === `image:${id}`);
    assert.equal(end?.outcome, 'finished', serve.stdout);
    serve = await startServe(srv);
    assert.equal((await api('GET', `/images/${id}`)).body.status, 'finished');
  });
});
