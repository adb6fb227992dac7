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
  width: 841.89,
  height: 595.28,
  unit: 'pt',
  dpi: 300,
  background: '#fef3c7',
  layers: [
    {
      name: 'title',
      type: 'text',
      x: 60,
      y: 60,
      width: 720,
      height: 120,
      text: 'Summer concert',
      font_size: 64,
      font_weight: 700,
      text_color: '#7c2d12',
    },
    {
      name: 'rule',
      type: 'line',
      x: 60,
      y: 190,
      width: 720,
      height: 12,
      color: '#ea580c',
      stroke_width: 4,
      line_cap: 'round',
      dash: [14, 10],
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
