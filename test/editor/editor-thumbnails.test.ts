// Thumbnails in the gallery load wherever the editor is opened: here IMPRINT_PUBLIC_URL names
// http://localhost:<port> while the browser opens http://127.0.0.1:<port>/editor (another name of
// the same server, as an address on the local network or a second domain would be). The API's
// thumbnail URLs stay absolute under the public URL; the editor shows its own server's files
// from the origin it was opened at, so the strict img-src of its page lets them through.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import {
  signIn,
  poll,
  collectProblems,
  createTemplate,
  startEditor,
  type EditorHarness,
} from './_browser.ts';

// The DOM names the page.evaluate callback uses (this program has no DOM library).
declare const document: {
  querySelectorAll(selector: string): Iterable<{
    complete: boolean;
    naturalWidth: number;
    currentSrc: string;
  }>;
};
declare const location: { origin: string };

let h: EditorHarness;

before(async () => {
  h = await startEditor({ publicHost: 'localhost' });
});
after(() => h?.close());

test('starter and template thumbnails decode at a host other than IMPRINT_PUBLIC_URL, with no CSP violation', async () => {
  assert.match(h.t.config.publicUrl, /^http:\/\/localhost:\d+$/);
  assert.ok(h.base.startsWith('http://127.0.0.1:'));
  const design = {
    width: 600,
    height: 300,
    background: '#1e293b',
    layers: [{ name: 'band', type: 'shape', x: 0, y: 200, width: 600, height: 100 }],
  };
  const uuid = await createTemplate(h, 'Banner', design);
  // The thumbnail renders in the background after the save.
  const thumbnail = await poll(
    async (): Promise<string | null> =>
      (await h.t.request({ url: `/api/rest/templates/${uuid}` })).json().thumbnail,
    Boolean,
    { tries: 100 },
  );
  assert.ok(thumbnail?.startsWith(`${h.t.config.publicUrl}/files/`), String(thumbnail));

  const page = await h.browser.newPage({ viewport: { width: 1600, height: 2000 } });
  const violations: string[] = [];
  collectProblems(page, violations);
  // Every request the gallery makes succeeds (a missing icon or asset would show here).
  const failed: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
  });
  await signIn(h, page);
  await page.locator('.card img').first().waitFor({ state: 'attached' });
  await page.locator('.starters img').first().waitFor({ state: 'attached' });

  const images = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('.card img, .starters img')].map((img) => ({
        src: img.currentSrc,
        width: img.complete ? img.naturalWidth : -1,
        origin: location.origin,
      })),
    );
  let seen = await images();
  for (let i = 0; i < 100 && seen.some((img) => img.width <= 0); i++) {
    await page.waitForTimeout(100);
    seen = await images();
  }
  // Five starters and the template's card.
  assert.ok(seen.length >= 6, `${seen.length} thumbnails`);
  for (const img of seen) {
    assert.ok(img.width > 0, `${img.src} decoded`);
    assert.equal(new URL(img.src).origin, img.origin, 'served from the origin the page came from');
  }
  assert.deepEqual(violations, []);
  assert.deepEqual(failed, []);
  await page.close();
});
