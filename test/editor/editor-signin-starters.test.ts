// Signing in to the editor with a sign-in link (`imprint editor-link`), and starting a template
// from a starter, in real Chromium. The link's code leaves the address bar at once, the token
// stays in sessionStorage, and a used code is refused with the server's message.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createEditorLink } from '../../src/core/editor-links.ts';
import { startEditor, type EditorHarness } from './_browser.ts';

let h: EditorHarness;
before(async () => {
  h = await startEditor();
});
after(() => h?.close());

const newLink = async () =>
  (await createEditorLink(h.t.runtime.services.projects, h.t.project.id, 15, h.base)).url;

test(
  'a sign-in link signs in once; the code leaves the address bar',
  { timeout: 90_000 },
  async () => {
    const url = await newLink();
    assert.match(url, /\/editor#link=/);
    const page = await h.browser.newPage();
    await page.goto(url);
    await page.getByRole('heading', { name: 'Templates' }).waitFor();
    assert.equal(new URL(page.url()).hash, '', 'the code is not kept in the address bar');
    // Expressions as strings: they run in the page (this program has no DOM library).
    const stored = await page.evaluate<string | null>(
      "sessionStorage.getItem('imprint.editor.token')",
    );
    assert.match(stored ?? '', /^imp_/);
    const cookies = await page.context().cookies();
    assert.equal(cookies.length, 0, 'no cookie');
    // The same link again, in a fresh tab: used, so refused with the server's message.
    const again = await h.browser.newPage();
    await again.goto(url);
    await again
      .getByRole('alert')
      .filter({ hasText: /was used already or has expired/ })
      .waitFor();
    assert.equal(await again.getByLabel('Project token').count(), 1, 'the token form is offered');
    await again.close();
    await page.close();
  },
);

test(
  'a starter is copied into the project and opens in the editor',
  { timeout: 90_000 },
  async () => {
    const page = await h.browser.newPage({ viewport: { width: 1600, height: 900 } });
    await page.goto(await newLink());
    await page.getByRole('heading', { name: 'Start from a starter' }).waitFor();
    const names = await page.locator('.starters button').allTextContents();
    assert.ok(names.length >= 5, names.join());
    // The thumbnails load (same origin, allowed by the CSP).
    // A polled evaluate: waitForFunction with a string needs eval, which the page's CSP refuses.
    const loaded =
      "[...document.querySelectorAll('.starters img')].every((i) => i.naturalWidth > 0)";
    for (let i = 0; i < 100 && !(await page.evaluate<boolean>(loaded)); i++) {
      await page.waitForTimeout(100);
    }
    assert.ok(await page.evaluate<boolean>(loaded), 'starter thumbnails load');
    await page.getByRole('button', { name: /^Social card/ }).click();
    await page.getByTestId('stage').waitFor();
    const uuid = /#\/t\/(\w+)/.exec(page.url())![1];
    const tpl = (await h.t.request({ method: 'GET', url: `/api/rest/templates/${uuid}` })).json();
    assert.equal(tpl.width, 1200);
    assert.ok((await page.locator('.layer-name').count()) > 0, 'the starter has layers');
    await page.locator('img.render').waitFor();
    await page.close();
  },
);
