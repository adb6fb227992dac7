import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { PDFDocument, PDFHexString, PDFName, PDFString } from 'pdf-lib';
import { testDbKinds } from '../helpers/databases.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { createTemplate, pathOf, pollUntilDone, testDesign, type AssetServer } from './_helpers.ts';
import { startGenerationFixture, type GenerationFixture } from './generation-fixture.ts';

for (const { kind, skip } of testDbKinds()) {
  describe(`pdfs on ${kind}`, { skip }, () => {
    let fixture: GenerationFixture | undefined;
    let t: TestApp;
    let assets: AssetServer;
    let uuid: string;
    let square: string;
    before(async () => {
      fixture = await startGenerationFixture(kind);
      ({ t, assets, uuid } = fixture);
      square = await createTemplate(t, testDesign(300, 300));
    });
    after(async () => fixture?.close());

    const post = (url: string, payload: Record<string, unknown>, token?: string) =>
      t.request({ method: 'POST', url, payload, token });
    const pdfOf = async (url: string) => {
      const file = await t.request({ method: 'GET', url: pathOf(url), token: null });
      assert.equal(file.statusCode, 200);
      assert.equal(file.headers['content-type'], 'application/pdf');
      assert.equal(file.rawPayload.subarray(0, 5).toString(), '%PDF-');
      return PDFDocument.load(file.rawPayload);
    };

    it('renders pages in the given order and serves the PDF', async () => {
      const res = await post('/api/rest/pdfs', {
        pages: [
          { template_uuid: uuid, layers: { title: { text: 'Page one' } } },
          {
            template_uuid: square,
            layers: { photo: { image: `${assets.base}/red.png` }, title: { text: 'Two' } },
          },
        ],
        passthrough: ['a', 1],
        modifications: { filename: 'report', dpi: 96, image_quality: 'medium' },
      });
      assert.equal(res.statusCode, 200, res.body);
      const queued = res.json();
      assert.equal(queued.status, 'queued');
      assert.equal(queued.pdf_url, null);
      assert.equal(queued.polling_url, `http://imprint.test/api/rest/pdfs/${queued.id}`);
      assert.deepEqual(queued.passthrough, ['a', 1]);
      const done = await pollUntilDone(t, queued.polling_url);
      assert.equal(done.status, 'finished', JSON.stringify(done));
      assert.match(done.pdf_url as string, /\/files\/pdfs\/[0-9a-f]{32}\/report\.pdf$/);
      const doc = await pdfOf(done.pdf_url as string);
      assert.equal(doc.getPageCount(), 2);
      // 96 dpi: a design pixel is 0.75 pt; page order follows the request.
      assert.deepEqual(
        doc.getPages().map((p) => [Math.round(p.getWidth()), Math.round(p.getHeight())]),
        [
          [300, 150],
          [225, 225],
        ],
      );
    });

    it("writes the document information: the template title, or the request's title, author and lang", async () => {
      const info = async (payload: Record<string, unknown>, url = '/api/rest/pdfs') => {
        const res = await post(url, { ...payload, create_now: true });
        assert.equal(res.statusCode, 200, res.body);
        const file = await t.request({
          method: 'GET',
          url: pathOf(res.json().pdf_url),
          token: null,
        });
        // pdf-lib would write its own Producer and dates while loading.
        const doc = await PDFDocument.load(file.rawPayload, { updateMetadata: false });
        const lang = doc.catalog.get(PDFName.of('Lang'));
        return {
          title: doc.getTitle(),
          author: doc.getAuthor(),
          creator: doc.getCreator(),
          producer: doc.getProducer(),
          created: doc.getCreationDate(),
          lang:
            lang instanceof PDFString || lang instanceof PDFHexString ? lang.decodeText() : lang,
        };
      };
      const started = Date.now() - 2000;
      const plain = await info({ pages: [{ template_uuid: uuid }] });
      assert.equal(plain.title, 'Card');
      assert.equal(plain.author, undefined);
      assert.equal(plain.creator, 'Imprint');
      assert.match(plain.producer ?? '', /^Imprint/);
      assert.ok(plain.created && plain.created.getTime() >= started - 1000, String(plain.created));
      assert.equal(plain.lang, undefined);
      const named = await info({
        pages: [{ template_uuid: uuid }],
        modifications: { title: 'Rechnung Nr. 7 – März', author: 'Acme GmbH', lang: 'de-CH' },
      });
      assert.deepEqual(
        [named.title, named.author, named.lang],
        ['Rechnung Nr. 7 – März', 'Acme GmbH', 'de-CH'],
      );
      const merged = await info(
        {
          urls: [`${assets.base}/one.pdf`, `${assets.base}/two.pdf`],
          modifications: { title: 'Bundle', author: 'Acme', lang: 'en' },
        },
        '/api/rest/pdfs/merge',
      );
      assert.deepEqual(
        [merged.title, merged.author, merged.lang, merged.creator],
        ['Bundle', 'Acme', 'en', 'Imprint'],
      );
      const bad = await post('/api/rest/pdfs', {
        pages: [{ template_uuid: uuid }],
        modifications: { lang: 'not a language', title: 'x'.repeat(501) },
      });
      assert.equal(bad.statusCode, 422, bad.body);
      assert.deepEqual(Object.keys(bad.json().errors).sort(), [
        'modifications.lang',
        'modifications.title',
      ]);
      // Each problem once, though the metadata is checked by two steps.
      assert.equal(bad.json().errors['modifications.lang'].length, 1, bad.body);
      assert.equal(bad.json().errors['modifications.title'].length, 1, bad.body);
      const badMerge = await post('/api/rest/pdfs/merge', {
        urls: [`${assets.base}/one.pdf`, `${assets.base}/two.pdf`],
        modifications: { author: 5 },
      });
      assert.equal(badMerge.statusCode, 422, badMerge.body);
      assert.ok(badMerge.json().errors['modifications.author'], badMerge.body);
    });

    it('adds bleed and crop marks when asked, refusing a bleed over an inch up front', async () => {
      const res = await post('/api/rest/pdfs', {
        pages: [{ template_uuid: uuid }],
        create_now: true,
        modifications: { bleed: '4', crop_marks: true, black_overprint: 'false' },
      });
      assert.equal(res.statusCode, 200, res.body);
      const file = await t.request({ method: 'GET', url: pathOf(res.json().pdf_url), token: null });
      const page = (await PDFDocument.load(file.rawPayload)).getPage(0);
      // 4 px at 96 dpi is 3 pt of bleed, the marks 24 pt more on each side.
      assert.deepEqual(page.getTrimBox(), { x: 27, y: 27, width: 300, height: 150 });
      assert.deepEqual(page.getBleedBox(), { x: 24, y: 24, width: 306, height: 156 });
      const big = await post('/api/rest/pdfs', {
        pages: [{ template_uuid: uuid }],
        modifications: { bleed: -1, crop_marks: 'maybe', black_overprint: 'no' },
      });
      assert.equal(big.statusCode, 422, big.body);
      assert.deepEqual(Object.keys(big.json().errors).sort(), [
        'modifications.black_overprint',
        'modifications.bleed',
        'modifications.crop_marks',
      ]);
      assert.match(big.json().errors['modifications.black_overprint'][0], /true or false/);
      const tooBig = await post('/api/rest/pdfs', {
        pages: [{ template_uuid: uuid }],
        modifications: { bleed: 97 },
      });
      assert.equal(tooBig.statusCode, 422, tooBig.body);
      assert.match(tooBig.json().errors['modifications.bleed'][0], /at most 96 px/);
      // A bleed with its unit written out is refused, and the message shows what was sent.
      const withUnit = await post('/api/rest/pdfs', {
        pages: [{ template_uuid: uuid }],
        modifications: { bleed: '3mm' },
      });
      assert.equal(withUnit.statusCode, 422, withUnit.body);
      assert.match(withUnit.json().errors['modifications.bleed'][0], /without the unit.*"3mm"/);
    });

    it('makes a PDF/X-4 file with a rendering intent, refusing other standards and intents', async () => {
      const res = await post('/api/rest/pdfs', {
        pages: [{ template_uuid: uuid }],
        create_now: true,
        modifications: { pdf_standard: 'x4', rendering_intent: 'perceptual', color_mode: 'cmyk' },
      });
      assert.equal(res.statusCode, 200, res.body);
      const file = await t.request({ method: 'GET', url: pathOf(res.json().pdf_url), token: null });
      const bytes = file.rawPayload;
      assert.equal(bytes.subarray(0, 8).toString('latin1'), '%PDF-1.6');
      assert.match(bytes.toString('latin1'), /<pdfxid:GTS_PDFXVersion>PDF\/X-4</);
      const bad = await post('/api/rest/pdfs', {
        pages: [{ template_uuid: uuid }],
        modifications: { pdf_standard: 'x1a', rendering_intent: 'vivid' },
      });
      assert.equal(bad.statusCode, 422, bad.body);
      assert.deepEqual(Object.keys(bad.json().errors).sort(), [
        'modifications.pdf_standard',
        'modifications.rendering_intent',
      ]);
    });

    it('merges PDFs from URLs in order', async () => {
      const res = await post('/api/rest/pdfs/merge', {
        urls: [`${assets.base}/two.pdf`, `${assets.base}/one.pdf`],
        passthrough: 'merged',
      });
      assert.equal(res.statusCode, 200, res.body);
      const done = await pollUntilDone(t, res.json().polling_url);
      assert.equal(done.status, 'finished', JSON.stringify(done));
      assert.equal(done.passthrough, 'merged');
      const doc = await pdfOf(done.pdf_url as string);
      assert.deepEqual(
        doc.getPages().map((p) => Math.round(p.getWidth())),
        [300, 300, 200],
      );
    });

    it('treats null optional fields as not given, for pages and merges', async () => {
      const pdf = await post('/api/rest/pdfs', {
        pages: [{ template_uuid: uuid, layers: null }],
        transfer: null,
        create_now: null,
        modifications: {
          filename: null,
          image_quality: null,
          dpi: null,
          color_mode: null,
          color_profile: null,
        },
      });
      assert.equal(pdf.statusCode, 200, pdf.body);
      assert.equal((await pollUntilDone(t, pdf.json().polling_url)).status, 'finished');
      const merge = await post('/api/rest/pdfs/merge', {
        urls: [`${assets.base}/one.pdf`, `${assets.base}/one.pdf`],
        transfer: null,
        modifications: null,
      });
      assert.equal(merge.statusCode, 200, merge.body);
      const nullName = await post('/api/rest/pdfs/merge', {
        urls: [`${assets.base}/one.pdf`, `${assets.base}/one.pdf`],
        modifications: { filename: null },
      });
      assert.equal(nullName.statusCode, 200, nullName.body);
      assert.equal((await pollUntilDone(t, nullName.json().polling_url)).status, 'finished');
    });

    it('ends a merge in error naming the URL that is not a PDF', async () => {
      const res = await post('/api/rest/pdfs/merge', {
        urls: [`${assets.base}/one.pdf`, `${assets.base}/red.png`, `${assets.base}/missing.pdf`],
      });
      const done = await pollUntilDone(t, res.json().polling_url);
      assert.equal(done.status, 'error');
      const errors = done.errors as string[];
      assert.equal(errors.length, 2);
      assert.match(errors[0], /^urls\.1: .*red\.png.*not a PDF/);
      assert.match(errors[1], /^urls\.2: .*missing\.pdf.*404/);
    });

    it('refuses a PDF/X-4 merge of files that are not PDF/X, naming them', async () => {
      const res = await post('/api/rest/pdfs/merge', {
        urls: [`${assets.base}/one.pdf`, `${assets.base}/two.pdf`],
        modifications: { pdf_standard: 'x4' },
      });
      assert.equal(res.statusCode, 200, res.body);
      const done = await pollUntilDone(t, res.json().polling_url);
      assert.equal(done.status, 'error');
      const errors = done.errors as string[];
      assert.equal(errors.length, 2);
      assert.match(errors[0], /^urls\.0: .*one\.pdf.*not a PDF\/X file/);
      const bad = await post('/api/rest/pdfs/merge', {
        urls: [`${assets.base}/one.pdf`, `${assets.base}/two.pdf`],
        modifications: { pdf_standard: 'x1a' },
      });
      assert.equal(bad.statusCode, 422, bad.body);
      assert.deepEqual(Object.keys(bad.json().errors), ['modifications.pdf_standard']);
    });

    it('names the URL of a file that downloads but cannot be read as a PDF', async () => {
      const res = await post('/api/rest/pdfs/merge', {
        urls: [`${assets.base}/one.pdf`, `${assets.base}/damaged.pdf`],
      });
      const done = await pollUntilDone(t, res.json().polling_url);
      assert.equal(done.status, 'error');
      assert.deepEqual(done.errors, [
        `urls.1: ${assets.base}/damaged.pdf: not a readable PDF (it is damaged or uses features that cannot be parsed).`,
      ]);
    });

    it('refuses bad requests with the field paths', async () => {
      const cases: Array<[string, Record<string, unknown>, string]> = [
        ['/api/rest/pdfs', { pages: [] }, 'pages'],
        ['/api/rest/pdfs', {}, 'pages'],
        [
          '/api/rest/pdfs',
          { pages: [{ template_uuid: uuid }], modifications: { dpi: 72 } },
          'modifications.dpi',
        ],
        [
          '/api/rest/pdfs',
          { pages: [{ template_uuid: uuid }], modifications: { image_quality: 'best' } },
          'modifications.image_quality',
        ],
        [
          '/api/rest/pdfs',
          { pages: [{ template_uuid: uuid }], modifications: { color_profile: 'rgb-profile-9' } },
          'modifications.color_profile',
        ],
        [
          '/api/rest/pdfs',
          { pages: [{ template_uuid: uuid }], passthrough: 'p'.repeat(1025) },
          'passthrough',
        ],
        [
          '/api/rest/pdfs',
          {
            pages: [
              { template_uuid: uuid },
              { template_uuid: uuid, layers: { box: { opacity: 'x' } } },
            ],
          },
          'pages.1.layers.box.opacity',
        ],
        [
          '/api/rest/pdfs',
          { pages: [{ template_uuid: uuid }], transfer: { to: 'gcs' } },
          'transfer.to',
        ],
        ['/api/rest/pdfs/merge', { urls: [`${assets.base}/one.pdf`] }, 'urls'],
        ['/api/rest/pdfs/merge', { urls: Array(11).fill(`${assets.base}/one.pdf`) }, 'urls'],
        ['/api/rest/pdfs/merge', { urls: ['ftp://x/a.pdf', `${assets.base}/one.pdf`] }, 'urls.0'],
        ['/api/rest/pdfs/merge', {}, 'urls'],
        [
          '/api/rest/pdfs/merge',
          { urls: [`${assets.base}/one.pdf`, `${assets.base}/one.pdf`], passthrough: 7 },
          'passthrough',
        ],
        ['/api/rest/pdfs', { pages: [{ template_uuid: uuid }], passthrough: false }, 'passthrough'],
      ];
      for (const [url, payload, field] of cases) {
        const res = await post(url, payload);
        assert.equal(res.statusCode, 422, `${field}: ${res.body}`);
        assert.ok(res.json().errors[field], `${field} missing in ${res.body}`);
      }
      const unknown = await post('/api/rest/pdfs', {
        pages: [{ template_uuid: uuid }, { template_uuid: 'missing12345' }],
      });
      assert.equal(unknown.statusCode, 404);
      // Placid's message, plus which page names the unknown template.
      assert.deepEqual(unknown.json(), {
        message: 'Template not found',
        errors: { 'pages.1.template_uuid': ['Template not found (missing12345)'] },
      });
      const okMerge = await post('/api/rest/pdfs/merge', {
        urls: Array(10).fill(`${assets.base}/one.pdf`),
      });
      assert.equal(okMerge.statusCode, 200);
      const merged = await pollUntilDone(t, okMerge.json().polling_url);
      assert.equal((await pdfOf(merged.pdf_url as string)).getPageCount(), 10);
    });

    it('deletes a PDF: 204, then 404 for get and delete, and the file is gone', async () => {
      const res = await post('/api/rest/pdfs', {
        pages: [{ template_uuid: uuid }],
        create_now: true,
      });
      const body = res.json();
      assert.equal(body.status, 'finished', res.body);
      const asOther = await t.request({
        method: 'DELETE',
        url: `/api/rest/pdfs/${body.id}`,
        token: t.other.token,
      });
      assert.equal(asOther.statusCode, 404);
      const del = await t.request({ method: 'DELETE', url: `/api/rest/pdfs/${body.id}` });
      assert.equal(del.statusCode, 204);
      assert.equal(
        (await t.request({ method: 'GET', url: `/api/rest/pdfs/${body.id}` })).statusCode,
        404,
      );
      assert.equal(
        (await t.request({ method: 'DELETE', url: `/api/rest/pdfs/${body.id}` })).statusCode,
        404,
      );
      assert.equal(
        (await t.request({ method: 'DELETE', url: '/api/rest/pdfs/424242' })).statusCode,
        404,
      );
      const file = await t.request({ method: 'GET', url: pathOf(body.pdf_url), token: null });
      assert.equal(file.statusCode, 404);
    });

    it('a PDF deleted while queued is never rendered', async () => {
      const res = await post('/api/rest/pdfs', {
        pages: [
          { template_uuid: uuid, layers: { photo: { image: `${assets.base}/slow.png?ms=400` } } },
        ],
      });
      const id = res.json().id;
      const del = await t.request({ method: 'DELETE', url: `/api/rest/pdfs/${id}` });
      assert.equal(del.statusCode, 204);
      await new Promise((r) => setTimeout(r, 1000));
      assert.equal(
        (await t.request({ method: 'GET', url: `/api/rest/pdfs/${id}` })).statusCode,
        404,
      );
      const usage = (await t.request({ method: 'GET', url: '/api/rest/usage' })).json();
      assert.equal(usage.credits_reserved, 0);
    });
  });
}
