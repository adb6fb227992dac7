// Pages and tables in the editor, in real Chromium: a table's columns are edited as a grid (added,
// titled, sized, aligned, moved, removed, their cells moving with them) and its rows too; a
// 40-row CSV pasted into the table's test data makes the PDF continue over further pages, which
// the PDF view shows as thumbnails and pages to step through, with the layers a page leaves out
// by their `repeat` (set in the properties panel, marked in the layers panel).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Page } from 'playwright-core';
import {
  collectProblems,
  createTemplate,
  openTemplate,
  poll,
  startEditor,
  until,
  type EditorHarness,
} from './_browser.ts';

// The DOM names the page callbacks use (this program has no DOM library).
interface PageImage {
  complete: boolean;
  naturalWidth: number;
  naturalHeight: number;
}
declare const document: {
  querySelector(selector: string): PageImage | null;
  querySelectorAll(selector: string): ArrayLike<PageImage>;
  createElement(tag: 'canvas'): {
    width: number;
    height: number;
    getContext(kind: '2d'): {
      drawImage(img: unknown, x: number, y: number, w: number, h: number): void;
      getImageData(x: number, y: number, w: number, h: number): { data: Iterable<number> };
    };
  };
};

const DESIGN = {
  width: 800,
  height: 1000,
  background: '#ffffff',
  layers: [
    // Only on the first page: a red band where the letterhead goes.
    {
      name: 'letterhead',
      type: 'shape',
      x: 0,
      y: 0,
      width: 800,
      height: 120,
      background_color: '#dc2626',
      repeat: 'first',
    },
    {
      name: 'items',
      type: 'table',
      x: 40,
      y: 160,
      width: 720,
      height: 700,
      font_size: 16,
      columns: [
        { title: 'Item' },
        { title: 'Qty', width: 80, align: 'right' },
        { title: 'Price', width: 120, align: 'right' },
      ],
      rows: [
        ['Lamp', '1', '€49'],
        ['Pen', '2', '€4'],
      ],
    },
    {
      name: 'footer',
      type: 'text',
      x: 40,
      y: 900,
      width: 720,
      height: 60,
      text: 'Page {{page}} of {{pages}}',
      font_size: 24,
    },
  ],
};

let h: EditorHarness;
let page: Page;
let uuid = '';
const problems: string[] = [];

before(async () => {
  h = await startEditor();
  uuid = await createTemplate(h, 'Invoice', DESIGN);
  page = await h.browser.newPage({ viewport: { width: 1600, height: 1000 } });
  collectProblems(page, problems);
  await openTemplate(h, page, uuid);
});
after(() => h?.close());

const stored = async () => {
  const res = await h.t.request({ method: 'GET', url: `/api/rest/templates/${uuid}/design` });
  return res.json() as { layers: Array<Record<string, unknown>> };
};
const storedTable = async () => (await stored()).layers.find((l) => l.name === 'items')!;
const titles = (t: Record<string, unknown>) =>
  (t.columns as Array<{ title: string }>).map((c) => c.title).join();

test('a table is edited as a grid of columns and rows', { timeout: 180_000 }, async () => {
  await page.locator('.layer-name', { hasText: /^items$/ }).click();
  const columns = page.getByRole('group', { name: 'Columns of items', exact: true });
  await columns.waitFor();
  assert.equal(await columns.getByLabel('Title of column 2').inputValue(), 'Qty');
  assert.equal(await columns.getByLabel('Width of Qty').inputValue(), '80');
  assert.equal(await columns.getByLabel('Alignment of Qty').inputValue(), 'right');

  // Add a column, title it, size and align it, then move it before Price.
  await columns.getByRole('button', { name: 'Add column' }).click();
  const title4 = columns.getByLabel('Title of column 4');
  await title4.fill('Tax');
  await columns.getByLabel('Width of Tax').fill('90');
  await columns.getByLabel('Width of Tax').press('Enter');
  await columns.getByLabel('Alignment of Tax').selectOption('center');
  await columns.getByRole('button', { name: 'Move Tax left' }).click();
  let table = await poll(storedTable, (t) => titles(t) === 'Item,Qty,Tax,Price');
  assert.equal(titles(table), 'Item,Qty,Tax,Price');
  const tax = (table.columns as Array<Record<string, unknown>>)[2];
  assert.equal(tax.width, 90);
  assert.equal(tax.align, 'center');
  // The rows got an empty cell in the new column's place, the prices stayed under Price.
  assert.deepEqual(table.rows, [
    ['Lamp', '1', '', '€49'],
    ['Pen', '2', '', '€4'],
  ]);

  // Cells are typed into the rows grid; moving Price left moves its cells too.
  const rows = page.getByRole('group', { name: 'Rows of items', exact: true });
  await rows.getByLabel('Row 1, Tax').fill('20%');
  await columns.getByRole('button', { name: 'Move Price left' }).click();
  table = await poll(storedTable, (t) => titles(t) === 'Item,Qty,Price,Tax');
  assert.deepEqual(table.rows, [
    ['Lamp', '1', '€49', '20%'],
    ['Pen', '2', '€4', ''],
  ]);
  // Removing Tax removes its cells; a row is added and filled, the first removed.
  await columns.getByRole('button', { name: 'Remove Tax' }).click();
  await rows.getByRole('button', { name: 'Add row' }).click();
  await rows.getByLabel('Row 3, Item').fill('Notebook');
  await rows.getByRole('button', { name: 'Remove row 1' }).click();
  // Poll for the last of the four steps: a save between them (Tax removed, rows not yet
  // changed) also has three columns and two rows.
  table = await poll(
    storedTable,
    (t) =>
      titles(t) === 'Item,Qty,Price' &&
      JSON.stringify((t.rows as string[][]).map((r) => r[0])) === '["Pen","Notebook"]',
  );
  assert.deepEqual(table.rows, [
    ['Pen', '2', '€4'],
    ['Notebook', '', ''],
  ]);
  // Text pasted from a spreadsheet spreads over the cells right and below, adding rows.
  await rows.getByLabel('Row 2, Qty').focus();
  await page.evaluate(() => {
    const el = (
      globalThis as unknown as {
        document: { activeElement: { dispatchEvent(e: unknown): boolean } };
      }
    ).document.activeElement;
    const dt = new (
      globalThis as unknown as { DataTransfer: new () => DataTransferLike }
    ).DataTransfer();
    dt.setData('text/plain', '3\t€12\n5\t€1');
    el.dispatchEvent(
      new (
        globalThis as unknown as {
          ClipboardEvent: new (t: string, i: object) => unknown;
        }
      ).ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }),
    );
  });
  table = await poll(storedTable, (t) => (t.rows as unknown[]).length === 3);
  assert.deepEqual(table.rows, [
    ['Pen', '2', '€4'],
    ['Notebook', '3', '€12'],
    ['', '5', '€1'],
  ]);
  // Undo takes back the paste as one step.
  await page.getByRole('button', { name: 'Undo' }).click();
  table = await poll(storedTable, (t) => (t.rows as unknown[]).length === 2);
  assert.equal((table.rows as unknown[]).length, 2);
  assert.deepEqual(problems, []);
});

interface DataTransferLike {
  setData(type: string, text: string): void;
}

/** The canvas picture's colour at design point (x, y), once it is the PDF's page `n`. */
async function pdfPixel(n: number, x: number, y: number): Promise<number[]> {
  await page.locator('.canvas-area[data-output="pdf"]').waitFor({ timeout: 30_000 });
  // A 3-page PDF and its thumbnails: up to a minute on a loaded 2-core machine.
  await page.locator(`.page-strip[data-drawn="${n}"]`).waitFor({ timeout: 90_000 });
  await page.waitForFunction(() => {
    const img = document.querySelector('img.render');
    return Boolean(img?.complete && img.naturalWidth > 0);
  });
  return page.evaluate(
    ([px, py]) => {
      const img = document.querySelector('img.render')!;
      const c = document.createElement('canvas');
      c.width = 800;
      c.height = 1000;
      const ctx = c.getContext('2d');
      ctx.drawImage(img, 0, 0, 800, 1000);
      return [...ctx.getImageData(px, py, 1, 1).data];
    },
    [x, y],
  );
}

const isRed = (p: number[]) => p[0] > 180 && p[1] < 90 && p[2] < 90;

test(
  'a 40-row CSV pasted into the test data continues the PDF on page 2',
  { timeout: 240_000 },
  async () => {
    const rowsCsv = Array.from(
      { length: 40 },
      (_, i) => `"Item ${i + 1}, ""deluxe""",${i + 1},€${(i + 1) * 3}`,
    );
    const csv = ['Item,Qty,Price', ...rowsCsv].join('\r\n');
    const testRows = page.getByRole('group', { name: 'Test rows of items' });
    await testRows.getByRole('button', { name: 'Paste CSV…' }).click();
    await testRows.getByLabel('CSV for Test rows of items').fill(csv);
    await testRows.getByRole('button', { name: 'Replace rows' }).click();
    await page
      .getByText('40 rows read (the first line named the columns).')
      .waitFor({ timeout: 30_000 });
    assert.equal(await testRows.getByLabel('Row 1, Item').inputValue(), 'Item 1, "deluxe"');
    assert.equal(await testRows.getByLabel('Row 40, Price').inputValue(), '€120');
    // The design's rows are unchanged: the CSV is test data.
    assert.equal(((await storedTable()).rows as unknown[]).length, 2);

    // The letterhead is on the first page only: set in the properties panel, marked in the list.
    await page.locator('.layer-name', { hasText: /^letterhead$/ }).click();
    const pages = page.getByRole('group', { name: 'Pages' });
    assert.equal(
      await pages.getByRole('button', { name: 'First page' }).getAttribute('aria-pressed'),
      'true',
    );
    await page.locator('.layer-row', { hasText: 'letterhead' }).locator('.repeat-mark').waitFor();

    await page.getByRole('button', { name: 'PDF', exact: true }).click();
    const strip = page.getByRole('navigation', { name: 'Pages' });
    await strip.waitFor({ timeout: 30_000 });
    // Thumbnails of at least two pages, drawn.
    await until(
      () =>
        page.evaluate(() => {
          const imgs = document.querySelectorAll('.page-strip .page-thumb img');
          return (
            imgs.length >= 2 && Array.from(imgs).every((i) => i.complete && i.naturalWidth > 0)
          );
        }),
      'two or more page thumbnails',
    );
    const count = await strip.locator('.page-thumb').count();
    assert.ok(count >= 2, `${count} pages`);
    assert.ok(isRed(await pdfPixel(1, 400, 60)), 'the letterhead on page 1');
    assert.equal(
      await strip.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current'),
      'page',
    );

    await strip.getByRole('button', { name: 'Page 2' }).click();
    const second = await pdfPixel(2, 400, 60);
    assert.ok(!isRed(second), `no letterhead on page 2: ${second}`);
    await strip.getByText('Not on this page: letterhead').waitFor();
    await page.getByText(`Page 2 of ${count}`).waitFor();
    // Back with the previous-page button.
    await strip.getByRole('button', { name: 'Previous page' }).click();
    assert.ok(isRed(await pdfPixel(1, 400, 60)));
    // Letting the letterhead repeat on every page puts it on page 2 too.
    await pages.getByRole('button', { name: 'All pages' }).click();
    await strip.getByRole('button', { name: 'Next page' }).click();
    await until(async () => isRed(await pdfPixel(2, 400, 60)), 'the letterhead on page 2');
    const letterhead = (await stored()).layers.find((l) => l.name === 'letterhead')!;
    assert.equal(
      (await poll(stored, (d) => !('repeat' in d.layers[0]))).layers[0].repeat,
      undefined,
      `stored: ${JSON.stringify(letterhead)}`,
    );
    assert.deepEqual(problems, []);
  },
);
