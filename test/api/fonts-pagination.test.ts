import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { testDbKinds } from '../helpers/databases.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { fontFixture, uploadBody } from '../fixtures/fonts/font-fixtures.ts';

const BASE = 'http://imprint.test';

for (const { kind, skip } of testDbKinds()) {
  describe(`fonts list pagination on ${kind}`, { skip }, () => {
    let t: TestApp;
    const uuids: string[] = [];

    before(async () => {
      t = await createTestApp(kind);
      const woff2 = fontFixture('woff2');
      for (let i = 0; i < 45; i++) {
        const res = await t.request({
          method: 'POST',
          url: '/api/rest/fonts',
          ...uploadBody(woff2, `font-${i}.woff2`, { terms_accepted: 'on', title: `Font ${i}` }),
        });
        assert.equal(res.statusCode, 201, res.body);
        uuids.push(res.json().uuid);
      }
    });
    after(async () => t?.close());

    const get = async (url: string) => {
      const res = await t.request({ method: 'GET', url: url.replace(BASE, '') });
      assert.equal(res.statusCode, 200, res.body);
      return res.json();
    };

    it('walks links.next over 3 pages of 20, visiting every font exactly once, newest first', async () => {
      const seen: string[] = [];
      const sizes: number[] = [];
      let url: string | null = '/api/rest/fonts?include_legacy=0';
      let first: Record<string, unknown> | undefined;
      while (url) {
        const body = await get(url);
        first ??= body;
        assert.deepEqual(Object.keys(body).sort(), ['data', 'links', 'meta']);
        assert.equal(body.links.first, null);
        assert.equal(body.links.last, null);
        assert.equal(body.meta.per_page, 20);
        assert.equal(body.meta.path, `${BASE}/api/rest/fonts`);
        if (body.links.next) {
          assert.ok(body.links.next.startsWith(`${BASE}/api/rest/fonts?`));
          assert.match(body.links.next, /include_legacy=0/, 'other query parameters are kept');
        }
        sizes.push(body.data.length);
        seen.push(...body.data.map((f: { uuid: string }) => f.uuid));
        url = body.links.next;
      }
      assert.deepEqual(sizes, [20, 20, 5]);
      assert.equal(new Set(seen).size, 45);
      assert.deepEqual([...seen].sort(), [...uuids].sort());
      assert.equal(seen[0], uuids[44], 'newest first');
      assert.equal(seen[44], uuids[0]);
      assert.equal((first as { links: { prev: unknown } }).links.prev, null);
    });

    it('walks back with links.prev to the same pages', async () => {
      const p1 = await get('/api/rest/fonts');
      const p2 = await get(p1.links.next);
      const p3 = await get(p2.links.next);
      assert.equal(p3.links.next, null);
      const back2 = await get(p3.links.prev);
      assert.deepEqual(back2.data, p2.data);
      const back1 = await get(back2.links.prev);
      assert.deepEqual(back1.data, p1.data);
      assert.equal(back1.links.prev, null);
    });

    it('stays stable when fonts are added and removed during a walk', async () => {
      const p1 = await get('/api/rest/fonts');
      // Remove one font of page 2 and add a new one (which sorts before page 1).
      const victim = (await get(p1.links.next)).data[3].uuid as string;
      const del = await t.request({ method: 'DELETE', url: `/api/rest/fonts/${victim}` });
      assert.equal(del.statusCode, 200);
      const added = await t.request({
        method: 'POST',
        url: '/api/rest/fonts',
        ...uploadBody(fontFixture('woff'), 'late.woff'),
      });
      assert.equal(added.statusCode, 201);
      const seen = p1.data.map((f: { uuid: string }) => f.uuid);
      let url: string | null = p1.links.next;
      while (url) {
        const body = await get(url);
        seen.push(...body.data.map((f: { uuid: string }) => f.uuid));
        url = body.links.next;
      }
      assert.equal(new Set(seen).size, seen.length, 'no font twice');
      assert.deepEqual(
        [...seen].sort(),
        uuids.filter((u) => u !== victim).sort(),
        'every remaining font once',
      );
    });

    it('refuses a malformed cursor with 422 naming cursor', async () => {
      const res = await t.request({ method: 'GET', url: '/api/rest/fonts?cursor=%%%garbage' });
      assert.equal(res.statusCode, 422);
      assert.deepEqual(Object.keys(res.json().errors), ['cursor']);
    });

    it('refuses a cursor holding a NUL character with 422, not a database error', async () => {
      // PostgreSQL text cannot hold NUL; such a cursor used to reach the query and answer 500.
      const cursor = Buffer.from(
        JSON.stringify(['n', '2026-01-01T00:00:00.000Z', 'a\u0000']),
      ).toString('base64url');
      for (const query of ['', 'include_legacy=1&']) {
        const res = await t.request({
          method: 'GET',
          url: `/api/rest/fonts?${query}cursor=${cursor}`,
        });
        assert.equal(res.statusCode, 422, res.body);
        assert.deepEqual(Object.keys(res.json().errors), ['cursor']);
      }
    });
  });

  describe(`font upload size limit on ${kind}`, { skip }, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(kind, { IMPRINT_FONT_MAX_BYTES: '12000' });
    });
    after(async () => t?.close());

    it('answers 413 naming file above IMPRINT_FONT_MAX_BYTES, and accepts a file below it', async () => {
      const big = fontFixture('ttf');
      assert.ok(big.length > 12000);
      const res = await t.request({
        method: 'POST',
        url: '/api/rest/fonts',
        ...uploadBody(big, 'big.ttf'),
      });
      assert.equal(res.statusCode, 413, res.body);
      const body = res.json();
      assert.match(body.message, /file/);
      assert.equal(body.message, 'The file field must not be larger than 12000 bytes.');
      assert.deepEqual(Object.keys(body.errors), ['file']);
      const list = await t.request({ method: 'GET', url: '/api/rest/fonts' });
      assert.deepEqual(list.json().data, [], 'nothing was stored');

      const small = fontFixture('woff2');
      assert.ok(small.length < 12000);
      const ok = await t.request({
        method: 'POST',
        url: '/api/rest/fonts',
        ...uploadBody(small, 'small.woff2'),
      });
      assert.equal(ok.statusCode, 201, ok.body);
    });
  });
}
