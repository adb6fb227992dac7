import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { testDbKinds } from '../helpers/databases.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { assert422, makeTemplate } from './template-fixtures.ts';

const CARD = {
  width: 1200,
  height: 630,
  background: '#1e293b',
  layers: [
    {
      name: 'box',
      type: 'shape',
      x: 40,
      y: 40,
      width: 300,
      height: 200,
      background_color: '#f59e0b',
    },
    { name: 'photo', type: 'picture', x: 760, y: 40, width: 400, height: 300 },
    { name: 'title', type: 'text', x: 60, y: 300, width: 1000, height: 200, text: 'Hello' },
    { name: 'qr', type: 'barcode', x: 1040, y: 470, width: 120, height: 120, value: 'x' },
  ],
};

for (const { kind, skip } of testDbKinds()) {
  describe(`template designs on ${kind}`, { skip }, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(kind);
    });
    after(async () => t?.close());

    const put = (uuid: string, payload: unknown) =>
      t.request({
        method: 'PUT',
        url: `/api/rest/templates/${uuid}/design`,
        payload: payload as object,
      });
    const getDesign = (uuid: string) =>
      t.request({ method: 'GET', url: `/api/rest/templates/${uuid}/design` });

    it('replaces the design; size and layers show up in retrieve and list', async () => {
      const tpl = await makeTemplate(t, { title: 'Card', width: 100, height: 100 });
      await new Promise((r) => setTimeout(r, 5));
      const res = await put(tpl.uuid, CARD);
      assert.equal(res.statusCode, 200, res.body);
      const saved = res.json();
      assert.equal(saved.width, 1200);
      assert.equal(saved.height, 630);
      assert.equal(saved.background, '#1e293b');
      assert.deepEqual(
        saved.layers.map((l: { name: string; x: number }) => [l.name, l.x]),
        [
          ['box', 40],
          ['photo', 760],
          ['title', 60],
          ['qr', 1040],
        ],
      );
      assert.equal(saved.layers[2].text, 'Hello');
      assert.deepEqual((await getDesign(tpl.uuid)).json(), saved);

      const got = (
        await t.request({ method: 'GET', url: `/api/rest/templates/${tpl.uuid}` })
      ).json();
      assert.equal(got.width, 1200);
      assert.equal(got.height, 630);
      assert.ok(got.updated_at > (tpl.updated_at as string));
      const expectedLayers = [
        { name: 'box', type: 'shape' },
        { name: 'photo', type: 'picture' },
        { name: 'title', type: 'text' },
        { name: 'qr', type: 'barcode' },
      ];
      assert.deepEqual(got.layers, expectedLayers);
      const list = (await t.request({ method: 'GET', url: '/api/rest/templates' })).json();
      const listed = list.data.find((x: { uuid: string }) => x.uuid === tpl.uuid);
      assert.deepEqual(listed.layers, expectedLayers);

      // A later PUT replaces everything, layers included.
      const smaller = await put(tpl.uuid, { width: 300, height: 200, layers: [] });
      assert.equal(smaller.statusCode, 200, smaller.body);
      const again = (
        await t.request({ method: 'GET', url: `/api/rest/templates/${tpl.uuid}` })
      ).json();
      assert.deepEqual(again.layers, []);
      assert.equal(again.width, 300);
      assert.equal(again.height, 200);
    });

    it('keeps a design in inches as sent; the template canvas is its size in px at 96 per inch', async () => {
      const tpl = await makeTemplate(t, { width: 100, height: 100 });
      const letter = {
        unit: 'in',
        width: 8.5,
        height: 11,
        dpi: 300,
        layers: [{ name: 'box', type: 'shape', x: 0.5, y: 0.25, width: 7.5, height: 1.5 }],
      };
      const res = await put(tpl.uuid, letter);
      assert.equal(res.statusCode, 200, res.body);
      const saved = res.json();
      assert.deepEqual([saved.unit, saved.width, saved.height, saved.dpi], ['in', 8.5, 11, 300]);
      assert.deepEqual([saved.layers[0].x, saved.layers[0].y], [0.5, 0.25]);
      assert.deepEqual((await getDesign(tpl.uuid)).json(), saved);
      const got = (
        await t.request({ method: 'GET', url: `/api/rest/templates/${tpl.uuid}` })
      ).json();
      assert.deepEqual([got.width, got.height], [816, 1056]);
      assert422(await put(tpl.uuid, { ...letter, unit: 'cm' }), 'unit');
      assert422(await put(tpl.uuid, { ...letter, width: 200 }), 'width');
      assert422(await put(tpl.uuid, { ...letter, dpi: 5 }), 'dpi');
    });

    it('refuses invalid designs with 422 naming each JSON path, leaving the design unchanged', async () => {
      const tpl = await makeTemplate(t, { width: 50, height: 60 });
      const before = (await getDesign(tpl.uuid)).json();
      const layer = (name: string, type: string, extra: object = {}) => ({
        name,
        type,
        x: 0,
        y: 0,
        width: 10,
        height: 10,
        ...extra,
      });
      assert422(await put(tpl.uuid, { ...CARD, width: 0 }), 'width');
      assert422(await put(tpl.uuid, { ...CARD, height: 16001 }), 'height');
      assert422(await put(tpl.uuid, { ...CARD, width: '1200' }), 'width');
      assert422(await put(tpl.uuid, { ...CARD, background: 'not-a-colour' }), 'background');
      assert422(await put(tpl.uuid, { ...CARD, layers: 'none' }), 'layers');
      const dup = await put(tpl.uuid, {
        width: 10,
        height: 10,
        layers: [layer('a', 'text'), layer('a', 'shape')],
      });
      assert422(dup, 'layers.1.name');
      assert.match(dup.json().errors['layers.1.name'][0], /unique/);
      assert422(
        await put(tpl.uuid, { width: 10, height: 10, layers: [layer('a', 'video')] }),
        'layers.0.type',
      );
      assert422(
        await put(tpl.uuid, { width: 10, height: 10, layers: [layer('', 'text')] }),
        'layers.0.name',
      );
      assert422(
        await put(tpl.uuid, {
          width: 10,
          height: 10,
          layers: [layer('ok', 'text'), layer('b', 'shape', { opacity: 150 })],
        }),
        'layers.1.opacity',
      );
      const many = await put(tpl.uuid, {
        width: 0,
        height: 10,
        layers: [layer('a', 'nope'), layer('b', 'text', { x: 'left' })],
      });
      assert.equal(many.statusCode, 422);
      const fields = Object.keys(many.json().errors);
      for (const f of ['width', 'layers.0.type', 'layers.1.x']) assert.ok(fields.includes(f), f);
      const arr = await put(tpl.uuid, [CARD]);
      assert.equal(arr.statusCode, 422, arr.body);
      assert.deepEqual((await getDesign(tpl.uuid)).json(), before);
      const meta = (
        await t.request({ method: 'GET', url: `/api/rest/templates/${tpl.uuid}` })
      ).json();
      assert.equal(meta.width, 50);
    });

    it('answers 404 for unknown and foreign templates', async () => {
      assert.equal((await getDesign('missing')).statusCode, 404);
      assert.equal((await put('missing', CARD)).statusCode, 404);
      const foreign = await makeTemplate(t, {}, t.other.token);
      assert.equal((await getDesign(foreign.uuid)).statusCode, 404);
      assert.equal((await put(foreign.uuid, CARD)).statusCode, 404);
      const theirs = await t.request({
        method: 'GET',
        url: `/api/rest/templates/${foreign.uuid}/design`,
        token: t.other.token,
      });
      assert.equal(theirs.statusCode, 200);
      assert.deepEqual(theirs.json().layers, []);
    });

    it('gives the job runner the design through getDesign', async () => {
      const tpl = await makeTemplate(t);
      await put(tpl.uuid, CARD);
      const found = await t.runtime.services.templates.getDesign(t.project.id, tpl.uuid);
      assert.ok(found);
      assert.equal(found.template.uuid, tpl.uuid);
      assert.equal(found.template.width, 1200);
      assert.equal(found.design.layers.length, 4);
      assert.equal(await t.runtime.services.templates.getDesign(t.other.id, tpl.uuid), undefined);
      // The parsed design is cached per process: a PUT must be seen at once, never the old one.
      await put(tpl.uuid, { ...CARD, width: 600, layers: CARD.layers.slice(0, 2) });
      const after = await t.runtime.services.templates.getDesign(t.project.id, tpl.uuid);
      assert.equal(after?.design.width, 600);
      assert.equal(after?.design.layers.length, 2);
    });
  });
}
