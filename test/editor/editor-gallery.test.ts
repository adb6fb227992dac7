// The editor's gallery (search, tags, collections, rename, duplicate, delete) and canvas tools
// (keyboard shortcuts, z-order, lock, hide, multi-select, snapping guides, help panel) in real
// Chromium. One browser for the file; every check reads the result back through the API.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { until, startEditor, type EditorHarness } from './_browser.ts';

let h: EditorHarness;
let page: Page;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers of the API
const api = async (method: string, url: string, payload?: object): Promise<any> =>
  (await h.t.request({ method: method as 'GET', url: `/api/rest${url}`, payload })).json();

before(async () => {
  h = await startEditor();
  for (const [title, tags] of [
    ['Spring sale', ['social/instagram']],
    ['Invoice', ['print']],
    ['Summer sale', []],
  ] as const) {
    await api('POST', '/templates', { title, width: 600, height: 400, tags });
  }
  await api('POST', '/collections', { title: 'Campaign' });
  page = await h.browser.newPage({ viewport: { width: 1600, height: 900 } });
  await page.goto(`${h.base}/editor`);
  await page.getByLabel('Project token').fill('imp_not_a_token');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('alert').filter({ hasText: 'This token is not valid.' }).waitFor();
  await page.getByLabel('Project token').fill(h.t.project.token);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Templates' }).waitFor();
});
after(() => h?.close());

const titles = () => page.locator('.card h3').allTextContents();
const listed = (check: () => Promise<boolean>, what: string) =>
  until(check, what, { tries: 100, every: 50 });
const cardOf = (title: string) =>
  page.locator('.card', { has: page.getByRole('heading', { name: title, exact: true }) });

test(
  'a wrong token is refused with a message, and search, tag and collection filter the list',
  { timeout: 210_000 },
  async () => {
    await listed(async () => (await titles()).length === 3, 'three templates');
    await page.getByLabel('Search by title').fill('sale');
    await listed(
      async () => (await titles()).sort().join() === 'Spring sale,Summer sale',
      'search',
    );
    await page.getByLabel('Search by title').fill('');
    await page.getByLabel('Tag', { exact: true }).fill('social');
    await listed(async () => (await titles()).join() === 'Spring sale', 'nested tag');
    await page.getByLabel('Tag', { exact: true }).fill('');
    await cardOf('Invoice')
      .getByLabel('Add Invoice to a collection')
      .selectOption({ label: 'Campaign' });
    await listed(
      async () => (await api('GET', '/collections')).data[0].template_uuids.length === 1,
      'collection',
    );
    await page.locator('.filters select').selectOption({ label: 'Campaign' });
    await listed(async () => (await titles()).join() === 'Invoice', 'collection filter');
    await page.locator('.filters select').selectOption({ label: 'All templates' });
    await listed(async () => (await titles()).length === 3, 'all again');
  },
);

test('rename and tag, duplicate, delete', { timeout: 90_000 }, async () => {
  // Cancel discards what was typed: the form opens again with the stored title.
  await cardOf('Invoice').getByRole('button', { name: 'Rename / tag' }).click();
  await page.getByLabel('Title', { exact: true }).last().fill('Should not stick');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await cardOf('Invoice').getByRole('button', { name: 'Rename / tag' }).click();
  assert.equal(await page.getByLabel('Title', { exact: true }).last().inputValue(), 'Invoice');
  await page.getByRole('button', { name: 'Cancel' }).click();

  await cardOf('Invoice').getByRole('button', { name: 'Rename / tag' }).click();
  await page.getByLabel('Title', { exact: true }).last().fill('Invoice 2027');
  await page.getByLabel('Tags (comma-separated)').fill('print, finance');
  await page.getByRole('button', { name: 'Save' }).click();
  await listed(async () => (await titles()).includes('Invoice 2027'), 'rename');
  const list = (await api('GET', '/templates?title_filter=Invoice')).data;
  assert.deepEqual(list[0].tags, ['print', 'finance']);

  await cardOf('Invoice 2027').getByRole('button', { name: 'Duplicate' }).click();
  await listed(async () => (await titles()).includes('Invoice 2027 (copy)'), 'duplicate');
  await cardOf('Summer sale').getByRole('button', { name: 'Delete' }).click();
  await cardOf('Summer sale').getByRole('button', { name: 'Delete for good' }).click();
  await listed(async () => !(await titles()).includes('Summer sale'), 'delete');
  assert.equal((await api('GET', '/templates?title_filter=Summer')).data.length, 0);
});

test(
  'canvas tools: shortcuts, z-order, lock, hide, multi-select, snapping guides, help',
  { timeout: 90_000 },
  async () => {
    await page.getByLabel('Size').selectOption({ label: 'Custom size' });
    await page.getByLabel('Width (px)').fill('800');
    await page.getByLabel('Height (px)').fill('500');
    await page.getByLabel('Title', { exact: true }).first().fill('Tools');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByTestId('stage').waitFor();
    const uuid = /#\/t\/(\w+)/.exec(page.url())![1];
    await page.getByRole('button', { name: '100%' }).click();
    await page.getByRole('button', { name: 'Add shape', exact: true }).click();
    const layerNames = () => page.locator('.layer-name').allTextContents();
    const x = async () => Number(await page.locator('#prop-x').inputValue());

    // Nudge: 1 px, 10 px with Shift (the canvas has the focus, not a field or the layers list).
    await page.locator('.stage').click({ position: { x: 5, y: 5 } });
    await page.locator('.layer-name', { hasText: /^shape$/ }).click();
    // The layers list answers arrow keys itself (one tab stop); the canvas takes them back.
    await page.locator('.canvas-area').focus();
    const x0 = await x();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+ArrowRight');
    assert.equal(await x(), x0 + 11);
    // Copy/paste and duplicate make new layers on top; z-order moves them.
    await page.keyboard.press('Control+c');
    await page.keyboard.press('Control+v');
    await page.keyboard.press('Control+d');
    assert.deepEqual(await layerNames(), ['shape_3', 'shape_2', 'shape']);
    await page.keyboard.press('Control+[');
    assert.deepEqual(await layerNames(), ['shape_2', 'shape', 'shape_3']);
    await page.keyboard.press(']');
    assert.deepEqual(await layerNames(), ['shape_2', 'shape_3', 'shape']);
    await page.keyboard.press('Delete');
    assert.deepEqual(await layerNames(), ['shape_2', 'shape']);
    // Lock and hide from the keyboard.
    await page.locator('.layer-name', { hasText: /^shape_2$/ }).click();
    await page.keyboard.press('Control+Shift+L');
    await page.keyboard.press('Control+Shift+H');
    assert.equal(
      await page.getByRole('button', { name: 'Lock shape_2' }).getAttribute('aria-pressed'),
      'true',
    );
    assert.equal(
      await page.getByRole('button', { name: 'Hide shape_2' }).getAttribute('aria-pressed'),
      'true',
    );
    await page.locator('.save[data-state="saved"]').waitFor({ timeout: 15_000 });
    const design = await api('GET', `/templates/${uuid}/design`);
    const stored = design.layers.find((l: { name: string }) => l.name === 'shape_2');
    assert.equal(stored.hide, true);
    assert.equal(stored.editor_locked, true);
    // Select all, then Escape.
    await page.keyboard.press('Control+a');
    assert.equal(await page.locator('.layer-row.selected').count(), 2);
    await page.keyboard.press('Escape');
    assert.equal(await page.locator('.layer-row.selected').count(), 0);
    // Marquee: a rectangle over the visible shape selects it.
    const stage = (await page.getByTestId('stage').boundingBox())!;
    await page.mouse.move(stage.x + 5, stage.y + 5);
    await page.mouse.down();
    await page.mouse.move(stage.x + 795, stage.y + 495, { steps: 5 });
    await page.mouse.up();
    assert.deepEqual(await page.locator('.layer-row.selected .layer-name').allTextContents(), [
      'shape',
    ]);
    // Snapping: dragging the shape near the canvas centre snaps it there and shows a guide.
    const box = (await page.locator('.box.selected').boundingBox())!;
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    await page.mouse.move(stage.x + 400 + 40, cy + 20, { steps: 4 });
    await page.mouse.move(stage.x + 400 + 3, cy + 30, { steps: 4 });
    assert.ok(
      (await page.locator('.moveable-guideline').count()) > 0,
      'guides show while snapping',
    );
    await page.mouse.up();
    const w = Number(await page.locator('#prop-width').inputValue());
    assert.equal(await x(), 400 - w / 2, 'snapped to the centre');
    // Undo goes back step by step: the drag, the hide, the lock, the delete.
    await page.keyboard.press('Control+z');
    assert.equal(await x(), x0 + 11);
    for (let i = 0; i < 3; i++) await page.keyboard.press('Control+z');
    assert.deepEqual(await layerNames(), ['shape_2', 'shape_3', 'shape']);
    // The help panel lists the shortcuts.
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    assert.match((await help.textContent()) ?? '', /Ctrl\+Z.*Undo/);
    await help.getByRole('button', { name: 'Close' }).click();
  },
);
