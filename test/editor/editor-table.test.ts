// The table layer in the editor, in real Chromium: the toolbar adds a table with sample columns
// and rows, its properties panel edits columns and rows as JSON too, below their grids (text that
// does not parse is not applied), and the saved design holds the edit. The grids themselves:
// editor-pages.test.ts.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { keep } from '../render/output/output-kit.ts';
import { poll, signIn, startEditor, type EditorHarness } from './_browser.ts';

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
