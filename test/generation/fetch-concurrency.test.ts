/**
 * Downloads are bounded per job (JOB_FETCH_CONCURRENCY, 6) and per process
 * (IMPRINT_FETCH_CONCURRENCY): a loopback picture server counts the requests it is answering at
 * once while create_now renders fetch many slow, distinct pictures.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { JOB_FETCH_CONCURRENCY } from '../../src/core/generation/fetch-pictures.ts';
import { testDbKinds } from '../helpers/databases.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { createTemplate, redPng } from './_helpers.ts';
import { startGenerationFixture, type GenerationFixture } from './generation-fixture.ts';

const PROCESS_LIMIT = 8;

/** A picture server answering every request after `delayMs`, counting requests in flight. */
async function startCountingServer(delayMs: number) {
  const png = await redPng();
  const stats = { inFlight: 0, max: 0, served: 0 };
  const server = http.createServer((_req, res) => {
    stats.inFlight++;
    stats.max = Math.max(stats.max, stats.inFlight);
    let open = true;
    const done = () => {
      if (!open) return;
      open = false;
      stats.inFlight--;
    };
    res.on('close', done);
    setTimeout(() => {
      res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'no-store' });
      res.end(png, () => {
        stats.served++;
        done();
      });
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    stats,
    reset: () => Object.assign(stats, { inFlight: 0, max: 0, served: 0 }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

for (const { kind, skip } of testDbKinds()) {
  describe(`download concurrency on ${kind}`, { skip }, () => {
    let fixture: GenerationFixture | undefined;
    let server: Awaited<ReturnType<typeof startCountingServer>> | undefined;
    let t: TestApp;
    let uuid: string;
    let batch = 0;
    before(async () => {
      server = await startCountingServer(300);
      fixture = await startGenerationFixture(kind, {
        env: { IMPRINT_FETCH_CONCURRENCY: String(PROCESS_LIMIT) },
        processJobs: false,
      });
      t = fixture.t;
      const design = {
        width: 400,
        height: 300,
        background: '#ffffff',
        layers: [
          {
            name: 'items',
            type: 'table',
            x: 0,
            y: 0,
            width: 400,
            height: 300,
            columns: [{ title: 'A' }, { title: 'B' }, { title: 'C' }],
            media_height: 8,
          },
        ],
      };
      uuid = await createTemplate(t, design as unknown as Parameters<typeof createTemplate>[1]);
    });
    after(async () => {
      await fixture?.close();
      await server?.close();
    });

    /** create_now of an image whose table holds `n` distinct pictures never fetched before. */
    const renderWith = async (n: number) => {
      const tag = batch++;
      const cells = Array.from({ length: n }, (_, i) => ({
        type: 'picture',
        url: `${server!.base}/p.png?b=${tag}&i=${i}`,
      }));
      const rows = Array.from({ length: Math.ceil(n / 3) }, (_, r) =>
        cells.slice(r * 3, r * 3 + 3),
      );
      const res = await t.request({
        method: 'POST',
        url: '/api/rest/images',
        payload: { template_uuid: uuid, create_now: true, layers: { items: { rows } } },
      });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().status, 'finished', res.body);
    };

    it('fetches at most 6 pictures of one job at once', async () => {
      server!.reset();
      await renderWith(24);
      assert.equal(server!.stats.served, 24);
      assert.ok(server!.stats.max <= JOB_FETCH_CONCURRENCY, `max in flight ${server!.stats.max}`);
      assert.ok(server!.stats.max >= 2, `downloads overlapped: ${server!.stats.max}`);
    });

    it(
      'fetches at most IMPRINT_FETCH_CONCURRENCY pictures at once for all jobs together',
      { timeout: 60_000 },
      async () => {
        server!.reset();
        // 4 jobs of 18 pictures would fetch 24 at once with the per-job bound alone.
        await Promise.all([18, 18, 18, 18].map((n) => renderWith(n)));
        assert.equal(server!.stats.served, 72);
        assert.ok(server!.stats.max <= PROCESS_LIMIT, `max in flight ${server!.stats.max}`);
        // More than one job fetched at the same time, so the process bound is what held.
        assert.ok(server!.stats.max > JOB_FETCH_CONCURRENCY, `max in flight ${server!.stats.max}`);
      },
    );
  });
}
