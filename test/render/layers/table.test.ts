/**
 * The table layer: validation of columns and rows (paths down to the cell), the image that cuts a
 * table at its box with a warning, and PDFs in which a long table continues on pages made from
 * the same template (header on every page, `repeat`, `{{page}}`/`{{pages}}`), checked with
 * pdfinfo and pdftotext, and one rasterised PDF page against a golden.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import {
  prepareRender,
  renderImage,
  renderPdf,
  validateDesign,
  type Design,
  type LayerData,
} from '../../../src/render/index.ts';
import { applyLayerData } from '../../../src/render/design/apply-layer-data.ts';
import { toPixelDesign } from '../../../src/render/design/units.ts';
import { numberPages } from '../../../src/render/flow/flow-pages.ts';
import { invoiceRows, invoiceStarterDesign } from '../../fixtures/invoice-rows.ts';
import { assertMatchesGolden } from '../../helpers/golden.ts';
import { keep, pdfInfo, rasterisePdf, tool } from '../output/output-kit.ts';
import { fixtureFiles } from './fixtures.ts';

const noAssets = { files: new Map<string, Buffer>(), fonts: [] };

/** A validated design with one table `items` (400×200) and the extra layers given. */
function tableDesign(table: Record<string, unknown> = {}, extra: unknown[] = []): Design {
  const { design, problems } = validateDesign({
    width: 420,
    height: 300,
    layers: [
      {
        name: 'items',
        type: 'table',
        x: 10,
        y: 10,
        width: 400,
        height: 200,
        columns: [
          { title: 'Item', key: 'item' },
          { title: 'Qty', key: 'qty', width: 60, align: 'right' },
        ],
        font: 'DejaVu Sans',
        ...table,
      },
      ...extra,
    ],
  });
  assert.deepEqual(problems, []);
  return design!;
}

const rows = (n: number) => Array.from({ length: n }, (_, i) => [`Item ${i + 1}`, String(i + 1)]);

/** The problems' paths of a design with the given table properties. */
function designProblems(table: Record<string, unknown>): Record<string, string> {
  const { problems } = validateDesign({
    width: 100,
    height: 100,
    layers: [{ name: 'items', type: 'table', x: 0, y: 0, width: 100, height: 100, ...table }],
  });
  return Object.fromEntries(problems.map((p) => [p.path, p.message]));
}

/** Text of one PDF page, in reading order. */
const pageText = (pdf: Buffer, page: number) =>
  tool('pdftotext', (f) => ['-f', String(page), '-l', String(page), f, '-'], pdf);

describe('table validation', () => {
  it('names bad columns by index and property', () => {
    const problems = designProblems({
      columns: [{ title: 'A', width: -5 }, 'B', { title: 'C', align: 'middle' }],
    });
    assert.match(problems['layers.0.columns.0.width'], /above 0/);
    assert.match(problems['layers.0.columns.1'], /must be a column object/);
    assert.match(problems['layers.0.columns.2.align'], /"left", "center" or "right"/);
    assert.match(designProblems({ columns: 'A,B' })['layers.0.columns'], /array of at most 50/);
  });

  it('names bad cells by row and column, in stored designs and requests', () => {
    const problems = designProblems({
      columns: [{ title: 'A' }, { title: 'B' }],
      rows: [
        ['ok', { type: 'barcode', value: 'abc', format: 'ean13' }],
        ['ok', { type: 'sticker' }],
        ['a', 'b', 'c'],
        ['ok', true],
        { A: 'ok', B: { type: 'picture', url: 'has spaces in it' } },
        'not a row',
      ],
    });
    assert.match(problems['layers.0.rows.0.1.value'], /ean13 format can encode/);
    assert.match(problems['layers.0.rows.1.1.type'], /"text", "barcode" or "picture"/);
    assert.match(problems['layers.0.rows.2'], /at most 2 cells/);
    assert.match(problems['layers.0.rows.3.1'], /must be text .* received true/);
    assert.match(problems['layers.0.rows.4.B.url'], /picture URL/);
    assert.match(problems['layers.0.rows.5'], /array of cells or an object/);

    const applied = applyLayerData(tableDesign(), {
      items: {
        rows: [
          ['a', '1'],
          ['b', '2'],
          ['c', '3'],
          ['d', { value: 'x' }],
        ],
      },
    });
    assert.deepEqual(
      applied.problems.map((p) => p.path),
      ['layers.items.rows.3.1.type'],
    );
  });

  it('reads rows sent as JSON text, as low-code tools send lists', () => {
    const applied = applyLayerData(tableDesign(), {
      items: { rows: '[["Pen", 3], {"item": "Ink"}]' },
    });
    assert.deepEqual(applied.problems, []);
    assert.deepEqual(applied.design.layers[0].rows, [
      ['Pen', '3'],
      ['Ink', ''],
    ]);
    const bad = applyLayerData(tableDesign(), { items: { rows: '[["Pen", 3' } });
    assert.match(bad.problems[0].message, /array of at most 10000 rows/);
  });

  it('takes a header font as text layers take a font: trimmed text, or a problem naming it', () => {
    const ok = applyLayerData(tableDesign(), { items: { header_font: '  DejaVu Serif ' } });
    assert.deepEqual(ok.problems, []);
    assert.equal(ok.design.layers[0].header_font, 'DejaVu Serif');
    const bad = applyLayerData(tableDesign(), { items: { header_font: 5 } });
    assert.deepEqual(
      bad.problems.map((p) => p.path),
      ['layers.items.header_font'],
    );
    assert.match(bad.problems[0].message, /a font uuid or bundled family name .*received 5/);
  });

  it('reads object rows by column key and keeps numbers as text', () => {
    const applied = applyLayerData(tableDesign(), {
      items: { rows: [{ item: 'Pen', qty: 3, ignored: 'x' }, { qty: '2' }] },
    });
    assert.deepEqual(applied.problems, []);
    const table = applied.design.layers[0];
    assert.deepEqual(table.rows, [
      ['Pen', '3'],
      ['', '2'],
    ]);
  });

  it('checks repeat on every layer type', () => {
    const { problems } = validateDesign({
      width: 100,
      height: 100,
      layers: [
        { name: 't', type: 'text', x: 0, y: 0, width: 10, height: 10, repeat: 'LAST' },
        { name: 's', type: 'shape', x: 0, y: 0, width: 10, height: 10, repeat: 'odd' },
      ],
    });
    assert.deepEqual(
      problems.map((p) => [p.path, p.message]),
      [['layers.1.repeat', 'must be "all", "first" or "last"; received "odd"']],
    );
  });

  it('collects the pictures of picture cells, and scales column widths of mm designs', () => {
    const design = tableDesign();
    const prepared = prepareRender(design, {
      items: { rows: [['a', { type: 'picture', url: 'https://pictures.test/a.png' }]] },
    });
    assert.deepEqual(prepared.problems, []);
    assert.deepEqual(prepared.assetUrls, ['https://pictures.test/a.png']);

    const { design: mm } = validateDesign({
      unit: 'mm',
      width: 100,
      height: 50,
      layers: [
        {
          name: 'items',
          type: 'table',
          x: 0,
          y: 0,
          width: 100,
          height: 50,
          padding: 2,
          columns: [{ title: 'A', width: 25.4 }, { title: 'B' }],
        },
      ],
    });
    const px = toPixelDesign(mm!).layers[0];
    assert.equal((px.columns as Array<{ width: number }>)[0].width, 96);
    assert.ok(Math.abs((px.padding as number) - 7.559) < 0.01);
  });
});

describe('table in an image', () => {
  it('is cut at its box, with a warning naming how many rows were left out', async () => {
    const design = tableDesign();
    const few = await renderImage({
      design,
      layers: { items: { rows: rows(3) } },
      assets: noAssets,
      options: { format: 'png' },
    });
    assert.deepEqual(few.warnings, []);
    const many = await renderImage({
      design,
      layers: { items: { rows: rows(40) } },
      assets: noAssets,
      options: { format: 'png' },
    });
    keep('table-cut.png', many.bytes);
    const warnings = many.warnings ?? [];
    assert.equal(warnings.length, 1);
    assert.equal(warnings[0].path, 'layers.items');
    assert.equal(warnings[0].code, 'table_rows_left_out');
    const [, left] = /^(\d+) of 40 rows did not fit/.exec(warnings[0].message) ?? [];
    // 200 px hold the header and 5 rows of 14 px text with 6 px padding (30.2 px each).
    assert.equal(Number(left), 40 - 5);
  });

  it('warns about a single row taller than the box and draws it cut', async () => {
    const design = tableDesign({ height: 60 });
    const long = 'A description long enough to need many lines in a narrow column. '.repeat(3);
    const out = await renderImage({
      design,
      layers: {
        items: {
          rows: [
            [long, '1'],
            ['next', '2'],
          ],
        },
      },
      assets: noAssets,
      options: { format: 'png' },
    });
    const warnings = out.warnings ?? [];
    assert.deepEqual(
      warnings.map((w) => w.path),
      ['layers.items', 'layers.items.rows.0'],
    );
    assert.match(warnings[1].message, /taller than the table's box/);
    assert.equal(warnings[1].code, 'table_row_cut');
  });

  it('gives {{page}} and {{pages}} as 1 of 1', async () => {
    const text = (t: string) => ({
      name: 'footer',
      type: 'text',
      x: 10,
      y: 250,
      width: 300,
      height: 30,
      text: t,
      font: 'DejaVu Sans',
    });
    const render = (t: string) =>
      renderImage({
        design: tableDesign({}, [text(t)]),
        assets: noAssets,
        options: { format: 'png' },
      });
    const tokens = await render('Page {{page}} of {{ pages }}');
    const literal = await render('Page 1 of 1');
    assert.ok(tokens.bytes.equals(literal.bytes));
    const plain = tableDesign();
    const [a, b] = numberPages([tableDesign({}, [text('{{page}}/{{pages}}')]), plain]);
    assert.equal(a.layers[1].text, '1/2');
    assert.equal(b, plain, 'a page without tokens is kept as it is');
  });
});

describe('table in a PDF', () => {
  const invoice = (): Design => {
    const { design, problems } = validateDesign(invoiceStarterDesign());
    assert.deepEqual(problems, []);
    return design!;
  };

  it('continues 60 line items on 3 pages: header on each, totals on the last, page numbers', async () => {
    const pdf = await renderPdf({
      pages: [{ design: invoice(), layers: { items: { rows: invoiceRows(60) } } }],
      assets: noAssets,
    });
    keep('table-invoice.pdf', pdf.bytes);
    assert.equal(pdf.pages, 3);
    assert.deepEqual(pdf.warnings, []);
    assert.match(await pdfInfo(pdf.bytes), /Pages:\s+3/);
    let next = 1;
    for (let page = 1; page <= 3; page++) {
      const text = await pageText(pdf.bytes, page);
      assert.match(text, /Description/, `header on page ${page}`);
      assert.match(text, /Lumen Design Co\./, `template on page ${page}`);
      assert.match(text, new RegExp(`Page ${page} of 3`));
      assert.equal(/Subtotal/.test(text), page === 3, `totals on page ${page}`);
      // Rows continue where the previous page stopped, in order, none twice.
      const items = [...text.matchAll(/Line item (\d+)/g)].map((m) => Number(m[1]));
      assert.ok(items.length > 10, `rows on page ${page}`);
      assert.deepEqual(
        items,
        items.map((_, k) => next + k),
      );
      next += items.length;
    }
    assert.equal(next, 61);
  });

  it('rasterises page 2 like its golden', async () => {
    const pdf = await renderPdf({
      pages: [{ design: invoice(), layers: { items: { rows: invoiceRows(60) } } }],
      assets: noAssets,
    });
    const png = await rasterisePdf(pdf.bytes, 48, 2);
    keep('table-invoice-page-2.png', png);
    await assertMatchesGolden(
      path.join(import.meta.dirname, 'table-invoice-page-2.golden.png'),
      png,
    );
  });

  it('keeps the pages of a multi-page request; a flowing page adds its pages after it', async () => {
    const cover = validateDesign({
      width: 794,
      height: 1123,
      layers: [
        {
          name: 'title',
          type: 'text',
          x: 50,
          y: 50,
          width: 600,
          height: 60,
          text: 'Cover, page {{page}} of {{pages}}',
          font: 'DejaVu Sans',
        },
      ],
    }).design!;
    const data: LayerData = { items: { rows: invoiceRows(60) } };
    const pdf = await renderPdf({
      pages: [
        { design: cover },
        { design: invoice(), layers: data },
        { design: cover, layers: { title: { text: 'Back, page {{page}} of {{pages}}' } } },
      ],
      assets: noAssets,
    });
    assert.equal(pdf.pages, 5);
    assert.match(await pageText(pdf.bytes, 1), /Cover, page 1 of 5/);
    assert.match(await pageText(pdf.bytes, 2), /Page 2 of 5/);
    assert.match(await pageText(pdf.bytes, 4), /Subtotal[\s\S]*Page 4 of 5/);
    assert.match(await pageText(pdf.bytes, 5), /Back, page 5 of 5/);
  });

  it('puts a row taller than the box on a page of its own, cut, with a warning', async () => {
    const long = 'A description long enough to need many lines in a narrow column. '.repeat(3);
    const pdf = await renderPdf({
      pages: [
        {
          design: tableDesign({ height: 70 }),
          layers: {
            items: {
              rows: [
                ['a', '1'],
                [long, '2'],
                ['c', '3'],
              ],
            },
          },
        },
      ],
      assets: noAssets,
    });
    assert.equal(pdf.pages, 3);
    assert.deepEqual(
      (pdf.warnings ?? []).map((w) => w.path),
      ['pages.0.layers.items.rows.1'],
    );
    // The last page: the header again and the third row only.
    assert.deepEqual((await pageText(pdf.bytes, 3)).split(/\s+/).filter(Boolean).sort(), [
      '3',
      'Item',
      'Qty',
      'c',
    ]);
  });

  it('draws picture and barcode cells, and names the request page of a bad cell', async () => {
    const design = tableDesign({ media_height: 30 });
    const files = await fixtureFiles();
    const pdf = await renderPdf({
      pages: [
        {
          design,
          layers: {
            items: {
              rows: [
                ['Disc', { type: 'picture', url: 'https://fixtures.test/disc.png' }],
                ['Code', { type: 'barcode', value: 'HELLO' }],
              ],
            },
          },
        },
      ],
      assets: { files, fonts: [] },
    });
    assert.equal(pdf.pages, 1);
    const png = await rasterisePdf(pdf.bytes, 96, 1);
    keep('table-media.png', png);
    await assert.rejects(
      renderPdf({
        pages: [{ design }, { design, layers: { items: { rows: [['a', { type: 'x' }]] } } }],
        assets: noAssets,
      }),
      (err: Error & { problems?: Array<{ path: string }> }) =>
        err.problems?.[0]?.path === 'pages.1.layers.items.rows.0.1.type',
    );
  });
});
