// The editor in real Chromium, as a user drives it: sign in, create from a preset, add layers,
// drag and resize, change properties, upload a font by drop, mark a layer static, undo/redo,
// reload, then render through the API and compare with the canvas; a stale tab gets the 409
// message; axe-core finds no serious problems. One browser for the whole file.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { after, before, test } from 'node:test';
import pixelmatch from 'pixelmatch';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { collectProblems, signIn, startEditor, type EditorHarness } from './_browser.ts';

// The DOM names the page.evaluate callbacks use: they run in the browser, and this program has
// no DOM library (adding one would change the types of every Node test).
interface PageElement {
  dispatchEvent(e: unknown): boolean;
  complete: boolean;
  naturalWidth: number;
  naturalHeight: number;
}
declare const document: {
  querySelector(selector: string): PageElement | null;
  createElement(tag: 'canvas'): {
    width: number;
    height: number;
    getContext(kind: '2d'): { drawImage(img: unknown, x: number, y: number): void } | null;
    toDataURL(type: string): string;
  };
};
declare const window: { axe: { run(): Promise<unknown> } };
declare const DataTransfer: new () => { items: { add(file: unknown): void } };
declare const DragEvent: new (
  type: string,
  init: { dataTransfer: unknown; bubbles: boolean },
) => unknown;

const axeSource = fs.readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);
let h: EditorHarness;
let uuid = '';
const cspViolations: string[] = [];

before(async () => {
  h = await startEditor();
});
after(() => h?.close());

async function newTab(): Promise<Page> {
  const page = await h.browser.newPage({ viewport: { width: 1920, height: 1000 } });
  collectProblems(page, cspViolations);
  return page;
}

async function serious(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const result = await page.evaluate(async () => {
    return (await window.axe.run()) as {
      violations: { id: string; impact: string; nodes: { target: string[] }[] }[];
    };
  });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const saved = (page: Page) =>
  page.locator('.save[data-state="saved"]').waitFor({ timeout: 15_000 });
const numberOf = async (page: Page, id: string) => Number(await page.locator(id).inputValue());

/** The stage's top-left corner on the page. */
async function stageAt(page: Page) {
  const box = await page.getByTestId('stage').boundingBox();
  assert.ok(box);
  return box;
}

let page: Page;

test('sign in, create from a preset, add layers', { timeout: 150_000 }, async () => {
  page = await newTab();
  await signIn(h, page);
  assert.deepEqual(await serious(page), [], 'gallery: axe finds no serious violations');
  await page.getByLabel('Title', { exact: true }).fill('Launch card');
  await page.getByLabel('Size').selectOption({ label: 'Social card (1200×630)' });
  await page.getByRole('button', { name: 'Create' }).click();
  await page.getByTestId('stage').waitFor();
  uuid = /#\/t\/(\w+)/.exec(page.url())![1];
  await page.getByRole('button', { name: '100%' }).click();
  const stage = await stageAt(page);
  assert.equal(Math.round(stage.width), 1200);
  for (const name of ['Add text', 'Add picture', 'Add shape', 'Add QR / barcode']) {
    await page.getByRole('button', { name, exact: true }).click();
  }
  const names = await page.locator('.layer-name').allTextContents();
  assert.deepEqual(names, ['barcode', 'shape', 'picture', 'text']);
});

test('drag and resize the text, font size and colour, font upload by drop', async () => {
  await page.locator('.layer-name', { hasText: /^text$/ }).click();
  assert.equal(await numberOf(page, '#prop-x'), 350);
  assert.equal(await numberOf(page, '#prop-y'), 265);
  const stage = await stageAt(page);
  // The text box's left part (x 350–450) is not covered by the other layers.
  await page.mouse.move(stage.x + 360, stage.y + 300);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) {
    await page.mouse.move(stage.x + 360 - 30 * i, stage.y + 300 - 20 * i);
  }
  await page.mouse.up();
  const x = await numberOf(page, '#prop-x');
  const y = await numberOf(page, '#prop-y');
  assert.ok(Math.abs(x - 50) <= 6 && Math.abs(y - 65) <= 6, `dragged to ${x},${y}`);
  // The south-east handle: 100 px wider, 20 px taller.
  const se = page.locator('.moveable-control.moveable-se');
  const hb = await se.boundingBox();
  assert.ok(hb);
  await page.mouse.move(hb.x + hb.width / 2, hb.y + hb.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 5; i++) {
    await page.mouse.move(hb.x + hb.width / 2 + 20 * i, hb.y + hb.height / 2 + 4 * i);
  }
  await page.mouse.up();
  const w = await numberOf(page, '#prop-width');
  const hgt = await numberOf(page, '#prop-height');
  assert.ok(Math.abs(w - 600) <= 6 && Math.abs(hgt - 120) <= 6, `resized to ${w}×${hgt}`);

  await page.locator('#prop-text').fill('Hello Imprint');
  // Text too large for its box: the preview's text_overflow warning outlines the layer.
  await page.locator('#prop-font_size').fill('400');
  const overflowing = page.locator('.box.overflow[data-name="text"]');
  await overflowing.waitFor();
  assert.match(String(await overflowing.getAttribute('title')), /^text: the text does not fit/);
  await page.locator('.warnings p[data-code="text_overflow"]').waitFor();
  await page.locator('#prop-font_size').fill('64');
  await overflowing.waitFor({ state: 'detached' });
  await page.getByLabel('Text color as hex or rgba', { exact: true }).fill('#e11d48');
  await page.getByLabel('Text color as hex or rgba', { exact: true }).press('Tab');

  // Drop a font file onto the properties panel.
  const bytes = fs.readFileSync('test/fixtures/fonts/dejavu-sans-latin.woff2').toString('base64');
  await page.evaluate((b64) => {
    const data = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const dt = new DataTransfer();
    dt.items.add(new File([data], 'Brand Sans.woff2', { type: 'font/woff2' }));
    const panel = document.querySelector('section.props')!;
    panel.dispatchEvent(new DragEvent('dragover', { dataTransfer: dt, bubbles: true }));
    panel.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true }));
  }, bytes);
  await page.getByText('Font "Brand Sans" uploaded.').waitFor();
  const fonts = await h.t.request({ method: 'GET', url: '/api/rest/fonts' });
  const font = fonts.json().data[0];
  assert.equal(font.title, 'Brand Sans');
  assert.equal(await page.locator('#prop-font').getAttribute('data-value'), font.uuid);
  assert.deepEqual(await serious(page), [], 'editor with a selection: no serious violations');
});

test('mark a layer static, undo and redo, and find everything after a reload', async () => {
  const dynamicShape = page.getByRole('button', { name: 'Dynamic: shape' });
  assert.equal(await dynamicShape.getAttribute('aria-pressed'), 'true');
  await dynamicShape.click();
  assert.equal(await dynamicShape.getAttribute('aria-pressed'), 'false');
  await page.keyboard.press('Control+z');
  assert.equal(await dynamicShape.getAttribute('aria-pressed'), 'true');
  await page.keyboard.press('Control+Shift+z');
  assert.equal(await dynamicShape.getAttribute('aria-pressed'), 'false');
  await saved(page);

  await page.reload();
  await page.getByTestId('stage').waitFor();
  assert.deepEqual(await page.locator('.layer-name').allTextContents(), [
    'barcode',
    'shape',
    'picture',
    'text',
  ]);
  assert.equal(
    await page.getByRole('button', { name: 'Dynamic: shape' }).getAttribute('aria-pressed'),
    'false',
  );
  await page.locator('.layer-name', { hasText: /^text$/ }).click();
  assert.equal(await page.locator('#prop-text').inputValue(), 'Hello Imprint');
  assert.equal(await numberOf(page, '#prop-font_size'), 64);
  assert.equal(
    await page.getByLabel('Text color as hex or rgba', { exact: true }).inputValue(),
    '#e11d48',
  );
  const tpl = (await h.t.request({ method: 'GET', url: `/api/rest/templates/${uuid}` })).json();
  assert.deepEqual(
    tpl.layers.map((l: { name: string }) => l.name),
    ['text', 'picture', 'barcode'],
    'the static shape is not listed',
  );
});

test(
  'POST /images shows the text where it was dragged and agrees with the canvas',
  { timeout: 120_000 },
  async () => {
    await page.getByRole('button', { name: '100%' }).click();
    await page.locator('.layer-name', { hasText: /^text$/ }).click();
    const x = await numberOf(page, '#prop-x');
    const y = await numberOf(page, '#prop-y');
    const w = await numberOf(page, '#prop-width');
    const hh = await numberOf(page, '#prop-height');
    // Before its first save the editor published the blank version it opened, so production
    // rendered that; publish the edited design (docs/editor.md#history-and-publishing).
    await page
      .locator('.publish-notice')
      .getByRole('button', { name: /^Publish version/ })
      .click();
    await page.locator('.publish-notice.live').waitFor();
    const res = await h.t.request({
      method: 'POST',
      url: '/api/rest/images',
      payload: {
        template_uuid: uuid,
        create_now: true,
        layers: { text: { text: 'Hello Imprint' } },
        modifications: { image_format: 'png' },
      },
    });
    assert.equal(res.statusCode, 200, res.body);
    const image = res.json();
    const file = await fetch(image.image_url);
    const api = PNG.sync.read(Buffer.from(await file.arrayBuffer()));
    assert.equal(api.width, 1200);

    // Pixel probes: the text colour inside the dragged box, nowhere outside it.
    const red = (png: PNG, px: number, py: number) => {
      const i = (py * png.width + px) * 4;
      const [r, g, b] = [png.data[i], png.data[i + 1], png.data[i + 2]];
      return r > 180 && g < 90 && b < 120;
    };
    let inside = 0;
    let outside = 0;
    for (let py = 0; py < api.height; py += 2) {
      for (let px = 0; px < api.width; px += 2) {
        if (!red(api, px, py)) continue;
        if (px >= x && px < x + w && py >= y && py < y + hh) inside++;
        else outside++;
      }
    }
    assert.ok(inside > 200, `text pixels in the dragged box: ${inside}`);
    assert.equal(outside, 0, 'no text pixels outside the dragged box');

    // The canvas: the preview PNG the editor shows, at 100% the design's own size.
    await page.waitForFunction(() => {
      const img = document.querySelector('img.render');
      return img?.complete && img.naturalWidth === 1200;
    });
    // Read the picture through a <canvas> (a fetch of its blob: URL is outside connect-src).
    const b64 = await page.evaluate(() => {
      const img = document.querySelector('img.render')!;
      const c = document.createElement('canvas');
      c.width = img.naturalWidth;
      c.height = img.naturalHeight;
      c.getContext('2d')!.drawImage(img, 0, 0);
      return c.toDataURL('image/png').split(',')[1];
    });
    const canvas = PNG.sync.read(Buffer.from(b64, 'base64'));
    assert.equal(canvas.width, api.width);
    assert.equal(canvas.height, api.height);
    const differing = pixelmatch(canvas.data, api.data, undefined, api.width, api.height, {
      threshold: 0.1,
    });
    const agreement = 1 - differing / (api.width * api.height);
    console.log(`canvas vs POST /images: ${(agreement * 100).toFixed(3)}% of pixels agree`);
    assert.ok(agreement >= 0.99, `agreement ${agreement}`);
  },
);

test('a stale tab gets the 409 message and can reload', { timeout: 120_000 }, async () => {
  const other = await newTab();
  await signIn(h, other);
  await other.goto(`${h.base}/editor#/t/${uuid}`);
  await other.getByTestId('stage').waitFor();
  // This tab saves first…
  await page.getByRole('button', { name: 'Add rating', exact: true }).click();
  await saved(page);
  // …then the other tab, still at the old revision, saves too.
  await other.getByRole('button', { name: 'Add shape', exact: true }).click();
  const status = other.locator('.save[data-state="conflict"]');
  await status.waitFor({ timeout: 15_000 });
  assert.match((await status.textContent()) ?? '', /Someone else saved this template/);
  await other.getByRole('button', { name: 'Reload their version' }).click();
  await saved(other);
  const names = await other.locator('.layer-name').allTextContents();
  assert.ok(names.includes('rating'), 'the reload shows the other save');
  assert.ok(!names.includes('shape_2'), 'the stale change was not saved');
  const design = (
    await h.t.request({ method: 'GET', url: `/api/rest/templates/${uuid}/design` })
  ).json();
  assert.ok(design.layers.some((l: { name: string }) => l.name === 'rating'));
  assert.ok(!design.layers.some((l: { name: string }) => l.name === 'shape_2'));
  await other.close();
});

test('no Content-Security-Policy violations or page errors', () => {
  assert.deepEqual(cspViolations, []);
});
