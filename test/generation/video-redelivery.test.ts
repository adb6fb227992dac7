/**
 * A video job delivered several times (at-least-once queues, a process that died before
 * acknowledging it) composes and finishes once: one charge of its seconds, one webhook, and a
 * later delivery changes nothing.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { testDbKinds } from '../helpers/databases.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createTemplate, testDesign } from './_helpers.ts';

for (const { kind, skip } of testDbKinds()) {
  describe(`re-delivered video jobs on ${kind}`, { skip }, () => {
    let t: TestApp;
    let uuid: string;
    before(async () => {
      t = await createTestApp(kind, { IMPRINT_RENDER_THREADS: '1' });
      uuid = await createTemplate(t, testDesign(96, 64));
    });
    after(async () => t?.close());

    it('composes once, charges once and enqueues one webhook however often the job runs', async () => {
      const { generation } = t.runtime.services;
      const res = await t.request({
        method: 'POST',
        url: '/api/rest/videos',
        payload: {
          clips: [{ template_uuid: uuid, layers: { title: { text: ['a', 'b'] } } }],
          modifications: { fps: 5, clip_duration: 1.5 },
          webhook_success: 'https://example.com/hook',
        },
      });
      assert.equal(res.statusCode, 200, res.body);
      const id = res.json().id as number;
      const job = (attempt: number) => ({
        id: `video:${id}`,
        kind: 'render',
        payload: { type: 'video', id },
        attempt,
      });
      const get = async () =>
        (await t.request({ method: 'GET', url: `/api/rest/videos/${id}` })).json();
      const used = async () =>
        (await t.request({ method: 'GET', url: '/api/rest/usage' })).json().credits_used;
      const deliveries = async () =>
        (
          await t.request({ method: 'GET', url: `/api/rest/videos/${id}/webhook-deliveries` })
        ).json().data as unknown[];
      const reports = await Promise.all([1, 2, 3].map((n) => generation.handleJob(job(n))));
      assert.equal(
        reports.filter((r) => r.outcome === 'finished').length,
        1,
        JSON.stringify(reports),
      );
      const done = await get();
      assert.equal(done.status, 'finished', JSON.stringify(done));
      // 1.5 s: 2 started seconds.
      assert.equal(await used(), 2);
      assert.equal((await deliveries()).length, 1);
      await generation.handleJob(job(4));
      assert.deepEqual(await get(), done);
      assert.equal(await used(), 2);
      assert.equal((await deliveries()).length, 1);
    });
  });
}
