/**
 * Idempotency-Key on the creation calls: a retry with the same key and body gets the same object
 * and is charged once; another body is a 422 naming the header; concurrent requests with one key,
 * in one app or in two apps on one database, create one row; an expired key creates anew; a
 * create_now whose client hung up is answered to its retry with the finished object.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { startJobProcessing } from '../../src/main.ts';
import { QueueUnavailableError } from '../../src/queue/queue-unavailable-error.ts';
import { testDbKinds } from '../helpers/databases.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createTemplate, pollUntilDone } from './_helpers.ts';
import { startGenerationFixture, type GenerationFixture } from './generation-fixture.ts';

type Payload = Record<string, unknown>;

/** Rows of a table (images, pdfs, idempotency_keys). */
async function count(t: TestApp, table: 'images' | 'pdfs' | 'idempotency_keys'): Promise<number> {
  const r = await t.runtime.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

for (const { kind, skip } of testDbKinds()) {
  describe(`Idempotency-Key on ${kind}`, { skip }, () => {
    let fixture: GenerationFixture | undefined;
    let t: TestApp;
    let uuid: string;
    let assets: string;
    let n = 0;
    before(
      async () => {
        fixture = await startGenerationFixture(kind);
        ({ t, uuid } = fixture);
        assets = fixture.assets.base;
      },
      { timeout: 210_000 },
    );
    after(async () => {
      await fixture?.close();
    });

    /** A key no other test uses. */
    const freshKey = () => `key-${kind}-${++n}-${Date.now()}`;
    const post = (url: string, payload: Payload, key?: string, token?: string) =>
      t.request({
        method: 'POST',
        url,
        payload,
        token,
        headers: key === undefined ? {} : { 'idempotency-key': key },
      });
    // Charged plus held: stable while other tests' queued images finish (held → charged).
    const credits = async () => {
      const u = (await t.request({ method: 'GET', url: '/api/rest/usage' })).json();
      return (u.credits_used as number) + (u.credits_reserved as number);
    };

    it('answers the same finished object to a create_now retry and charges once', async () => {
      const key = freshKey();
      const body = { template_uuid: uuid, create_now: true, layers: { title: { text: 'Once' } } };
      const creditsBefore = await credits();
      const imagesBefore = await count(t, 'images');
      const first = await post('/api/rest/images', body, key);
      assert.equal(first.statusCode, 200, first.body);
      assert.equal(first.json().status, 'finished');
      assert.equal(first.headers['idempotent-replayed'], undefined);
      // The same body with its properties in another order is the same request.
      const again = await post(
        '/api/rest/images',
        { layers: { title: { text: 'Once' } }, create_now: true, template_uuid: uuid },
        key,
      );
      assert.equal(again.statusCode, 200, again.body);
      assert.equal(again.headers['idempotent-replayed'], 'true');
      assert.deepEqual(again.json(), first.json());
      assert.equal(await count(t, 'images'), imagesBefore + 1);
      assert.equal(await credits(), creditsBefore + 1);
    });

    it('answers a queued creation’s retry with the same id, as it is now', async () => {
      const key = freshKey();
      const body = { template_uuid: uuid, layers: { title: { text: 'Queued' } } };
      const first = await post('/api/rest/images', body, key);
      assert.equal(first.statusCode, 200, first.body);
      const id = first.json().id as number;
      const done = await pollUntilDone(t, first.json().polling_url as string);
      assert.equal(done.status, 'finished');
      const again = await post('/api/rest/images', body, key);
      assert.equal(again.statusCode, 200, again.body);
      assert.equal(again.json().id, id);
      assert.equal(again.json().status, 'finished');
      assert.equal(again.json().image_url, done.image_url);
    });

    it('keys PDFs and merges the same way', async () => {
      const pdfKey = freshKey();
      const pdf = { pages: [{ template_uuid: uuid }], create_now: true };
      const a = await post('/api/rest/pdfs', pdf, pdfKey);
      const b = await post('/api/rest/pdfs', pdf, pdfKey);
      assert.equal(a.statusCode, 200, a.body);
      assert.equal(b.statusCode, 200, b.body);
      assert.equal(b.json().id, a.json().id);
      const mergeKey = freshKey();
      const merge = { urls: [`${assets}/one.pdf`, `${assets}/two.pdf`] };
      const c = await post('/api/rest/pdfs/merge', merge, mergeKey);
      const d = await post('/api/rest/pdfs/merge', merge, mergeKey);
      assert.equal(c.statusCode, 200, c.body);
      assert.equal(d.statusCode, 200, d.body);
      assert.equal(d.json().id, c.json().id);
      // One key, another endpoint: another request.
      const e = await post('/api/rest/pdfs', pdf, mergeKey);
      assert.equal(e.statusCode, 422, e.body);
      assert.ok(e.json().errors['Idempotency-Key'], e.body);
    });

    it('refuses the same key with another body: 422 naming the header, nothing created', async () => {
      const key = freshKey();
      const first = await post('/api/rest/images', { template_uuid: uuid }, key);
      assert.equal(first.statusCode, 200, first.body);
      const images = await count(t, 'images');
      const other = await post(
        '/api/rest/images',
        { template_uuid: uuid, layers: { title: { text: 'Other' } } },
        key,
      );
      assert.equal(other.statusCode, 422, other.body);
      assert.match(other.json().errors['Idempotency-Key'][0], /different request/);
      // A test token is another request too (its render is free and watermarked).
      const test = await post(
        '/api/rest/images',
        { template_uuid: uuid },
        key,
        t.project.testToken,
      );
      assert.equal(test.statusCode, 422, test.body);
      assert.equal(await count(t, 'images'), images);
    });

    it('refuses malformed keys with a 422 naming the header, with the body’s problems', async () => {
      const images = await count(t, 'images');
      for (const key of ['', 'x'.repeat(256), 'caf\u00e9']) {
        const res = await post('/api/rest/images', { template_uuid: uuid }, key);
        assert.equal(res.statusCode, 422, `${JSON.stringify(key)}: ${res.body}`);
        assert.match(res.json().errors['Idempotency-Key'][0], /1 to 255 printable ASCII/);
      }
      const both = await post('/api/rest/images', { template_uuid: 7 }, '');
      assert.equal(both.statusCode, 422, both.body);
      assert.deepEqual(Object.keys(both.json().errors).sort(), [
        'Idempotency-Key',
        'template_uuid',
      ]);
      const ok = await post('/api/rest/images', { template_uuid: uuid }, 'x'.repeat(255));
      assert.equal(ok.statusCode, 200, ok.body);
      assert.equal(await count(t, 'images'), images + 1);
    });

    it('keeps keys apart per project', async () => {
      const key = freshKey();
      const otherUuid = await createTemplate(t, undefined, t.other.token);
      const mine = await post('/api/rest/images', { template_uuid: uuid }, key);
      const theirs = await post(
        '/api/rest/images',
        { template_uuid: otherUuid },
        key,
        t.other.token,
      );
      assert.equal(mine.statusCode, 200, mine.body);
      assert.equal(theirs.statusCode, 200, theirs.body);
      assert.notEqual(theirs.json().id, mine.json().id);
    });

    it('creates one object for concurrent requests with one key', async () => {
      const images = await count(t, 'images');
      const creditsBefore = await credits();
      const key = freshKey();
      const body = { template_uuid: uuid, create_now: true, layers: { title: { text: 'Race' } } };
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => post('/api/rest/images', body, key)),
      );
      for (const a of answers) assert.equal(a.statusCode, 200, a.body);
      assert.equal(new Set(answers.map((a) => a.json().id)).size, 1);
      for (const a of answers) assert.equal(a.json().status, 'finished', a.body);
      assert.equal(await count(t, 'images'), images + 1);
      assert.equal(await credits(), creditsBefore + 1);
    });

    it('creates anew once the key is older than 24 hours, and the sweep prunes it', async () => {
      const key = freshKey();
      const body = { template_uuid: uuid };
      const first = await post('/api/rest/images', body, key);
      assert.equal(first.statusCode, 200, first.body);
      const dayAgo = new Date(Date.now() - 24 * 60 * 60 * 1000 - 60_000).toISOString();
      await t.runtime.db
        .updateTable('idempotency_keys')
        .set({ created_at: dayAgo })
        .where('idempotency_key', '=', key)
        .execute();
      const later = await post('/api/rest/images', body, key);
      assert.equal(later.statusCode, 200, later.body);
      assert.notEqual(later.json().id, first.json().id);
      // The new object owns the key now: a third request gets it.
      const third = await post('/api/rest/images', body, key);
      assert.equal(third.json().id, later.json().id);

      const old = freshKey();
      assert.equal((await post('/api/rest/images', body, old)).statusCode, 200);
      await t.runtime.db
        .updateTable('idempotency_keys')
        .set({ created_at: dayAgo })
        .where('idempotency_key', '=', old)
        .execute();
      await t.runtime.fileSweeps.runOnce();
      const left = await t.runtime.db
        .selectFrom('idempotency_keys')
        .select('idempotency_key')
        .where('idempotency_key', 'in', [key, old])
        .execute();
      assert.deepEqual(
        left.map((r) => r.idempotency_key),
        [key],
      );
    });

    it('stores no key when the creation is refused, and answers 404 once the object is deleted', async () => {
      const key = freshKey();
      await t.runtime.services.generation.setCreditLimit(t.project.id, 0);
      try {
        const refused = await post('/api/rest/images', { template_uuid: uuid }, key);
        assert.equal(refused.statusCode, 402, refused.body);
      } finally {
        await t.runtime.services.generation.setCreditLimit(t.project.id, null);
      }
      const created = await post('/api/rest/images', { template_uuid: uuid }, key);
      assert.equal(created.statusCode, 200, created.body);
      const id = created.json().id as number;
      const del = await t.request({ method: 'DELETE', url: `/api/rest/images/${id}` });
      assert.equal(del.statusCode, 204);
      const again = await post('/api/rest/images', { template_uuid: uuid }, key);
      assert.equal(again.statusCode, 404, again.body);
      assert.match(
        again.json().errors['Idempotency-Key'][0],
        new RegExp(`id ${id}\\) was deleted`),
      );
    });

    it('forgets the key of a creation withdrawn because the queue was down', async () => {
      const key = freshKey();
      const queue = t.runtime.queue;
      const original = queue.enqueue.bind(queue);
      queue.enqueue = async () => {
        throw new QueueUnavailableError('Redis did not answer');
      };
      try {
        const refused = await post('/api/rest/images', { template_uuid: uuid }, key);
        assert.equal(refused.statusCode, 503, refused.body);
      } finally {
        queue.enqueue = original;
      }
      const retry = await post('/api/rest/images', { template_uuid: uuid }, key);
      assert.equal(retry.statusCode, 200, retry.body);
      assert.equal(retry.headers['idempotent-replayed'], undefined);
      assert.equal((await pollUntilDone(t, retry.json().polling_url as string)).status, 'finished');
    });

    it('answers 422 to a bad video with a key and stores nothing', async () => {
      const keys = await count(t, 'idempotency_keys');
      const res = await post('/api/rest/videos', { clips: [] }, freshKey());
      assert.equal(res.statusCode, 422, res.body);
      assert.equal(await count(t, 'idempotency_keys'), keys);
    });

    it('answers a create_now retry after a dropped connection with the same finished object', async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      const key = freshKey();
      const creditsBefore = await credits();
      const images = await count(t, 'images');
      // A picture that takes a second keeps the render going while the client hangs up.
      const body = JSON.stringify({
        template_uuid: uuid,
        create_now: true,
        layers: { photo: { image: `${assets}/slow.png?ms=1000` } },
      });
      const req = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/rest/images',
        headers: {
          authorization: `Bearer ${t.project.token}`,
          'content-type': 'application/json',
          'idempotency-key': key,
        },
      });
      const dropped = new Promise<string>((resolve) => {
        req.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
        req.on('response', () => resolve('answered'));
      });
      req.end(body);
      // Hang up once the row exists, i.e. mid-render.
      const deadline = Date.now() + 30_000;
      while ((await count(t, 'images')) === images) {
        assert.ok(Date.now() < deadline, 'the image row never appeared');
        await new Promise((r) => setTimeout(r, 20));
      }
      req.destroy();
      assert.equal(await dropped, 'ECONNRESET');
      const retry = await post('/api/rest/images', JSON.parse(body), key);
      assert.equal(retry.statusCode, 200, retry.body);
      assert.equal(retry.json().status, 'finished', retry.body);
      assert.equal(await count(t, 'images'), images + 1);
      const [row] = await t.runtime.db
        .selectFrom('images')
        .select('id')
        .orderBy('id', 'desc')
        .limit(1)
        .execute();
      assert.equal(retry.json().id, Number(row.id));
      assert.equal(await credits(), creditsBefore + 1);
    });
  });

  describe(`Idempotency-Key across two app instances on ${kind}`, { skip }, () => {
    let a: TestApp;
    let b: TestApp;
    let uuid: string;
    let stopA: (() => Promise<void>) | undefined;
    before(async () => {
      a = await createTestApp(kind, { IMPRINT_RENDER_THREADS: '1' });
      b = await createTestApp(kind, { IMPRINT_RENDER_THREADS: '1' }, { shareWith: a });
      stopA = startJobProcessing(a.runtime, 2);
      uuid = await createTemplate(a);
    });
    after(async () => {
      await stopA?.();
      await b?.close();
      await a?.close();
    });

    it('creates one row for one key sent to both at once', { timeout: 90_000 }, async () => {
      for (const createNow of [false, true]) {
        const key = `shared-${createNow}-${Date.now()}`;
        const body = { template_uuid: uuid, create_now: createNow };
        const images = await count(a, 'images');
        const send = (t: TestApp) =>
          t.request({
            method: 'POST',
            url: '/api/rest/images',
            payload: body,
            headers: { 'idempotency-key': key },
          });
        const answers = await Promise.all(
          Array.from({ length: 8 }, (_, i) => send(i % 2 === 0 ? a : b)),
        );
        for (const r of answers) assert.equal(r.statusCode, 200, r.body);
        assert.equal(new Set(answers.map((r) => r.json().id)).size, 1, `create_now ${createNow}`);
        assert.equal(await count(a, 'images'), images + 1);
      }
    });
  });
}
