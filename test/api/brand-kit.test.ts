/**
 * The brand kit through the API on both databases: an empty kit at first, PUT replaces it
 * (colours in the renderer's normal form, fonts checked against built-in and project families),
 * every bad field is a 422 naming it, and each project sees only its own kit.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { testDbKinds } from '../helpers/databases.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { renameFontFamily, uploadBody } from '../fixtures/fonts/font-fixtures.ts';
import { dejavuFile } from '../render/text/text-test-kit.ts';

for (const { kind, skip } of testDbKinds()) {
  describe(`brand kit API on ${kind}`, { skip }, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(kind);
    });
    after(async () => t?.close());

    const get = (token?: string) => t.request({ method: 'GET', url: '/api/rest/brand-kit', token });
    const put = (payload: unknown, token?: string) =>
      t.request({ method: 'PUT', url: '/api/rest/brand-kit', payload: payload as object, token });

    it('starts empty, and PUT replaces the whole kit with colours in normal form', async () => {
      const empty = await get();
      assert.equal(empty.statusCode, 200, empty.body);
      assert.deepEqual(empty.json(), {
        colors: [],
        fonts: { heading: null, body: null },
        updated_at: null,
      });
      const res = await put({
        colors: [
          { name: 'Ink', value: '#0F172A' },
          { value: 'rebeccapurple' },
          { name: 'Glass', value: 'rgba(255, 0, 0, 0.5)' },
          { name: '  ', value: '#abc' },
          { name: 'Red', value: "Spot('PANTONE 185 C' 0% 100% 81% 4%)" },
        ],
        fonts: { heading: 'montserrat', body: 'Inter' },
      });
      assert.equal(res.statusCode, 200, res.body);
      const kit = res.json();
      assert.deepEqual(kit.colors, [
        { name: 'Ink', value: '#0f172a' },
        { name: null, value: '#663399' },
        { name: 'Glass', value: '#ff000080' },
        { name: null, value: '#aabbcc' },
        { name: 'Red', value: 'spot("PANTONE 185 C",0,100,81,4)' },
      ]);
      assert.deepEqual(kit.fonts, { heading: 'montserrat', body: 'Inter' });
      assert.ok(!Number.isNaN(Date.parse(kit.updated_at)));
      assert.deepEqual((await get()).json(), kit);
      // A second PUT replaces it (fonts left out are cleared).
      const again = await put({ colors: [{ value: 'white' }] });
      assert.equal(again.statusCode, 200, again.body);
      assert.deepEqual(again.json().colors, [{ name: null, value: '#ffffff' }]);
      assert.deepEqual(again.json().fonts, { heading: null, body: null });
    });

    it('names every bad field in one 422', async () => {
      const res = await put({
        colors: [
          { value: '#12345' },
          { value: 'red' },
          { value: 'blurple', name: 'x' },
          { value: 'spot("None",0,0,0,0)' },
        ],
        fonts: { heading: 'No Such Family' },
      });
      assert.equal(res.statusCode, 422, res.body);
      const { errors } = res.json();
      assert.deepEqual(Object.keys(errors).sort(), [
        'colors.0.value',
        'colors.2.value',
        'colors.3.value',
        'fonts.heading',
      ]);
      assert.match(errors['colors.3.value'][0], /spot\("PANTONE 185 C".*not "All" or "None"/);
      assert.match(errors['colors.0.value'][0], /#RRGGBB.*received "#12345"/);
      assert.match(errors['fonts.heading'][0], /"No Such Family"/);
      // The schema's own checks name their fields too.
      const shape = await put({ colors: 'red' });
      assert.equal(shape.statusCode, 422, shape.body);
      assert.match(shape.body, /colors/);
      const many = await put({ colors: Array.from({ length: 49 }, () => ({ value: 'red' })) });
      assert.equal(many.statusCode, 422, many.body);
      assert.match(many.body, /colors/);
      // Nothing was stored by the failed requests.
      assert.deepEqual((await get()).json().colors, [{ name: null, value: '#ffffff' }]);
    });

    it('accepts a project font family as a default font', async () => {
      const data = renameFontFamily(
        fs.readFileSync(dejavuFile('DejaVuSans.ttf')),
        'DejaVu Sans',
        'Brand Kit T',
      );
      const up = await t.request({
        method: 'POST',
        url: '/api/rest/fonts',
        ...uploadBody(data, 'brand.ttf'),
      });
      assert.equal(up.statusCode, 201, up.body);
      const res = await put({
        colors: [],
        fonts: { heading: 'Brand Kit T', body: up.json().uuid },
      });
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual(res.json().fonts, { heading: 'Brand Kit T', body: up.json().uuid });
    });

    it("keeps each project's kit apart and needs a token", async () => {
      const other = t.other;
      assert.deepEqual((await get(other.token)).json().colors, []);
      const mine = (await get()).json();
      assert.equal((await put({ colors: [{ value: 'black' }] }, other.token)).statusCode, 200);
      assert.deepEqual((await get()).json(), mine);
      assert.deepEqual((await get(other.token)).json().colors, [{ name: null, value: '#000000' }]);
      const anonymous = await t.app.inject({ method: 'GET', url: '/api/rest/brand-kit' });
      assert.equal(anonymous.statusCode, 401);
    });
  });
}
