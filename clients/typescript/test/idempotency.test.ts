/**
 * The client's Idempotency-Key: creation calls carry one (the call's own or a random UUID),
 * other calls none, and a creation retried after a dropped connection or a 503 sends the same
 * key again — so against a real server the retry answers the first attempt's image.
 */
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { createTemplate } from '../../../test/generation/_helpers.ts';
import { testDbKinds } from '../../../test/helpers/databases.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createImprintClient } from '../src/index.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A fetch that records each request and answers from `answers` in turn (a throw fails it). */
function recordingFetch(answers: Array<() => Response>) {
  const seen: Array<{ method: string; path: string; key: string | null; body: string }> = [];
  const fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    seen.push({
      method: request.method,
      path: new URL(request.url).pathname,
      key: request.headers.get('idempotency-key'),
      body: await request.text(),
    });
    const next = answers.shift();
    if (!next) throw new Error('no answer left');
    return next();
  };
  return { fetch, seen };
}

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}) =>
  () =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', ...headers },
    });
const image = { id: 1, status: 'queued', image_url: null, polling_url: 'http://x/1' };
const dropped = () => {
  throw new TypeError('fetch failed');
};

describe('@imprint/client Idempotency-Key', () => {
  it('sends a random key on creations, the call’s own when given, none elsewhere', async () => {
    const { fetch, seen } = recordingFetch([
      json(200, image),
      json(200, image),
      json(200, { ...image, pdf_url: null }),
      json(200, image),
    ]);
    const client = createImprintClient({ baseUrl: 'http://imprint.test/', token: 't', fetch });
    await client.POST('/api/rest/images', { body: { template_uuid: 'x' } });
    await client.POST('/api/rest/images', {
      params: { header: { 'idempotency-key': 'order-42' } },
      body: { template_uuid: 'x' },
    });
    await client.POST('/api/rest/pdfs/merge', { body: { urls: ['a', 'b'] } });
    await client.GET('/api/rest/images/{id}', { params: { path: { id: '1' } } });
    assert.match(seen[0].key ?? '', UUID);
    assert.equal(seen[1].key, 'order-42');
    assert.match(seen[2].key ?? '', UUID);
    assert.notEqual(seen[2].key, seen[0].key);
    assert.equal(seen[3].method, 'GET');
    assert.equal(seen[3].key, null);
  });

  it('retries a dropped creation and a 503 with the same key and body', async () => {
    const { fetch, seen } = recordingFetch([
      dropped,
      json(503, { message: 'busy' }, { 'retry-after': '0' }),
      json(200, image),
    ]);
    const client = createImprintClient({ baseUrl: 'http://imprint.test', token: 't', fetch });
    const { data } = await client.POST('/api/rest/images', { body: { template_uuid: 'x' } });
    assert.equal(data?.id, 1);
    assert.equal(seen.length, 3);
    assert.equal(new Set(seen.map((s) => s.key)).size, 1);
    assert.deepEqual(
      seen.map((s) => JSON.parse(s.body)),
      Array.from({ length: 3 }, () => ({ template_uuid: 'x' })),
    );
  });

  it('does not retry with retries: 0, nor a 422', async () => {
    const off = recordingFetch([dropped]);
    const client = createImprintClient({
      baseUrl: 'http://imprint.test',
      token: 't',
      fetch: off.fetch,
      retry: { retries: 0 },
    });
    await assert.rejects(client.POST('/api/rest/images', { body: { template_uuid: 'x' } }));
    assert.equal(off.seen.length, 1);
    const bad = recordingFetch([json(422, { message: 'no', errors: {} })]);
    const other = createImprintClient({ baseUrl: 'http://x', token: 't', fetch: bad.fetch });
    const res = await other.POST('/api/rest/images', { body: { template_uuid: 'x' } });
    assert.equal(res.response.status, 422);
    assert.equal(bad.seen.length, 1);
  });
});

for (const { kind, skip } of testDbKinds()) {
  describe(`@imprint/client retry against a server on ${kind}`, { skip }, () => {
    let t: TestApp;
    let baseUrl: string;
    let uuid: string;
    before(async () => {
      t = await createTestApp(kind, { IMPRINT_RENDER_THREADS: '1' });
      uuid = await createTemplate(t);
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    });
    after(async () => {
      await t?.close();
    });

    it('answers the retry of a create_now whose answer was lost with the same image', async () => {
      let calls = 0;
      // The first answer is lost on the way back, after the server created and rendered.
      const losing = async (input: string | URL | Request, init?: RequestInit) => {
        const response = await globalThis.fetch(input, init);
        if (++calls > 1) return response;
        await response.arrayBuffer();
        throw new TypeError('fetch failed');
      };
      const client = createImprintClient({ baseUrl, token: t.project.token, fetch: losing });
      const { data, error } = await client.POST('/api/rest/images', {
        body: { template_uuid: uuid, create_now: true },
      });
      assert.equal(error, undefined);
      assert.equal(calls, 2);
      assert.equal(data?.status, 'finished');
      const rows = await t.runtime.db.selectFrom('images').select('id').execute();
      assert.deepEqual(
        rows.map((r) => Number(r.id)),
        [data?.id],
      );
      const usage = await t.runtime.services.generation.usage(t.project.id);
      assert.equal(usage.credits_used, 1);
    });
  });
}
