/**
 * POST /api/rest/media over real HTTP: uploads answer Placid's {media: [{file_key, file_id}]},
 * the URLs are served by Imprint and work as picture layers and PDF merge URLs with the
 * private-address guard ON (read from storage, never fetched), bad uploads get a 4xx naming the
 * field, and the sweep removes expired media.
 */
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { testDbKinds } from '../helpers/databases.ts';
import { makePdf, redPng } from '../generation/_helpers.ts';
import {
  startGenerationFixture,
  type GenerationFixture,
} from '../generation/generation-fixture.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;
/** The JSON body of a response. */
const json = async (res: Response): Promise<Json> => (await res.json()) as Json;

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4" fill="#00f"/></svg>';

for (const { kind, skip } of testDbKinds()) {
  describe(`POST /api/rest/media over HTTP on ${kind}`, { skip }, () => {
    let fixture: GenerationFixture;
    let base: string;
    let auth: Record<string, string>;

    before(async () => {
      fixture = await startGenerationFixture(kind, {
        env: { IMPRINT_ALLOW_PRIVATE_URLS: '0', IMPRINT_MEDIA_MAX_BYTES: '200000' },
      });
      await fixture.t.app.listen({ port: 0, host: '127.0.0.1' });
      base = `http://127.0.0.1:${(fixture.t.app.server.address() as AddressInfo).port}`;
      auth = { authorization: `Bearer ${fixture.t.project.token}` };
    });
    after(async () => fixture?.close());

    const upload = (form: FormData, headers = auth) =>
      fetch(`${base}/api/rest/media`, { method: 'POST', headers, body: form });
    /** GETs an Imprint URL (its public URL is http://imprint.test) on the test server. */
    const getOwn = (url: string) => fetch(`${base}${new URL(url).pathname}`);

    it('stores each file field and answers its URL, served with the sniffed type', async () => {
      const png = await redPng();
      const form = new FormData();
      form.set('photo', new Blob([png], { type: 'application/octet-stream' }), 'My Photo.PNG');
      form.set('logo', new Blob([SVG]), 'logo.svg');
      const res = await upload(form);
      const body = await json(res);
      assert.equal(res.status, 200, JSON.stringify(body));
      assert.deepEqual(
        body.media.map((m: Json) => m.file_key),
        ['photo', 'logo'],
      );
      for (const m of body.media) {
        assert.match(m.file_id, /^http:\/\/imprint\.test\/files\/media\/[0-9a-f]{32}\/[\w.-]+$/);
      }
      const photo = await getOwn(body.media[0].file_id);
      assert.equal(photo.status, 200);
      assert.equal(photo.headers.get('content-type'), 'image/png');
      assert.deepEqual(Buffer.from(await photo.arrayBuffer()), png);
      const logo = await getOwn(body.media[1].file_id);
      assert.equal(logo.headers.get('content-type'), 'image/svg+xml');
      assert.match(logo.headers.get('content-security-policy') ?? '', /sandbox/);
    });

    it('uses an uploaded file as a picture layer with the private-address guard on', async () => {
      const form = new FormData();
      form.set('file', new Blob([await redPng()]), 'red.png');
      const fileId = (await json(await upload(form))).media[0].file_id as string;
      const res = await fetch(`${base}/api/rest/images`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({
          template_uuid: fixture.uuid,
          create_now: true,
          layers: { photo: { image: fileId } },
          modifications: { image_format: 'png' },
        }),
      });
      const body = await json(res);
      assert.equal(body.status, 'finished', JSON.stringify(body));
      const png = Buffer.from(await (await getOwn(body.image_url)).arrayBuffer());
      const { data } = await sharp(png)
        .extract({ left: 60, top: 130, width: 1, height: 1 })
        .raw()
        .toBuffer({ resolveWithObject: true });
      assert.deepEqual([...data.subarray(0, 3)], [255, 0, 0]);

      // A URL of another host is still fetched, and still refused on a private address.
      const blocked = await fetch(`${base}/api/rest/images`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({
          template_uuid: fixture.uuid,
          create_now: true,
          layers: { photo: { image: `${fixture.assets.base}/red.png` } },
        }),
      });
      assert.equal((await json(blocked)).status, 'error');
    });

    it("merges Imprint's own PDF URLs by reading them from storage", async () => {
      const pdfUrls: string[] = [];
      for (const pages of [1, 2]) {
        // Rendered PDFs are own files too.
        const res = await fetch(`${base}/api/rest/pdfs`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({
            pages: Array.from({ length: pages }, () => ({ template_uuid: fixture.uuid })),
          }),
        });
        const queued = await json(res);
        let done = queued;
        while (done.status === 'queued') {
          await new Promise((r) => setTimeout(r, 50));
          done = await json(
            await fetch(`${base}${new URL(queued.polling_url).pathname}`, { headers: auth }),
          );
        }
        assert.equal(done.status, 'finished', JSON.stringify(done));
        pdfUrls.push(done.pdf_url);
      }
      const merge = await fetch(`${base}/api/rest/pdfs/merge`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ urls: pdfUrls }),
      });
      let done = await json(merge);
      while (done.status === 'queued') {
        await new Promise((r) => setTimeout(r, 50));
        done = await json(
          await fetch(`${base}${new URL(done.polling_url).pathname}`, { headers: auth }),
        );
      }
      assert.equal(done.status, 'finished', JSON.stringify(done));
      const { PDFDocument } = await import('pdf-lib');
      const merged = await PDFDocument.load(await (await getOwn(done.pdf_url)).arrayBuffer());
      assert.equal(merged.getPageCount(), 3);
    });

    it('refuses wrong types, too large files, no files and no token, naming the field', async () => {
      const text = new FormData();
      text.set('photo', new Blob(['just text']), 'photo.png');
      const wrong = await upload(text);
      assert.equal(wrong.status, 422);
      assert.match(
        (await json(wrong)).errors.photo[0],
        /JPEG, PNG, WebP, GIF or SVG image, an MP4/,
      );

      const pdf = new FormData();
      pdf.set('doc', new Blob([await makePdf(1)]), 'doc.pdf');
      const notImage = await upload(pdf);
      assert.equal(notImage.status, 422);
      assert.ok((await json(notImage)).errors.doc);

      const big = new FormData();
      big.set('huge', new Blob([Buffer.alloc(300_000, 1)]), 'huge.png');
      const tooLarge = await upload(big);
      assert.equal(tooLarge.status, 413);
      assert.match((await json(tooLarge)).errors.huge[0], /200000 bytes/);

      const none = new FormData();
      none.set('note', 'no file here');
      const empty = await upload(none);
      assert.equal(empty.status, 422);

      const json415 = await fetch(`${base}/api/rest/media`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: '{}',
      });
      assert.equal(json415.status, 415);

      const six = new FormData();
      for (let i = 0; i < 6; i++) six.set(`f${i}`, new Blob([await redPng()]), `${i}.png`);
      const tooMany = await upload(six);
      assert.equal(tooMany.status, 422);
      // The field past the fifth file is the one named.
      assert.deepEqual(Object.keys(((await tooMany.json()) as Json).errors), ['f5']);

      const anonymous = await upload(text, {});
      assert.equal(anonymous.status, 401);
    });

    it('removes expired media, file and row, in the sweep', async () => {
      const form = new FormData();
      form.set('file', new Blob([await redPng()]), 'old.png');
      const fileId = (await json(await upload(form))).media[0].file_id as string;
      assert.equal((await getOwn(fileId)).status, 200);
      const { db, services } = fixture.t.runtime;
      assert.equal(await services.media.sweepExpired(), 0);
      await db
        .updateTable('media')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('file_key', '=', new URL(fileId).pathname.replace('/files/', ''))
        .execute();
      assert.equal(await services.media.sweepExpired(), 1);
      assert.equal((await getOwn(fileId)).status, 404);
      const rows = await db.selectFrom('media').select('file_key').execute();
      assert.ok(rows.every((r) => !fileId.endsWith(r.file_key)));
    });
  });
}
