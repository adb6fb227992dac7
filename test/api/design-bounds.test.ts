/**
 * Issue 24, item 3: properties a layer's type does not know are kept only a few and small (a 422
 * names the first one past the bound), and a stored design is parsed once per revision, however
 * many images are made from it. Parses are counted, not timed.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { testDbKinds } from '../helpers/databases.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { makeTemplate } from './template-fixtures.ts';
import { MAX_EXTRA_BYTES, MAX_EXTRA_PROPS } from '../../src/render/design/extra-props.ts';

const TITLE = { name: 'title', type: 'text', x: 0, y: 0, width: 200, height: 50, text: 'Hi' };

for (const { kind, skip } of testDbKinds()) {
  describe(`unknown design properties and design parses on ${kind}`, { skip }, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(kind);
    });
    after(async () => t?.close());

    const put = (uuid: string, payload: object) =>
      t.request({ method: 'PUT', url: `/api/rest/templates/${uuid}/design`, payload });

    it('keeps a few small unknown properties, such as the editor lock', async () => {
      const tpl = await makeTemplate(t, { title: 'Card', width: 200, height: 100 });
      const extra: Record<string, unknown> = { editor_locked: true };
      for (let i = 1; i < MAX_EXTRA_PROPS; i++) extra[`note${i}`] = 'x';
      const res = await put(tpl.uuid, {
        width: 200,
        height: 100,
        layers: [{ ...TITLE, ...extra }],
      });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().layers[0].editor_locked, true);
      assert.equal(res.json().layers[0][`note${MAX_EXTRA_PROPS - 1}`], 'x');
    });

    it('refuses unknown properties past the bound with a 422 naming the first one past it', async () => {
      const tpl = await makeTemplate(t, { title: 'Card', width: 200, height: 100 });
      for (const count of [MAX_EXTRA_PROPS + 5, 400_000]) {
        const layer: Record<string, unknown> = { ...TITLE };
        for (let i = 0; i < count; i++) layer[`k${i}`] = 0;
        const res = await put(tpl.uuid, {
          width: 200,
          height: 100,
          layers: [{ ...TITLE, name: 'ok' }, layer],
        });
        assert.equal(res.statusCode, 422, res.body.slice(0, 300));
        const [[field, [message]]] = Object.entries(res.json().errors as Record<string, string[]>);
        if (count === 400_000) {
          // So many members are refused before the body is parsed (body-limits.test.ts).
          assert.match(field, /^layers\.1\.k\d+$/);
          assert.match(message, /at most 10,000 key–value pairs in one object/);
        } else {
          assert.equal(field, `layers.1.k${MAX_EXTRA_PROPS}`);
          assert.match(message, /at most 20 such properties/);
        }
      }
      // Nothing was stored: the design is still the empty one.
      const stored = await t.request({
        method: 'GET',
        url: `/api/rest/templates/${tpl.uuid}/design`,
      });
      assert.deepEqual(stored.json().layers, []);
    });

    it('refuses unknown properties larger than the byte bound, naming the one that passes it', async () => {
      const tpl = await makeTemplate(t, { title: 'Card', width: 200, height: 100 });
      const res = await put(tpl.uuid, {
        width: 200,
        height: 100,
        layers: [{ ...TITLE, small: 'x', notes: 'n'.repeat(MAX_EXTRA_BYTES) }],
      });
      assert.equal(res.statusCode, 422, res.body.slice(0, 300));
      assert.deepEqual(Object.keys(res.json().errors), ['layers.0.notes']);
      assert.match(res.json().errors['layers.0.notes'][0], /at most 4096 bytes of JSON/);
    });

    it('parses a saved design once for its revision, however many images use it', async () => {
      const tpl = await makeTemplate(t, { title: 'Card', width: 200, height: 100 });
      const marker = `marker-${kind}-${Date.now()}`;
      const parsed: string[] = [];
      const parse = JSON.parse;
      // The stored text starts with "width" (the validator's order); the body sent starts with
      // "layers", so only parses of the stored design are counted.
      JSON.parse = function (this: unknown, text: string, reviver?: never) {
        if (typeof text === 'string' && text.startsWith('{"width"') && text.includes(marker)) {
          parsed.push(text);
        }
        return parse.call(JSON, text, reviver);
      } as typeof JSON.parse;
      try {
        const saved = await put(tpl.uuid, {
          layers: [{ ...TITLE, text: marker }],
          width: 200,
          height: 100,
        });
        assert.equal(saved.statusCode, 200, saved.body);
        for (let i = 0; i < 3; i++) {
          const res = await t.request({
            method: 'POST',
            url: '/api/rest/images',
            payload: {
              template_uuid: tpl.uuid,
              create_now: true,
              layers: { title: { text: 'x' } },
            },
          });
          assert.equal(res.statusCode, 200, res.body);
          assert.equal(res.json().status, 'finished', res.body);
        }
      } finally {
        JSON.parse = parse;
      }
      assert.equal(parsed.length, 1, 'one parse for the saved revision');
    });
  });
}
