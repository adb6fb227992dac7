import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { testDbKinds } from '../helpers/databases.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { assert422, makeCollection, makeTemplate, walk } from './template-fixtures.ts';

type Tpl = Record<string, unknown> & { uuid: string };

for (const { kind, skip } of testDbKinds()) {
  describe(`templates list on ${kind}`, { skip }, () => {
    let t: TestApp;
    let byTitle: Map<string, Tpl>;
    let collectionId: string;
    before(async () => {
      t = await createTestApp(kind);
      collectionId = (await makeCollection(t)).id;
      // Fixture set for filters: titles, tags, and membership of one collection.
      const specs: Array<[string, string[], boolean]> = [
        ['Summer Sale Banner', ['marketing', 'marketing/social'], true],
        ['Winter sale poster', ['marketing/print'], false],
        ['Team photo', ['internal'], true],
        ['Ähnliche Übersicht', ['Marketing/Social/Instagram'], false],
        ['Marketing plan', ['marketingplan'], true],
        ['100% off_promo', ['promo'], false],
      ];
      byTitle = new Map();
      for (const [title, tags, inCollection] of specs) {
        const tpl = await makeTemplate(t, {
          title,
          tags,
          ...(inCollection ? { add_to_collections: [collectionId] } : {}),
        });
        byTitle.set(title, tpl);
      }
      // Another project's template that matches every filter must never appear.
      await makeTemplate(t, { title: 'Summer sale other', tags: ['marketing'] }, t.other.token);
    });
    after(async () => t?.close());

    const titles = async (query: string) => {
      const res = await t.request({ method: 'GET', url: `/api/rest/templates${query}` });
      assert.equal(res.statusCode, 200, res.body);
      return (res.json().data as Tpl[]).map((x) => x.title as string).sort();
    };

    it('returns the envelope with 20 per page and newest first by default', async () => {
      const res = await t.request({ method: 'GET', url: '/api/rest/templates' });
      const body = res.json();
      assert.deepEqual(Object.keys(body).sort(), ['data', 'links', 'meta']);
      assert.equal(body.meta.per_page, 20);
      assert.equal(body.meta.path, 'http://imprint.test/api/rest/templates');
      assert.equal(body.links.first, null);
      assert.equal(body.links.last, null);
      assert.equal(body.links.next, null);
      assert.equal(body.links.prev, null);
      assert.equal(body.data.length, 6);
      assert.equal(body.data[0].title, '100% off_promo');
      assert.equal(body.data[5].title, 'Summer Sale Banner');
      assert.deepEqual(Object.keys(body.data[0]).sort(), [
        'created_at',
        'custom_data',
        'height',
        'layers',
        'published_version',
        'tags',
        'thumbnail',
        'title',
        'updated_at',
        'uuid',
        'version',
        'width',
      ]);
    });

    it('filters by title substring, case-insensitively, wildcards taken literally', async () => {
      assert.deepEqual(await titles('?title_filter=SALE'), [
        'Summer Sale Banner',
        'Winter sale poster',
      ]);
      assert.deepEqual(await titles('?title_filter=%C3%BCbersicht'), ['Ähnliche Übersicht']);
      assert.deepEqual(await titles('?title_filter=100%25'), ['100% off_promo']);
      assert.deepEqual(await titles('?title_filter=_'), ['100% off_promo']);
      assert.deepEqual(await titles('?title_filter=%25'), ['100% off_promo']);
      assert.deepEqual(await titles('?title_filter=nothing-like-this'), []);
    });

    it('filters by tag: a parent matches its children, a nested tag matches exactly', async () => {
      assert.deepEqual(await titles('?tag=marketing'), [
        'Summer Sale Banner',
        'Winter sale poster',
        'Ähnliche Übersicht',
      ]);
      assert.deepEqual(await titles('?tag=marketing/social'), ['Summer Sale Banner']);
      assert.deepEqual(await titles('?tag=marketing/print'), ['Winter sale poster']);
      assert.deepEqual(await titles('?tag=MARKETING/social/instagram'), ['Ähnliche Übersicht']);
      assert.deepEqual(await titles('?tag=internal'), ['Team photo']);
      assert.deepEqual(await titles('?tag=market'), []);
      assert.deepEqual(await titles('?tag=social'), []);
    });

    it('a parent tag with characters outside the BMP (emoji) matches its children', async () => {
      const child = await makeTemplate(t, { title: 'Emoji child', tags: ['😀x/y'] });
      try {
        assert.deepEqual(await titles(`?tag=${encodeURIComponent('😀x')}`), ['Emoji child']);
        assert.deepEqual(await titles(`?tag=${encodeURIComponent('😀')}`), []);
      } finally {
        await t.request({ method: 'DELETE', url: `/api/rest/templates/${child.uuid}` });
      }
    });

    it('filters by collection, and an unknown collection gives an empty list', async () => {
      assert.deepEqual(await titles(`?collection_id=${collectionId}`), [
        'Marketing plan',
        'Summer Sale Banner',
        'Team photo',
      ]);
      assert.deepEqual(await titles('?collection_id=missing'), []);
      const foreign = await makeCollection(t, {}, t.other.token);
      assert.deepEqual(await titles(`?collection_id=${foreign.id}`), []);
    });

    it('combines every filter', async () => {
      assert.deepEqual(
        await titles(`?collection_id=${collectionId}&tag=marketing&title_filter=sale`),
        ['Summer Sale Banner'],
      );
      assert.deepEqual(await titles(`?collection_id=${collectionId}&tag=marketing/print`), []);
      assert.deepEqual(await titles('?tag=marketing&title_filter=poster&order_by=title-asc'), [
        'Winter sale poster',
      ]);
      assert.deepEqual(await titles(`?collection_id=${collectionId}&title_filter=plan`), [
        'Marketing plan',
      ]);
    });

    it('orders by title, created_at and updated_at in both directions', async () => {
      const ordered = async (orderBy: string) => {
        const res = await t.request({
          method: 'GET',
          url: `/api/rest/templates?order_by=${orderBy}`,
        });
        assert.equal(res.statusCode, 200, res.body);
        return (res.json().data as Tpl[]).map((x) => x.title);
      };
      const byName = [
        '100% off_promo',
        'Marketing plan',
        'Summer Sale Banner',
        'Team photo',
        'Winter sale poster',
        'Ähnliche Übersicht',
      ];
      assert.deepEqual(await ordered('title-asc'), byName);
      assert.deepEqual(await ordered('title-desc'), [...byName].reverse());
      const created = [...byTitle.keys()];
      assert.deepEqual(await ordered('created_at-asc'), created);
      assert.deepEqual(await ordered('created_at-desc'), [...created].reverse());
      // Touch the oldest: it becomes the most recently updated.
      const res = await t.request({
        method: 'PATCH',
        url: `/api/rest/templates/${byTitle.get('Summer Sale Banner')!.uuid}`,
        payload: { custom_data: 'touched' },
      });
      assert.equal(res.statusCode, 200);
      const updated = await ordered('updated_at-desc');
      assert.equal(updated[0], 'Summer Sale Banner');
      assert.deepEqual((await ordered('updated_at-asc'))[5], 'Summer Sale Banner');
    });

    it('refuses bad order_by, per_page and cursor values with 422 naming them', async () => {
      for (const bad of ['title', 'name-asc', 'title-up', 'created_at-DESC', '']) {
        const res = await t.request({ method: 'GET', url: `/api/rest/templates?order_by=${bad}` });
        assert422(res, 'order_by');
      }
      for (const bad of ['0', '101', 'abc', '-1']) {
        const res = await t.request({ method: 'GET', url: `/api/rest/templates?per_page=${bad}` });
        assert422(res, 'per_page');
      }
      assert422(
        await t.request({ method: 'GET', url: '/api/rest/templates?cursor=zzz' }),
        'cursor',
      );
    });

    it('refuses a cursor holding a NUL character with 422, not a database error', async () => {
      // Cursors are base64url, so the %00 guard on URLs never sees a NUL inside one;
      // PostgreSQL text cannot hold it and used to answer 500.
      const nulCursor = (value: unknown, id: unknown) =>
        Buffer.from(JSON.stringify(['n', value, id])).toString('base64url');
      for (const cursor of [nulCursor('a\u0000', 'b'), nulCursor('a', '\u0000b')]) {
        for (const list of [
          'templates?',
          'templates?order_by=title-asc&',
          'collections?per_page=2&',
        ]) {
          const res = await t.request({ method: 'GET', url: `/api/rest/${list}cursor=${cursor}` });
          assert422(res, 'cursor');
        }
      }
    });
  });

  describe(`templates pagination on ${kind}`, { skip }, () => {
    let t: TestApp;
    let uuids: string[];
    before(async () => {
      t = await createTestApp(kind);
      uuids = [];
      // 45 templates: 3 pages of 20/20/5; titles repeat so the uuid tie-break is exercised.
      for (let i = 0; i < 45; i++) {
        const tpl = await makeTemplate(t, { title: `T${String(i % 7)}`, tags: ['walk'] });
        uuids.push(tpl.uuid);
      }
    });
    after(async () => t?.close());

    for (const orderBy of ['created_at-asc', 'created_at-desc', 'title-asc', 'title-desc']) {
      it(`walks every row exactly once with ${orderBy}, and back with prev`, async () => {
        const pages = await walk(t, `/api/rest/templates?order_by=${orderBy}&tag=walk`);
        assert.deepEqual(
          pages.map((p) => p.length),
          [20, 20, 5],
        );
        const seen = pages.flat().map((x) => x.uuid as string);
        assert.equal(new Set(seen).size, 45);
        assert.deepEqual([...seen].sort(), [...uuids].sort());
        if (orderBy === 'created_at-asc') assert.deepEqual(seen, uuids);
        if (orderBy === 'created_at-desc') assert.deepEqual(seen, [...uuids].reverse());
        if (orderBy.startsWith('title')) {
          const ts = pages.flat().map((x) => x.title as string);
          const sorted = [...ts].sort();
          assert.deepEqual(ts, orderBy.endsWith('asc') ? sorted : sorted.reverse());
        }
        // From the last page, prev links lead back over the same pages.
        const last = await t.request({
          method: 'GET',
          url: `/api/rest/templates?order_by=${orderBy}&tag=walk`,
        });
        let url: string | null = last.json().links.next;
        let lastBody = last.json();
        while (url) {
          lastBody = (
            await t.request({ method: 'GET', url: url.replace('http://imprint.test', '') })
          ).json();
          url = lastBody.links.next;
        }
        assert.ok(lastBody.links.prev);
        assert.match(lastBody.links.prev, /order_by=/);
        assert.match(lastBody.links.prev, /tag=walk/);
        const back = await walk(t, lastBody.links.prev.replace('http://imprint.test', ''), 'prev');
        assert.deepEqual(
          back.map((p) => p.map((x) => x.uuid)),
          pages
            .slice(0, 2)
            .reverse()
            .map((p) => p.map((x) => x.uuid)),
        );
      });
    }

    it('honours per_page and keeps it in the links', async () => {
      const pages = await walk(t, '/api/rest/templates?per_page=1&tag=walk&order_by=title-asc');
      assert.equal(pages.length, 45);
      const hundred = await t.request({ method: 'GET', url: '/api/rest/templates?per_page=100' });
      assert.equal(hundred.json().data.length, 45);
      assert.equal(hundred.json().meta.per_page, 100);
    });

    it('stays stable when rows are inserted and deleted mid-walk', async () => {
      const first = await t.request({
        method: 'GET',
        url: '/api/rest/templates?order_by=created_at-asc&tag=walk',
      });
      const page1 = first.json().data.map((x: Tpl) => x.uuid);
      // Delete one row already seen and one not yet seen; insert a new (newest) row.
      const deletedSeen = page1[3];
      const deletedAhead = uuids[30];
      for (const uuid of [deletedSeen, deletedAhead]) {
        const d = await t.request({ method: 'DELETE', url: `/api/rest/templates/${uuid}` });
        assert.equal(d.statusCode, 200);
      }
      const added = await makeTemplate(t, { title: 'late', tags: ['walk'] });
      const rest = await walk(t, first.json().links.next.replace('http://imprint.test', ''));
      const seen = [...page1, ...rest.flat().map((x) => x.uuid as string)];
      const expected = [...uuids.filter((u) => u !== deletedAhead), added.uuid];
      assert.deepEqual(seen, expected);
    });
  });
}
