/**
 * Webhook delivery against a real local receiver on both databases: signature, retries with
 * back-off, no retry on 400, idempotent enqueue, resume after restart, expired leases, and two
 * dispatchers on one table never sending the same attempt twice.
 */
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { after, afterEach, before, describe, it } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { createProjectWithTokens } from '../../src/core/projects.ts';
import type { WebhookDelivery, WebhookRequest } from '../../src/core/webhooks.ts';
import { openDatabase, type Database } from '../../src/store/database.ts';
import { migrateToLatest } from '../../src/store/migrations/index.ts';
import { SqlProjectStore } from '../../src/store/sql-project-store.ts';
import { SqlWebhookStore } from '../../src/store/sql-webhook-store.ts';
import {
  WebhookDispatcher,
  type WebhookDispatcherOptions,
} from '../../src/webhooks/webhook-dispatcher.ts';
import { standardWebhooksKey } from '../../src/webhooks/webhook-signature.ts';
import { freshDatabase, testDbKinds } from '../helpers/databases.ts';
import { startReceiver, waitFor, type Receiver } from './receiver.ts';

const BASE_MS = 40;

for (const { kind, skip } of testDbKinds()) {
  describe(`webhook dispatcher (${kind})`, { skip }, () => {
    let db: Database;
    let drop: () => Promise<void>;
    let projectId: string;
    let receiver: Receiver;
    let nextId = 1;
    const dispatchers: WebhookDispatcher[] = [];

    const make = (opts: Partial<WebhookDispatcherOptions> = {}) => {
      const d = new WebhookDispatcher(new SqlWebhookStore(db), {
        allowPrivate: true,
        retryBaseMs: BASE_MS,
        ...opts,
      });
      dispatchers.push(d);
      return d;
    };
    const request = (path: string, extra: Partial<WebhookRequest> = {}): WebhookRequest => ({
      projectId,
      resourceType: 'image',
      resourceId: nextId++,
      event: 'success',
      url: receiver.url(path),
      payload: { id: 0, status: 'finished', image_url: 'http://x/files/a.png', passthrough: 'é' },
      ...extra,
    });
    /**
     * A finished image row of the project, `deletedAt` set or not. Ids far above the resource ids
     * the other tests' deliveries use (one delivery per resource and event).
     */
    const insertImage = (id: number, deletedAt: string | null) => {
      const at = new Date().toISOString();
      return db
        .insertInto('images')
        .values({
          id,
          project_id: projectId,
          status: 'finished',
          request: '{}',
          passthrough: null,
          webhook_success: null,
          webhook_error: null,
          errors: '[]',
          file_key: null,
          test_mode: 0,
          credits: 1,
          has_transfer: 0,
          claimed_by: null,
          claim_until: null,
          created_at: at,
          updated_at: at,
          deleted_at: deletedAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    };
    const settled = (d: WebhookDispatcher, r: WebhookRequest) =>
      waitFor(async () => {
        const [row] = await d.listDeliveries(r.projectId, r.resourceType, r.resourceId);
        return row && row.status !== 'pending' ? row : undefined;
      });

    before(async () => {
      const fresh = await freshDatabase(kind);
      drop = fresh.drop;
      db = openDatabase(fresh.target);
      await migrateToLatest(db);
      const p = await createProjectWithTokens(new SqlProjectStore(db), 'Hooks');
      projectId = p.project.id;
      receiver = await startReceiver({
        '/flaky': [500, 503, 200],
        '/bad': [400],
        '/down': [503],
        '/gone': [503],
        '/busy': [429, 200],
        '/moved': [302],
      });
    });
    // Each test's dispatchers stop with it, so they cannot pick up the next test's deliveries.
    afterEach(async () => {
      for (const d of dispatchers.splice(0)) await d.stop();
    });
    after(async () => {
      await receiver.close();
      await db.destroy();
      await drop();
    });

    it('POSTs the payload signed with the project secret, with event and delivery headers', async () => {
      const d = make();
      d.start();
      const r = request('/ok');
      await d.enqueue(r);
      const row = await settled(d, r);
      assert.equal(row.status, 'succeeded');
      const [got] = receiver.to('/ok');
      assert.equal(got.method, 'POST');
      assert.equal(got.headers['content-type'], 'application/json');
      assert.equal(got.headers['imprint-event'], 'image.finished');
      assert.equal(got.headers['imprint-delivery'], row.id);
      assert.deepEqual(JSON.parse(got.body), r.payload);
      // Verify as a receiver would: t=<seconds>,v1=<hex hmac of "<t>.<body>">.
      const sig = String(got.headers['imprint-signature']);
      const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(sig);
      assert.ok(m, sig);
      assert.ok(Math.abs(Number(m[1]) - Date.now() / 1000) < 60);
      const secret = await d.secret(projectId);
      assert.match(secret, /^whsec_/);
      const expected = createHmac('sha256', secret).update(`${m[1]}.${got.body}`).digest('hex');
      assert.equal(m[2], expected);
      const wrong = createHmac('sha256', 'whsec_other').update(`${m[1]}.${got.body}`).digest('hex');
      assert.notEqual(m[2], wrong);
      assert.equal(row.attempts, 1);
      assert.equal(row.last_status_code, 200);
      assert.equal(row.next_attempt_at, null);
      assert.ok(row.delivered_at);
    });

    it('also signs per Standard Webhooks: the standardwebhooks library verifies a real delivery', async () => {
      const d = make();
      d.start();
      const r = request('/ok');
      await d.enqueue(r);
      const row = await settled(d, r);
      assert.equal(row.status, 'succeeded');
      const got = receiver.to('/ok').find((g) => g.headers['webhook-id'] === row.id);
      assert.ok(got, 'the delivery carries webhook-id = the delivery id');
      assert.equal(got.headers['imprint-delivery'], row.id);
      assert.match(String(got.headers['webhook-timestamp']), /^\d+$/);
      assert.match(String(got.headers['webhook-signature']), /^v1,[A-Za-z0-9+/]+=*$/);
      // Imprint's own header is still there, unchanged.
      assert.match(String(got.headers['imprint-signature']), /^t=\d+,v1=[0-9a-f]{64}$/);
      const headers = {
        'webhook-id': String(got.headers['webhook-id']),
        'webhook-timestamp': String(got.headers['webhook-timestamp']),
        'webhook-signature': String(got.headers['webhook-signature']),
      };
      const secret = await d.secret(projectId);
      const verified = new Webhook(standardWebhooksKey(secret)).verify(got.body, headers);
      assert.deepEqual(verified, r.payload);
      assert.throws(() =>
        new Webhook(standardWebhooksKey('whsec_other')).verify(got.body, headers),
      );
      assert.throws(() =>
        new Webhook(standardWebhooksKey(secret)).verify(got.body.replace('}', ',"x":1}'), headers),
      );
    });

    it('retries 5xx with back-off: fails twice, then succeeds at exactly the third attempt', async () => {
      const d = make();
      d.start();
      const r = request('/flaky', { resourceType: 'pdf', event: 'error' });
      await d.enqueue(r);
      const row = await settled(d, r);
      assert.equal(row.status, 'succeeded');
      assert.equal(row.attempts, 3);
      assert.equal(row.event, 'pdf.error');
      const hits = receiver.to('/flaky');
      assert.equal(hits.length, 3);
      assert.deepEqual(
        hits.map((h) => h.headers['imprint-attempt']),
        ['1', '2', '3'],
      );
      assert.ok(hits.every((h) => h.headers['imprint-delivery'] === row.id));
      assert.ok(
        hits.every((h) => h.body === hits[0].body),
        'every attempt sends the same body',
      );
      // Exponential back-off: base, then twice the base.
      assert.ok(hits[1].at - hits[0].at >= BASE_MS - 5, `first gap ${hits[1].at - hits[0].at}`);
      assert.ok(
        hits[2].at - hits[1].at >= 2 * BASE_MS - 5,
        `second gap ${hits[2].at - hits[1].at}`,
      );
    });

    it('retries a 429 and delivers', async () => {
      const d = make();
      d.start();
      const r = request('/busy');
      await d.enqueue(r);
      const row = await settled(d, r);
      assert.equal(row.status, 'succeeded');
      assert.equal(row.attempts, 2);
    });

    it('does not retry a 400: failed after one attempt with the status recorded', async () => {
      const d = make();
      d.start();
      const r = request('/bad');
      await d.enqueue(r);
      const row = await settled(d, r);
      assert.equal(row.status, 'failed');
      assert.equal(row.attempts, 1);
      assert.equal(row.last_status_code, 400);
      assert.match(row.last_error ?? '', /answered 400/);
      await new Promise((res) => setTimeout(res, BASE_MS * 4));
      assert.equal(receiver.to('/bad').length, 1);
    });

    it('does not follow a redirect: failed at once, with the 3xx status recorded', async () => {
      const d = make();
      d.start();
      const r = request('/moved');
      await d.enqueue(r);
      const row = await settled(d, r);
      assert.equal(row.status, 'failed');
      assert.equal(row.attempts, 1);
      // The receiver did answer: last_status_code is null only when there was no answer.
      assert.equal(row.last_status_code, 302);
      assert.match(row.last_error ?? '', /redirect/);
      assert.equal(receiver.to('/moved/redirected').length, 0);
    });

    it('gives up after max attempts and says so', async () => {
      const d = make({ maxAttempts: 3 });
      d.start();
      const r = request('/down');
      await d.enqueue(r);
      const row = await settled(d, r);
      assert.equal(row.status, 'failed');
      assert.equal(row.attempts, 3);
      assert.equal(row.max_attempts, 3);
      assert.equal(row.last_status_code, 503);
      assert.match(row.last_error ?? '', /gave up after 3 attempts/);
      assert.equal(receiver.to('/down').length, 3);
    });

    it('stops retrying once the image is deleted: the payload would point at a file that is gone', async () => {
      const d = make({ retryBaseMs: 400 });
      d.start();
      const image = await insertImage(900_001, null);
      const r = request('/gone', { resourceId: image.id });
      await d.enqueue(r);
      await waitFor(async () => (receiver.to('/gone').length > 0 ? true : undefined));
      await db
        .updateTable('images')
        .set({ deleted_at: new Date().toISOString() })
        .where('id', '=', image.id)
        .execute();
      const row = await settled(d, r);
      assert.equal(row.status, 'failed');
      assert.match(row.last_error ?? '', /image was deleted; not sent/);
      assert.equal(row.last_status_code, 503, 'the last answer the receiver gave is kept');
      assert.equal(receiver.to('/gone').length, 1);
    });

    it('does not send a waiting first attempt of an image deleted meanwhile', async () => {
      const d = make();
      const image = await insertImage(900_002, new Date().toISOString());
      // Not started: the delivery waits in the table, as it does when every send slot is busy.
      const r = request('/ok-later', { resourceId: image.id });
      await d.enqueue(r);
      d.start();
      const row = await settled(d, r);
      assert.equal(row.status, 'failed');
      assert.match(row.last_error ?? '', /image was deleted; not sent/);
      assert.equal(receiver.to('/ok-later').length, 0);
    });

    it('retries connection errors and records them without a status code', async () => {
      const d = make({ maxAttempts: 2 });
      d.start();
      const r = { ...request('/x'), url: 'http://127.0.0.1:1/hook' };
      await d.enqueue(r);
      const row = await settled(d, r);
      assert.equal(row.status, 'failed');
      assert.equal(row.attempts, 2);
      assert.equal(row.last_status_code, null);
      assert.match(row.last_error ?? '', /connection refused/);
    });

    it('enqueueing the same resource and event twice makes one delivery', async () => {
      const d = make();
      const r = request('/once');
      await d.enqueue(r);
      await d.enqueue({ ...r, payload: { different: true } });
      d.start();
      await settled(d, r);
      const list = await d.listDeliveries(projectId, 'image', r.resourceId);
      assert.equal(list.length, 1);
      await new Promise((res) => setTimeout(res, BASE_MS * 3));
      assert.equal(receiver.to('/once').length, 1);
      assert.deepEqual(JSON.parse(receiver.to('/once')[0].body), r.payload);
      // success and error of the same resource are two deliveries
      await d.enqueue({ ...r, event: 'error' });
      assert.equal((await d.listDeliveries(projectId, 'image', r.resourceId)).length, 2);
    });

    it('a restarted dispatcher resumes pending deliveries, also after a crash mid-attempt', async () => {
      const first = make();
      const pending = request('/resume-a');
      await first.enqueue(pending); // not started: stays pending, as if the process stopped
      await first.stop();
      // A crashed sender: claimed (attempt counted, lease taken) but never finished.
      const crashed = request('/resume-b');
      await first.enqueue(crashed);
      const store = new SqlWebhookStore(db);
      const [row] = await store.listDeliveries(projectId, 'image', crashed.resourceId);
      const past = new Date(Date.now() - 60_000).toISOString();
      assert.ok(await store.claim(row.id, 0, 'dead-process', past, past));

      const second = make();
      second.start();
      const a = await settled(second, pending);
      const b = await settled(second, crashed);
      assert.equal(a.status, 'succeeded');
      assert.equal(b.status, 'succeeded');
      assert.equal(b.attempts, 2, 'the crashed attempt counts');
      assert.equal(receiver.to('/resume-a').length, 1);
      assert.equal(receiver.to('/resume-b').length, 1);
    });

    it('an unexpired lease of another process is left alone', async () => {
      const store = new SqlWebhookStore(db);
      const d = make();
      const r = request('/leased');
      await d.enqueue(r);
      const [row] = await store.listDeliveries(projectId, 'image', r.resourceId);
      const now = new Date().toISOString();
      const later = new Date(Date.now() + 60_000).toISOString();
      assert.ok(await store.claim(row.id, 0, 'other-process', now, later));
      assert.equal(await store.claim(row.id, 1, 'me', now, later), false);
      d.start();
      await new Promise((res) => setTimeout(res, BASE_MS * 5));
      assert.equal(receiver.to('/leased').length, 0);
    });

    it('two dispatchers on one table send every delivery exactly once', async () => {
      const a = make();
      const b = make();
      const reqs = Array.from({ length: 30 }, (_, i) => request(`/pair-${i}`));
      for (const r of reqs) await a.enqueue(r);
      a.start();
      b.start();
      for (const r of reqs) assert.equal((await settled(a, r)).status, 'succeeded');
      await new Promise((res) => setTimeout(res, BASE_MS * 3));
      for (let i = 0; i < reqs.length; i++) assert.equal(receiver.to(`/pair-${i}`).length, 1);
    });

    it('refuses a private receiver unless private URLs are allowed, without retrying', async () => {
      const d = make({ allowPrivate: false });
      d.start();
      const r = request('/private');
      await d.enqueue(r);
      const row = await settled(d, r);
      assert.equal(row.status, 'failed');
      assert.equal(row.attempts, 1);
      assert.match(row.last_error ?? '', /address 127\.0\.0\.1 is a loopback address/);
      assert.equal(receiver.to('/private').length, 0);
    });

    it('rotating the secret signs later deliveries with the new one', async () => {
      const d = make();
      d.start();
      const before = await d.secret(projectId);
      assert.equal(await d.secret(projectId), before, 'the secret is stable');
      const rotated = await d.rotateSecret(projectId);
      assert.notEqual(rotated, before);
      assert.equal(await d.secret(projectId), rotated);
      const r = request('/rotated');
      await d.enqueue(r);
      await settled(d, r);
      const [got] = receiver.to('/rotated');
      const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(got.headers['imprint-signature']))!;
      assert.equal(m[2], createHmac('sha256', rotated).update(`${m[1]}.${got.body}`).digest('hex'));
    });

    it('lists deliveries only within the project', async () => {
      const d = make();
      const r = request('/scoped');
      await d.enqueue(r);
      const mine: WebhookDelivery[] = await d.listDeliveries(projectId, 'image', r.resourceId);
      assert.equal(mine.length, 1);
      assert.deepEqual(await d.listDeliveries('someone-else', 'image', r.resourceId), []);
      assert.deepEqual(await d.listDeliveries(projectId, 'pdf', r.resourceId), []);
    });
  });
}
