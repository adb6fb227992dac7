import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { testDbKinds } from '../helpers/databases.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { assert422, makeCollection, makeTemplate } from './template-fixtures.ts';

for (const { kind, skip } of testDbKinds()) {
  describe(`templates CRUD on ${kind}`, { skip }, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(kind);
    });
    after(async () => t?.close());

    const post = (payload: unknown) =>
      t.request({ method: 'POST', url: '/api/rest/templates', payload: payload as object });
    const patch = (uuid: string, payload: unknown) =>
      t.request({
        method: 'PATCH',
        url: `/api/rest/templates/${uuid}`,
        payload: payload as object,
      });

    it('creates a template and returns the template object', async () => {
      const res = await post({
        title: 'Social card',
        width: 1200,
        height: 630,
        tags: ['social', 'social/instagram'],
        custom_data: { campaign: 'spring' },
      });
      assert.equal(res.statusCode, 201, res.body);
      const tpl = res.json();
      assert.deepEqual(Object.keys(tpl).sort(), [
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
      assert.match(tpl.uuid, /^[0-9a-z]{12}$/);
      assert.equal(tpl.title, 'Social card');
      assert.equal(tpl.thumbnail, null);
      assert.deepEqual(tpl.tags, ['social', 'social/instagram']);
      assert.deepEqual(tpl.layers, []);
      assert.equal(tpl.width, 1200);
      assert.equal(tpl.height, 630);
      assert.deepEqual(tpl.custom_data, { campaign: 'spring' });
      assert.ok(!Number.isNaN(Date.parse(tpl.created_at)));
      assert.equal(tpl.created_at, tpl.updated_at);

      const got = await t.request({ method: 'GET', url: `/api/rest/templates/${tpl.uuid}` });
      assert.equal(got.statusCode, 200);
      assert.deepEqual(got.json(), tpl);
      const design = await t.request({
        method: 'GET',
        url: `/api/rest/templates/${tpl.uuid}/design`,
      });
      assert.deepEqual(design.json(), {
        width: 1200,
        height: 630,
        background: '#ffffff',
        layers: [],
      });
    });

    it('requires title, width and height without from_template, naming each', async () => {
      const res = await post({});
      assert.equal(res.statusCode, 422);
      const errors = res.json().errors;
      assert.ok(errors.title && errors.width && errors.height, res.body);
      assert422(await post({ title: '   ', width: 10, height: 10 }), 'title');
    });

    it('checks canvas bounds 1–16000 and integer types', async () => {
      await makeTemplate(t, { width: 1, height: 16000 });
      assert422(await post({ title: 'x', width: 0, height: 10 }), 'width');
      assert422(await post({ title: 'x', width: 10, height: 16001 }), 'height');
      assert422(await post({ title: 'x', width: '5', height: 10 }), 'width');
      assert422(await post({ title: 'x', width: 10.5, height: 10 }), 'width');
      assert422(await post({ title: 5, width: 10, height: 10 }), 'title');
    });

    it('limits the title to 255 characters', async () => {
      await makeTemplate(t, { title: 'a'.repeat(255) });
      assert422(await post({ title: 'a'.repeat(256), width: 10, height: 10 }), 'title');
    });

    it('accepts 10 tags and refuses 11, long tags and bad nesting', async () => {
      const ten = Array.from({ length: 10 }, (_, i) => `tag${i}`);
      const ok = await makeTemplate(t, { tags: ten });
      assert.deepEqual(ok.tags, ten);
      assert422(await post({ title: 'x', width: 9, height: 9, tags: [...ten, 'more'] }), 'tags');
      await makeTemplate(t, { tags: ['a'.repeat(100)] });
      assert422(await post({ title: 'x', width: 9, height: 9, tags: ['a'.repeat(101)] }), 'tags.0');
      assert422(await post({ title: 'x', width: 9, height: 9, tags: ['ok', 'a//b'] }), 'tags.1');
      assert422(await post({ title: 'x', width: 9, height: 9, tags: ['/a'] }), 'tags.0');
      assert422(await post({ title: 'x', width: 9, height: 9, tags: [''] }), 'tags.0');
      assert422(await post({ title: 'x', width: 9, height: 9, tags: 'social' }), 'tags');
      assert422(await post({ title: 'x', width: 9, height: 9, tags: [3] }), 'tags.0');
      const dup = await makeTemplate(t, { tags: [' News ', 'news', 'a / b'] });
      assert.deepEqual(dup.tags, ['News', 'a/b']);
    });

    it('limits custom_data to 255 characters as given or serialized, and allows null', async () => {
      const s255 = await makeTemplate(t, { custom_data: 'x'.repeat(255) });
      assert.equal(s255.custom_data, 'x'.repeat(255));
      assert422(
        await post({ title: 'x', width: 9, height: 9, custom_data: 'x'.repeat(256) }),
        'custom_data',
      );
      // {"k":"…"} is 8 characters around the value.
      const obj = await makeTemplate(t, { custom_data: { k: 'v'.repeat(247) } });
      assert.deepEqual(obj.custom_data, { k: 'v'.repeat(247) });
      assert422(
        await post({ title: 'x', width: 9, height: 9, custom_data: { k: 'v'.repeat(248) } }),
        'custom_data',
      );
      for (const value of [null, 42, true, [1, 'two'], '{"json":"text"}']) {
        const tpl = await makeTemplate(t, { custom_data: value });
        assert.deepEqual(tpl.custom_data, value);
      }
      const none = await makeTemplate(t);
      assert.equal(none.custom_data, null);
    });

    it('duplicates a template with from_template, copying design, title and size', async () => {
      const source = await makeTemplate(t, {
        title: 'Source',
        width: 800,
        height: 600,
        tags: ['a'],
        custom_data: 'src',
      });
      const design = {
        width: 800,
        height: 600,
        background: '#112233',
        layers: [
          {
            name: 'box',
            type: 'shape',
            x: 10,
            y: 10,
            width: 100,
            height: 50,
            background_color: '#ff0000',
          },
        ],
      };
      const put = await t.request({
        method: 'PUT',
        url: `/api/rest/templates/${source.uuid}/design`,
        payload: design,
      });
      assert.equal(put.statusCode, 200, put.body);
      const res = await post({ from_template: source.uuid, title: 'Ignored', width: 5, height: 5 });
      assert.equal(res.statusCode, 201, res.body);
      const copy = res.json();
      assert.notEqual(copy.uuid, source.uuid);
      assert.equal(copy.title, 'Source');
      assert.equal(copy.width, 800);
      assert.equal(copy.height, 600);
      assert.deepEqual(copy.tags, ['a']);
      assert.equal(copy.custom_data, 'src');
      assert.deepEqual(copy.layers, [{ name: 'box', type: 'shape' }]);
      const [a, b] = await Promise.all(
        [source.uuid, copy.uuid].map(async (uuid) =>
          (await t.request({ method: 'GET', url: `/api/rest/templates/${uuid}/design` })).json(),
        ),
      );
      assert.deepEqual(b, a);
      // Request tags and custom_data win over the source's.
      const other = await post({ from_template: source.uuid, tags: ['b'], custom_data: null });
      assert.deepEqual(other.json().tags, ['b']);
      assert.equal(other.json().custom_data, null);
    });

    it('refuses an unknown or other project from_template with 422 naming it', async () => {
      assert422(await post({ from_template: 'nope' }), 'from_template');
      const foreign = await makeTemplate(t, {}, t.other.token);
      assert422(await post({ from_template: foreign.uuid }), 'from_template');
    });

    it('adds the new template to collections and refuses unknown ones', async () => {
      const c1 = await makeCollection(t);
      const c2 = await makeCollection(t);
      const tpl = await makeTemplate(t, { add_to_collections: [c1.id, c2.id] });
      for (const c of [c1, c2]) {
        const got = await t.request({ method: 'GET', url: `/api/rest/collections/${c.id}` });
        assert.deepEqual(got.json().template_uuids, [tpl.uuid]);
      }
      const foreign = await makeCollection(t, {}, t.other.token);
      const res = await post({
        title: 'x',
        width: 9,
        height: 9,
        add_to_collections: [c1.id, 'missing', foreign.id],
      });
      assert.equal(res.statusCode, 422);
      assert.deepEqual(Object.keys(res.json().errors).sort(), [
        'add_to_collections',
        'add_to_collections.1',
        'add_to_collections.2',
      ]);
      assert.match(res.json().errors.add_to_collections[0], /"missing"/);
      assert.match(res.json().errors.add_to_collections[0], new RegExp(foreign.id));
      assert422(
        await post({ title: 'x', width: 9, height: 9, add_to_collections: 'c' }),
        'add_to_collections',
      );
    });

    it('updates title, tags and custom_data', async () => {
      const tpl = await makeTemplate(t, { tags: ['old'], custom_data: 'keep' });
      await new Promise((r) => setTimeout(r, 5));
      const res = await patch(tpl.uuid, { title: 'New', tags: ['n1', 'n2/x'] });
      assert.equal(res.statusCode, 200, res.body);
      const up = res.json();
      assert.equal(up.title, 'New');
      assert.deepEqual(up.tags, ['n1', 'n2/x']);
      assert.equal(up.custom_data, 'keep');
      assert.equal(up.created_at, tpl.created_at);
      assert.ok(up.updated_at > (tpl.updated_at as string));
      const cleared = await patch(tpl.uuid, { custom_data: null });
      assert.equal(cleared.json().custom_data, null);
      assert.equal(cleared.json().title, 'New');
      const got = await t.request({ method: 'GET', url: `/api/rest/templates/${tpl.uuid}` });
      assert.deepEqual(got.json(), cleared.json());
      const same = await patch(tpl.uuid, {});
      assert.equal(same.statusCode, 200);
      assert.deepEqual(same.json(), cleared.json());
    });

    it('applies the same limits on update', async () => {
      const tpl = await makeTemplate(t);
      const ten = Array.from({ length: 10 }, (_, i) => `t${i}`);
      assert.equal((await patch(tpl.uuid, { tags: ten })).statusCode, 200);
      assert422(await patch(tpl.uuid, { tags: [...ten, 'x'] }), 'tags');
      assert.equal((await patch(tpl.uuid, { custom_data: 'c'.repeat(255) })).statusCode, 200);
      assert422(await patch(tpl.uuid, { custom_data: 'c'.repeat(256) }), 'custom_data');
      assert422(await patch(tpl.uuid, { title: 'a'.repeat(256) }), 'title');
      assert422(await patch(tpl.uuid, { title: 7 }), 'title');
      const got = (
        await t.request({ method: 'GET', url: `/api/rest/templates/${tpl.uuid}` })
      ).json();
      assert.deepEqual(got.tags, ten);
      assert.equal(got.custom_data, 'c'.repeat(255));
    });

    it('deletes a template with 200, removes it from its collections, then 404s', async () => {
      const c = await makeCollection(t);
      const keep = await makeTemplate(t, { add_to_collections: [c.id] });
      const gone = await makeTemplate(t, { add_to_collections: [c.id], tags: ['d'] });
      const res = await t.request({ method: 'DELETE', url: `/api/rest/templates/${gone.uuid}` });
      assert.equal(res.statusCode, 200);
      assert.deepEqual(res.json(), { message: 'Template deleted.' });
      const col = await t.request({ method: 'GET', url: `/api/rest/collections/${c.id}` });
      assert.deepEqual(col.json().template_uuids, [keep.uuid]);
      for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
        const r = await t.request({
          method,
          url: `/api/rest/templates/${gone.uuid}`,
          ...(method === 'PATCH' ? { payload: { title: 'x' } } : {}),
        });
        assert.equal(r.statusCode, 404, `${method} after delete`);
        assert.equal(typeof r.json().message, 'string');
      }
    });

    it('isolates projects: another project’s template answers 404 everywhere', async () => {
      const mine = await makeTemplate(t);
      const paths = [`/api/rest/templates/${mine.uuid}`, `/api/rest/templates/${mine.uuid}/design`];
      for (const url of paths) {
        const r = await t.request({ method: 'GET', url, token: t.other.token });
        assert.equal(r.statusCode, 404, url);
      }
      const p = await t.request({
        method: 'PATCH',
        url: paths[0],
        payload: { title: 'hijack' },
        token: t.other.token,
      });
      assert.equal(p.statusCode, 404);
      const put = await t.request({
        method: 'PUT',
        url: paths[1],
        payload: { width: 10, height: 10, layers: [] },
        token: t.other.token,
      });
      assert.equal(put.statusCode, 404);
      const d = await t.request({ method: 'DELETE', url: paths[0], token: t.other.token });
      assert.equal(d.statusCode, 404);
      const list = await t.request({
        method: 'GET',
        url: '/api/rest/templates?per_page=100',
        token: t.other.token,
      });
      assert.ok(!list.json().data.some((x: { uuid: string }) => x.uuid === mine.uuid));
      const still = await t.request({ method: 'GET', url: paths[0] });
      assert.equal(still.json().title, mine.title);
    });

    it('answers 401 without a token and 400 for malformed JSON', async () => {
      const r = await t.request({ method: 'GET', url: '/api/rest/templates', token: null });
      assert.equal(r.statusCode, 401);
      assert.deepEqual(r.json(), { message: 'Unauthenticated.' });
      const bad = await t.request({
        method: 'POST',
        url: '/api/rest/templates',
        headers: { 'content-type': 'application/json' },
        payload: '{"title": ',
      });
      assert.equal(bad.statusCode, 400);
      const arr = await post([1, 2]);
      assert.equal(arr.statusCode, 422);
    });
  });
}
