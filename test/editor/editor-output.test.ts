// The editor's output view, font picker and picture uploads in real Chromium: the canvas switches
// between the PNG and the pdf.js raster of the PDF (which agree), both downloads arrive as files
// named after the template; the font picker shows an uploaded font in its own face; a picture
// test value comes from an uploaded file and shows on the canvas.
import assert from 'node:assert/strict';
import { runCheckedSync } from '../helpers/child-processes.ts';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import pixelmatch from 'pixelmatch';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { makeTemplate } from '../api/template-fixtures.ts';
import { uploadBody } from '../fixtures/fonts/font-fixtures.ts';
import { collectProblems, openTemplate, startEditor, type EditorHarness } from './_browser.ts';

// The DOM names the page.evaluate callbacks use (they run in the browser; no DOM library here).
interface PageElement {
  complete: boolean;
  naturalWidth: number;
  naturalHeight: number;
  textContent: string | null;
  getBoundingClientRect(): { width: number };
  cloneNode(deep: boolean): PageElement;
  style: Record<string, string>;
  remove(): void;
  dispatchEvent(e: unknown): boolean;
}
declare const document: {
  querySelector(selector: string): PageElement | null;
  body: { append(el: PageElement): void };
  fonts: Iterable<{ family: string; status: string }>;
  createElement(tag: 'canvas'): {
    width: number;
    height: number;
    getContext(kind: '2d'): {
      drawImage(img: unknown, x: number, y: number, w: number, h: number): void;
    } | null;
    toDataURL(type: string): string;
  };
};
declare const window: { axe: { run(): Promise<unknown> } };
declare const getComputedStyle: (el: PageElement) => { fontFamily: string };
declare const DataTransfer: new () => { items: { add(file: unknown): void } };
declare const DragEvent: new (
  type: string,
  init: { dataTransfer: unknown; bubbles: boolean },
) => unknown;

const DESIGN = {
  width: 1200,
  height: 630,
  background: '#0f172a',
  layers: [
    {
      name: 'band',
      type: 'shape',
      x: 0,
      y: 480,
      width: 1200,
      height: 150,
      background_color: '#f59e0b',
    },
    { name: 'photo', type: 'picture', x: 760, y: 60, width: 360, height: 360 },
    {
      name: 'title',
      type: 'text',
      x: 60,
      y: 80,
      width: 640,
      height: 200,
      text: 'Output preview',
      font_size: 72,
      text_color: '#ffffff',
    },
  ],
};

/** Whether the page has a loaded FontFace of `family` (document.fonts.check is also true for none). */
const faceLoaded = (family: string) =>
  page.evaluate(
    (f) =>
      [...document.fonts].some(
        (face) => face.family.replace(/"/g, '') === f && face.status === 'loaded',
      ),
    family,
  );
const waitForFace = (family: string) =>
  page.waitForFunction(
    (f) =>
      [...document.fonts].some(
        (face) => face.family.replace(/"/g, '') === f && face.status === 'loaded',
      ),
    family,
    { timeout: 20_000 },
  );

const axeSource = fs.readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** axe-core's serious and critical findings on the page as it is. */
async function serious(): Promise<string[]> {
  await page.evaluate(axeSource);
  const result = (await page.evaluate(() => window.axe.run())) as {
    violations: { id: string; impact: string; nodes: { target: string[] }[] }[];
  };
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

let h: EditorHarness;
let page: Page;
let uuid = '';
let fontUuid = '';
const problems: string[] = [];
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'editor-output-'));

before(async () => {
  h = await startEditor();
  const tpl = await makeTemplate(h.t, { title: 'Output card', width: 1200, height: 630 });
  uuid = tpl.uuid;
  const put = await h.t.request({
    method: 'PUT',
    url: `/api/rest/templates/${uuid}/design`,
    payload: DESIGN,
  });
  assert.equal(put.statusCode, 200, put.body);
  // A monospaced font: its labels are clearly wider than the same text in the UI's face.
  const mono = path.join(
    path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')),
    'ttf/DejaVuSansMono.ttf',
  );
  const font = await h.t.request({
    method: 'POST',
    url: '/api/rest/fonts',
    ...uploadBody(fs.readFileSync(mono), 'Brand Mono.ttf', {
      terms_accepted: '1',
      title: 'Brand Mono',
    }),
  });
  assert.equal(font.statusCode, 201, font.body);
  fontUuid = font.json().uuid;

  page = await h.browser.newPage({
    viewport: { width: 1920, height: 1000 },
    acceptDownloads: true,
  });
  collectProblems(page, problems);
  await openTemplate(h, page, uuid);
});
after(async () => {
  await h?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** The canvas picture once it is `kind` at the design's size, read back scaled to `width` px. */
async function canvasPicture(kind: 'png' | 'pdf', width = DESIGN.width): Promise<PNG> {
  await page.locator(`.canvas-area[data-output="${kind}"]`).waitFor({ timeout: 20_000 });
  await page.waitForFunction(() => {
    const img = document.querySelector('img.render');
    return img?.complete && img.naturalWidth === 1200;
  });
  const b64 = await page.evaluate((w) => {
    const img = document.querySelector('img.render')!;
    const c = document.createElement('canvas');
    c.width = w;
    c.height = Math.round((img.naturalHeight * w) / img.naturalWidth);
    c.getContext('2d')!.drawImage(img, 0, 0, c.width, c.height);
    return c.toDataURL('image/png').split(',')[1];
  }, width);
  return PNG.sync.read(Buffer.from(b64, 'base64'));
}

/** The PDF previews the page asked the server for. */
let pdfRequests = 0;

test(
  'the canvas switches to the PDF, which agrees with the PNG',
  { timeout: 240_000 },
  async () => {
    page.on('request', (r) => {
      if (r.url().endsWith('/preview') && r.postData()?.includes('"format":"pdf"')) pdfRequests++;
    });
    const png = await canvasPicture('png', 400);
    const pdfButton = page.getByRole('button', { name: 'PDF', exact: true });
    assert.equal(await pdfButton.getAttribute('aria-pressed'), 'false');
    await pdfButton.click();
    assert.equal(await pdfButton.getAttribute('aria-pressed'), 'true');
    const pdf = await canvasPicture('pdf', 400);
    assert.equal(pdf.width, png.width);
    assert.equal(pdf.height, png.height);
    const differing = pixelmatch(png.data, pdf.data, undefined, png.width, png.height, {
      threshold: 0.1,
    });
    const agreement = 1 - differing / (png.width * png.height);
    console.log(`canvas PDF view vs PNG view: ${(agreement * 100).toFixed(3)}% of pixels agree`);
    assert.ok(agreement >= 0.98, `agreement ${agreement}`);
    // The layer boxes stay over the PDF raster.
    assert.equal(await page.locator('.stage .box').count(), DESIGN.layers.length);
    // A zoom change draws the same PDF again at the new width, without asking for it again.
    assert.equal(pdfRequests, 1);
    const before = await page.locator('img.render').getAttribute('src');
    await page.locator('.stage').click({ position: { x: 2, y: 2 } }); // keys go to the canvas
    await page.keyboard.press('Control+-');
    await page.waitForFunction(
      (src) =>
        (
          globalThis as unknown as { document: { querySelector(s: string): { src: string } } }
        ).document.querySelector('img.render').src !== src,
      before,
    );
    await page.getByRole('button', { name: '100%' }).click();
    assert.equal(pdfRequests, 1);
    await page.getByRole('button', { name: 'PNG', exact: true }).click();
    await canvasPicture('png', 400);
  },
);

test('downloads the PNG and the PDF, named after the template', { timeout: 120_000 }, async () => {
  const [pngDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download PNG' }).click(),
  ]);
  assert.equal(pngDownload.suggestedFilename(), 'Output card.png');
  const pngPath = path.join(tmp, 'card.png');
  await pngDownload.saveAs(pngPath);
  const pngBytes = fs.readFileSync(pngPath);
  assert.ok(pngBytes.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex')));
  const decoded = PNG.sync.read(pngBytes);
  assert.deepEqual([decoded.width, decoded.height], [1200, 630]);

  const [pdfDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download PDF' }).click(),
  ]);
  assert.equal(pdfDownload.suggestedFilename(), 'Output card.pdf');
  const pdfPath = path.join(tmp, 'card.pdf');
  await pdfDownload.saveAs(pdfPath);
  const info = runCheckedSync('pdfinfo', [pdfPath], { encoding: 'utf8' });
  // 1200 × 630 px at 96 dpi: 900 × 472.5 pt.
  assert.match(info, /Page size:\s+900 x 472\.5 pts/);
  assert.match(runCheckedSync('pdftotext', [pdfPath, '-'], { encoding: 'utf8' }), /Output preview/);
  // The design did not change since the PDF view: its PDF is saved, not asked for again.
  assert.equal(pdfRequests, 1);
});

test('the font picker shows an uploaded font in its own face', { timeout: 120_000 }, async () => {
  await page.locator('.layer-name', { hasText: /^title$/ }).click();
  const picker = page.locator('#prop-font');
  await picker.click();
  const option = page.getByRole('option', { name: 'Brand Mono' });
  await option.waitFor();
  const family = `imprint-font-${fontUuid}`;
  await waitForFace(family);
  await page.waitForFunction(
    (f) =>
      getComputedStyle(
        document.querySelector(`[data-value="${f.uuid}"] .font-name`)!,
      ).fontFamily.includes(f.family),
    { uuid: fontUuid, family },
  );
  // The label's width in its face against the same text in the UI's face.
  const widths = await page.evaluate((id) => {
    const label = document.querySelector(`[data-value="${id}"] .font-name`)!;
    const plain = label.cloneNode(true);
    plain.style.fontFamily = 'system-ui, sans-serif';
    plain.style.position = 'absolute';
    document.body.append(plain);
    const result = [label.getBoundingClientRect().width, plain.getBoundingClientRect().width];
    plain.remove();
    return result;
  }, fontUuid);
  console.log(
    `"Brand Mono" label: ${widths[0].toFixed(1)} px in its face, ${widths[1].toFixed(1)} px in the UI face`,
  );
  assert.ok(widths[0] > widths[1] * 1.1, `widths ${widths}`);
  assert.deepEqual(await serious(), [], 'the open font list: no serious violations');
  // A bundled family is shown in its face too.
  await waitForFace('imprint-bundled-dejavu-serif');
  // The large CJK face is not loaded with the list, only once its option is pointed at.
  const droid = 'imprint-bundled-droid-sans-fallback';
  assert.equal(await faceLoaded(droid), false);
  assert.equal(await faceLoaded('imprint-bundled-nanumgothic'), false);
  await page.getByRole('option', { name: /Droid Sans Fallback/ }).hover();
  await waitForFace(droid);
  // Picking the option sets the layer's font.
  await option.click();
  assert.equal(await picker.getAttribute('data-value'), fontUuid);
  await page.locator('.save[data-state="saved"]').waitFor({ timeout: 15_000 });
  const design = (
    await h.t.request({ method: 'GET', url: `/api/rest/templates/${uuid}/design` })
  ).json();
  assert.equal(design.layers.find((l: { name: string }) => l.name === 'title').font, fontUuid);
  // The keyboard: open with ArrowDown, move to the default, pick it with Enter.
  await picker.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Home');
  await page.keyboard.press('Enter');
  assert.equal(await picker.getAttribute('data-value'), '');
});

/** A solid-colour PNG of `w` × `h`. */
function solidPng(w: number, h: number, rgb: [number, number, number]): Buffer {
  const png = new PNG({ width: w, height: h });
  for (let i = 0; i < w * h; i++) png.data.set([...rgb, 255], i * 4);
  return PNG.sync.write(png);
}

/** Waits until the canvas picture at the photo layer's centre has `rgb` (±12 per channel). */
async function photoShows(rgb: [number, number, number]): Promise<void> {
  const deadline = Date.now() + 20_000;
  let last: number[] = [];
  while (Date.now() < deadline) {
    const pic = await canvasPicture('png');
    const i = (240 * pic.width + 940) * 4;
    last = [pic.data[i], pic.data[i + 1], pic.data[i + 2]];
    if (last.every((v, k) => Math.abs(v - rgb[k]) <= 12)) return;
    await page.waitForTimeout(200);
  }
  assert.fail(`the photo shows ${last}, not ${rgb}`);
}

test(
  'a picture test value from an uploaded file shows on the canvas and in "Use in API"',
  { timeout: 90_000 },
  async () => {
    await page.getByLabel('Upload a picture for photo').setInputFiles({
      name: 'magenta.png',
      mimeType: 'image/png',
      buffer: solidPng(64, 64, [230, 0, 200]),
    });
    await page.getByText('magenta.png uploaded.').waitFor();
    const url = await page.locator('#data-photo').inputValue();
    assert.ok(url.startsWith(`${h.base}/files/media/`), url);
    assert.ok(url.endsWith('/magenta.png'), url);
    await photoShows([230, 0, 200]);
    await page.getByText('Use in API').click();
    assert.ok((await page.locator('.use-in-api pre').first().textContent())!.includes(url));

    // Dropping a file onto the field does the same.
    const b64 = solidPng(64, 64, [0, 200, 90]).toString('base64');
    await page.evaluate((data) => {
      const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
      const dt = new DataTransfer();
      dt.items.add(new File([bytes], 'green.png', { type: 'image/png' }));
      const zone = document.querySelector('.test-data .picture-drop')!;
      zone.dispatchEvent(new DragEvent('dragover', { dataTransfer: dt, bubbles: true }));
      zone.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true }));
    }, b64);
    await page.getByText('green.png uploaded.').waitFor();
    assert.match(await page.locator('#data-photo').inputValue(), /\/green\.png$/);
    await photoShows([0, 200, 90]);
  },
);

test('serves bundled faces at /editor/fonts/{family}; the CSP allows same-origin workers', async () => {
  const res = await fetch(`${h.base}/editor/fonts/${encodeURIComponent('DejaVu Serif')}`);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('content-type'), 'font/ttf');
  const bytes = Buffer.from(await res.arrayBuffer());
  assert.equal(bytes.readUInt32BE(0), 0x00010000, 'a TrueType file');
  assert.equal((await fetch(`${h.base}/editor/fonts/No%20Such%20Font`)).status, 404);
  const csp = (await fetch(`${h.base}/editor`)).headers.get('content-security-policy') ?? '';
  assert.match(csp, /worker-src 'self'(;|$)/);
  assert.match(csp, /script-src 'self'(;|$)/);
});

test('no Content-Security-Policy violations or page errors', () => {
  assert.deepEqual(problems, []);
});
