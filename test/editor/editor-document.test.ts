// The document panel and "Resize to another format" in real Chromium (issue 27): with nothing
// selected, the panel changes the page's background and size and a reload shows them; a
// 1200×630 card resized to the Instagram story preset is a new template whose 1080×1920 image
// has its layers where docs/editor.md's rule puts them (pixel probes); a line is added from the
// toolbar and its dash edited in the properties panel.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import {
  collectProblems,
  createTemplate,
  openTemplate,
  until,
  startEditor,
  type EditorHarness,
} from './_browser.ts';

let h: EditorHarness;
let page: Page;
const problems: string[] = [];

before(async () => {
  h = await startEditor();
  page = await h.browser.newPage({ viewport: { width: 1600, height: 900 } });
  collectProblems(page, problems);
});
after(() => h?.close());

/** Opens a template (signing in the first time; the session keeps the token after). */
let signedIn = false;
async function open(uuid: string): Promise<void> {
  if (!signedIn) await openTemplate(h, page, uuid);
  else {
    await page.goto(`${h.base}/editor#/t/${uuid}`);
    await page.getByTestId('stage').waitFor();
  }
  signedIn = true;
}

type Stored = Record<string, unknown> & {
  width: number;
  height: number;
  background: string | null;
  layers: Array<Record<string, unknown> & { name: string; type: string }>;
};
const stored = async (uuid: string) =>
  (
    await h.t.request({ method: 'GET', url: `/api/rest/templates/${uuid}/design` })
  ).json() as Stored;

const box = (name: string, x: number, y: number, w: number, hh: number, color: string) => ({
  name,
  type: 'shape',
  x,
  y,
  width: w,
  height: hh,
  background_color: color,
});

/** The card: a navy background layer, red top-left, green centred, blue bottom-right boxes. */
const CARD = {
  width: 1200,
  height: 630,
  background: '#ffffff',
  layers: [
    box('bg', 0, 0, 1200, 630, '#1e293b'),
    box('logo', 40, 40, 200, 100, '#ff0000'),
    box('middle', 500, 265, 200, 100, '#00ff00'),
    box('badge', 1000, 500, 160, 90, '#0000ff'),
  ],
};

test(
  'with nothing selected, the document panel changes background and size; a reload shows them',
  { timeout: 180_000 },
  async () => {
    const uuid = await createTemplate(h, 'Doc panel', {
      width: 800,
      height: 400,
      background: '#ffffff',
      layers: [],
    });
    await open(uuid);
    const panel = page.getByRole('region', { name: 'Document' });
    await panel.waitFor();
    await page.locator('#doc-background-text').fill('#ff8800');
    await page.locator('#doc-background-text').press('Enter');
    await page.locator('#doc-width').fill('1000');
    await page.locator('#doc-height').fill('500');
    await until(async () => {
      const d = await stored(uuid);
      return d.width === 1000 && d.height === 500 && d.background === '#ff8800';
    }, 'size and background to be saved');
    await page.reload();
    await page.getByTestId('stage').waitFor();
    assert.equal(await page.locator('#doc-width').inputValue(), '1000');
    assert.equal(await page.locator('#doc-height').inputValue(), '500');
    assert.equal(await page.locator('#doc-background-text').inputValue(), '#ff8800');
    // The canvas is the renderer's picture of the new size.
    const stage = await page.getByTestId('stage').boundingBox();
    assert.ok(stage && Math.abs(stage.width / stage.height - 2) < 0.02, JSON.stringify(stage));

    // A transparent page: "None" stores null.
    await panel.getByLabel('None').check();
    await until(async () => (await stored(uuid)).background === null, 'background null');
    assert.deepEqual(problems, []);
  },
);

test(
  'a 1200×630 card resized to 1080×1920 renders its layers where the rule puts them',
  { timeout: 180_000 },
  async () => {
    const uuid = await createTemplate(h, 'Card', CARD);
    await open(uuid);
    await page.getByRole('button', { name: 'Resize to another format…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Resize to another format' });
    await dialog.getByLabel('Format').selectOption('ig-story');
    assert.equal(
      await dialog.getByLabel('Title of the copy').inputValue(),
      'Card (Instagram story)',
    );
    await dialog.getByRole('button', { name: 'Create resized copy' }).click();
    await page.waitForURL((url) => /#\/t\/\w+/.test(url.hash) && !url.hash.includes(uuid));
    const copy = /#\/t\/(\w+)/.exec(page.url())![1];
    await page.getByTestId('stage').waitFor();
    // The source is unchanged.
    assert.equal((await stored(uuid)).width, 1200);
    const meta = (
      await h.t.request({ method: 'GET', url: `/api/rest/templates/${copy}` })
    ).json() as { title: string; width: number; height: number };
    assert.deepEqual([meta.title, meta.width, meta.height], ['Card (Instagram story)', 1080, 1920]);

    const res = await h.t.request({
      method: 'POST',
      url: '/api/rest/images',
      payload: { template_uuid: copy, create_now: true, modifications: { image_format: 'png' } },
    });
    assert.equal(res.statusCode, 200, res.body);
    const png = PNG.sync.read(Buffer.from(await (await fetch(res.json().image_url)).arrayBuffer()));
    assert.deepEqual([png.width, png.height], [1080, 1920]);
    const rgb = (x: number, y: number) => {
      const i = (y * png.width + x) * 4;
      return [png.data[i], png.data[i + 1], png.data[i + 2]].join(',');
    };
    // Scale 0.9 (the smaller ratio, 1080/1200). The background layer covers the new page.
    assert.equal(rgb(540, 1900), '30,41,59');
    assert.equal(rgb(5, 5), '30,41,59');
    // Top-left box: gaps 40 → 36, size 200×100 → 180×90.
    assert.equal(rgb(37, 37), '255,0,0');
    assert.equal(rgb(214, 124), '255,0,0');
    assert.equal(rgb(218, 128), '30,41,59');
    // Centred box: centre stays at the page centre, 180×90.
    assert.equal(rgb(540, 960), '0,255,0');
    assert.equal(rgb(452, 917), '0,255,0');
    assert.equal(rgb(446, 960), '30,41,59');
    // Bottom-right box: 36 px from the right and bottom edges, 144×81.
    assert.equal(rgb(1042, 1882), '0,0,255');
    assert.equal(rgb(902, 1805), '0,0,255');
    assert.equal(rgb(1046, 1886), '30,41,59');
    assert.deepEqual(problems, []);
  },
);

test('a line is added from the toolbar and its dash edited', { timeout: 120_000 }, async () => {
  const uuid = await createTemplate(h, 'Lines', {
    width: 600,
    height: 300,
    background: '#ffffff',
    layers: [],
  });
  await open(uuid);
  await page.getByRole('button', { name: 'Add line', exact: true }).click();
  await until(
    async () => (await stored(uuid)).layers.some((l) => l.type === 'line'),
    'the line to be saved',
  );
  const line = (await stored(uuid)).layers.find((l) => l.type === 'line')!;
  assert.equal(line.stroke_width, 4);
  await page.locator('.layer-name', { hasText: /^line$/ }).click();
  await page.locator('#prop-dash').fill('10 5');
  await page.locator('#prop-dash').press('Enter');
  await page
    .getByRole('group', { name: 'Line cap' })
    .getByRole('button', { name: 'round' })
    .click();
  await until(async () => {
    const l = (await stored(uuid)).layers.find((x) => x.type === 'line');
    return JSON.stringify(l?.dash) === '[10,5]' && l?.line_cap === 'round';
  }, 'dash [10, 5] and round caps to be saved');
  assert.deepEqual(problems, []);
});
