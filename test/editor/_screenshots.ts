// Takes the editor's screenshots in docs/images (gallery with thumbnails, canvas with a
// selection held by its snapping guides over the picture rendered for it, properties panel,
// History panel): `npm run build:web && node --import tsx test/editor/_screenshots.ts`.
import { startEditor } from './_browser.ts';

// The DOM names the page callbacks use (this program has no DOM library).
interface PageImage {
  complete: boolean;
  naturalWidth: number;
  getAttribute(name: string): string | null;
}
declare const document: {
  querySelectorAll(selector: string): ArrayLike<PageImage>;
  querySelector(selector: string): PageImage | null;
};

const h = await startEditor();
const api = async (method: string, url: string, payload?: unknown) => {
  const res = await h.t.request({
    method: method as 'GET',
    url: `/api/rest${url}`,
    payload: payload as object,
  });
  return res.json();
};
const card = (bg: string, accent: string, title: string, w = 1200, hh = 630) => ({
  width: w,
  height: hh,
  background: bg,
  layers: [
    {
      name: 'band',
      type: 'shape',
      x: 0,
      y: hh - 90,
      width: w,
      height: 90,
      background_color: accent,
    },
    {
      name: 'title',
      type: 'text',
      x: 70,
      y: 150,
      width: w - 420,
      height: 200,
      text: title,
      font_size: 64,
      font_weight: 'bold',
      text_color: '#ffffff',
      auto_fit: true,
    },
    {
      name: 'subtitle',
      type: 'text',
      x: 70,
      y: 370,
      width: w - 420,
      height: 60,
      text: 'imprint.example.com',
      font_size: 30,
      text_color: '#cbd5e1',
    },
    {
      name: 'qr',
      type: 'barcode',
      x: w - 300,
      y: 160,
      width: 220,
      height: 220,
      value: 'https://example.com',
      color: '#0f172a',
      background_color: '#ffffff',
    },
    {
      name: 'stars',
      type: 'rating',
      x: 70,
      y: hh - 75,
      width: 300,
      height: 60,
      value: 4,
      color: '#fde68a',
      empty_color: '#ffffff55',
    },
  ],
});
const made: string[] = [];
for (const [title, bg, accent, tags] of [
  ['Spring launch', '#1e293b', '#f59e0b', ['social']],
  ['Webinar invite', '#0f766e', '#134e4a', ['social', 'events']],
  ['Product card', '#7c2d12', '#ea580c', ['shop']],
  ['Event ticket', '#312e81', '#4f46e5', ['events']],
] as const) {
  const t = await api('POST', '/templates', { title, width: 1200, height: 630, tags });
  await api('PUT', `/templates/${t.uuid}/design`, card(bg, accent, title));
  made.push(t.uuid);
}
// Thumbnails are rendered in the background after each save.
for (let i = 0; i < 100; i++) {
  const list = await api('GET', '/templates');
  if (list.data.every((t: { thumbnail: string | null }) => t.thumbnail)) break;
  await new Promise((r) => setTimeout(r, 200));
}
const page = await h.browser.newPage({ viewport: { width: 1440, height: 860 } });
await page.goto(`${h.base}/editor`);
await page.getByLabel('Project token').fill(h.t.project.token);
await page.getByRole('button', { name: 'Sign in' }).click();
// Every thumbnail decoded (starters render on their first request).
await page.waitForFunction(
  () =>
    document.querySelectorAll('.card img').length === 4 &&
    Array.from(document.querySelectorAll('.card img, .starters img')).every(
      (i) => i.complete && i.naturalWidth > 0,
    ),
  null,
  { timeout: 30_000 },
);
await page.waitForTimeout(300);
await page.screenshot({ path: 'docs/images/editor-gallery.png' });

await page.goto(`${h.base}/editor#/t/${made[0]}`);
await page.locator('img.render').waitFor();
await page.locator('.layer-name', { hasText: /^qr$/ }).click();
// Place the QR code with its left edge on the title's right edge (x 850), its top on the title's
// top (y 150) and its bottom on the subtitle's top (y 370), and wait for the renderer's picture
// of that design.
const picture = async () => page.locator('img.render').getAttribute('src');
const before = await picture();
await page.locator('#prop-x').fill('850');
await page.locator('#prop-y').fill('150');
await page.locator('#prop-y').press('Tab');
await page.waitForFunction(
  (old) => document.querySelector('img.render')?.getAttribute('src') !== old,
  before,
);
await page.locator('.save[data-state="saved"]').waitFor({ timeout: 15_000 });
await page.waitForTimeout(500);
// Press on the QR code and move it a little: snapping holds it where it is, the guides show,
// and the picture under the boxes is the one rendered for this very position.
const box = await page.locator('.box.selected').boundingBox();
if (!box) throw new Error('no selection');
const cx = box.x + box.width / 2;
const cy = box.y + box.height / 2;
await page.mouse.move(cx, cy);
await page.mouse.down();
for (const [dx, dy] of [
  [1, 1],
  [2, 2],
  [3, 2],
]) {
  await page.mouse.move(cx + dx, cy + dy);
}
await page.waitForTimeout(300);
const held = await page.locator('.box.selected').boundingBox();
if (!held || Math.abs(held.x - box.x) > 0.5 || Math.abs(held.y - box.y) > 0.5) {
  throw new Error(`the box left the rendered position: ${JSON.stringify([box, held])}`);
}
await page.screenshot({ path: 'docs/images/editor-canvas.png' });
await page.mouse.up();
await page.keyboard.press('Control+z');
await page.setViewportSize({ width: 1440, height: 1400 });
await page.locator('.layer-name', { hasText: /^title$/ }).click();
await page.waitForTimeout(800);
await page.locator('section.props').screenshot({ path: 'docs/images/editor-properties.png' });

// The History panel: a template saved three times after its blank version 1, version 3 named and
// published, version 4 (the open design) not published yet.
const hist = await api('POST', '/templates', { title: 'Summer sale', width: 1200, height: 630 });
const histDesign = (title: string, bg = '#1e293b', accent = '#f59e0b') =>
  api('PUT', `/templates/${hist.uuid}/design`, card(bg, accent, title));
await histDesign('Summer sale');
await histDesign('Summer sale: 20% off');
await api('PATCH', `/templates/${hist.uuid}/versions/3`, { name: 'Launch price' });
await api('PATCH', `/templates/${hist.uuid}`, { published_version: 3 });
await histDesign('Summer sale: 30% off', '#7c2d12', '#ea580c');
for (let i = 0; i < 100; i++) {
  const versions = await api('GET', `/templates/${hist.uuid}/versions`);
  if (versions.data.every((v: { thumbnail: string | null }) => v.thumbnail)) break;
  await new Promise((r) => setTimeout(r, 200));
}
await page.setViewportSize({ width: 1440, height: 860 });
await page.goto(`${h.base}/editor#/t/${hist.uuid}`);
await page.locator('img.render').waitFor();
await page.getByRole('button', { name: 'History' }).click();
await page.waitForFunction(
  () =>
    document.querySelectorAll('.history .version-thumb img').length === 4 &&
    Array.from(document.querySelectorAll('.history .version-thumb img')).every(
      (i) => i.complete && i.naturalWidth > 0,
    ),
  null,
  { timeout: 30_000 },
);
await page.waitForTimeout(300);
await page.screenshot({ path: 'docs/images/editor-history.png' });
await h.close();
