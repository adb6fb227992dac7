// Canvas and layers-panel gestures in real Chromium: a selection rectangle drawn from a locked
// full-page background or from the grey area around the page (it leaves locked layers out), a
// layer rename applied by leaving its field (and cancelled by Escape), and the shortcuts panel
// drawn above the transform handles.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Page } from 'playwright-core';
import {
  collectProblems,
  createTemplate,
  openTemplate,
  startEditor,
  type EditorHarness,
} from './_browser.ts';

let h: EditorHarness;
let page: Page;
let uuid = '';
const problems: string[] = [];

before(async () => {
  h = await startEditor();
  uuid = await createTemplate(h, 'Gestures', {
    width: 800,
    height: 500,
    background: '#ffffff',
    layers: [
      { name: 'bg', type: 'shape', x: 0, y: 0, width: 800, height: 500, editor_locked: true },
      { name: 'a', type: 'shape', x: 100, y: 100, width: 100, height: 100 },
      { name: 'b', type: 'shape', x: 300, y: 150, width: 100, height: 100 },
      { name: 'far', type: 'shape', x: 600, y: 350, width: 100, height: 100 },
    ].map((l) => ({ ...l, background_color: l.name === 'bg' ? '#e5e7eb' : '#2563eb' })),
  });
  page = await h.browser.newPage({ viewport: { width: 1600, height: 1000 } });
  collectProblems(page, problems);
  await openTemplate(h, page, uuid);
  await page.locator('img.render').waitFor();
});
after(() => h?.close());

const selected = () =>
  page
    .locator('.box.selected')
    .evaluateAll((els) =>
      els.map((e) => (e as unknown as { dataset: { name: string } }).dataset.name).sort(),
    );

/** Drags the mouse between two points of the page (design px at 100%) in a few steps. */
async function drag(from: { x: number; y: number }, to: { x: number; y: number }): Promise<void> {
  const stage = (await page.getByTestId('stage').boundingBox())!;
  await page.mouse.move(stage.x + from.x, stage.y + from.y);
  await page.mouse.down();
  for (let i = 1; i <= 6; i++) {
    await page.mouse.move(
      stage.x + from.x + ((to.x - from.x) * i) / 6,
      stage.y + from.y + ((to.y - from.y) * i) / 6,
    );
  }
  await page.mouse.up();
}

test(
  'a drag that starts on a locked background draws a selection rectangle',
  { timeout: 330_000 },
  async () => {
    await drag({ x: 50, y: 50 }, { x: 450, y: 300 });
    assert.deepEqual(await selected(), ['a', 'b']);
  },
);

test('a drag that starts in the grey area around the page selects too', async () => {
  await page.keyboard.press('Escape');
  await drag({ x: -40, y: 480 }, { x: 750, y: 300 });
  assert.deepEqual(await selected(), ['far']);
  // A click in the grey area clears the selection.
  await drag({ x: -40, y: 480 }, { x: -40, y: 480 });
  assert.deepEqual(await selected(), []);
});

test('a rename is applied by leaving its field and cancelled by Escape', async () => {
  await page.getByRole('button', { name: 'Rename a', exact: true }).click();
  await page.getByLabel('New name for a').fill('alpha');
  await page.getByRole('heading', { name: 'Layers' }).click();
  await page.locator('.layer-name', { hasText: /^alpha$/ }).waitFor();

  await page.getByRole('button', { name: 'Rename b', exact: true }).click();
  await page.getByLabel('New name for b').fill('beta');
  await page.keyboard.press('Escape');
  await page.locator('.layer-name', { hasText: /^b$/ }).waitFor();
  assert.equal(await page.locator('.layer-name', { hasText: /^beta$/ }).count(), 0);

  await page.locator('.save[data-state="saved"]').waitFor();
  const names = (await h.t.request({ url: `/api/rest/templates/${uuid}/design` }))
    .json()
    .layers.map((l: { name: string }) => l.name);
  assert.deepEqual(names, ['bg', 'alpha', 'b', 'far']);
});

test('the shortcuts panel lies above the transform handles', async () => {
  await page.locator('.layer-name', { hasText: /^far$/ }).click();
  await page.keyboard.press('?');
  const zIndex = (selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((el) => {
        // The test's TypeScript has no DOM library: the page's own getComputedStyle.
        const page = globalThis as unknown as {
          getComputedStyle(e: unknown): { zIndex: string };
        };
        return Number(page.getComputedStyle(el).zIndex);
      });
  const help = await zIndex('.help');
  const handles = await zIndex('.moveable-control-box');
  assert.ok(help > handles, `help ${help}, handles ${handles}`);
  assert.deepEqual(problems, []);
});
