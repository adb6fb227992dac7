/**
 * Built-in font families through the API: the library and bundled families are listed with
 * their weights and licences, a text layer naming a library family draws in its face (the same
 * pixels as that face uploaded as a project font), and unknown names keep their 404.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { testDbKinds } from '../helpers/databases.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { makeTemplate } from './template-fixtures.ts';
import { uploadBody } from '../fixtures/fonts/font-fixtures.ts';
import { findLibraryFamily, libraryFilePath } from '../../src/render/index.ts';

interface Family {
  family: string;
  kind: string;
  weights: number[];
  styles: string[];
  subsets: string[];
  license: string;
  source: string;
}

for (const { kind, skip } of testDbKinds()) {
  describe(`built-in font families on ${kind}`, { skip }, () => {
    let t: TestApp;
    let template = '';

    before(async () => {
      t = await createTestApp(kind);
      template = (await makeTemplate(t, { width: 300, height: 40 })).uuid;
    });
    after(async () => t?.close());

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
                ...{ name: 't', type: 'text', x: 0, y: 0, width: 300, height: 40 },
                ...{ text: 'Wave Hamburg', font_size: 24 },
                ...layer,
              },
            ],
          },
        },
      });
      assert.equal(res.statusCode, 200, res.body);
      return { png: res.rawPayload, warnings: JSON.parse(String(res.headers['imprint-warnings'])) };
    };

    it('lists the library and bundled families with weights, styles and licences', async () => {
      const res = await t.request({ method: 'GET', url: '/api/rest/fonts/built-in' });
      assert.equal(res.statusCode, 200, res.body);
      const data: Family[] = res.json().data;
      const library = data.filter((f) => f.kind === 'library');
      assert.ok(library.length >= 30, `${library.length} library families`);
      const montserrat = data.find((f) => f.family === 'Montserrat')!;
      assert.deepEqual(montserrat.weights, [100, 200, 300, 400, 500, 600, 700, 800, 900]);
      assert.deepEqual([...montserrat.styles].sort(), ['italic', 'normal']);
      assert.ok(montserrat.subsets.includes('latin-ext'));
      assert.equal(montserrat.license, 'OFL-1.1');
      assert.match(montserrat.source, /^@fontsource\/montserrat \d+\.\d+\.\d+$/);
      const dejavu = data.find((f) => f.family === 'DejaVu Sans')!;
      assert.equal(dejavu.kind, 'bundled');
      assert.ok(dejavu.weights.includes(400) && dejavu.weights.includes(700));
      // Searching narrows the list by name.
      const found = await t.request({
        method: 'GET',
        url: '/api/rest/fonts/built-in?search=SERIF 4',
      });
      assert.deepEqual(
        found.json().data.map((f: Family) => f.family),
        ['Source Serif 4'],
      );
    });

    it('retrieves one family by name, any case; an unknown name is 404', async () => {
      const one = await t.request({
        method: 'GET',
        url: '/api/rest/fonts/built-in/playfair%20display',
      });
      assert.equal(one.statusCode, 200, one.body);
      assert.equal(one.json().family, 'Playfair Display');
      const none = await t.request({
        method: 'GET',
        url: '/api/rest/fonts/built-in/No%20Such%20Font',
      });
      assert.equal(none.statusCode, 404);
      assert.equal(typeof none.json().message, 'string');
      // A font uuid that does not exist is still the fonts API's 404.
      const uuid = await t.request({ method: 'GET', url: '/api/rest/fonts/No%20Such%20Font' });
      assert.equal(uuid.statusCode, 404);
    });

    it('draws a library family in its own face, the same as that face uploaded', async () => {
      const library = await preview({ font: 'Montserrat', font_weight: 700 });
      const fallback = await preview({ font: 'DejaVu Sans', font_weight: 700 });
      const unknown = await preview({ font: 'No Such Font', font_weight: 700 });
      assert.deepEqual(library.warnings, []);
      assert.ok(!library.png.equals(fallback.png), 'Montserrat is not the default face');
      assert.deepEqual(unknown.warnings, [
        'layers.t: font "No Such Font" is not available; DejaVu Sans was used',
      ]);
      // The Latin file of Montserrat Bold, uploaded as a project font, draws the same pixels.
      const file = libraryFilePath(findLibraryFamily('Montserrat')!, 'latin', 700, 'normal');
      const up = await t.request({
        method: 'POST',
        url: '/api/rest/fonts',
        ...uploadBody(fs.readFileSync(file), 'montserrat-bold.woff2'),
      });
      assert.equal(up.statusCode, 201, up.body);
      const uploaded = await preview({ font: up.json().uuid });
      assert.ok(uploaded.png.equals(library.png), 'same pixels as the uploaded face');
    });
  });
}
