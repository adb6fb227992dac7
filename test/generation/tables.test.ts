/**
 * Tables through the REST API: the invoice starter with 60 line items (and a picture cell fetched
 * from a URL) becomes a 3-page PDF whose text reads in order (pdftotext), with the header on
 * every page, the totals on the last and "Page n of 3"; an image of it is cut with a warning;
 * bad cells are a 422 naming the cell.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { invoiceRows, invoiceStarterDesign } from '../fixtures/invoice-rows.ts';
import { testDbKinds } from '../helpers/databases.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { keep, pdfInfo, tool } from '../render/output/output-kit.ts';
import { createTemplate, pathOf, pollUntilDone, type AssetServer } from './_helpers.ts';
import { startGenerationFixture, type GenerationFixture } from './generation-fixture.ts';

for (const { kind, skip } of testDbKinds()) {
  describe(`tables on ${kind}`, { skip }, () => {
    let fixture: GenerationFixture | undefined;
    let t: TestApp;
    let assets: AssetServer;
    let invoice: string;
    before(async () => {
      fixture = await startGenerationFixture(kind);
      ({ t, assets } = fixture);
      invoice = await createTemplate(
        t,
        invoiceStarterDesign() as unknown as Parameters<typeof createTemplate>[1],
      );
    });
    after(async () => fixture?.close());

    const post = (url: string, payload: Record<string, unknown>) =>
      t.request({ method: 'POST', url, payload });
    const download = async (url: string): Promise<Buffer> => {
      const file = await t.request({ method: 'GET', url: pathOf(url), token: null });
      assert.equal(file.statusCode, 200);
      return file.rawPayload;
    };

    it('makes a 3-page invoice PDF of 60 line items that reads in order', async () => {
      const rows: unknown[] = invoiceRows(60);
      rows[0] = {
        ...invoiceRows(1)[0],
        description: { type: 'picture', url: `${assets.base}/red.png` },
      };
      const usage = async () =>
        (await t.request({ method: 'GET', url: '/api/rest/usage' })).json().credits_used as number;
      const usedBefore = await usage();
      const res = await post('/api/rest/pdfs', {
        pages: [
          {
            template_uuid: invoice,
            layers: { items: { rows }, total: { text: '£9,999.00' } },
          },
        ],
      });
      assert.equal(res.statusCode, 200, res.body);
      const done = await pollUntilDone(t, res.json().polling_url);
      assert.equal(done.status, 'finished', JSON.stringify(done));
      // The preflight's only remark: the small test picture is too coarse for print.
      assert.deepEqual(done.warnings, [
        'pages.0.layers.items.rows.0.0: the picture is placed at 154 ppi; print needs at least 250 ppi (use a larger picture or a smaller box)',
      ]);
      // One page requested, three made: 2 credits per page.
      assert.equal((await usage()) - usedBefore, 6);
      const pdf = await download(done.pdf_url as string);
      keep('tables-api-invoice.pdf', pdf);
      assert.match(await pdfInfo(pdf), /Pages:\s+3/);

      const text = await tool('pdftotext', (f) => [f, '-'], pdf);
      const pages = text.split('\f').filter((p) => p.trim() !== '');
      assert.equal(pages.length, 3);
      let next = 2;
      pages.forEach((page, i) => {
        // Reading order on each page: the letterhead, the header row, the rows, the footer.
        const order = ['Lumen Design Co.', 'Description', 'Qty', 'Unit price', 'Amount'];
        const at = order.map((s) => page.indexOf(s));
        assert.ok(
          at.every((x, k) => x >= 0 && (k === 0 || x > at[k - 1])),
          `page ${i + 1}: ${at}`,
        );
        const items = [...page.matchAll(/Line item (\d+)/g)].map((m) => Number(m[1]));
        assert.deepEqual(
          items,
          items.map((_, k) => next + k),
          `page ${i + 1} continues the rows`,
        );
        assert.ok(page.indexOf(`Line item ${items[0]}`) > page.indexOf('Amount'));
        next += items.length;
        // The footer comes after the rows (beside the totals column on the last page).
        assert.ok(page.indexOf(`Page ${i + 1} of 3`) > page.lastIndexOf('Line item'), page);
        assert.equal(page.includes('Subtotal'), i === 2, `totals on page ${i + 1}`);
        assert.equal(page.includes('£9,999.00'), i === 2);
      });
      assert.equal(next, 61);
      // A row's cells read left to right: description, quantity, price, amount.
      assert.match(pages[0], /Line item 2\s+2\s+£11\.00\s+£22\.00/);
    });

    it('cuts the table of an image at its box and says how many rows were left out', async () => {
      const res = await post('/api/rest/images', {
        template_uuid: invoice,
        create_now: true,
        layers: { items: { rows: invoiceRows(60) } },
      });
      assert.equal(res.statusCode, 200, res.body);
      const image = res.json();
      assert.equal(image.status, 'finished', res.body);
      const [warning] = image.warnings as string[];
      assert.match(warning, /^layers\.items: \d+ of 60 rows did not fit the table's box/);
    });

    it('names the table when a picture of a cell cannot be fetched', async () => {
      const res = await post('/api/rest/pdfs', {
        create_now: true,
        pages: [
          {
            template_uuid: invoice,
            layers: {
              items: { rows: [['a', '1', { type: 'picture', url: `${assets.base}/none.png` }]] },
            },
          },
        ],
      });
      assert.equal(res.statusCode, 200, res.body);
      const pdf = res.json();
      assert.equal(pdf.status, 'error', res.body);
      assert.match(pdf.errors[0], /^pages\.0\.layers\.items: /);
    });

    it('answers 422 naming the bad cell, column or repeat value', async () => {
      const rows = invoiceRows(5) as unknown[];
      rows[3] = ['Widget', { type: 'barcode', value: 'abc', format: 'ean13' }, '£1', '£1'];
      const pdf = await post('/api/rest/pdfs', {
        pages: [{ template_uuid: invoice, layers: { items: { rows } } }],
      });
      assert.equal(pdf.statusCode, 422, pdf.body);
      assert.deepEqual(Object.keys(pdf.json().errors), ['pages.0.layers.items.rows.3.1.value']);

      const image = await post('/api/rest/images', {
        template_uuid: invoice,
        layers: {
          items: { columns: [{ title: 'A', width: 'wide' }], rows: [['a', 'b']] },
          total: { repeat: 'sometimes' },
        },
      });
      assert.equal(image.statusCode, 422, image.body);
      assert.deepEqual(Object.keys(image.json().errors).sort(), [
        'layers.items.columns.0.width',
        'layers.items.rows.0',
        'layers.total.repeat',
      ]);
    });
  });
}
