// Issue 27, "Defects to fix", in real Chromium: each test fails on the editor before its fix.
// One browser and one app for the file; each test opens its own template in a page of its own.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, test } from 'node:test';
import { PNG } from 'pngjs';
// What the functions run in the page use (these tests compile without the DOM library).
declare const document: {
  activeElement: { getAttribute(name: string): string | null } | null;
  querySelector(s: string): {
    naturalWidth: number;
    naturalHeight: number;
  } | null;
  createElement(tag: 'canvas'): {
    width: number;
    height: number;
    getContext(kind: '2d'): { drawImage(img: unknown, x: number, y: number): void } | null;
    toDataURL(type: string): string;
  };
};
declare function dispatchEvent(e: unknown): boolean;
import type { Page } from 'playwright-core';
import { keep } from '../render/output/output-kit.ts';
import {
  createTemplate,
  openTemplate,
  poll,
  startEditor,
  until,
  type EditorHarness,
} from './_browser.ts';

let h: EditorHarness;
const problems: string[] = [];

before(async () => {
  h = await startEditor();
});
after(() => h?.close());

type StoredLayer = Record<string, unknown> & { name: string; x: number; y: number };

async function stored(uuid: string): Promise<{ layers: StoredLayer[] } & Record<string, unknown>> {
  const res = await h.t.request({ method: 'GET', url: `/api/rest/templates/${uuid}/design` });
  return res.json();
}

async function newPage(): Promise<Page> {
  const page = await h.browser.newPage({ viewport: { width: 1600, height: 900 } });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  return page;
}

const text = (name: string, x: number, y: number, extra: Record<string, unknown> = {}) => ({
  name,
  type: 'text',
  x,
  y,
  width: 200,
  height: 40,
  text: name,
  ...extra,
});

/** The canvas's picture (the preview PNG under the boxes), decoded. */
async function canvasPicture(page: Page): Promise<PNG> {
  const b64 = await page.evaluate(() => {
    const img = document.querySelector('img.render')!;
    const c = document.createElement('canvas');
    c.width = img.naturalWidth;
    c.height = img.naturalHeight;
    c.getContext('2d')!.drawImage(img, 0, 0);
    return c.toDataURL('image/png').split(',')[1];
  });
  return PNG.sync.read(Buffer.from(b64, 'base64'));
}

const rgbAt = (png: PNG, x: number, y: number) => {
  const i = (y * png.width + x) * 4;
  return [png.data[i], png.data[i + 1], png.data[i + 2]];
};

/** The centre of a layer's box on screen. */
async function boxCentre(page: Page, name: string) {
  const b = (await page.locator(`.box[data-name="${name}"]`).boundingBox())!;
  return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
}

test(
  '1: a picture URL answering 404 shows a placeholder, and a failed preview marks the canvas stale',
  { timeout: 120_000 },
  async () => {
    const uuid = await createTemplate(h, 'Broken picture', {
      width: 400,
      height: 300,
      background: '#ffffff',
      layers: [
        text('title', 20, 20),
        { name: 'photo', type: 'picture', x: 100, y: 100, width: 200, height: 150 },
      ],
    });
    const page = await newPage();
    await openTemplate(h, page, uuid);
    await page.locator('#data-photo').fill(`${h.base}/files/missing/nothing.png`);
    await page.locator('#data-photo').blur();
    const warning = page.locator('.warnings [data-code="picture_unavailable"]');
    await warning.waitFor({ timeout: 20_000 });
    assert.match((await warning.textContent())!, /^layers\.photo: .*nothing\.png: no such file/);
    await page.locator('.box.overflow[data-name="photo"]').waitFor();
    await until(async () => {
      const png = await canvasPicture(page);
      const [r, g, b] = rgbAt(png, 110, 110);
      return png.width === 400 && r < 245 && r > 180 && Math.abs(r - b) < 20 && g < 245;
    }, 'the placeholder in the picture box');
    assert.equal(await page.locator('.stale-badge').count(), 0, 'a current canvas is not stale');

    // The next preview fails: the error shows, and so does the canvas's staleness.
    await page.route('**/preview', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'The render threads are busy.' }),
      }),
    );
    await page.locator('.layer-name', { hasText: /^title$/ }).click();
    await page.locator('#prop-text').fill('Changed');
    await page.locator('.canvas-area[data-stale="true"]').waitFor({ timeout: 15_000 });
    assert.match((await page.locator('.stale-badge').textContent())!, /Out of date/);
    assert.match((await page.locator('.warnings .error').textContent())!, /render threads/);
    keep('editor-stale-canvas.png', await page.screenshot());
    // Previews work again: the canvas is current again.
    await page.unroute('**/preview');
    await page.locator('#prop-text').fill('Changed again');
    await until(
      async () => (await page.locator('.canvas-area[data-stale="true"]').count()) === 0,
      'the canvas to be current again',
    );
    assert.equal(await page.locator('.stale-badge').count(), 0);
    await page.close();
  },
);

test('2: rename fields take focus every time', { timeout: 60_000 }, async () => {
  const uuid = await createTemplate(h, 'Renames', {
    width: 400,
    height: 300,
    background: null,
    layers: [text('a', 10, 10), text('b', 10, 100), text('c', 10, 200)],
  });
  const page = await newPage();
  await openTemplate(h, page, uuid);
  // The field that has focus, once it is the rename field (else after a while, what has focus).
  const focusedLabel = async () => {
    await page
      .waitForFunction(
        () => document.activeElement?.getAttribute('aria-label')?.startsWith('New name for'),
        undefined,
        { timeout: 3000 },
      )
      .catch(() => undefined);
    return page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
  };

  await page.locator('.layer-name', { hasText: /^a$/ }).dblclick();
  assert.equal(await focusedLabel(), 'New name for a');
  await page.keyboard.type('first');
  await page.keyboard.press('Enter');

  await page.getByRole('button', { name: 'Rename b' }).click();
  assert.equal(await focusedLabel(), 'New name for b');
  // Ctrl+A selects the field's text, not every layer; typing replaces it.
  await page.keyboard.press('Control+a');
  await page.keyboard.type('second');
  await page.keyboard.press('Enter');

  await page.locator('.layer-name', { hasText: /^c$/ }).click();
  await page.keyboard.press('F2');
  assert.equal(await focusedLabel(), 'New name for c');
  await page.keyboard.type('third');
  await page.keyboard.press('Enter');

  const names = await page.locator('.layer-name').allTextContents();
  assert.deepEqual(names.sort(), ['first', 'second', 'third']);
  await page.close();
});

test(
  '3: selecting layers never delays a save; leaving 100 ms after an edit keeps it',
  { timeout: 120_000 },
  async () => {
    const uuid = await createTemplate(h, 'Autosave', {
      width: 400,
      height: 300,
      background: null,
      layers: [text('a', 10, 10), text('b', 10, 100)],
    });
    const page = await newPage();
    await openTemplate(h, page, uuid);
    await page.locator('.layer-name', { hasText: /^a$/ }).click();
    await page.locator('#prop-x').fill('33');
    // Keep clicking between the layers, every 150 ms for 3 s: the save happens meanwhile.
    let savedWhileClicking = false;
    for (let i = 0; i < 20 && !savedWhileClicking; i++) {
      await page.locator('.layer-name', { hasText: i % 2 ? /^a$/ : /^b$/ }).click();
      await new Promise((r) => setTimeout(r, 150));
      savedWhileClicking = (await stored(uuid)).layers[0].x === 33;
    }
    assert.ok(savedWhileClicking, 'saved while the selection kept changing');

    // An edit, then the page is left 100 ms later (before the autosave timer): saved on the way.
    await page.locator('.layer-name', { hasText: /^a$/ }).click();
    await page.locator('#prop-text').fill('Typed just before leaving');
    await new Promise((r) => setTimeout(r, 100));
    await page.goto('about:blank');
    await page.close();
    const design = await poll(
      () => stored(uuid),
      (d) => d.layers[0].text === 'Typed just before leaving',
    );
    assert.equal(design.layers[0].text, 'Typed just before leaving');
    const again = await newPage();
    await openTemplate(h, again, uuid);
    await again.locator('.layer-name', { hasText: /^a$/ }).click();
    assert.equal(await again.locator('#prop-text').inputValue(), 'Typed just before leaving');

    // A save that keeps failing: leaving the page asks first.
    await again.route('**/design', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: JSON.stringify({ message: 'The database is down.' }),
          })
        : route.continue(),
    );
    await again.locator('#prop-text').fill('Not saved');
    await again.locator('.save[data-state="failed"]').waitFor({ timeout: 15_000 });
    // The page's beforeunload handler cancels the event (the browser's "Leave site?" prompt).
    const asks = () =>
      again.evaluate(() => {
        const e = new Event('beforeunload', { cancelable: true });
        dispatchEvent(e);
        return e.defaultPrevented;
      });
    assert.equal(await asks(), true, 'asks while the save fails');
    await again.unroute('**/design');
    await again.getByRole('button', { name: 'Retry now' }).click();
    await again.locator('.save[data-state="saved"]').waitFor({ timeout: 15_000 });
    assert.equal(await asks(), false, 'leaves without asking once saved');
    await again.close();
  },
);

test('5: a property the test data overrides is marked, and the test value can be cleared', async () => {
  const uuid = await createTemplate(h, 'Override', {
    width: 400,
    height: 300,
    background: null,
    layers: [text('title', 10, 10, { text: 'From the design' })],
  });
  const page = await newPage();
  await openTemplate(h, page, uuid);
  await page.locator('.layer-name', { hasText: /^title$/ }).click();
  assert.equal(await page.locator('.override-note').count(), 0);
  await page.locator('#data-title').fill('From the test data');
  await page.locator('#data-title').blur();
  const note = page.locator('.override-note[data-prop="text"]');
  await note.waitFor();
  assert.match((await note.textContent())!, /test data/);
  await note.getByRole('button', { name: 'Clear test value' }).click();
  await until(async () => (await note.count()) === 0, 'the note to go');
  assert.equal(await page.locator('#data-title').inputValue(), '');
  await page.close();
});

test('8: a colour that is not set shows a checkerboard, not black', async () => {
  const uuid = await createTemplate(h, 'Colours', {
    width: 400,
    height: 300,
    background: null,
    layers: [
      {
        name: 'box',
        type: 'shape',
        x: 10,
        y: 10,
        width: 100,
        height: 100,
        background_color: '#ff0000',
      },
    ],
  });
  const page = await newPage();
  await openTemplate(h, page, uuid);
  await page.locator('.layer-name', { hasText: /^box$/ }).click();
  const swatchOf = (prop: string) => page.locator(`.swatch:has(#prop-${prop})`);
  const shot = async (prop: string) => PNG.sync.read(await swatchOf(prop).screenshot());
  const colours = (png: PNG) => {
    const seen = new Set<string>();
    for (let y = 3; y < png.height - 3; y++)
      for (let x = 3; x < png.width - 3; x++) seen.add(rgbAt(png, x, y).join());
    return seen;
  };
  const border = colours(await shot('border_color'));
  assert.ok(!border.has('0,0,0'), 'no black in the swatch of an unset colour');
  assert.ok(border.has('255,255,255') && border.size >= 2, `a checkerboard: ${[...border]}`);
  assert.deepEqual([...colours(await shot('background_color'))], ['255,0,0']);
  await page.close();
});

test('9: a drag inside the selected layer moves it, not the layer on top', async () => {
  const uuid = await createTemplate(h, 'Overlap', {
    width: 600,
    height: 400,
    background: null,
    layers: [
      { name: 'under', type: 'shape', x: 50, y: 50, width: 400, height: 300 },
      { name: 'over', type: 'shape', x: 200, y: 150, width: 100, height: 100 },
    ],
  });
  const page = await newPage();
  await openTemplate(h, page, uuid);
  await page.locator('.layer-name', { hasText: /^under$/ }).click();
  const c = await boxCentre(page, 'over');
  await page.mouse.move(c.x, c.y);
  await page.mouse.down();
  await page.mouse.move(c.x + 20, c.y + 15, { steps: 4 });
  await page.mouse.move(c.x + 40, c.y + 30, { steps: 4 });
  await page.mouse.up();
  const design = await poll(
    () => stored(uuid),
    (d) => d.layers[0].x !== 50,
  );
  const [under, over] = design.layers;
  assert.deepEqual([under.x, under.y], [90, 80], 'the selected layer moved');
  assert.deepEqual([over.x, over.y], [200, 150], 'the layer on top stayed');
  assert.equal(await page.locator('.layer-name[aria-pressed="true"]').textContent(), 'under');
  await page.close();
});

test('10: new layers land in view, each offset from the last', async () => {
  const uuid = await createTemplate(h, 'Adds', {
    width: 1200,
    height: 630,
    background: null,
    layers: [],
  });
  const page = await newPage();
  await openTemplate(h, page, uuid);
  for (let i = 0; i < 3; i++)
    await page.getByRole('button', { name: 'Add shape', exact: true }).click();
  const design = await poll(
    () => stored(uuid),
    (d) => d.layers.length === 3,
  );
  const spots = design.layers.map((l) => `${l.x},${l.y}`);
  assert.equal(new Set(spots).size, 3, `three different spots: ${spots}`);
  const area = (await page.locator('.canvas-area').boundingBox())!;
  for (const l of design.layers) {
    const b = (await page.locator(`.box[data-name="${l.name}"]`).boundingBox())!;
    assert.ok(
      b.x >= area.x && b.y >= area.y && b.x + b.width <= area.x + area.width,
      `${l.name} in view`,
    );
  }
  await page.close();
});

test('11, 12d: tables are in the test data; text test data takes several lines; labels stay whole', async () => {
  const uuid = await createTemplate(h, 'Test data', {
    width: 600,
    height: 400,
    background: null,
    layers: [
      text('title', 10, 10),
      {
        name: 'items',
        type: 'table',
        x: 10,
        y: 80,
        width: 500,
        height: 300,
        columns: [{ title: 'Item' }, { title: 'Price' }],
        rows: [['Pen', '€2']],
      },
      {
        ...{ name: 'band', type: 'shape', x: 0, y: 0, width: 600, height: 40 },
        background_color: '#2563eb',
      },
    ],
  });
  const page = await newPage();
  await openTemplate(h, page, uuid);
  // Property names stay whole: "background_color" is on one line, not cut mid-word.
  const label = page.locator('label[for="data-band"] .hint');
  assert.equal(await label.textContent(), 'background_color');
  assert.equal(
    await label.evaluate(
      (el) => (el as unknown as { getClientRects(): unknown[] }).getClientRects().length,
    ),
    1,
  );
  await page.locator('.table-test-data details.json summary').click();
  const rows = page.locator('#data-items');
  await rows.fill('[["Lamp", "€49"], ["Chair", "€120"]]');
  await rows.blur();
  const title = page.locator('#data-title');
  assert.equal(await title.evaluate((el) => el.tagName), 'TEXTAREA');
  await title.fill('Line one\nLine two');
  await title.blur();
  await page.locator('.use-in-api summary').click();
  const body = (await page.locator('.use-in-api pre').first().textContent())!;
  assert.match(body, /"Lamp"/);
  assert.match(body, /Line one\\nLine two/);
  // Text that does not parse is marked and not applied.
  await rows.fill('[["Lamp" oops');
  await rows.blur();
  assert.equal(
    await rows.evaluate((el) => (el as unknown as { validity: { valid: boolean } }).validity.valid),
    false,
  );
  assert.match((await page.locator('.use-in-api pre').first().textContent())!, /"Chair"/);
  await page.close();
});

test('12a, 12b: Fit goes above 100%; a new selection shows its geometry at the top', async () => {
  const uuid = await createTemplate(h, 'Small', {
    width: 200,
    height: 100,
    background: null,
    layers: [
      text('one', 10, 10, { width: 80, height: 30 }),
      text('two', 100, 50, { width: 80, height: 30 }),
    ],
  });
  const page = await newPage();
  await openTemplate(h, page, uuid);
  await page.getByRole('button', { name: 'Fit' }).click();
  await until(
    async () => parseInt((await page.locator('.zoom').textContent())!, 10) > 100,
    'a fit above 100%',
  );
  await page.locator('.layer-name', { hasText: /^one$/ }).click();
  const firstField = () =>
    page.locator('.props .fields .field').first().locator('label').textContent();
  assert.equal(await firstField(), 'X');
  await page.locator('.side').evaluate((el) => (el.scrollTop = el.scrollHeight));
  await page.locator('.box[data-name="two"]').click();
  await page.locator('.props .fields[data-layer="two"]').waitFor();
  assert.equal(await firstField(), 'X');
  assert.ok(await page.locator('#prop-x').isVisible());
  const inView = await page.locator('#prop-x').evaluate((el) => {
    const r = el.getBoundingClientRect();
    const side = el.closest('.side')!.getBoundingClientRect();
    return r.top >= side.top && r.bottom <= side.bottom;
  });
  assert.ok(inView, 'the geometry is scrolled into view');
  await page.close();
});

test('4, 12c: the document size and background change; weights are those of the family', async () => {
  const uuid = await createTemplate(h, 'Document', {
    width: 400,
    height: 300,
    background: '#ffffff',
    layers: [text('title', 10, 10, { font: 'DejaVu Serif' })],
  });
  const page = await newPage();
  await openTemplate(h, page, uuid);
  await page.locator('#doc-width').fill('640');
  await page.locator('#doc-height').fill('360');
  await page.locator('#doc-background-text').fill('#112233');
  await page.locator('#doc-background-text').blur();
  const design = await poll(
    () => stored(uuid),
    (d) => d.width === 640 && d.height === 360 && d.background === '#112233',
  );
  assert.deepEqual([design.width, design.height, design.background], [640, 360, '#112233']);
  await until(async () => {
    const png = await canvasPicture(page);
    return png.width === 640 && rgbAt(png, 630, 350).join() === '17,34,51';
  }, 'the canvas at the new size and background');

  await page.locator('.layer-name', { hasText: /^title$/ }).click();
  const weights = await page.locator('#prop-font_weight option').allTextContents();
  assert.deepEqual(weights, ['Default (400 Regular)', '400 Regular', '700 Bold']);
  await page.locator('#prop-font_weight').selectOption('700');
  await poll(
    () => stored(uuid),
    (d) => d.layers[0].font_weight === 700,
  );
  assert.equal((await stored(uuid)).layers[0].font_weight, 700);
  await page.close();
});

test('7: a deleted font is shown by its name, in the font field and the warning', async () => {
  const uuid = await createTemplate(h, 'Fonts', {
    width: 400,
    height: 300,
    background: null,
    layers: [text('title', 10, 10)],
  });
  const page = await newPage();
  await openTemplate(h, page, uuid);
  await page.locator('.layer-name', { hasText: /^title$/ }).click();
  await page.getByTestId('font-file').setInputFiles({
    name: 'Brand Sans.woff2',
    mimeType: 'font/woff2',
    buffer: fs.readFileSync('test/fixtures/fonts/dejavu-sans-latin.woff2'),
  });
  await page.getByText('Font "Brand Sans" uploaded.').waitFor();
  const design = await poll(
    () => stored(uuid),
    (d) => typeof d.layers[0].font === 'string' && d.layers[0].font !== '',
  );
  const font = String(design.layers[0].font);
  const del = await h.t.request({ method: 'DELETE', url: `/api/rest/fonts/${font}?force=1` });
  assert.ok(del.statusCode < 300, del.body);

  await page.reload();
  await page.getByTestId('stage').waitFor();
  await page.locator('.layer-name', { hasText: /^title$/ }).click();
  const field = (await page.locator('#prop-font').textContent())!;
  assert.match(field, /Brand Sans \(missing\)/);
  assert.ok(!field.includes(font), field);
  const warning = page.locator('.warnings [data-code="font_fallback"]');
  await warning.waitFor({ timeout: 20_000 });
  const said = (await warning.textContent())!;
  assert.match(said, /"Brand Sans"/);
  assert.ok(!said.includes(font), said);
  await page.close();
});

test('no page errors', () => {
  assert.deepEqual(problems, []);
});
