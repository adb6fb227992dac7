// Takes the editor's screenshots in docs/images (gallery, canvas with a selection and snapping
// guides, properties panel): `npm run build:web && node --import tsx test/editor/_screenshots.ts`.
import { startEditor } from './_browser.ts';

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
await page.locator('.card img').first().waitFor();
await page.waitForTimeout(500);
await page.screenshot({ path: 'docs/images/editor-gallery.png' });

await page.goto(`${h.base}/editor#/t/${made[0]}`);
await page.locator('img.render').waitFor();
await page.locator('.layer-name', { hasText: /^qr$/ }).click();
await page.waitForTimeout(800);
// Drag the QR code towards the canvas centre, so the snapping guides show, and hold it there.
const handle = await page.locator('.box.selected').boundingBox();
const stage = await page.getByTestId('stage').boundingBox();
if (!handle || !stage) throw new Error('no stage');
const cx = handle.x + handle.width / 2;
const cy = handle.y + handle.height / 2;
await page.mouse.move(cx, cy);
await page.mouse.down();
const tx = stage.x + stage.width / 2 + 2;
for (let i = 1; i <= 10; i++) await page.mouse.move(cx + ((tx - cx) * i) / 10, cy + 30 * (i / 10));
await page.waitForTimeout(300);
await page.screenshot({ path: 'docs/images/editor-canvas.png' });
await page.mouse.up();
await page.keyboard.press('Control+z');
await page.setViewportSize({ width: 1440, height: 1400 });
await page.locator('.layer-name', { hasText: /^title$/ }).click();
await page.waitForTimeout(800);
await page.locator('section.props').screenshot({ path: 'docs/images/editor-properties.png' });
await h.close();
