import assert from 'node:assert/strict';
import { runCheckedSync } from '../helpers/child-processes.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { testDbKinds } from '../helpers/databases.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { makeTemplate } from '../api/template-fixtures.ts';

const DESIGN = {
  width: 800,
  height: 400,
  background: '#1e293b',
  layers: [
    {
      name: 'box',
      type: 'shape',
      x: 20,
      y: 20,
      width: 200,
      height: 100,
      background_color: '#f59e0b',
    },
    {
      name: 'title',
      type: 'text',
      x: 40,
      y: 200,
      width: 600,
      height: 80,
      text: 'Hello',
      font_size: 40,
    },
    {
      name: 'logo',
      type: 'text',
      x: 600,
      y: 20,
      width: 180,
      height: 40,
      text: 'ACME',
      dynamic: false,
    },
  ],
};

for (const { kind, skip } of testDbKinds()) {
  describe(`editor API on ${kind}`, { skip }, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(kind);
    });
    after(async () => t?.close());

    const put = (uuid: string, payload: unknown, headers: Record<string, string> = {}) =>
      t.request({
        method: 'PUT',
        url: `/api/rest/templates/${uuid}/design`,
        payload: payload as object,
        headers,
      });
    const getDesign = (uuid: string) =>
      t.request({ method: 'GET', url: `/api/rest/templates/${uuid}/design` });
    const preview = (uuid: string, payload: unknown, token?: string | null) =>
      t.request({
        method: 'POST',
        url: `/api/rest/templates/${uuid}/preview`,
        payload: payload as object,
        ...(token === undefined ? {} : { token }),
      });
    const withDesign = async () => {
      const tpl = await makeTemplate(t, { width: 800, height: 400 });
      assert.equal((await put(tpl.uuid, DESIGN)).statusCode, 200);
      return tpl.uuid;
    };
    const fileOf = async (url: string) => {
      const res = await t.request({ method: 'GET', url: new URL(url).pathname, token: null });
      return res;
    };

    it('describes the preview, If-Match, the 409, dynamic and warnings in the OpenAPI document', async () => {
      const doc = (
        await t.request({ method: 'GET', url: '/api/openapi.json', token: null })
      ).json();
      const templatePath = Object.keys(doc.paths).find((p) => p.endsWith('/preview'));
      assert.ok(templatePath, Object.keys(doc.paths).join());
      const preview = doc.paths[templatePath].post;
      assert.ok(preview.responses['200'].content['image/png']);
      assert.ok(preview.responses['200'].content['application/pdf']);
      assert.deepEqual(
        preview.requestBody.content['application/json'].schema.properties.format.enum,
        ['png', 'pdf'],
      );
      assert.ok(preview.responses['200'].headers['imprint-warnings']);
      assert.ok(preview.responses['200'].headers['imprint-warning-details']);
      const designPath = Object.keys(doc.paths).find((p) => p.endsWith('/design'))!;
      const putDesign = doc.paths[designPath].put;
      assert.ok(putDesign.responses['409']);
      assert.ok(putDesign.responses['200'].headers.etag);
      assert.ok(putDesign.parameters.some((p: { name: string }) => p.name === 'if-match'));
      const text = JSON.stringify(doc);
      assert.match(text, /"warnings"/);
      assert.match(text, /"dynamic"/);
    });

    describe('revisions and If-Match', () => {
      it('sends the revision as a strong ETag and raises it with each save', async () => {
        const tpl = await makeTemplate(t);
        const first = await getDesign(tpl.uuid);
        assert.equal(first.headers.etag, '"1"');
        const saved = await put(tpl.uuid, DESIGN, { 'if-match': '"1"' });
        assert.equal(saved.statusCode, 200, saved.body);
        assert.equal(saved.headers.etag, '"2"');
        assert.equal((await getDesign(tpl.uuid)).headers.etag, '"2"');
        // No If-Match and If-Match: * save as before (Placid clients send none).
        assert.equal((await put(tpl.uuid, DESIGN)).headers.etag, '"3"');
        assert.equal((await put(tpl.uuid, DESIGN, { 'if-match': '*' })).headers.etag, '"4"');
      });

      it('answers 409 with the current revision when the design was saved meanwhile', async () => {
        const tpl = await makeTemplate(t);
        assert.equal((await put(tpl.uuid, DESIGN, { 'if-match': '"1"' })).statusCode, 200);
        const stale = await put(
          tpl.uuid,
          { ...DESIGN, background: '#ff0000' },
          { 'if-match': '"1"' },
        );
        assert.equal(stale.statusCode, 409, stale.body);
        const body = stale.json();
        assert.equal(body.revision, 2);
        assert.match(body.message, /changed since it was loaded/);
        assert.equal(stale.headers.etag, '"2"');
        // Nothing was overwritten.
        assert.equal((await getDesign(tpl.uuid)).json().background, '#1e293b');
        // Weak tags never match (If-Match compares strongly).
        assert.equal((await put(tpl.uuid, DESIGN, { 'if-match': 'W/"2"' })).statusCode, 409);
        assert.equal((await put(tpl.uuid, DESIGN, { 'if-match': '"7", "2"' })).statusCode, 200);
      });

      it('lets only one of two concurrent saves of the same revision win', async () => {
        const tpl = await makeTemplate(t);
        const results = await Promise.all(
          ['#111111', '#222222', '#333333'].map((bg) =>
            put(tpl.uuid, { ...DESIGN, background: bg }, { 'if-match': '"1"' }),
          ),
        );
        const codes = results.map((r) => r.statusCode).sort();
        assert.deepEqual(codes, [200, 409, 409]);
        const winner = results.find((r) => r.statusCode === 200)!.json().background;
        assert.equal((await getDesign(tpl.uuid)).json().background, winner);
        assert.equal((await getDesign(tpl.uuid)).headers.etag, '"2"');
      });

      it('refuses an If-Match that names no ETag with a 400 naming the header', async () => {
        const tpl = await makeTemplate(t);
        const res = await put(tpl.uuid, DESIGN, { 'if-match': '3' });
        assert.equal(res.statusCode, 400, res.body);
        assert.ok(res.json().errors['If-Match']);
      });

      it('answers 404 for a template of another project, whatever If-Match says', async () => {
        const tpl = await makeTemplate(t, {}, t.other.token);
        assert.equal((await put(tpl.uuid, DESIGN, { 'if-match': '"1"' })).statusCode, 404);
      });
    });

    describe('dynamic layers', () => {
      it('lists only dynamic layers and keeps the flag in the stored design', async () => {
        const uuid = await withDesign();
        const tpl = (await t.request({ method: 'GET', url: `/api/rest/templates/${uuid}` })).json();
        assert.deepEqual(
          tpl.layers.map((l: { name: string }) => l.name),
          ['box', 'title'],
        );
        const layers = (await getDesign(uuid)).json().layers;
        assert.equal(layers[2].dynamic, false);
        assert.equal(layers[0].dynamic, undefined);
      });

      it('refuses a dynamic flag that is not a boolean', async () => {
        const tpl = await makeTemplate(t);
        const bad = { ...DESIGN, layers: [{ ...DESIGN.layers[0], dynamic: 'yes' }] };
        const res = await put(tpl.uuid, bad);
        assert.equal(res.statusCode, 422);
        assert.ok(res.json().errors['layers.0.dynamic']);
      });
    });

    describe('warnings', () => {
      it(
        'names unknown layers, unknown properties and static layers; creation still succeeds',
        { timeout: 90_000 },
        async () => {
          const uuid = await withDesign();
          const res = await t.request({
            method: 'POST',
            url: '/api/rest/images',
            payload: {
              template_uuid: uuid,
              create_now: true,
              layers: {
                titel: { text: 'x' },
                title: { text: 'Hi', colour: '#fff' },
                logo: { text: 'Changed' },
                nosuch: { text: 'y' },
              },
            },
          });
          assert.equal(res.statusCode, 200, res.body);
          const image = res.json();
          assert.equal(image.status, 'finished');
          assert.deepEqual(image.warnings.sort(), [
            'layers.logo: the layer "logo" is static (not dynamic in the template), so its values were ignored',
            'layers.nosuch: the template has no layer "nosuch"',
            'layers.titel: the template has no layer "titel"; did you mean "title"?',
            'layers.title.colour: text layers have no property "colour"',
          ]);
          const again = await t.request({ method: 'GET', url: `/api/rest/images/${image.id}` });
          assert.deepEqual(again.json().warnings.sort(), image.warnings);
        },
      );

      it('suggests a close property name', async () => {
        const uuid = await withDesign();
        const res = await t.request({
          method: 'POST',
          url: '/api/rest/images',
          payload: { template_uuid: uuid, layers: { title: { txt: 'Hi', font_sise: 30 } } },
        });
        assert.equal(res.statusCode, 200, res.body);
        assert.deepEqual(res.json().warnings, [
          'layers.title.txt: text layers have no property "txt"; did you mean "text"?',
          'layers.title.font_sise: text layers have no property "font_sise"; did you mean "font_size"?',
        ]);
      });

      it('reports fonts that fell back and text that does not fit at its minimum size', async () => {
        const uuid = await withDesign();
        const res = await t.request({
          method: 'POST',
          url: '/api/rest/images',
          payload: {
            template_uuid: uuid,
            create_now: true,
            layers: {
              title: {
                text: 'A very long title that cannot possibly fit into this small box at all',
                font: 'No Such Font',
                auto_fit: true,
                min_font_size: 40,
              },
            },
          },
        });
        const image = res.json();
        assert.equal(image.status, 'finished', res.body);
        assert.deepEqual(image.warnings, [
          'layers.title: font "No Such Font" is not available; DejaVu Sans was used',
          'layers.title: the text does not fit its box at the minimum font size 40; it was clipped to the box (overflow "clip")',
        ]);
      });

      it('are empty when nothing was ignored', async () => {
        const uuid = await withDesign();
        const res = await t.request({
          method: 'POST',
          url: '/api/rest/images',
          payload: { template_uuid: uuid, create_now: true, layers: { title: { text: 'Hi' } } },
        });
        assert.deepEqual(res.json().warnings, []);
      });

      it('are on PDFs too, under the page path', async () => {
        const uuid = await withDesign();
        const res = await t.request({
          method: 'POST',
          url: '/api/rest/pdfs',
          payload: { create_now: true, pages: [{ template_uuid: uuid, layers: { nope: {} } }] },
        });
        assert.equal(res.json().status, 'finished', res.body);
        assert.deepEqual(res.json().warnings, [
          'pages.0.layers.nope: the template has no layer "nope"',
        ]);
      });
    });

    describe('preview', () => {
      it('renders the stored design with layer data as PNG, with warnings in a header', async () => {
        const uuid = await withDesign();
        const usageBefore = (await t.request({ method: 'GET', url: '/api/rest/usage' })).json();
        const res = await preview(uuid, {
          layers: { title: { text: 'Ünïcode ✓' }, sub: { text: 'x' } },
          modifications: { width: 400 },
        });
        assert.equal(res.statusCode, 200, res.body);
        assert.equal(res.headers['content-type'], 'image/png');
        const meta = await sharp(res.rawPayload).metadata();
        assert.equal(meta.format, 'png');
        assert.equal(meta.width, 400);
        assert.equal(meta.height, 200);
        const header = String(res.headers['imprint-warnings']);
        assert.match(header, /^[\x20-\x7e]*$/);
        assert.deepEqual(JSON.parse(header), ['layers.sub: the template has no layer "sub"']);
        // The same warnings with their codes, for programs such as the editor.
        assert.deepEqual(JSON.parse(String(res.headers['imprint-warning-details'])), [
          { code: 'unknown_layer', path: 'layers.sub', message: 'the template has no layer "sub"' },
        ]);
        assert.match(
          String(res.headers['access-control-expose-headers']),
          /Imprint-Warnings, Imprint-Warning-Details/,
        );
        // Nothing stored, nothing charged.
        const usageAfter = (await t.request({ method: 'GET', url: '/api/rest/usage' })).json();
        assert.deepEqual(usageAfter, usageBefore);
      });

      it('renders an unsaved design and escapes non-ASCII warnings as JSON', async () => {
        const uuid = await withDesign();
        const design = {
          ...DESIGN,
          background: '#ff0000',
          layers: [{ ...DESIGN.layers[1], name: 'tïtle' }],
        };
        const res = await preview(uuid, { design, layers: { tïtlé: { text: 'x' } } });
        assert.equal(res.statusCode, 200, res.body);
        const { data } = await sharp(res.rawPayload).raw().toBuffer({ resolveWithObject: true });
        assert.deepEqual([...data.subarray(0, 3)], [255, 0, 0]);
        const header = String(res.headers['imprint-warnings']);
        assert.ok(header.includes('\\u00ef'));
        assert.deepEqual(JSON.parse(header), [
          'layers.tïtlé: the template has no layer "tïtlé"; did you mean "tïtle"?',
        ]);
        // The stored design is unchanged.
        assert.equal((await getDesign(uuid)).json().background, '#1e293b');
      });

      it(
        'answers the PDF of the same design with format "pdf", free, page at the design size',
        { timeout: 90_000 },
        async () => {
          const uuid = await withDesign();
          const usageBefore = (await t.request({ method: 'GET', url: '/api/rest/usage' })).json();
          const design = { ...DESIGN, background: '#ff0000' };
          const res = await preview(uuid, {
            design,
            format: 'pdf',
            layers: { title: { text: 'PDF preview' }, sub: { text: 'x' } },
          });
          assert.equal(res.statusCode, 200, res.body);
          assert.equal(res.headers['content-type'], 'application/pdf');
          assert.equal(res.rawPayload.subarray(0, 5).toString('latin1'), '%PDF-');
          const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'preview-pdf-'));
          const file = path.join(dir, 'p.pdf');
          fs.writeFileSync(file, res.rawPayload);
          const info = runCheckedSync('pdfinfo', [file], { encoding: 'utf8' });
          // 800 × 400 design px at 96 dpi: 600 × 300 pt, one page.
          assert.match(info, /Page size:\s+600 x 300 pts/);
          assert.match(info, /Pages:\s+1\n/);
          // Titled after the template, as POST /pdfs titles it.
          assert.match(info, /Title:\s+Card\n/);
          assert.match(
            runCheckedSync('pdftotext', [file, '-'], { encoding: 'utf8' }),
            /PDF preview/,
          );
          fs.rmSync(dir, { recursive: true });
          assert.deepEqual(JSON.parse(String(res.headers['imprint-warnings'])), [
            'layers.sub: the template has no layer "sub"',
          ]);
          const usageAfter = (await t.request({ method: 'GET', url: '/api/rest/usage' })).json();
          assert.deepEqual(usageAfter, usageBefore);
          // A PDF preview carries the preflight's warnings, which the editor lists.
          const hairline = await preview(uuid, {
            design: {
              ...DESIGN,
              layers: [
                ...DESIGN.layers,
                {
                  name: 'rule',
                  type: 'line',
                  x: 0,
                  y: 0,
                  width: 200,
                  height: 4,
                  stroke_width: 0.1,
                },
              ],
            },
            format: 'pdf',
          });
          assert.equal(hairline.statusCode, 200, hairline.body);
          const details = JSON.parse(String(hairline.headers['imprint-warning-details'])) as Array<{
            code: string;
            path: string;
          }>;
          assert.ok(
            details.some((w) => w.code === 'thin_line' && w.path === 'layers.rule.stroke_width'),
            JSON.stringify(details),
          );
          const bad = await preview(uuid, { format: 'svg' });
          assert.equal(bad.statusCode, 422, bad.body);
          assert.ok(bad.json().errors.format, bad.body);
        },
      );

      it('answers 422 naming every bad field, 404 for an unknown template, 401 without a token', async () => {
        const uuid = await withDesign();
        const bad = await preview(uuid, {
          design: { ...DESIGN, width: 0 },
          layers: { title: { font_size: 'huge' } },
          modifications: { width: -3 },
        });
        assert.equal(bad.statusCode, 422, bad.body);
        const fields = Object.keys(bad.json().errors);
        assert.ok(fields.includes('design.width'), fields.join());
        assert.ok(fields.includes('modifications.width'), fields.join());
        const badLayer = await preview(uuid, { layers: { title: { font_size: 'huge' } } });
        assert.equal(badLayer.statusCode, 422);
        assert.ok(badLayer.json().errors['layers.title.font_size']);
        assert.equal((await preview('no-such-template', {})).statusCode, 404);
        assert.equal((await preview(uuid, {}, null)).statusCode, 401);
      });
    });

    describe('thumbnails', () => {
      it('renders a thumbnail of each saved version, keeps them for the history, deletes them with the template', async () => {
        const tpl = await makeTemplate(t, { width: 800, height: 400 });
        assert.equal((await put(tpl.uuid, DESIGN)).statusCode, 200);
        await t.runtime.services.previews.idle();
        const first = (
          await t.request({ method: 'GET', url: `/api/rest/templates/${tpl.uuid}` })
        ).json();
        assert.match(first.thumbnail, /^http:\/\/imprint\.test\/files\/thumbnails\//);
        const file = await fileOf(first.thumbnail);
        assert.equal(file.statusCode, 200);
        const meta = await sharp(file.rawPayload).metadata();
        assert.ok(meta.format === 'jpeg' || meta.format === 'png', meta.format);
        assert.equal(meta.width, 400);
        assert.equal(meta.height, 200);
        // The thumbnail shows the design: its bottom right corner has the design's background.
        const { data, info } = await sharp(file.rawPayload)
          .raw()
          .toBuffer({ resolveWithObject: true });
        const at = (190 * 400 + 390) * info.channels;
        const corner = [...data.subarray(at, at + 3)];
        assert.ok(
          Math.abs(corner[0] - 0x1e) < 8 && Math.abs(corner[2] - 0x3b) < 8,
          `corner ${corner.join()}`,
        );

        assert.equal((await put(tpl.uuid, { ...DESIGN, background: '#ffffff' })).statusCode, 200);
        await t.runtime.services.previews.idle();
        const second = (
          await t.request({ method: 'GET', url: `/api/rest/templates/${tpl.uuid}` })
        ).json();
        assert.ok(second.thumbnail);
        assert.notEqual(second.thumbnail, first.thumbnail);
        // The earlier version keeps its thumbnail: History shows it (docs/template-versions.md).
        assert.equal((await fileOf(first.thumbnail)).statusCode, 200);
        assert.equal((await fileOf(second.thumbnail)).statusCode, 200);

        assert.equal(
          (await t.request({ method: 'DELETE', url: `/api/rest/templates/${tpl.uuid}` }))
            .statusCode,
          200,
        );
        assert.equal((await fileOf(second.thumbnail)).statusCode, 404);
        assert.equal((await fileOf(first.thumbnail)).statusCode, 404);
      });

      it('after rapid saves, shows the newest version and stores one thumbnail per version', async () => {
        const tpl = await makeTemplate(t, { width: 800, height: 400 });
        for (const bg of ['#101010', '#202020', '#303030', '#404040']) {
          assert.equal((await put(tpl.uuid, { ...DESIGN, background: bg })).statusCode, 200);
        }
        await t.runtime.services.previews.idle();
        const got = (
          await t.request({ method: 'GET', url: `/api/rest/templates/${tpl.uuid}` })
        ).json();
        assert.equal(got.version, 5);
        const versions = (
          await t.request({ method: 'GET', url: `/api/rest/templates/${tpl.uuid}/versions` })
        ).json().data as { version: number; thumbnail: string | null }[];
        assert.deepEqual(
          versions.map((v) => v.version),
          [5, 4, 3, 2, 1],
        );
        assert.equal(got.thumbnail, versions[0].thumbnail);
        // Every stored file is a version's thumbnail, and every version has one: none left over.
        const stored: string[] = [];
        for await (const blob of t.runtime.services.storage.list(`thumbnails/${tpl.uuid}/`)) {
          stored.push(blob.key);
        }
        assert.deepEqual(
          stored.map((k) => versions.findIndex((v) => v.thumbnail?.endsWith(k))).sort(),
          [0, 1, 2, 3, 4],
          stored.join(),
        );
      });

      it('gives a new template a thumbnail of its empty design', async () => {
        const tpl = await makeTemplate(t, { width: 300, height: 300 });
        await t.runtime.services.previews.idle();
        const got = (
          await t.request({ method: 'GET', url: `/api/rest/templates/${tpl.uuid}` })
        ).json();
        assert.ok(got.thumbnail);
        const meta = await sharp((await fileOf(got.thumbnail)).rawPayload).metadata();
        assert.equal(meta.width, 300);
      });
    });
  });

  describe(`preview rate limit on ${kind}`, { skip }, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(kind, { IMPRINT_PREVIEW_RATE_LIMIT: '2' });
    });
    after(async () => t?.close());

    it(
      'answers 429 with Retry-After once a token used its previews of the minute',
      { timeout: 90_000 },
      async () => {
        const tpl = await makeTemplate(t, { width: 100, height: 100 });
        const go = () =>
          t.request({
            method: 'POST',
            url: `/api/rest/templates/${tpl.uuid}/preview`,
            payload: {},
          });
        // Six requests span at most two one-minute windows, so one window sees at least three.
        let refused;
        for (let i = 0; i < 6 && !refused; i++) {
          const res = await go();
          if (res.statusCode === 429) refused = res;
          else assert.equal(res.statusCode, 200, res.body);
        }
        assert.ok(refused, 'no preview was refused');
        assert.ok(Number(refused.headers['retry-after']) >= 1);
        assert.match(refused.json().message, /IMPRINT_PREVIEW_RATE_LIMIT/);
      },
    );
  });
}
