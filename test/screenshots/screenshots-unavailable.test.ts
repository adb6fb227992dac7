/**
 * Without screenshots (IMPRINT_SCREENSHOTS=0, or no Chromium where IMPRINT_CHROMIUM_PATH says), a
 * layer showing a web page fails with an error naming it, pictures still work, and /ready stays
 * ready while its details say why screenshots are unavailable.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createTemplate } from '../generation/_helpers.ts';
import { html, startPages, type PageServer } from './_pages.ts';

const cases: Array<{ env: Record<string, string>; reason: RegExp }> = [
  { env: { IMPRINT_SCREENSHOTS: '0' }, reason: /they are turned off \(IMPRINT_SCREENSHOTS=0\)/ },
  {
    env: { IMPRINT_CHROMIUM_PATH: '/nonexistent/chromium' },
    reason: /Chromium is not installed at \/nonexistent\/chromium \(IMPRINT_CHROMIUM_PATH\)/,
  },
  { env: { IMPRINT_RUN_JOBS: '0' }, reason: /this process runs no jobs/ },
];

describe('screenshots unavailable', () => {
  let pages: PageServer;
  before(async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#00f' } })
      .png()
      .toBuffer();
    pages = await startPages({
      '/page.html': html('<p>a page</p>'),
      '/blue.png': (_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(png),
    });
  });
  after(async () => pages?.close());

  for (const { env, reason } of cases) {
    describe(
      Object.entries(env)
        .map(([k, v]) => `${k}=${v}`)
        .join(' '),
      () => {
        let t: TestApp;
        let uuid: string;
        before(async () => {
          t = await createTestApp('sqlite', { IMPRINT_ALLOW_PRIVATE_URLS: '1', ...env });
          uuid = await createTemplate(t, {
            width: 100,
            height: 100,
            background: '#ffffff',
            layers: [
              { name: 'shot', type: 'picture', x: 0, y: 0, width: 50, height: 50, image: null },
            ],
          } as never);
        });
        after(async () => t?.close());

        const render = async (image: string) => {
          const res = await t.request({
            method: 'POST',
            url: '/api/rest/images',
            payload: { template_uuid: uuid, create_now: true, layers: { shot: { image } } },
          });
          assert.equal(res.statusCode, 200, res.body);
          return res.json();
        };

        it('fails a layer showing a web page, naming the layer and why', async () => {
          const body = await render(`${pages.base}/page.html`);
          assert.equal(body.status, 'error', JSON.stringify(body));
          const message = String(body.errors);
          assert.match(
            message,
            /^layers\.shot: http:\/\/127\.0\.0\.1:\d+\/page\.html: a web page, and screenshots are unavailable: /,
          );
          assert.match(message, reason);
        });

        it('still shows pictures', async () => {
          const body = await render(`${pages.base}/blue.png`);
          assert.equal(body.status, 'finished', JSON.stringify(body));
        });

        it('says so in /ready, which stays ready', async () => {
          const res = await t.request({ method: 'GET', url: '/ready', token: null });
          assert.equal(res.statusCode, 200, res.body);
          assert.match(res.json().details.screenshots, /^unavailable: /);
          assert.match(res.json().details.screenshots, reason);
        });
      },
    );
  }
});
