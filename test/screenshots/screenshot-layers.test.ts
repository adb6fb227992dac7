/**
 * Web pages in picture and browser-frame layers, end to end: pages served on loopback (the
 * address policy lifted, as IMPRINT_ALLOW_PRIVATE_URLS=1 does), shot by the app's own Chromium
 * pool (one browser for the file, one context so a page that fails must free it), and probed in
 * the rendered images.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createTemplate, pathOf } from '../generation/_helpers.ts';
import type { ChromiumScreenshots } from '../../src/screenshots/chromium-screenshots.ts';
import { browserProcesses, html, untilEnded, startPages, type PageServer } from './_pages.ts';

const RED = [255, 0, 0];
const GREEN = [0, 255, 0];
const BLUE = [0, 0, 255];
const MAGENTA = [255, 0, 255];

/** Requests the browser made for `path` (the fetcher's own say Imprint in their User-Agent). */
function browserHits(pages: PageServer, path: string): number {
  return pages.hits.get(`browser:${path}`) ?? 0;
}

describe('screenshots in picture and browser-frame layers', { timeout: 120_000 }, () => {
  let t: TestApp;
  let pages: PageServer;
  let uuid: string;
  let redPng: Buffer;

  before(async () => {
    redPng = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    const counted =
      (route: ReturnType<typeof html>, path: string): ReturnType<typeof html> =>
      (req, res) => {
        if (!String(req.headers['user-agent']).startsWith('Imprint/')) {
          pages.hits.set(`browser:${path}`, (pages.hits.get(`browser:${path}`) ?? 0) + 1);
        }
        route(req, res);
      };
    pages = await startPages({
      '/red.html': html('<div style="position:fixed;inset:0;background:#ff0000"></div>'),
      '/red.png': (_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(redPng),
      '/wide.html': html(
        '<style>body{background:#ff00ff}</style><div style="width:1000px;height:3000px;background:#00ff00"></div>',
      ),
      '/tall.html': html(
        '<div style="height:300px;background:#ff0000"></div><div style="height:900px;background:#0000ff"></div>',
      ),
      '/target.html': html(
        '<div id="target" style="position:absolute;left:100px;top:100px;width:50px;height:50px;background:#00ff00"></div>',
      ),
      // The picture never comes, so the page never finishes loading.
      '/slow.html': html('<img src="/never">'),
      '/never': () => undefined,
      '/crash.html': html(
        '<script>const a = []; for (;;) a.push(new Array(1e6).fill(Math.random()));</script>',
      ),
      '/cached.html': counted(
        html('<div style="position:fixed;inset:0;background:#0000ff"></div>'),
        '/cached.html',
      ),
      '/nostore.html': counted(
        html('<div style="position:fixed;inset:0;background:#0000ff"></div>', {
          'cache-control': 'no-store',
        }),
        '/nostore.html',
      ),
    });
    t = await createTestApp('sqlite', {
      IMPRINT_ALLOW_PRIVATE_URLS: '1',
      IMPRINT_SCREENSHOT_CONTEXTS: '1',
      IMPRINT_SCREENSHOT_TIMEOUT_MS: '4000',
    });
    uuid = await createTemplate(t, {
      width: 400,
      height: 300,
      background: '#ffffff',
      layers: [
        {
          name: 'shot',
          type: 'picture',
          x: 0,
          y: 0,
          width: 200,
          height: 100,
          image: null,
          object_fit: 'fill',
        },
        {
          name: 'frame',
          type: 'browserframe',
          x: 0,
          y: 150,
          width: 400,
          height: 150,
          image: null,
          object_fit: 'fill',
        },
      ],
    } as never);
  });
  after(async () => {
    const shots = t?.runtime.screenshots as ChromiumScreenshots | undefined;
    const proxyUrl = shots?.browserPool?.proxyUrl;
    const pids = proxyUrl ? browserProcesses(proxyUrl) : [];
    await t?.close();
    await pages?.close();
    // Every Chromium process is gone with the runtime.
    assert.ok(pids.length > 1, 'the browser and its children were found');
    assert.deepEqual(await untilEnded(pids), []);
  });

  /** Renders an image now with the given layer values: the response's JSON and the pixels. */
  async function render(layers: Record<string, unknown>) {
    const res = await t.request({
      method: 'POST',
      url: '/api/rest/images',
      payload: { template_uuid: uuid, create_now: true, layers },
    });
    const body = res.json();
    if (res.statusCode !== 200 || body.status !== 'finished') return { res, body, raw: null };
    const file = await t.request({ method: 'GET', url: pathOf(body.image_url), token: null });
    const raw = await sharp(file.rawPayload)
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { res, body, raw };
  }

  function pixel(
    raw: { data: Buffer; info: sharp.OutputInfo } | null,
    x: number,
    y: number,
  ): number[] {
    assert.ok(raw, 'the image was rendered');
    const i = (y * raw.info.width + x) * raw.info.channels;
    return [raw.data[i], raw.data[i + 1], raw.data[i + 2]];
  }

  function near(actual: number[], expected: number[], what: string): void {
    assert.ok(
      actual.every((v, i) => Math.abs(v - expected[i]) <= 12),
      `${what}: ${actual.join(',')} is not ${expected.join(',')}`,
    );
  }

  it('shows the pixels of a page answering text/html', async () => {
    const { body, raw } = await render({ shot: { image: `${pages.base}/red.html` } });
    assert.equal(body.status, 'finished', JSON.stringify(body));
    near(pixel(raw, 100, 50), RED, 'inside the layer');
    near(pixel(raw, 300, 50), [255, 255, 255], 'outside it');
  });

  it('sizes the browser window with image_viewport', async () => {
    // A 1000 px green block on magenta: a 2000 px window shows half of each, a 500 px one green.
    const wide = await render({
      shot: { image: `${pages.base}/wide.html`, image_viewport: '2000x500' },
    });
    near(pixel(wide.raw, 50, 50), GREEN, 'left half, wide window');
    near(pixel(wide.raw, 150, 50), MAGENTA, 'right half, wide window');
    const narrow = await render({
      shot: { image: `${pages.base}/wide.html`, image_viewport: '500x500' },
    });
    near(pixel(narrow.raw, 150, 50), GREEN, 'right half, narrow window');
  });

  it('shoots the whole page with screenshot_full_page', async () => {
    // 300 px of red over 900 px of blue, in a 400x300 window.
    const window = await render({
      shot: { image: `${pages.base}/tall.html`, image_viewport: '400x300' },
    });
    near(pixel(window.raw, 100, 90), RED, 'the window only');
    const full = await render({
      shot: {
        image: `${pages.base}/tall.html`,
        image_viewport: '400x300',
        screenshot_full_page: true,
      },
    });
    near(pixel(full.raw, 100, 10), RED, 'top quarter of the full page');
    near(pixel(full.raw, 100, 80), BLUE, 'below it');
  });

  it('clips to screenshot_selector, and names a selector that matches nothing', async () => {
    const clipped = await render({
      shot: { image: `${pages.base}/target.html`, screenshot_selector: '#target' },
    });
    near(pixel(clipped.raw, 10, 10), GREEN, 'corner of the clipped element');
    near(pixel(clipped.raw, 190, 90), GREEN, 'other corner');
    const missing = await render({
      shot: { image: `${pages.base}/target.html`, screenshot_selector: '#nothing' },
    });
    assert.equal(missing.body.status, 'error', JSON.stringify(missing.body));
    assert.match(
      String(missing.body.errors),
      /layers\.shot: .*no element matches screenshot_selector "#nothing"/,
    );
  });

  it('gives up on a page that never finishes loading, and the next page is shot', async () => {
    const started = Date.now();
    const slow = await render({ shot: { image: `${pages.base}/slow.html` } });
    assert.equal(slow.body.status, 'error', JSON.stringify(slow.body));
    assert.match(String(slow.body.errors), /layers\.shot: .*slow\.html: no screenshot within 4 s/);
    assert.ok(Date.now() - started < 15_000, 'the time limit held');
    const next = await render({
      shot: { image: `${pages.base}/red.html`, image_viewport: '300x300' },
    });
    near(pixel(next.raw, 100, 50), RED, 'the page after it');
  });

  it('frees the only context after a page that crashes its tab', async () => {
    const crash = await render({ shot: { image: `${pages.base}/crash.html` } });
    assert.equal(crash.body.status, 'error', JSON.stringify(crash.body));
    assert.match(
      String(crash.body.errors),
      /layers\.shot: .*crash\.html: (the page crashed|no screenshot within)/,
    );
    const next = await render({
      shot: { image: `${pages.base}/red.html`, image_viewport: '320x300' },
    });
    near(pixel(next.raw, 100, 50), RED, 'the page after the crash');
  });

  it('reuses a screenshot, unless the page said Cache-Control: no-store', async () => {
    for (let i = 0; i < 2; i++) await render({ shot: { image: `${pages.base}/cached.html` } });
    assert.equal(browserHits(pages, '/cached.html'), 1);
    for (let i = 0; i < 2; i++) {
      const r = await render({ shot: { image: `${pages.base}/nostore.html` } });
      near(pixel(r.raw, 100, 50), BLUE, 'the uncached page');
    }
    assert.equal(browserHits(pages, '/nostore.html'), 2);
  });

  it("shows the page's address in a browser frame without url, a picture's not", async () => {
    /** Dark pixels in the frame's address bar (its text). */
    const darkInBar = (raw: Awaited<ReturnType<typeof render>>['raw']): number => {
      let dark = 0;
      for (let x = 80; x < 390; x++) {
        for (let y = 152; y < 175; y++) if (pixel(raw, x, y)[0] < 128) dark++;
      }
      return dark;
    };
    const page = await render({ frame: { image: `${pages.base}/red.html` } });
    near(pixel(page.raw, 200, 250), RED, 'the page in the window');
    assert.ok(darkInBar(page.raw) > 20, 'the address is written in the bar');
    const picture = await render({ frame: { image: `${pages.base}/red.png` } });
    near(pixel(picture.raw, 200, 250), RED, 'the picture in the window');
    assert.equal(darkInBar(picture.raw), 0);
  });

  it('embeds the screenshot in a PDF as a picture', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/rest/pdfs',
      payload: {
        create_now: true,
        pages: [
          {
            template_uuid: uuid,
            layers: { shot: { image: `${pages.base}/red.html`, image_viewport: '640x480' } },
          },
        ],
      },
    });
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json();
    assert.equal(body.status, 'finished', res.body);
    const file = await t.request({ method: 'GET', url: pathOf(body.pdf_url), token: null });
    const pdf = file.rawPayload.toString('latin1');
    // A picture (the page's pixels, at the resolution the layer needs), not a vector page.
    assert.ok(/\/Subtype \/Image/.test(pdf), 'the PDF holds an image');
    assert.ok(!/\/Font/.test(pdf), 'and no text of the page');
  });

  it('refuses bad screenshot options with 422 naming the field', async () => {
    const bad = async (values: Record<string, unknown>, field: string) => {
      const res = await t.request({
        method: 'POST',
        url: '/api/rest/images',
        payload: {
          template_uuid: uuid,
          create_now: true,
          layers: { shot: { image: `${pages.base}/red.html`, ...values } },
        },
      });
      assert.equal(res.statusCode, 422, res.body);
      assert.ok(Object.keys(res.json().errors).includes(`layers.shot.${field}`), res.body);
    };
    await bad({ image_viewport: '50x50' }, 'image_viewport');
    await bad({ image_viewport: 'wide' }, 'image_viewport');
    await bad({ screenshot_wait: 60_000 }, 'screenshot_wait');
    await bad({ screenshot_full_page: 'sometimes' }, 'screenshot_full_page');
    await bad({ image_type: 'video' }, 'image_type');
    await bad({ screenshot_selector: 'x'.repeat(501) }, 'screenshot_selector');
  });
});
