/**
 * Font families through the API: font objects show the family, weight and style read from the
 * file, and a text layer naming the family with font_weight draws with the bold file.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { testDbKinds } from '../helpers/databases.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { makeTemplate } from './template-fixtures.ts';
import { renameFontFamily, uploadBody } from '../fixtures/fonts/font-fixtures.ts';
import { dejavuFile } from '../render/text/text-test-kit.ts';

/** A DejaVu face as a face of "Imprint Tst" (a family no bundled font has). */
const face = (file: string) =>
  renameFontFamily(fs.readFileSync(dejavuFile(file)), 'DejaVu Sans', 'Imprint Tst');

for (const { kind, skip } of testDbKinds()) {
  describe(`font families through the API on ${kind}`, { skip }, () => {
    let t: TestApp;
    const fonts: Record<string, { uuid: string }> = {};
    let template = '';

    before(async () => {
      t = await createTestApp(kind);
      for (const [key, file] of [
        ['regular', 'DejaVuSans.ttf'],
        ['bold', 'DejaVuSans-Bold.ttf'],
        ['oblique', 'DejaVuSans-Oblique.ttf'],
        ['light', 'DejaVuSans-ExtraLight.ttf'],
      ]) {
        const res = await t.request({
          method: 'POST',
          url: '/api/rest/fonts',
          ...uploadBody(face(file), file),
        });
        assert.equal(res.statusCode, 201, res.body);
        fonts[key] = res.json();
      }
      template = (await makeTemplate(t, { width: 300, height: 40 })).uuid;
    });
    after(async () => t?.close());

    it('shows family, weight and style on every font object', async () => {
      const expected = {
        regular: [400, 'normal'],
        bold: [700, 'normal'],
        oblique: [400, 'italic'],
        light: [200, 'normal'],
      } as const;
      const list = (await t.request({ method: 'GET', url: '/api/rest/fonts' })).json();
      for (const [key, [weight, style]] of Object.entries(expected)) {
        const uuid = fonts[key].uuid;
        const one = (await t.request({ method: 'GET', url: `/api/rest/fonts/${uuid}` })).json();
        assert.equal(one.family, 'Imprint Tst', key);
        assert.equal(one.weight, weight, key);
        assert.equal(one.style, style, key);
        assert.deepEqual(Object.keys(one).sort(), [
          'created_at',
          'family',
          'filename',
          'style',
          'title',
          'uuid',
          'weight',
        ]);
        assert.deepEqual(
          list.data.find((f: { uuid: string }) => f.uuid === uuid),
          one,
        );
      }
    });

    const preview = async (layer: Record<string, unknown>) => {
      const res = await t.request({
        method: 'POST',
        url: `/api/rest/templates/${template}/preview`,
        payload: {
          design: {
            width: 300,
            height: 40,
            background: '#ffffff',
            layers: [
              {
                name: 't',
                type: 'text',
                x: 0,
                y: 0,
                width: 300,
                height: 40,
                text: 'Hamburgefonstiv',
                font_size: 20,
                ...layer,
              },
            ],
          },
        },
      });
      assert.equal(res.statusCode, 200, res.body);
      return { png: res.rawPayload, warnings: JSON.parse(String(res.headers['imprint-warnings'])) };
    };

    it('draws `font` by family name with font_weight bold in the bold file', async () => {
      const byFamily = await preview({ font: 'imprint tst', font_weight: 'bold' });
      const boldFile = await preview({ font: fonts.bold.uuid });
      const regularFile = await preview({ font: fonts.regular.uuid });
      assert.deepEqual(byFamily.warnings, []);
      assert.ok(byFamily.png.equals(boldFile.png), 'the family at bold is the bold file');
      assert.ok(!byFamily.png.equals(regularFile.png));
      // The regular file's uuid with font_weight 700 also finds its family's bold file.
      assert.ok(
        (await preview({ font: fonts.regular.uuid, font_weight: 700 })).png.equals(boldFile.png),
      );
      // Nearest weight: 300 takes the 200 face; italic takes the oblique file.
      assert.ok(
        (await preview({ font: 'Imprint Tst', font_weight: 300 })).png.equals(
          (await preview({ font: fonts.light.uuid })).png,
        ),
      );
      assert.ok(
        (await preview({ font: 'Imprint Tst', font_style: 'italic' })).png.equals(
          (await preview({ font: fonts.oblique.uuid })).png,
        ),
      );
    });

    it('warns when the family lacks the face and bold is synthesised', async () => {
      const res = await preview({ font: 'Imprint Tst', font_weight: 'bold', font_style: 'italic' });
      assert.deepEqual(res.warnings, [
        'layers.t: font family "Imprint Tst" has no bold face; bold was synthesised (upload that face to the family to use it)',
      ]);
    });

    it('renders without a face of the family that cannot be read, and fails a layer naming it', async () => {
      const owner = await t.runtime.services.projects.findProject(t.project.id);
      // Straight into the database, past the upload check (as a file stored long ago might be).
      const broken = await t.runtime.services.fonts.insert({
        projectId: t.project.id,
        accountId: owner!.account_id,
        title: 'Broken black',
        filename: 'black.ttf',
        format: 'ttf',
        family: 'Imprint Tst',
        weight: 900,
        data: Buffer.from('not a font, whatever the row says'),
      });
      try {
        const black = await preview({ font: 'Imprint Tst', font_weight: 900 });
        assert.deepEqual(black.warnings, []);
        assert.ok(black.png.equals((await preview({ font: fonts.bold.uuid })).png));
        const named = await t.request({
          method: 'POST',
          url: `/api/rest/templates/${template}/preview`,
          payload: {
            design: {
              width: 100,
              height: 40,
              layers: [
                { name: 't', type: 'text', x: 0, y: 0, width: 100, height: 40, font: broken.uuid },
              ],
            },
          },
        });
        assert.equal(named.statusCode, 422, named.body);
        assert.match(named.body, /could not be read as a font/);
      } finally {
        await t.runtime.services.fonts.remove(t.project.id, broken.uuid);
      }
    });

    it('falls back to the default family for a family name the project does not have', async () => {
      const res = await preview({ font: 'Nobody Sans' });
      assert.deepEqual(res.warnings, [
        'layers.t: font "Nobody Sans" is not available; DejaVu Sans was used',
      ]);
    });
  });
}
