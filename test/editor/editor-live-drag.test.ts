// Live dragging in real Chromium: while a layer is dragged, its own pixels are under the pointer
// before the button is released (first a cut-out of the canvas's picture, then a render of the
// layer alone), its old place shows what lies under it, and after the release the full render
// of the moved design takes over.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { keep } from '../render/output/output-kit.ts';
import {
  collectProblems,
  createTemplate,
  openTemplate,
  poll,
  startEditor,
  type EditorHarness,
} from './_browser.ts';

declare const document: {
  querySelector(selector: string): { complete: boolean; naturalWidth: number } | null;
};

const DESIGN = {
  width: 800,
  height: 500,
  background: '#ffffff',
  layers: [
    // A green band under the block's old place: the hole must show it once rendered.
    {
      name: 'band',
      type: 'shape',
      x: 0,
      y: 160,
      width: 800,
      height: 30,
      background_color: '#16a34a',
    },
    {
      name: 'block',
      type: 'shape',
      x: 100,
      y: 100,
      width: 200,
      height: 150,
      background_color: '#dc2626',
    },
  ],
};

let h: EditorHarness;
let page: Page;
let uuid = '';
const problems: string[] = [];

before(async () => {
  h = await startEditor();
  uuid = await createTemplate(h, 'Drag', DESIGN);
  page = await h.browser.newPage({ viewport: { width: 1400, height: 900 } });
  collectProblems(page, problems);
  await openTemplate(h, page, uuid);
  await page.waitForFunction(
    () => {
      const img = document.querySelector('img.render');
      return Boolean(img?.complete && img.naturalWidth === 800);
    },
    undefined,
    { timeout: 90_000 },
  );
});
after(() => h?.close());

/** The screen's colours at design points, read from a screenshot of the stage. */
async function colours(points: Array<[number, number]>): Promise<number[][]> {
  const box = (await page.getByTestId('stage').boundingBox())!;
  const png = PNG.sync.read(
    await page.screenshot({ clip: { x: box.x, y: box.y, width: 800, height: 500 } }),
  );
  return points.map(([x, y]) => [
    ...png.data.subarray((y * png.width + x) * 4, (y * png.width + x) * 4 + 3),
  ]);
}
const red = (c: number[]) => c[0] > 190 && c[1] < 80 && c[2] < 80;
const white = (c: number[]) => c.every((v) => v > 235);
const green = (c: number[]) => c[1] > 120 && c[0] < 80 && c[2] < 120;

test(
  'a dragged layer’s pixels follow the pointer before the release',
  { timeout: 120_000 },
  async () => {
    const stage = (await page.getByTestId('stage').boundingBox())!;
    const at = (x: number, y: number) => [stage.x + x, stage.y + y] as const;
    await page.mouse.move(...at(200, 130));
    await page.mouse.down();
    // Down and right by (300, 150) in steps, as a hand does.
    for (let i = 1; i <= 10; i++) await page.mouse.move(...at(200 + 30 * i, 130 + 15 * i));
    // Before the release (the cut-out, or already the render of the layer alone): the pointer is
    // over the block's pixels, its old place is not.
    const [first, moved, firstOld] = await colours([
      [500, 280],
      [540, 360],
      [200, 130],
    ]);
    assert.ok(red(first), `red under the pointer: ${first}`);
    assert.ok(red(moved), `the block's lower part moved too: ${moved}`);
    assert.ok(!red(firstOld), `the old place is not red: ${firstOld}`);
    assert.equal(await page.locator('.canvas-area img.render').count(), 1);

    // The render of the layer alone and of the page without it replace the pieces, still held.
    await page.locator('.stage[data-live="rendered"]').waitFor({ timeout: 20_000 });
    keep('editor-live-drag.png', await page.getByTestId('stage').screenshot());
    let [pointer, old, band] = await colours([
      [500, 280],
      [200, 130],
      [200, 175],
    ]);
    assert.ok(red(pointer), `red under the pointer: ${pointer}`);
    assert.ok(white(old), `the old place shows the page: ${old}`);
    assert.ok(green(band), `the band under the old place shows: ${band}`);

    // Released: the design holds the move, and the full render replaces the pieces.
    await page.mouse.up();
    const stored = await poll(
      async () =>
        (
          await h.t.request({ method: 'GET', url: `/api/rest/templates/${uuid}/design` })
        ).json() as {
          layers: Array<{ name: string; x: number; y: number }>;
        },
      (d) => d.layers[1].x !== 100,
    );
    assert.deepEqual([stored.layers[1].x, stored.layers[1].y], [400, 250]);
    await page.locator('.stage:not([data-live])').waitFor({ timeout: 20_000 });
    assert.equal(await page.locator('.live-cut, .live-base').count(), 0);
    [pointer, old, band] = await colours([
      [500, 280],
      [200, 130],
      [200, 175],
    ]);
    assert.ok(red(pointer), `red at the new place: ${pointer}`);
    assert.ok(white(old) && green(band), `the old place: ${old}, ${band}`);
    assert.deepEqual(problems, []);
  },
);

test(
  'a resized layer’s pixels stretch with the handle before the release',
  { timeout: 120_000 },
  async () => {
    // The block is selected at (400, 250) 200×150; its bottom-right handle is at (600, 400).
    const stage = (await page.getByTestId('stage').boundingBox())!;
    const at = (x: number, y: number) => [stage.x + x, stage.y + y] as const;
    await page.mouse.move(...at(600, 400));
    await page.mouse.down();
    for (let i = 1; i <= 6; i++) await page.mouse.move(...at(600 + 25 * i, 400 + 10 * i));
    const [inside, beyond] = await colours([
      [740, 450],
      [760, 490],
    ]);
    assert.ok(red(inside), `the stretched block reaches the pointer: ${inside}`);
    assert.ok(!red(beyond), `and no further: ${beyond}`);
    await page.mouse.up();
    await page.locator('.stage:not([data-live])').waitFor({ timeout: 20_000 });
    await poll(
      async () =>
        (
          await h.t.request({ method: 'GET', url: `/api/rest/templates/${uuid}/design` })
        ).json() as {
          layers: Array<{ width: number }>;
        },
      (d) => d.layers[1].width === 350,
    );
    assert.deepEqual(problems, []);
  },
);
