// Takes the screenshots of docs/editor.md's pages and tables (the table grid, the PDF view's page
// thumbnails): `npm run build:web && node_modules/.bin/node --import tsx test/editor/_screenshots-pages.ts`.
import { createTemplate, openTemplate, startEditor } from './_browser.ts';

declare const document: {
  querySelectorAll(selector: string): ArrayLike<{ complete: boolean; naturalWidth: number }>;
};

const h = await startEditor();
const uuid = await createTemplate(h, 'Invoice', {
  width: 794,
  height: 1123,
  background: '#ffffff',
  layers: [
    {
      name: 'letterhead',
      type: 'shape',
      x: 0,
      y: 0,
      width: 794,
      height: 110,
      background_color: '#1e3a8a',
      repeat: 'first',
    },
    {
      name: 'company',
      type: 'text',
      x: 48,
      y: 30,
      width: 500,
      height: 50,
      text: 'Northwind Supplies Ltd',
      font_size: 30,
      text_color: '#ffffff',
      repeat: 'first',
    },
    {
      name: 'items',
      type: 'table',
      x: 48,
      y: 140,
      width: 698,
      height: 860,
      font_size: 14,
      zebra_color: '#f3f4f6',
      columns: [
        { title: 'Item' },
        { title: 'Qty', width: 60, align: 'right' },
        { title: 'Unit price', width: 110, align: 'right' },
        { title: 'Amount', width: 110, align: 'right' },
      ],
      rows: [
        ['Desk lamp, brass', '2', '€49.00', '€98.00'],
        ['Notebook A5', '10', '€4.00', '€40.00'],
        ['Fountain pen', '1', '€35.00', '€35.00'],
      ],
    },
    {
      name: 'footer',
      type: 'text',
      x: 48,
      y: 1060,
      width: 698,
      height: 30,
      text: 'Page {{page}} of {{pages}}',
      font_size: 12,
      text_color: '#6b7280',
    },
  ],
});
const page = await h.browser.newPage({ viewport: { width: 1600, height: 1300 } });
await openTemplate(h, page, uuid);
await page.getByRole('button', { name: 'Fit' }).click();
await page.locator('.layer-name', { hasText: /^items$/ }).click();
const columns = page.locator('.props .columns-grid');
const rows = page.locator('.props .rows-grid');
await rows.scrollIntoViewIfNeeded();
const a = (await columns.boundingBox())!;
const b = (await rows.boundingBox())!;
await page.screenshot({
  path: 'docs/images/editor-table-grid.png',
  clip: { x: a.x - 8, y: a.y - 8, width: a.width + 16, height: b.y + b.height - a.y + 36 },
});

// 60 test rows as CSV: the table continues over three pages.
const csv = [
  'Item,Qty,Unit price,Amount',
  ...Array.from(
    { length: 60 },
    (_, i) =>
      `"Line item ${i + 1}, office supplies",${(i % 5) + 1},€${i + 3}.00,€${(i + 3) * ((i % 5) + 1)}.00`,
  ),
].join('\n');
const testRows = page.getByRole('group', { name: 'Test rows of items' });
await testRows.getByRole('button', { name: 'Paste CSV…' }).click();
await testRows.getByLabel('CSV for Test rows of items').fill(csv);
await testRows.getByRole('button', { name: 'Replace rows' }).click();
await page.locator('.layer-name', { hasText: /^letterhead$/ }).click();
await page.getByRole('button', { name: 'PDF', exact: true }).click();
await page.waitForFunction(() => {
  const imgs = document.querySelectorAll('.page-strip .page-thumb img');
  return imgs.length >= 3 && Array.from(imgs).every((i) => i.complete && i.naturalWidth > 0);
});
await page.getByRole('button', { name: 'Page 2' }).click();
await page.locator('.page-strip[data-drawn="2"]').waitFor();
await page.waitForFunction(() =>
  Array.from(document.querySelectorAll('img.render')).every((i) => i.complete),
);
await page.locator('.canvas-area').screenshot({ path: 'docs/images/editor-pdf-pages.png' });
await page.screenshot({ path: '/tmp/e-pages-full.png' });
await h.close();
