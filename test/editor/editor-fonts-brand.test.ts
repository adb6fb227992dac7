// The font library and the brand kit in the editor, in real Chromium: the font picker lists the
// library families in their own faces, its search narrows the list, and picking one sets the
// layer's font; every colour field shows the project's brand colours (GET /brand-kit) and the
// colours picked recently (kept across reloads), and "+" adds a colour to the brand kit.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { makeTemplate } from '../api/template-fixtures.ts';
import {
  collectProblems,
  openTemplate,
  poll,
  startEditor,
  type EditorHarness,
} from './_browser.ts';

interface PageElement {
  getBoundingClientRect(): { width: number };
  cloneNode(deep: boolean): PageElement;
  style: Record<string, string>;
  remove(): void;
}
declare const document: {
  querySelector(selector: string): PageElement | null;
  body: { append(el: PageElement): void };
  fonts: Iterable<{ family: string; status: string }>;
};
declare const localStorage: { getItem(key: string): string | null };

const DESIGN = {
  width: 1200,
  height: 630,
  background: '#ffffff',
  layers: [
    {
      name: 'band',
      type: 'shape',
      x: 0,
      y: 480,
      width: 1200,
      height: 150,
      background_color: '#e2e8f0',
    },
    {
      ...{ name: 'title', type: 'text', x: 60, y: 80, width: 1000, height: 200 },
      ...{ text: 'Brand new card', font_size: 96, text_color: '#111111' },
    },
  ],
};

let h: EditorHarness;
let page: Page;
let uuid = '';
const problems: string[] = [];

before(async () => {
  h = await startEditor();
  uuid = (await makeTemplate(h.t, { title: 'Fonts and brand', width: 1200, height: 630 })).uuid;
  const put = await h.t.request({
    method: 'PUT',
    url: `/api/rest/templates/${uuid}/design`,
    payload: DESIGN,
  });
  assert.equal(put.statusCode, 200, put.body);
  const kit = await h.t.request({
    method: 'PUT',
    url: '/api/rest/brand-kit',
    payload: {
      colors: [
        { name: 'Ink', value: '#0f172a' },
        { name: 'Amber', value: '#f59e0b' },
      ],
    },
  });
  assert.equal(kit.statusCode, 200, kit.body);
  page = await h.browser.newPage({ viewport: { width: 1400, height: 900 } });
  collectProblems(page, problems);
  await openTemplate(h, page, uuid);
});
after(async () => h?.close());

const storedLayer = async (name: string) =>
  (await h.t.request({ method: 'GET', url: `/api/rest/templates/${uuid}/design` }))
    .json()
    .layers.find((l: { name: string }) => l.name === name);

const faceLoaded = (family: string) =>
  page.waitForFunction(
    (f) =>
      [...document.fonts].some((x) => x.family.replace(/"/g, '') === f && x.status === 'loaded'),
    family,
    { timeout: 20_000 },
  );

test(
  'the font picker lists the library in its own faces, searchable',
  { timeout: 120_000 },
  async () => {
    await page.locator('.layer-name', { hasText: /^title$/ }).click();
    const picker = page.locator('#prop-font');
    await picker.click();
    await page.getByRole('group', { name: 'Font library' }).waitFor();
    const library = page.getByRole('group', { name: 'Font library' }).getByRole('option');
    assert.ok((await library.count()) >= 30, `${await library.count()} library options`);
    await page.getByRole('option', { name: /^Playfair Display/ }).waitFor();
    await faceLoaded('imprint-library-inter');
    // docs/editor.md's picture of the picker; a test run leaves the checkout as it was.
    if (process.env.UPDATE_DOC_SCREENSHOTS) {
      await page.screenshot({ path: 'docs/images/editor-font-library.png' });
    }
    // Searching narrows the list; the face of what is found loads as it comes into view.
    await page.getByLabel('Search fonts').fill('mont');
    assert.deepEqual(await page.locator('#prop-font-list').getByRole('option').allTextContents(), [
      'Montserratsans-serif',
    ]);
    await faceLoaded('imprint-library-montserrat');
    const widths = await page.evaluate(() => {
      const label = document.querySelector('[data-value="Montserrat"] .font-name')!;
      const plain = label.cloneNode(true);
      plain.style.fontFamily = 'monospace';
      plain.style.position = 'absolute';
      document.body.append(plain);
      const result = [label.getBoundingClientRect().width, plain.getBoundingClientRect().width];
      plain.remove();
      return result;
    });
    assert.notEqual(Math.round(widths[0]), Math.round(widths[1]), `widths ${widths}`);
    await page.keyboard.press('Enter');
    assert.equal(await picker.getAttribute('data-value'), 'Montserrat');
    const saved = await poll(
      () => storedLayer('title'),
      (l) => l.font === 'Montserrat',
    );
    assert.equal(saved.font, 'Montserrat');
    // Escape closes the list and clears the search.
    await picker.click();
    await page.getByLabel('Search fonts').fill('zzz');
    assert.equal(await page.locator('#prop-font-list').getByRole('option').count(), 0);
    await page.keyboard.press('Escape');
    await picker.click();
    assert.equal(await page.getByLabel('Search fonts').inputValue(), '');
    await page.keyboard.press('Escape');
  },
);

test('colour fields show the brand kit and recent colours', { timeout: 120_000 }, async () => {
  const swatches = page.getByRole('group', { name: 'Text color swatches', exact: true });
  const amber = swatches.getByRole('button', { name: 'Brand colour Amber #f59e0b' });
  // The swatch shows its colour, and the colour's text field keeps its room beside it.
  assert.match(
    await amber.evaluate((el) =>
      (el as unknown as { computedStyleMap(): Map<string, unknown> })
        .computedStyleMap()
        .get('background-image')!
        .toString(),
    ),
    /rgb\(245, 158, 11\)/,
  );
  assert.ok((await page.locator('#prop-text_color-text').boundingBox())!.width >= 60);
  await amber.click();
  let title = await poll(
    () => storedLayer('title'),
    (l) => l.text_color === '#f59e0b',
  );
  assert.equal(title.text_color, '#f59e0b');
  // The colour is now a recent one, in every colour field, and kept across a reload.
  await page.locator('.layer-name', { hasText: /^band$/ }).click();
  const band = page.getByRole('group', { name: 'Background color swatches', exact: true });
  await band.getByRole('button', { name: 'Brand colour Ink #0f172a' }).waitFor();
  await band.getByRole('button', { name: 'Recent colour #f59e0b' }).click();
  const shape = await poll(
    () => storedLayer('band'),
    (l) => l.background_color === '#f59e0b',
  );
  assert.equal(shape.background_color, '#f59e0b');
  assert.deepEqual(
    JSON.parse((await page.evaluate(() => localStorage.getItem('imprint.recentColors')))!),
    ['#f59e0b'],
  );
  // A typed colour joins the recent ones; "+" adds it to the brand kit.
  await page.locator('#prop-background_color-text').fill('#22c55e');
  await page.locator('#prop-background_color-text').press('Enter');
  await band.getByRole('button', { name: 'Add #22c55e to the brand kit' }).click();
  await band.getByRole('button', { name: 'Brand colour #22c55e' }).waitFor();
  const kit = (await h.t.request({ method: 'GET', url: '/api/rest/brand-kit' })).json();
  assert.deepEqual(
    kit.colors.map((c: { value: string }) => c.value),
    ['#0f172a', '#f59e0b', '#22c55e'],
  );
  await page.reload();
  await page.getByTestId('stage').waitFor();
  await page.locator('.layer-name', { hasText: /^title$/ }).click();
  await page
    .getByRole('group', { name: 'Text color swatches', exact: true })
    .getByRole('button', { name: 'Recent colour #f59e0b' })
    .waitFor();
  title = await storedLayer('title');
  assert.equal(title.text_color, '#f59e0b');
});

test(
  "new text and tables take the brand kit's fonts; the picker lists them first",
  { timeout: 120_000 },
  async () => {
    const current = (await h.t.request({ method: 'GET', url: '/api/rest/brand-kit' })).json();
    const put = await h.t.request({
      method: 'PUT',
      url: '/api/rest/brand-kit',
      payload: { colors: current.colors, fonts: { heading: 'Playfair Display', body: 'Inter' } },
    });
    assert.equal(put.statusCode, 200, put.body);
    await page.reload();
    await page.getByTestId('stage').waitFor();
    const design = async () =>
      (await h.t.request({ method: 'GET', url: `/api/rest/templates/${uuid}/design` })).json();
    await page.getByRole('button', { name: 'Add text', exact: true }).click();
    await page.getByRole('button', { name: 'Add table', exact: true }).click();
    const stored = await poll(design, (d) => d.layers.length === 4);
    const [text, table] = stored.layers.slice(2);
    assert.equal(text.type, 'text');
    assert.equal(text.font, 'Inter');
    assert.equal(table.type, 'table');
    assert.equal(table.font, 'Inter');
    assert.equal(table.header_font, 'Playfair Display');
    // The brand fonts head the picker, heading first, each with its role.
    await page.locator('.layer-name', { hasText: new RegExp(`^${text.name}$`) }).click();
    await page.locator('#prop-font').click();
    const options = page.locator('#prop-font-list').getByRole('option');
    assert.deepEqual((await options.allTextContents()).slice(0, 3), [
      'Playfair DisplayHeading',
      'InterBody',
      'Default (DejaVu Sans)',
    ]);
    assert.deepEqual(
      await page.getByRole('group', { name: 'Brand fonts' }).getByRole('option').allTextContents(),
      ['Playfair DisplayHeading', 'InterBody'],
    );
    await page.keyboard.press('Escape');
  },
);

test('no Content-Security-Policy violations or page errors', () => {
  assert.deepEqual(problems, []);
});
