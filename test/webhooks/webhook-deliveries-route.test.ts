/**
 * GET /api/rest/{images|pdfs}/{id}/webhook-deliveries: attempts, status code, error and next
 * attempt of a real delivery to a failing local receiver; 404 for other projects and unknown ids.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { testDbKinds } from '../helpers/databases.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { startReceiver, type Receiver } from './receiver.ts';

for (const { kind, skip } of testDbKinds()) {
  describe(`webhook deliveries route (${kind})`, { skip }, () => {
    let t: TestApp;
    let receiver: Receiver;

    const insertRow = async (table: 'images' | 'pdfs', projectId: string): Promise<number> => {
      const now = new Date().toISOString();
      const row = await t.runtime.db
        .insertInto(table)
        .values({
          project_id: projectId,
          status: 'finished',
          request: '{}',
          created_at: now,
          updated_at: now,
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    };

    before(async () => {
      t = await createTestApp(kind, {
        IMPRINT_ALLOW_PRIVATE_URLS: '1',
        IMPRINT_WEBHOOK_RETRY_BASE_MS: '60000',
      });
      receiver = await startReceiver({ '/fail': [500], '/ok': [200] });
    });
    after(async () => {
      await t.runtime.services.webhooks.stop();
      await receiver.close();
      await t.close();
    });

    it('lists attempts with status code, error and the next attempt', async () => {
      const id = await insertRow('images', t.project.id);
      const hooks = t.runtime.services.webhooks;
      await hooks.enqueue({
        projectId: t.project.id,
        resourceType: 'image',
        resourceId: id,
        event: 'success',
        url: receiver.url('/fail'),
        payload: { id, status: 'finished' },
      });
      const empty = await t.request({
        method: 'GET',
        url: `/api/rest/images/${id}/webhook-deliveries`,
      });
      assert.equal(empty.statusCode, 200);
      assert.equal(empty.json().data[0].status, 'pending');
      assert.equal(empty.json().data[0].attempts, 0);

      hooks.start();
      let data: Array<Record<string, unknown>> = [];
      const until = Date.now() + 20_000;
      while (Date.now() < until) {
        const res = await t.request({
          method: 'GET',
          url: `/api/rest/images/${id}/webhook-deliveries`,
        });
        data = res.json().data;
        if (data[0]?.attempts === 1 && data[0]?.last_status_code) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      await hooks.stop();
      assert.equal(data.length, 1);
      const d = data[0];
      assert.equal(d.event, 'image.finished');
      assert.equal(d.url, receiver.url('/fail'));
      assert.equal(d.status, 'pending');
      assert.equal(d.attempts, 1);
      assert.equal(d.max_attempts, 8);
      assert.equal(d.last_status_code, 500);
      assert.equal(d.last_error, 'the receiver answered 500');
      // Base 60 s: the retry is due about a minute after the attempt.
      const wait = Date.parse(String(d.next_attempt_at)) - Date.parse(String(d.last_attempt_at));
      assert.ok(wait >= 59_000 && wait <= 67_000, `next attempt in ${wait} ms`);
      assert.equal(d.delivered_at, null);
      assert.equal(typeof d.id, 'string');
      assert.equal(typeof d.created_at, 'string');
      assert.equal(JSON.stringify(d).includes('payload'), false, 'the payload is not repeated');
    });

    it('lists an empty array for a PDF without webhooks', async () => {
      const id = await insertRow('pdfs', t.project.id);
      const res = await t.request({
        method: 'GET',
        url: `/api/rest/pdfs/${id}/webhook-deliveries`,
      });
      assert.equal(res.statusCode, 200);
      assert.deepEqual(res.json(), { data: [] });
    });

    it("answers 404 for another project's, unknown, malformed and deleted ids, and 401 without a token", async () => {
      const theirs = await insertRow('images', t.other.id);
      await t.runtime.services.webhooks.enqueue({
        projectId: t.other.id,
        resourceType: 'image',
        resourceId: theirs,
        event: 'success',
        url: receiver.url('/ok'),
        payload: {},
      });
      const mine = await insertRow('images', t.project.id);
      await t.runtime.db
        .updateTable('images')
        .set({ deleted_at: new Date().toISOString() } as never)
        .where('id', '=', mine)
        .execute();
      for (const url of [
        `/api/rest/images/${theirs}/webhook-deliveries`,
        `/api/rest/pdfs/${theirs}/webhook-deliveries`,
        `/api/rest/images/${mine}/webhook-deliveries`,
        '/api/rest/images/999999/webhook-deliveries',
        '/api/rest/images/abc/webhook-deliveries',
        '/api/rest/images/0/webhook-deliveries',
        '/api/rest/pdfs/99999999999/webhook-deliveries',
      ]) {
        const res = await t.request({ method: 'GET', url });
        assert.equal(res.statusCode, 404, url);
        assert.match(res.json().message, /^(Image|PDF) not found$/);
      }
      const theirView = await t.request({
        method: 'GET',
        url: `/api/rest/images/${theirs}/webhook-deliveries`,
        token: t.other.token,
      });
      assert.equal(theirView.statusCode, 200);
      assert.equal(theirView.json().data.length, 1);
      const anon = await t.request({
        method: 'GET',
        url: `/api/rest/images/${theirs}/webhook-deliveries`,
        token: null,
      });
      assert.equal(anon.statusCode, 401);
    });
  });
}
