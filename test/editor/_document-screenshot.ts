// Takes docs/images/editor-document.png (the document panel of a print design, nothing selected)
// and docs/images/editor-resize.png (the resize dialog):
// `npm run build:web && node --import tsx test/editor/_document-screenshot.ts`.
import { signIn, startEditor } from './_browser.ts';

const h = await startEditor();
const created = await h.t.request({
  method: 'POST',
  url: '/api/rest/templates',
  payload: { title: 'Event flyer', width: 1123, height: 794 },
});
const uuid = created.json().uuid as string;
const design = {
  width: 297,
  height: 210,
  unit: 'mm',
  dpi: 300,
  bleed: 3,
  background: '#fef3c7',
  layers: [
    {
      name: 'title',
      type: 'text',
      x: 20,
      y: 20,
      width: 250,
      height: 40,
      text: 'Summer concert',
      font_size: 22,
      font_weight: 700,
      text_color: '#7c2d12',
    },
    {
      name: 'rule',
      type: 'line',
      x: 20,
      y: 66,
      width: 250,
      height: 4,
      color: '#ea580c',
      stroke_width: 1.4,
      line_cap: 'round',
      dash: [5, 3.5],
    },
  ],
};
const put = await h.t.request({
  method: 'PUT',
  url: `/api/rest/templates/${uuid}/design`,
  payload: design,
});
if (put.statusCode !== 200) throw new Error(put.body);
const page = await h.browser.newPage({ viewport: { width: 1440, height: 900 } });
await signIn(h, page);
await page.goto(`${h.base}/editor#/t/${uuid}`);
await page.locator('img.render').waitFor();
await page.getByRole('region', { name: 'Document' }).waitFor();
await page.waitForTimeout(800);
await page.getByRole('region', { name: 'Document' }).screenshot({
  path: 'docs/images/editor-document.png',
});
await page.getByRole('button', { name: 'Resize to another format…' }).click();
const dialog = page.getByRole('dialog', { name: 'Resize to another format' });
await dialog.getByLabel('Format').selectOption('ig-story');
await dialog.screenshot({ path: 'docs/images/editor-resize.png' });
await h.close();
