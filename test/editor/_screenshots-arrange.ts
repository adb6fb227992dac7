// Takes the arrange tools' screenshot in docs/images (three layers centred on the page and
// spread with equal gaps, a guide, the arrange bar): `npm run build:web && node --import tsx
// test/editor/_screenshots-arrange.ts`.
import { createTemplate, openTemplate, startEditor } from './_browser.ts';

const h = await startEditor();
try {
  const shape = (name: string, y: number, w: number, color: string) => ({
    name,
    type: 'shape',
    x: Math.round((1200 - w) / 2),
    y,
    width: w,
    height: 120,
    background_color: color,
    border_radius: 16,
  });
  const uuid = await createTemplate(h, 'Launch card', {
    width: 1200,
    height: 630,
    background: '#f8fafc',
    guides: { vertical: [600], horizontal: [315] },
    layers: [
      shape('headline', 40, 800, '#2563eb'),
      shape('photo', 255, 500, '#f59e0b'),
      shape('button', 470, 300, '#10b981'),
    ],
  });
  const page = await h.browser.newPage({ viewport: { width: 1440, height: 760 } });
  await openTemplate(h, page, uuid);
  await page.getByRole('button', { name: 'Fit' }).click();
  await page.locator('img.render').waitFor();
  await page.keyboard.press('Control+a');
  await page
    .getByRole('toolbar', { name: 'Arrange' })
    .getByRole('button', { name: 'Page' })
    .click();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: 'docs/images/editor-align.png' });
} finally {
  await h.close();
}
