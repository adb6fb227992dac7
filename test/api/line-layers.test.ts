/**
 * Line layers through the API: a design with one is stored and rendered, and a bad `dash`,
 * `line_cap` or `direction` in a design or in request data is a 422 naming the field.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { testDbKinds } from '../helpers/databases.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { assert422, makeTemplate } from './template-fixtures.ts';

const RULE = {
  name: 'rule',
  type: 'line',
  x: 20,
  y: 40,
  width: 160,
  height: 20,
  color: '#ff0000',
  stroke_width: 6,
  line_cap: 'round',
  dash: '12 6',
};

for (const { kind, skip } of testDbKinds()) {
  describe(`line layers through the API on ${kind}`, { skip }, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(kind);
    });
    after(async () => t?.close());

    const put = (uuid: string, payload: object) =>
      t.request({ method: 'PUT', url: `/api/rest/templates/${uuid}/design`, payload });

    it('stores a line with its dash normalised and renders it', async () => {
      const tpl = await makeTemplate(t, { width: 200, height: 100 });
      const res = await put(tpl.uuid, { width: 200, height: 100, layers: [RULE] });
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual(res.json().layers[0].dash, [12, 6]);
      const img = await t.request({
        method: 'POST',
        url: '/api/rest/images',
        payload: { template_uuid: tpl.uuid, create_now: true, layers: { rule: { dash: null } } },
      });
      assert.equal(img.statusCode, 200, img.body);
      assert.equal(img.json().status, 'finished', img.body);
    });

    it('refuses a bad dash, cap or direction in a design, naming the field', async () => {
      const tpl = await makeTemplate(t, { width: 200, height: 100 });
      const bad = (props: object) =>
        put(tpl.uuid, { width: 200, height: 100, layers: [{ ...RULE, ...props }] });
      assert422(await bad({ dash: 'long short' }), 'layers.0.dash');
      assert422(await bad({ dash: [-4, 2] }), 'layers.0.dash');
      assert422(await bad({ line_cap: 'arrow' }), 'layers.0.line_cap');
      assert422(await bad({ direction: 'diagonal' }), 'layers.0.direction');
    });

    it('refuses a bad dash or cap in request data, naming the layer and field', async () => {
      const tpl = await makeTemplate(t, { width: 200, height: 100 });
      assert.equal(
        (await put(tpl.uuid, { width: 200, height: 100, layers: [RULE] })).statusCode,
        200,
      );
      for (const [patch, field] of [
        [{ dash: [0, 0] }, 'layers.rule.dash'],
        [{ line_cap: 'flat' }, 'layers.rule.line_cap'],
      ] as const) {
        const res = await t.request({
          method: 'POST',
          url: '/api/rest/images',
          payload: { template_uuid: tpl.uuid, create_now: true, layers: { rule: patch } },
        });
        assert.ok(res.statusCode >= 400 && res.statusCode < 500, res.body);
        assert.ok(res.body.includes(field), `${field} in ${res.body}`);
      }
    });
  });
}
