// The table layer in the editor, in real Chromium: the toolbar adds a table with sample columns
// and rows, its properties panel edits columns and rows as JSON too, below their grids (text that
// does not parse is not applied), and the saved design holds the edit. The grids themselves:
// editor-pages.test.ts; barcode and picture cells have fields of their own here.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { keep } from '../render/output/output-kit.ts';
import {
  createTemplate,
  openTemplate,
  poll,
  signIn,
  startEditor,
  type EditorHarness,
} from './_browser.ts';

let h: EditorHarness;

before(async () => {
  h = await startEditor();
});
after(() => h?.close());

test('add a table and edit its columns as JSON', { timeout: 180_000 }, async () => {
  const page = await h.browser.newPage({ viewport: { width: 1600, height: 900 } });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await signIn(h, page);
  await page.getByLabel('Title', { exact: true }).fill('Price list');
  await page.getByLabel('Size').selectOption({ label: 'Social card (1200×630)' });
  await page.getByRole('button', { name: 'Create' }).click();
  await page.getByTestId('stage').waitFor();
  const uuid = /#\/t\/(\w+)/.exec(page.url())![1];

  await page.getByRole('button', { name: 'Add table', exact: true }).click();
  await page.locator('.layer-name', { hasText: /^table$/ }).click();
  await page.getByText('Columns as JSON').click();
  await page.getByText('Rows as JSON').click();
  const columns = page.locator('#prop-columns');
  assert.match(await columns.inputValue(), /"title": "Item"/);

  const savedTable = async () => {
    const res = await h.t.request({ method: 'GET', url: `/api/rest/templates/${uuid}/design` });
    return (res.json().layers as Array<Record<string, unknown>>).find((l) => l.type === 'table');
  };
  const waitForStored = (done: (table: Record<string, unknown> | undefined) => boolean) =>
    poll(savedTable, done);
  const titles = (table: Record<string, unknown> | undefined) =>
    ((table?.columns as Array<{ title: string }> | undefined) ?? []).map((c) => c.title);

  await columns.fill('[{"title": "Product"}, {"title": "Price", "width": 120, "align": "right"}]');
  await columns.blur();
  // Type the rows while the columns are saved and previewed: the re-renders those bring must not
  // put the stored rows back over the unfinished text.
  const rows = page.locator('#prop-rows');
  const typed = '[["Lamp", "€49"], ["Pen", "€2"], ["Notebook", "€4"]]';
  await rows.fill(typed);
  let table = await waitForStored((t) => titles(t).join() === 'Product,Price');
  await page.locator('.save[data-state="saved"]').waitFor({ timeout: 15_000 });
  assert.deepEqual(titles(table), ['Product', 'Price']);
  assert.equal(await rows.inputValue(), typed);
  await rows.blur();
  table = await waitForStored((t) => (t?.rows as unknown[] | undefined)?.length === 3);
  assert.equal((table?.rows as unknown[] | undefined)?.length, 3);

  // Text that does not parse is marked invalid and not applied.
  await rows.fill('[["Lamp", "€49"]] not json');
  await rows.blur();
  assert.equal(
    await rows.evaluate((el) => (el as unknown as { validity: { valid: boolean } }).validity.valid),
    false,
  );
  await page.locator('.save[data-state="saved"]').waitFor({ timeout: 15_000 });
  assert.equal(((await savedTable())?.rows as unknown[]).length, 3);
  keep('editor-table.png', await page.screenshot());
  assert.deepEqual(errors, []);
});

test('barcode and picture cells are edited in their own fields', { timeout: 120_000 }, async () => {
  const uuid = await createTemplate(h, 'Tickets', {
    width: 800,
    height: 400,
    background: '#ffffff',
    layers: [
      {
        ...{ name: 'tickets', type: 'table', x: 20, y: 20, width: 760, height: 360 },
        columns: [{ title: 'Seat' }, { title: 'Code' }, { title: 'Photo' }],
        rows: [
          [
            'A1',
            { type: 'barcode', value: 'A1-2026', format: 'qrcode' },
            { type: 'picture', url: 'https://example.com/a.png' },
          ],
        ],
      },
    ],
  });
  const page = await h.browser.newPage({ viewport: { width: 1600, height: 900 } });
  await openTemplate(h, page, uuid);
  await page.locator('.layer-name', { hasText: /^tickets$/ }).click();
  const rows = page.getByRole('group', { name: 'Rows of tickets', exact: true });
  const value = rows.getByLabel('Row 1, Code, barcode value');
  assert.equal(await value.inputValue(), 'A1-2026');
  assert.equal(await rows.getByLabel('Row 1, Code, barcode format').inputValue(), 'qrcode');
  assert.equal(
    await rows.getByLabel('Row 1, Photo, picture URL').inputValue(),
    'https://example.com/a.png',
  );
  await value.fill('B7-2026');
  await rows.getByLabel('Row 1, Code, barcode format').selectOption('code128');
  await rows.getByLabel('Row 1, Photo, picture URL').fill('https://example.com/b.png');
  const cells = async () =>
    (
      (await h.t.request({ method: 'GET', url: `/api/rest/templates/${uuid}/design` })).json()
        .layers[0].rows as unknown[][]
    )[0];
  const want = [
    'A1',
    { type: 'barcode', value: 'B7-2026', format: 'code128' },
    { type: 'picture', url: 'https://example.com/b.png' },
  ];
  assert.deepEqual(await poll(cells, (c) => JSON.stringify(c) === JSON.stringify(want)), want);
  await page.close();
});
