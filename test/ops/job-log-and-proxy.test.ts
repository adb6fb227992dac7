/**
 * The job log lines and job metrics around a queue handler, and IMPRINT_TRUST_PROXY deciding
 * whether X-Forwarded-* headers are believed.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { observedJobHandler } from '../../src/worker/observed-job-handler.ts';
import { PrometheusMetrics } from '../../src/metrics/prometheus-metrics.ts';
import { loadConfig } from '../../src/config.ts';
import { buildApp } from '../../src/api/app.ts';
import type { Services } from '../../src/core/services.ts';
import type { Job } from '../../src/core/ports/job-queue.ts';

type Line = { level: 'info' | 'error'; obj: Record<string, unknown>; msg: string };

function recorder() {
  const lines: Line[] = [];
  return {
    lines,
    log: {
      info: (obj: object, msg: string) => lines.push({ level: 'info', obj: { ...obj }, msg }),
      error: (obj: object, msg: string) => lines.push({ level: 'error', obj: { ...obj }, msg }),
    },
  };
}

const job = (payload: Record<string, unknown> = {}): Job => ({
  id: 'image:42',
  kind: 'render',
  payload: { type: 'image', id: 42, ...payload },
  attempt: 1,
});

describe('job log lines', () => {
  it('logs the start and the end with id, project, kind, duration and outcome', async () => {
    const { lines, log } = recorder();
    const metrics = new PrometheusMetrics({ defaultMetrics: false });
    const handler = observedJobHandler(
      async () => ({ outcome: 'finished', projectId: 'p1' }),
      log,
      metrics,
    );
    await handler(job({ project_id: 'p1' }));
    assert.deepEqual(
      lines.map((l) => l.msg),
      ['job started', 'job finished'],
    );
    assert.deepEqual(lines[0].obj, {
      job_id: 'image:42',
      project_id: 'p1',
      kind: 'render',
      attempt: 1,
    });
    const end = lines[1].obj;
    assert.equal(end.job_id, 'image:42');
    assert.equal(end.project_id, 'p1');
    assert.equal(end.kind, 'render');
    assert.equal(end.outcome, 'finished');
    assert.equal(typeof end.duration_ms, 'number');
    assert.equal('reason' in end, false);
    assert.match(
      (await metrics.exposition()).text,
      /imprint_jobs_total\{kind="render",outcome="finished"\} 1/,
    );
  });

  it('gives the reason of a render that ended in error, and the project found by the handler', async () => {
    const { lines, log } = recorder();
    const handler = observedJobHandler(
      async () => ({ outcome: 'error', projectId: 'p2', reason: 'layers.photo: HTTP 404' }),
      log,
    );
    await handler(job());
    assert.equal(lines[0].obj.project_id, null);
    assert.equal(lines[1].obj.project_id, 'p2');
    assert.equal(lines[1].obj.outcome, 'error');
    assert.equal(lines[1].obj.reason, 'layers.photo: HTTP 404');
  });

  it('logs a handler that throws as failed, at error level, and passes the error on', async () => {
    const { lines, log } = recorder();
    const metrics = new PrometheusMetrics({ defaultMetrics: false });
    const handler = observedJobHandler(
      async () => {
        throw new Error('database gone');
      },
      log,
      metrics,
    );
    await assert.rejects(handler(job()), /database gone/);
    assert.equal(lines[1].level, 'error');
    assert.equal(lines[1].obj.outcome, 'failed');
    assert.equal(lines[1].obj.reason, 'database gone');
    assert.match(
      (await metrics.exposition()).text,
      /imprint_jobs_total\{kind="render",outcome="failed"\} 1/,
    );
  });
});

describe('IMPRINT_TRUST_PROXY', () => {
  /** The client address and protocol the app sees for a request from 10.0.0.5 through a proxy. */
  async function seen(trust: string | undefined) {
    const config = loadConfig(trust === undefined ? {} : { IMPRINT_TRUST_PROXY: trust });
    const services = { ping: async () => undefined } as unknown as Services;
    const app = await buildApp({ services, config });
    app.get('/whoami', async (request) => ({ ip: request.ip, protocol: request.protocol }));
    try {
      const res = await app.inject({
        method: 'GET',
        url: '/whoami',
        remoteAddress: '10.0.0.5',
        headers: { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https' },
      });
      return res.json() as { ip: string; protocol: string };
    } finally {
      await app.close();
    }
  }

  it('ignores X-Forwarded-* by default', async () => {
    assert.deepEqual(await seen(undefined), { ip: '10.0.0.5', protocol: 'http' });
    assert.deepEqual(await seen('0'), { ip: '10.0.0.5', protocol: 'http' });
  });

  it('believes them from a trusted proxy: all, a hop count, or its address range', async () => {
    const through = { ip: '203.0.113.9', protocol: 'https' };
    assert.deepEqual(await seen('true'), through);
    assert.deepEqual(await seen('1'), through);
    assert.deepEqual(await seen('10.0.0.0/8'), through);
    // A proxy outside the trusted range is not believed.
    assert.deepEqual(await seen('192.168.0.0/16'), { ip: '10.0.0.5', protocol: 'http' });
  });
});
