// Paper presets and number fields in real Chromium: an A4 template's PDF is an A4 page, decimals
// can be typed into a number field one key at a time, and a half-typed or emptied field never
// reaches the saved design.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { keep, pdfInfo } from '../render/output/output-kit.ts';
import { until, collectProblems, signIn, startEditor, type EditorHarness } from './_browser.ts';

let h: EditorHarness;
let page: Page;
let uuid: string;
const problems: string[] = [];

before(async () => {
  h = await startEditor();
  page = await h.browser.newPage({ viewport: { width: 1600, height: 900 } });
  collectProblems(page, problems);
});
after(() => h?.close());

const stored = async () => {
  const res = await h.t.request({ method: 'GET', url: `/api/rest/templates/${uuid}/design` });
  return res.json() as { unit?: string; width: number; height: number; layers: Layer[] };
};
type Layer = Record<string, unknown> & { name: string; type: string };
const storedText = async () => (await stored()).layers.find((l) => l.type === 'text');

test(
  'the A4 preset makes a pt design whose PDF is exactly an A4 page',
  { timeout: 210_000 },
  async () => {
    await signIn(h, page);
    await page.getByLabel('Size').selectOption({ label: 'A4 portrait (210×297 mm)' });
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByTestId('stage').waitFor();
    uuid = /#\/t\/(\w+)/.exec(page.url())![1];
    const design = await stored();
    assert.deepEqual([design.unit, design.width, design.height], ['pt', 595.28, 841.89]);

    await page.getByRole('button', { name: 'Add text', exact: true }).click();
    await until(async () => (await storedText()) !== undefined, 'the text layer to be saved');
    const pdf = await h.t.request({
      method: 'POST',
      url: `/api/rest/templates/${uuid}/preview`,
      payload: { format: 'pdf' },
    });
    assert.equal(pdf.statusCode, 200);
    const size = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(await pdfInfo(pdf.rawPayload));
    assert.deepEqual(size?.slice(1), ['595.28', '841.89']);
    // Lengths are labelled in the design's unit.
    await page.locator('.layer-name', { hasText: /^text$/ }).click();
    assert.equal(
      await page.locator('#prop-x + .unit, #prop-x ~ .unit').first().textContent(),
      'pt',
    );
  },
);

test(
  'a decimal is typed one key at a time; half-typed and emptied fields are not saved',
  { timeout: 120_000 },
  async () => {
    const lineHeight = page.locator('#prop-line_height');
    await lineHeight.click();
    await lineHeight.fill('');
    await lineHeight.pressSequentially('1.05', { delay: 80 });
    assert.equal(await lineHeight.inputValue(), '1.05');
    await until(async () => (await storedText())?.line_height === 1.05, 'line_height 1.05');

    // Emptying x while retyping it never saves a layer without x.
    const x = page.locator('#prop-x');
    const before = (await storedText())!.x;
    await x.fill('');
    await page.waitForTimeout(1500); // longer than the autosave pause
    assert.equal((await storedText())!.x, before);
    await x.pressSequentially('42');
    await until(async () => (await storedText())?.x === 42, 'x 42');
    // Left empty, the stored value comes back.
    await x.fill('');
    await x.blur();
    assert.equal(await x.inputValue(), '42');
    await page.locator('.save[data-state="saved"]').waitFor();
    keep('editor-a4.png', await page.screenshot());
    assert.deepEqual(problems, []);
  },
);
