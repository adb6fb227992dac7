// Template versions in the editor, in real Chromium: the first save publishes the version that
// was loaded (so production keeps rendering it), an edit is named in the History panel, a broken
// design is restored from History after a preview, two versions are compared, and the restored
// version is published: POST /images then draws it. One browser for the file.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { after, before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import {
  collectProblems,
  createTemplate,
  openTemplate,
  poll,
  startEditor,
  type EditorHarness,
} from './_browser.ts';

interface PageImage {
  complete: boolean;
  naturalWidth: number;
}
declare const document: { querySelectorAll(selector: string): ArrayLike<PageImage> };
declare const window: { axe: { run(): Promise<unknown> } };

const axeSource = fs.readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** axe-core's serious and critical findings on the page. */
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

let h: EditorHarness;
const problems: string[] = [];

before(async () => {
  h = await startEditor();
});
after(() => h?.close());

const saved = (page: Page) =>
  page.locator('.save[data-state="saved"]').waitFor({ timeout: 15_000 });

/** The template's `version` and `published_version` through the API. */
async function pointers(uuid: string) {
  const res = await h.t.request({ method: 'GET', url: `/api/rest/templates/${uuid}` });
  assert.equal(res.statusCode, 200, res.body);
  const { version, published_version } = res.json();
  return { version, published: published_version } as {
    version: number;
    published: number | null;
  };
}

/** Renders the template now through POST /images: the image object and its PNG. */
async function render(uuid: string) {
  const res = await h.t.request({
    method: 'POST',
    url: '/api/rest/images',
    payload: { template_uuid: uuid, create_now: true, modifications: { image_format: 'png' } },
  });
  assert.equal(res.statusCode, 200, res.body);
  const image = res.json();
  const file = await fetch(image.image_url);
  return { image, png: PNG.sync.read(Buffer.from(await file.arrayBuffer())) };
}

/** Whether the pixel at (x, y) is the band's red. */
function red(png: PNG, x: number, y: number): boolean {
  const i = (y * png.width + x) * 4;
  return png.data[i] > 200 && png.data[i + 1] < 60 && png.data[i + 2] < 60;
}

test(
  'edit, name a version, break the design, restore it from History, publish',
  { timeout: 180_000 },
  async () => {
    const uuid = await createTemplate(h, 'History card', {
      width: 400,
      height: 300,
      background: '#ffffff',
      layers: [
        {
          name: 'band',
          type: 'shape',
          x: 0,
          y: 0,
          width: 400,
          height: 100,
          background_color: '#ff0000',
        },
      ],
    });
    const loaded = await pointers(uuid);
    assert.equal(loaded.published, null);

    const page = await h.browser.newPage({ viewport: { width: 1600, height: 1000 } });
    collectProblems(page, problems);
    await openTemplate(h, page, uuid);
    await page.getByText(`Renders use the latest version (${loaded.version})`).waitFor();

    // Edit: the band moves down. The first save publishes the version that was loaded first.
    await page.locator('.layer-name', { hasText: /^band$/ }).click();
    await page.locator('#prop-y').fill('100');
    await page.locator('#prop-y').press('Tab');
    await saved(page);
    const edited = await poll(
      () => pointers(uuid),
      (p) => p.version === loaded.version + 1,
    );
    assert.deepEqual(edited, { version: loaded.version + 1, published: loaded.version });
    const notice = page.locator('.publish-notice');
    await notice
      .getByText(`production renders version ${loaded.version}; this is version ${edited.version}`)
      .waitFor();
    // Production still renders the loaded design: the band at the top.
    const before = await render(uuid);
    assert.ok(red(before.png, 200, 50) && !red(before.png, 200, 150), 'the published band');

    // Name the edit in the History panel.
    await page.getByRole('button', { name: 'History' }).click();
    const panel = page.getByRole('region', { name: 'History' });
    const row = (v: number) => panel.locator(`li.version[data-version="${v}"]`);
    await row(edited.version).waitFor();
    await row(edited.version).getByRole('button', { name: 'Name', exact: true }).click();
    await panel.getByLabel(`Name of version ${edited.version}`).fill('Band lower');
    await panel.getByRole('button', { name: 'Save name' }).click();
    await row(edited.version).getByText(`Version ${edited.version} “Band lower”`).waitFor();
    const named = await h.t.request({
      method: 'GET',
      url: `/api/rest/templates/${uuid}/versions/${edited.version}`,
    });
    assert.equal(named.json().name, 'Band lower');

    // Break the design: the band is deleted.
    await page.locator('.layer-name', { hasText: /^band$/ }).click();
    await page.keyboard.press('Delete');
    await saved(page);
    const broken = await poll(
      () => pointers(uuid),
      (p) => p.version === edited.version + 1,
    );
    assert.equal(broken.version, edited.version + 1);
    await row(broken.version).waitFor();
    // Every version's thumbnail shows in the panel once rendered.
    await page.waitForFunction(
      (n) => {
        const imgs = Array.from(document.querySelectorAll('.history .version-thumb img'));
        return imgs.length >= n && imgs.every((i) => i.complete && i.naturalWidth > 0);
      },
      3,
      { timeout: 30_000 },
    );

    // Compare the broken version with the named one: pictures and the list of changes.
    await row(edited.version).getByRole('button', { name: 'Compare', exact: true }).click();
    const compare = page.getByRole('dialog', { name: 'Compare versions' });
    await compare.locator('.compare-picture img').nth(1).waitFor();
    await compare.locator('li[data-layer="band"][data-kind="removed"]').waitFor();
    assert.deepEqual(await serious(page), [], 'the History panel and the comparison');
    await compare.getByRole('button', { name: 'Close' }).click();

    // Preview the named version on the canvas, then restore it.
    await row(edited.version).getByRole('button', { name: 'Preview', exact: true }).click();
    const stage = page.getByTestId('version-stage');
    await stage.locator('img.render').waitFor();
    assert.equal(await stage.getAttribute('data-version'), String(edited.version));
    await page.getByRole('button', { name: 'Restore this version' }).click();
    await page.getByTestId('stage').waitFor();
    await page.locator('.layer-name', { hasText: /^band$/ }).waitFor();
    const restored = await pointers(uuid);
    assert.equal(restored.version, broken.version + 1);
    const design = await h.t.request({ method: 'GET', url: `/api/rest/templates/${uuid}/design` });
    assert.equal(design.json().layers[0].y, 100);

    // Publish the restored version: POST /images now draws the band lower.
    await notice.getByRole('button', { name: `Publish version ${restored.version}` }).click();
    await notice
      .getByText(`production renders this design (version ${restored.version})`)
      .waitFor();
    assert.deepEqual(await pointers(uuid), {
      version: restored.version,
      published: restored.version,
    });
    const after = await render(uuid);
    assert.ok(red(after.png, 200, 150) && !red(after.png, 200, 50), 'the restored band');
    assert.equal(after.image.template_version, restored.version);
    await row(restored.version).locator('.badge.published').waitFor();

    assert.deepEqual(problems, []);
    await page.close();
  },
);
