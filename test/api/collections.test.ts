import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { testDbKinds } from '../helpers/databases.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { assert422, makeCollection, makeTemplate, walk } from './template-fixtures.ts';

for (const { kind, skip } of testDbKinds()) {
  describe(`collections on ${kind}`, { skip }, () => {
    let t: TestApp;
    let tpl: string[];
    before(async () => {
      t = await createTestApp(kind);
      tpl = [];
      for (let i = 0; i < 4; i++) tpl.push((await makeTemplate(t, { title: `T${i}` })).uuid);
    });
    after(async () => t?.close());

    const post = (payload: unknown) =>
      t.request({ method: 'POST', url: '/api/rest/collections', payload: payload as object });
    const patch = (id: string, payload: unknown) =>
      t.request({
        method: 'PATCH',
        url: `/api/rest/collections/${id}`,
        payload: payload as object,
      });
    const get = (id: string) => t.request({ method: 'GET', url: `/api/rest/collections/${id}` });

    it('creates, retrieves and shows the collection object', async () => {
      const res = await post({
        title: 'Launch',
        custom_data: { owner: 'ana' },
        template_uuids: [tpl[1], tpl[0]],
      });
      assert.equal(res.statusCode, 201, res.body);
      const c = res.json();
      assert.deepEqual(Object.keys(c).sort(), ['custom_data', 'id', 'template_uuids', 'title']);
      assert.match(c.id, /^[0-9a-z]{12}$/);
      assert.equal(c.title, 'Launch');
      assert.deepEqual(c.custom_data, { owner: 'ana' });
      assert.deepEqual(c.template_uuids, [tpl[1], tpl[0]]);
      const got = await get(c.id);
      assert.equal(got.statusCode, 200);
      assert.deepEqual(got.json(), c);
      const plain = await makeCollection(t, { title: 'Plain' });
      assert.deepEqual(plain.template_uuids, []);
      assert.equal(plain.custom_data, null);
      const str = await makeCollection(t, { custom_data: 'just text' });
      assert.equal((await get(str.id)).json().custom_data, 'just text');
    });

    it('checks title, custom_data and template_uuids on create', async () => {
      assert422(await post({}), 'title');
      assert422(await post({ title: 12 }), 'title');
      await makeCollection(t, { title: 't'.repeat(255) });
      assert422(await post({ title: 't'.repeat(256) }), 'title');
      await makeCollection(t, { custom_data: 'c'.repeat(1024) });
      assert422(await post({ title: 'x', custom_data: 'c'.repeat(1025) }), 'custom_data');
      // {"k":"…"} adds 8 characters: 1016 + 8 = 1024.
      await makeCollection(t, { custom_data: { k: 'v'.repeat(1016) } });
      assert422(await post({ title: 'x', custom_data: { k: 'v'.repeat(1017) } }), 'custom_data');
      assert422(await post({ title: 'x', custom_data: 5 }), 'custom_data');
      assert422(await post({ title: 'x', custom_data: ['a'] }), 'custom_data');
      assert422(await post({ title: 'x', template_uuids: 'abc' }), 'template_uuids');
      const res = await post({ title: 'x', template_uuids: [tpl[0], tpl[1], tpl[2], 'nope'] });
      assert.equal(res.statusCode, 422);
      // Named on the field itself and at its position.
      assert.deepEqual(Object.keys(res.json().errors), ['template_uuids', 'template_uuids.3']);
      assert.match(res.json().errors.template_uuids[0], /"nope"/);
      assert.match(res.json().errors['template_uuids.3'][0], /nope/);
      const two = await post({ title: 'x', template_uuids: ['ghost1', tpl[0], 'ghost2'] });
      assert.equal(two.statusCode, 422);
      assert.match(two.json().errors.template_uuids[0], /"ghost1", "ghost2"/);
      const removing = await patch((await makeCollection(t)).id, {
        remove_template_uuids: ['ghost3'],
      });
      assert422(removing, 'remove_template_uuids');
      assert.match(removing.json().errors.remove_template_uuids[0], /ghost3/);
    });

    it("refuses another project's templates with 422 naming them", async () => {
      const foreign = await makeTemplate(t, {}, t.other.token);
      assert422(
        await post({ title: 'x', template_uuids: [tpl[0], foreign.uuid] }),
        'template_uuids.1',
      );
      const c = await makeCollection(t);
      assert422(await patch(c.id, { add_template_uuids: [foreign.uuid] }), 'add_template_uuids.0');
      assert422(await patch(c.id, { template_uuids: [foreign.uuid] }), 'template_uuids.0');
      assert422(
        await patch(c.id, { remove_template_uuids: [tpl[0], foreign.uuid] }),
        'remove_template_uuids.1',
      );
    });

    it('updates title and custom_data, replaces, adds and removes templates', async () => {
      const c = await makeCollection(t, { custom_data: 'a', template_uuids: [tpl[0]] });
      let res = await patch(c.id, { title: 'Renamed' });
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual(res.json(), { ...c, title: 'Renamed' });
      res = await patch(c.id, { custom_data: { b: 1 } });
      assert.deepEqual(res.json().custom_data, { b: 1 });
      res = await patch(c.id, { custom_data: null });
      assert.equal(res.json().custom_data, null);
      res = await patch(c.id, { add_template_uuids: [tpl[1], tpl[0], tpl[2]] });
      assert.deepEqual(res.json().template_uuids, [tpl[0], tpl[1], tpl[2]]);
      res = await patch(c.id, { remove_template_uuids: [tpl[1], tpl[3]] });
      assert.deepEqual(res.json().template_uuids, [tpl[0], tpl[2]]);
      res = await patch(c.id, { template_uuids: [tpl[3], tpl[1]] });
      assert.deepEqual(res.json().template_uuids, [tpl[3], tpl[1]]);
      // Replace, then add, then remove, in one request.
      res = await patch(c.id, {
        template_uuids: [tpl[0]],
        add_template_uuids: [tpl[2], tpl[3]],
        remove_template_uuids: [tpl[3]],
      });
      assert.deepEqual(res.json().template_uuids, [tpl[0], tpl[2]]);
      res = await patch(c.id, { template_uuids: [] });
      assert.deepEqual(res.json().template_uuids, []);
      assert.deepEqual((await get(c.id)).json().template_uuids, []);
      assert.equal((await get(c.id)).json().title, 'Renamed');
      assert422(await patch(c.id, { title: 't'.repeat(256) }), 'title');
      assert422(await patch(c.id, { custom_data: 'c'.repeat(1025) }), 'custom_data');
      assert422(await patch(c.id, { add_template_uuids: 'x' }), 'add_template_uuids');
    });

    it('deletes a collection with 200 and keeps its templates', async () => {
      const c = await makeCollection(t, { template_uuids: [tpl[0]] });
      const res = await t.request({ method: 'DELETE', url: `/api/rest/collections/${c.id}` });
      assert.equal(res.statusCode, 200);
      assert.deepEqual(res.json(), { message: 'Collection deleted.' });
      assert.equal((await get(c.id)).statusCode, 404);
      assert.equal((await patch(c.id, { title: 'x' })).statusCode, 404);
      const again = await t.request({ method: 'DELETE', url: `/api/rest/collections/${c.id}` });
      assert.equal(again.statusCode, 404);
      const kept = await t.request({ method: 'GET', url: `/api/rest/templates/${tpl[0]}` });
      assert.equal(kept.statusCode, 200);
    });

    it("answers 404 for another project's collection", async () => {
      const c = await makeCollection(t, { template_uuids: [tpl[0]] });
      const token = t.other.token;
      const url = `/api/rest/collections/${c.id}`;
      assert.equal((await t.request({ method: 'GET', url, token })).statusCode, 404);
      const p = await t.request({ method: 'PATCH', url, token, payload: { title: 'x' } });
      assert.equal(p.statusCode, 404);
      assert.equal((await t.request({ method: 'DELETE', url, token })).statusCode, 404);
      const list = await t.request({ method: 'GET', url: '/api/rest/collections', token });
      assert.ok(!list.json().data.some((x: { id: string }) => x.id === c.id));
      assert.equal((await get(c.id)).json().title, 'Set');
    });
  });

  describe(`collections limits and listing on ${kind}`, { skip }, () => {
    let t: TestApp;
    let uuids: string[];
    before(async () => {
      t = await createTestApp(kind);
      // 501 templates, inserted through the repository to keep the test fast.
      uuids = [];
      for (let i = 0; i < 501; i++) {
        const tpl = await t.runtime.services.templates.create(
          t.project.id,
          {
            title: `bulk ${i}`,
            width: 10,
            height: 10,
            tags: [],
            custom_data: null,
            design: { width: 10, height: 10, background: '#ffffff', layers: [] },
          },
          [],
        );
        uuids.push(tpl.uuid);
      }
    });
    after(async () => t?.close());

    const post = (payload: unknown) =>
      t.request({ method: 'POST', url: '/api/rest/collections', payload: payload as object });
    const patch = (id: string, payload: unknown) =>
      t.request({
        method: 'PATCH',
        url: `/api/rest/collections/${id}`,
        payload: payload as object,
      });

    it('holds at most 500 templates, on create, replace, add and add_to_collections', async () => {
      const full = await makeCollection(t, { template_uuids: uuids.slice(0, 500) });
      assert.equal(full.template_uuids.length, 500);
      assert.deepEqual(full.template_uuids, uuids.slice(0, 500));
      assert422(await post({ title: 'x', template_uuids: uuids }), 'template_uuids');
      assert422(await patch(full.id, { template_uuids: uuids }), 'template_uuids');
      assert422(await patch(full.id, { add_template_uuids: [uuids[500]] }), 'add_template_uuids');
      // Swapping one in and one out stays at 500.
      const swap = await patch(full.id, {
        add_template_uuids: [uuids[500]],
        remove_template_uuids: [uuids[0]],
      });
      assert.equal(swap.statusCode, 200, swap.body);
      assert.equal(swap.json().template_uuids.length, 500);
      const res = await t.request({
        method: 'POST',
        url: '/api/rest/templates',
        payload: { title: 'x', width: 9, height: 9, add_to_collections: [full.id] },
      });
      assert422(res, 'add_to_collections.0');
      const partial = await makeCollection(t, { template_uuids: uuids.slice(0, 499) });
      const ok = await patch(partial.id, { add_template_uuids: [uuids[499], uuids[0]] });
      assert.equal(ok.statusCode, 200, ok.body);
      assert.equal(ok.json().template_uuids.length, 500);
      await Promise.all(
        [full.id, partial.id].map((id) =>
          t.request({ method: 'DELETE', url: `/api/rest/collections/${id}` }),
        ),
      );
    });

    it('lists all without paging parameters and pages with per_page or cursor', async () => {
      const ids: string[] = [];
      for (let i = 0; i < 45; i++) {
        ids.push((await makeCollection(t, { title: `C${i}`, template_uuids: [uuids[i]] })).id);
      }
      const all = await t.request({ method: 'GET', url: '/api/rest/collections' });
      assert.equal(all.statusCode, 200);
      assert.deepEqual(Object.keys(all.json()), ['data']);
      assert.deepEqual(
        all.json().data.map((c: { id: string }) => c.id),
        ids,
      );
      assert.deepEqual(all.json().data[3].template_uuids, [uuids[3]]);

      const pages = await walk(t, '/api/rest/collections?per_page=20');
      assert.deepEqual(
        pages.map((p) => p.length),
        [20, 20, 5],
      );
      assert.deepEqual(
        pages.flat().map((c) => c.id),
        ids,
      );
      const first = await t.request({ method: 'GET', url: '/api/rest/collections?per_page=1' });
      const env = first.json();
      assert.equal(env.meta.per_page, 1);
      assert.equal(env.meta.path, 'http://imprint.test/api/rest/collections');
      assert.equal(env.links.first, null);
      assert.equal(env.links.prev, null);
      assert.match(env.links.next, /per_page=1/);
      // cursor alone pages with the default 20.
      const viaCursor = await t.request({
        method: 'GET',
        url: `/api/rest/collections?cursor=${env.meta.next_cursor}`,
      });
      assert.equal(viaCursor.json().meta.per_page, 20);
      assert.equal(viaCursor.json().data[0].id, ids[1]);
      assert.ok(viaCursor.json().links.prev);
      const hundred = await t.request({ method: 'GET', url: '/api/rest/collections?per_page=100' });
      assert.equal(hundred.json().data.length, 45);
      assert.equal(hundred.json().links.next, null);
      for (const bad of ['0', '101', 'x']) {
        const r = await t.request({ method: 'GET', url: `/api/rest/collections?per_page=${bad}` });
        assert422(r, 'per_page');
      }
      assert422(
        await t.request({ method: 'GET', url: '/api/rest/collections?cursor=bad' }),
        'cursor',
      );
    });

    it('walks collections once while some are deleted and added mid-walk', async () => {
      const page1 = await t.request({ method: 'GET', url: '/api/rest/collections?per_page=20' });
      const firstIds = page1.json().data.map((c: { id: string }) => c.id);
      const all = (await t.request({ method: 'GET', url: '/api/rest/collections' })).json()
        .data as Array<{ id: string }>;
      const doomed = all[30].id;
      await t.request({ method: 'DELETE', url: `/api/rest/collections/${doomed}` });
      const added = await makeCollection(t, { title: 'late' });
      const rest = await walk(t, page1.json().links.next.replace('http://imprint.test', ''));
      const seen = [...firstIds, ...rest.flat().map((c) => c.id)];
      assert.deepEqual(seen, [...all.map((c) => c.id).filter((id) => id !== doomed), added.id]);
    });
    it('a uuid list of tens of thousands is a small 422 naming the field, not a 500', async () => {
      const many = Array.from({ length: 40_000 }, (_, i) => `t${i}`);
      // 5,000 fit the collection routes' 64 KiB body limit; 40,000 do not (a 413 naming it).
      const res = await post({ title: 'Huge', template_uuids: many.slice(0, 5000) });
      assert422(res, 'template_uuids');
      assert.ok(res.body.length < 10_000, `a ${res.body.length}-byte 422`);
      const huge = await post({ title: 'Huge', template_uuids: many });
      assert.equal(huge.statusCode, 413, huge.body);
      assert.match(huge.json().message, /at most 65536 bytes/);
      const tpl = await t.request({
        method: 'POST',
        url: '/api/rest/templates',
        payload: { title: 'Joins many', add_to_collections: many },
      });
      assert422(tpl, 'add_to_collections');
      assert.ok(tpl.body.length < 10_000, `a ${tpl.body.length}-byte 422`);
    });
  });
}
