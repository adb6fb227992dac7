/**
 * The per-job asset cap (IMPRINT_MAX_ASSETS_PER_JOB, 100 by default) at every creation path:
 * POST /images, POST /pdfs across pages, the URL API and editor previews answer 422 naming the
 * field that goes above it, and exactly the cap is accepted; a template edited after creation
 * fails the job naming the field. A job whose pictures all fail stores the first 20 errors and
 * one line counting the rest.
 */
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { getLayerType } from '../../src/render/layers/index.ts';
import { testDbKinds } from '../helpers/databases.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { createTemplate, type AssetServer } from './_helpers.ts';
import { startGenerationFixture, type GenerationFixture } from './generation-fixture.ts';

const CAP = 100;

/** A table of picture cells (one column) above a picture layer. */
function tableDesign() {
  return {
    width: 400,
    height: 300,
    background: '#ffffff',
    layers: [
      {
        name: 'items',
        type: 'table',
        x: 0,
        y: 0,
        width: 400,
        height: 300,
        columns: [{ title: 'Picture', key: 'pic' }],
        media_height: 8,
      },
      { name: 'photo', type: 'picture', x: 300, y: 200, width: 50, height: 50, image: null },
    ],
  };
}

for (const { kind, skip } of testDbKinds()) {
  describe(`asset cap and stored errors on ${kind}`, { skip }, () => {
    let fixture: GenerationFixture | undefined;
    let t: TestApp;
    let assets: AssetServer;
    let uuid: string;
    before(
      async () => {
        // Jobs are run by the tests that need them, so accepted requests download nothing.
        fixture = await startGenerationFixture(kind, { processJobs: false });
        ({ t, assets } = fixture);
        uuid = await createTemplate(
          t,
          tableDesign() as unknown as Parameters<typeof createTemplate>[1],
        );
      },
      { timeout: 210_000 },
    );
    after(async () => fixture?.close());

    /** `n` rows of one picture cell each, distinct URLs from `from` on. */
    const rows = (n: number, from = 0) =>
      Array.from({ length: n }, (_, i) => [
        { type: 'picture', url: `${assets.base}/red.png?n=${from + i}` },
      ]);
    const post = (url: string, payload: Record<string, unknown>) =>
      t.request({ method: 'POST', url, payload });
    const image = (layers: Record<string, unknown>) =>
      post('/api/rest/images', { template_uuid: uuid, layers });
    const assertRefused = (res: { statusCode: number; body: string }, field: string) => {
      assert.equal(res.statusCode, 422, res.body.slice(0, 300));
      const body = JSON.parse(res.body);
      assert.deepEqual(Object.keys(body.errors), [field]);
      assert.match(body.errors[field][0], new RegExp(`above ${CAP} distinct picture and SVG URLs`));
      assert.match(body.errors[field][0], /IMPRINT_MAX_ASSETS_PER_JOB/);
    };
    const runJob = (type: 'image' | 'pdf', id: number) =>
      t.runtime.services.generation.handleJob({
        id: `${type}:${id}`,
        kind: 'render',
        payload: { type, id },
        attempt: 1,
      });
    const fetchRow = async (type: 'image' | 'pdf', id: number) => {
      const res = await t.request({ method: 'GET', url: `/api/rest/${type}s/${id}` });
      assert.equal(res.statusCode, 200, res.body);
      return res.json();
    };

    it('POST /images: the cap in table cells is accepted, one more is a 422 naming the field', async () => {
      const exactly = await image({ items: { rows: rows(CAP) } });
      assert.equal(exactly.statusCode, 200, exactly.body);
      assert.equal(exactly.json().status, 'queued');
      assertRefused(await image({ items: { rows: rows(CAP + 1) } }), 'layers.items.rows');
      // The table holds the cap; the picture layer after it goes above and is the one named.
      assertRefused(
        await image({ items: { rows: rows(CAP) }, photo: { image: `${assets.base}/red.png?x` } }),
        'layers.photo.image',
      );
      // Distinct URLs are counted: the same picture again (in cells or layers) costs nothing.
      const repeated = await image({
        items: { rows: [...rows(CAP), ...rows(50)] },
        photo: { image: `${assets.base}/red.png?n=7` },
      });
      assert.equal(repeated.statusCode, 200, repeated.body);
    });

    it('refuses a request above the cap before preparing its layers (counted work)', async () => {
      // A table of thousands of picture cells is refused from its raw data: the layers are not
      // checked, copied and listed first (which held the main thread for hundreds of ms).
      const table = getLayerType('table')!;
      const listUrls = table.assetUrls;
      let listed = 0;
      table.assetUrls = (layer) => {
        listed++;
        return listUrls(layer);
      };
      try {
        assertRefused(await image({ items: { rows: rows(5_000) } }), 'layers.items.rows');
        const res = await post('/api/rest/pdfs', {
          pages: [{ template_uuid: uuid, layers: { items: { rows: rows(CAP + 1) } } }],
        });
        assertRefused(res, 'pages.0.layers.items.rows');
        assert.match(res.json().errors['pages.0.layers.items.rows'][0], /names 101 in all/);
        assert.equal(listed, 0, 'the prepared layers were listed');
        // Within the cap, the prepared design is still what is checked.
        const exactly = await image({ items: { rows: rows(CAP) } });
        assert.equal(exactly.statusCode, 200, exactly.body);
        assert.ok(listed > 0);
      } finally {
        table.assetUrls = listUrls;
      }
    });

    it('POST /pdfs counts the distinct URLs of all pages together, naming the page', async () => {
      const page = (r: unknown[]) => ({ template_uuid: uuid, layers: { items: { rows: r } } });
      assertRefused(
        await post('/api/rest/pdfs', { pages: [page(rows(60)), page(rows(41, 60))] }),
        'pages.1.layers.items.rows',
      );
      const shared = await post('/api/rest/pdfs', {
        pages: [page(rows(60)), page([...rows(40, 60), ...rows(20)])],
      });
      assert.equal(shared.statusCode, 200, shared.body);
    });

    it('the URL API and editor previews answer the same 422', async () => {
      const secret = await t.runtime.services.urlImages.secret(t.project.id);
      const query = `items[rows]=${encodeURIComponent(JSON.stringify(rows(CAP + 1)))}`;
      const s = createHmac('sha256', secret).update(query).digest('hex');
      const url = await t.request({
        method: 'GET',
        url: `/u/${uuid}?${query}&s=${s}`,
        token: null,
      });
      assertRefused(url, 'layers.items.rows');
      const preview = await post(`/api/rest/templates/${uuid}/preview`, {
        layers: { items: { rows: rows(CAP + 1) } },
      });
      assertRefused(preview, 'layers.items.rows');
    });

    it('renders a job with the version it was accepted with, though the template was edited above the cap since', async () => {
      const created = await image({ items: { rows: rows(CAP) } });
      assert.equal(created.statusCode, 200, created.body);
      const design = tableDesign();
      design.layers[1].image = `${assets.base}/red.png?added` as unknown as null;
      const put = await t.request({
        method: 'PUT',
        url: `/api/rest/templates/${uuid}/design`,
        payload: design,
      });
      assert.equal(put.statusCode, 200, put.body);
      await t.runtime.services.previews.idle();
      try {
        // The job keeps the template version of its request (docs/template-versions.md), which
        // is within the cap: it renders. The edited version would take it above the cap.
        const report = await runJob('image', created.json().id);
        assert.equal(report.outcome, 'finished', JSON.stringify(report));
      } finally {
        await t.request({
          method: 'PUT',
          url: `/api/rest/templates/${uuid}/design`,
          payload: tableDesign(),
        });
      }
      const row = await fetchRow('image', created.json().id);
      assert.equal(row.status, 'finished');
      assert.equal(row.template_version, created.json().template_version);
    });

    it('stores the first 20 errors of a job whose pictures all fail, and counts the rest', async () => {
      const missing = Array.from({ length: 35 }, (_, i) => [
        { type: 'picture', url: `${assets.base}/missing-${i}.png` },
      ]);
      const created = await image({ items: { rows: missing } });
      assert.equal(created.statusCode, 200, created.body);
      const report = await runJob('image', created.json().id);
      assert.equal(report.outcome, 'error');
      const row = await fetchRow('image', created.json().id);
      assert.equal(row.status, 'error');
      assert.equal(row.errors.length, 21, JSON.stringify(row.errors));
      assert.match(row.errors[0], /^layers\.items: http:\/\/127\.0\.0\.1:\d+\/missing-0\.png: /);
      assert.match(row.errors[19], /missing-19\.png/);
      assert.equal(row.errors[20], '… and 15 more errors');
    });
  });
}
