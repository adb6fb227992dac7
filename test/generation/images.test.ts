import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { testDbKinds } from '../helpers/databases.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { createTemplate, pathOf, pollUntilDone, testDesign, type AssetServer } from './_helpers.ts';
import { startGenerationFixture, type GenerationFixture } from './generation-fixture.ts';

for (const { kind, skip } of testDbKinds()) {
  describe(`images on ${kind}`, { skip }, () => {
    let fixture: GenerationFixture | undefined;
    let t: TestApp;
    let assets: AssetServer;
    let uuid: string;
    before(async () => {
      fixture = await startGenerationFixture(kind);
      ({ t, assets, uuid } = fixture);
    });
    after(async () => fixture?.close());

    const create = (payload: Record<string, unknown>, token?: string) =>
      t.request({ method: 'POST', url: '/api/rest/images', payload, token });

    it('queues an image, then finishes it with a served file', async () => {
      const passthrough = { order: 42, tags: ['a', 'b'] };
      const res = await create({
        template_uuid: uuid,
        layers: { title: { text: 'Queued' }, photo: { image: `${assets.base}/red.png` } },
        passthrough,
        errors: [],
        modifications: { image_format: 'png', filename: 'my card!.png' },
      });
      assert.equal(res.statusCode, 200, res.body);
      const queued = res.json();
      assert.equal(typeof queued.id, 'number');
      assert.ok(Number.isInteger(queued.id));
      assert.equal(queued.status, 'queued');
      assert.equal(queued.image_url, null);
      assert.equal(queued.polling_url, `http://imprint.test/api/rest/images/${queued.id}`);
      assert.deepEqual(queued.passthrough, passthrough);
      assert.deepEqual(queued.errors, []);
      assert.match(queued.created_at, /^\d{4}-\d\d-\d\dT/);

      const done = await pollUntilDone(t, queued.polling_url);
      assert.equal(done.status, 'finished', JSON.stringify(done));
      assert.deepEqual(done.passthrough, passthrough);
      assert.deepEqual(done.errors, []);
      const url = done.image_url as string;
      assert.match(url, /^http:\/\/imprint\.test\/files\/images\/[0-9a-f]{32}\/my-card\.png$/);
      const file = await t.request({ method: 'GET', url: pathOf(url), token: null });
      assert.equal(file.statusCode, 200);
      assert.equal(file.headers['content-type'], 'image/png');
      const meta = await sharp(file.rawPayload).metadata();
      assert.equal(meta.format, 'png');
      assert.equal(meta.width, 400);
      assert.equal(meta.height, 200);
      // The picture layer really shows the fetched red PNG.
      const { data, info } = await sharp(file.rawPayload)
        .extract({ left: 50, top: 120, width: 1, height: 1 })
        .raw()
        .toBuffer({ resolveWithObject: true });
      assert.equal(info.channels >= 3, true);
      assert.deepEqual([data[0], data[1], data[2]], [255, 0, 0]);
    });

    it(
      'names the default file <id>.<ext> and honours width with the aspect ratio kept',
      { timeout: 90_000 },
      async () => {
        const res = await create({
          template_uuid: uuid,
          modifications: { image_format: 'jpg', width: 200 },
        });
        const done = await pollUntilDone(t, res.json().polling_url);
        assert.equal(done.status, 'finished', JSON.stringify(done));
        assert.ok((done.image_url as string).endsWith(`/${done.id}.jpg`));
        const file = await t.request({ method: 'GET', url: pathOf(done.image_url as string) });
        assert.equal(file.headers['content-type'], 'image/jpeg');
        const meta = await sharp(file.rawPayload).metadata();
        assert.deepEqual([meta.width, meta.height], [200, 100]);
      },
    );

    it('ends in error naming the layer and URL when a picture cannot be fetched', async () => {
      const res = await create({
        template_uuid: uuid,
        layers: { photo: { image: `${assets.base}/missing.png` } },
      });
      const done = await pollUntilDone(t, res.json().polling_url);
      assert.equal(done.status, 'error');
      assert.equal(done.image_url, null);
      const errors = done.errors as string[];
      assert.equal(errors.length, 1);
      assert.match(errors[0], /layers\.photo/);
      assert.match(errors[0], /missing\.png/);
      assert.match(errors[0], /404/);

      const notImage = await create({
        template_uuid: uuid,
        layers: { photo: { image: `${assets.base}/text.txt` } },
      });
      const failed = await pollUntilDone(t, notImage.json().polling_url);
      assert.equal(failed.status, 'error');
      assert.match((failed.errors as string[])[0], /layers\.photo.*not an image/);
    });

    it('create_now answers with the finished image', async () => {
      const res = await create({
        template_uuid: uuid,
        create_now: true,
        layers: { title: { text: 'Now' } },
        passthrough: 'now',
      });
      assert.equal(res.statusCode, 200, res.body);
      const body = res.json();
      assert.equal(body.status, 'finished');
      assert.match(body.image_url, /^http:\/\/imprint\.test\/files\/images\//);
      assert.equal(body.passthrough, 'now');
      const again = await t.request({ method: 'GET', url: pathOf(body.polling_url) });
      assert.deepEqual(again.json(), body);
    });

    it('treats null optional fields as not given (clients that send every field)', async () => {
      const res = await create({
        template_uuid: uuid,
        create_now: true,
        layers: null,
        errors: null,
        transfer: null,
        webhook_success: null,
        modifications: {
          width: null,
          height: null,
          filename: null,
          image_format: null,
          dpi: null,
          color_mode: null,
        },
      });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().status, 'finished');
      assert.match(res.json().image_url, new RegExp(`/${res.json().id}\\.jpg$`));
      const bare = await create({ template_uuid: uuid, create_now: true, modifications: null });
      assert.equal(bare.statusCode, 200, bare.body);
      assert.equal(bare.json().status, 'finished');
      const queued = await create({ template_uuid: uuid, create_now: null, passthrough: null });
      assert.equal(queued.statusCode, 200, queued.body);
      assert.equal(queued.json().status, 'queued', 'create_now null is create_now false');
      await pollUntilDone(t, queued.json().polling_url); // settled before the next test counts usage
    });

    it('create_now answers with error and reasons when the render fails', async () => {
      const res = await create({
        template_uuid: uuid,
        create_now: true,
        layers: { photo: { image: `${assets.base}/gone.png` } },
      });
      assert.equal(res.statusCode, 200);
      assert.equal(res.json().status, 'error');
      assert.match(res.json().errors[0], /layers\.photo.*gone\.png/);
    });

    it('refuses bad requests before queueing anything, naming the fields', async () => {
      const before = (await t.request({ method: 'GET', url: '/api/rest/usage' })).json();
      const unknown = await create({ template_uuid: 'nope12345678' });
      assert.equal(unknown.statusCode, 404);
      assert.deepEqual(unknown.json(), { message: 'Template not found' });

      const cases: Array<[Record<string, unknown>, string]> = [
        [{ passthrough: 'x'.repeat(1025) }, 'passthrough'],
        [{ passthrough: ['y'.repeat(1022)] }, 'passthrough'],
        // The spec allows a string or an array (objects too, as Placid's clients send them).
        [{ passthrough: 42 }, 'passthrough'],
        [{ passthrough: true }, 'passthrough'],
        [{ modifications: { dpi: 96 } }, 'modifications.dpi'],
        [{ modifications: { image_format: 'gif' } }, 'modifications.image_format'],
        [
          { modifications: { image_format: 'png', color_mode: 'cmyk' } },
          'modifications.color_mode',
        ],
        [
          { modifications: { image_format: 'webp', color_mode: 'cmyk' } },
          'modifications.color_mode',
        ],
        [{ modifications: { color_mode: 'lab' } }, 'modifications.color_mode'],
        [{ modifications: { png_compression: 'max' } }, 'modifications.png_compression'],
        [{ modifications: { width: 0 } }, 'modifications.width'],
        [
          { transfer: { to: 'ftp', key: 'k', secret: 's', bucket: 'b', path: 'p.png' } },
          'transfer.to',
        ],
        [{ transfer: { to: 's3', secret: 's', bucket: 'b', path: 'p.png' } }, 'transfer.key'],
        [{ layers: { title: { font_size: 'huge' } } }, 'layers.title.font_size'],
        [{ webhook_success: 'not a url' }, 'webhook_success'],
        [{ create_now: 'yes' }, 'create_now'],
      ];
      for (const [extra, field] of cases) {
        const res = await create({ template_uuid: uuid, ...extra });
        assert.equal(res.statusCode, 422, `${field}: ${res.body}`);
        assert.ok(res.json().errors[field], `${field} missing in ${res.body}`);
        assert.equal(typeof res.json().message, 'string');
      }
      const missing = await create({ layers: {} });
      assert.equal(missing.statusCode, 422);
      assert.ok(missing.json().errors.template_uuid);
      // Exactly 1024 characters is fine.
      const ok = await create({ template_uuid: uuid, passthrough: 'x'.repeat(1024) });
      assert.equal(ok.statusCode, 200, ok.body);
      await pollUntilDone(t, ok.json().polling_url);
      const afterUsage = (await t.request({ method: 'GET', url: '/api/rest/usage' })).json();
      assert.equal(afterUsage.credits_used, before.credits_used + 1);
    });

    it('keeps projects apart: other project templates and images answer 404', async () => {
      const foreign = await createTemplate(t, testDesign(), t.other.token);
      const res = await create({ template_uuid: foreign });
      assert.equal(res.statusCode, 404);
      assert.deepEqual(res.json(), { message: 'Template not found' });

      const mine = await create({ template_uuid: uuid });
      const id = mine.json().id;
      const asOther = await t.request({
        method: 'GET',
        url: `/api/rest/images/${id}`,
        token: t.other.token,
      });
      assert.equal(asOther.statusCode, 404);
      const delOther = await t.request({
        method: 'DELETE',
        url: `/api/rest/images/${id}`,
        token: t.other.token,
      });
      assert.equal(delOther.statusCode, 404);
      for (const bad of ['abc', '0', '99999999', '1.5']) {
        const r = await t.request({ method: 'GET', url: `/api/rest/images/${bad}` });
        assert.equal(r.statusCode, 404, bad);
      }
      const noToken = await t.request({
        method: 'GET',
        url: `/api/rest/images/${id}`,
        token: null,
      });
      assert.equal(noToken.statusCode, 401);
      await pollUntilDone(t, mine.json().polling_url);
    });

    it('deletes an image: 204, then 404, and the file is gone', async () => {
      const res = await create({ template_uuid: uuid, create_now: true });
      const body = res.json();
      assert.equal(body.status, 'finished');
      const del = await t.request({ method: 'DELETE', url: `/api/rest/images/${body.id}` });
      assert.equal(del.statusCode, 204);
      assert.equal(del.body, '');
      const get = await t.request({ method: 'GET', url: `/api/rest/images/${body.id}` });
      assert.equal(get.statusCode, 404);
      const again = await t.request({ method: 'DELETE', url: `/api/rest/images/${body.id}` });
      assert.equal(again.statusCode, 404);
      const file = await t.request({ method: 'GET', url: pathOf(body.image_url), token: null });
      assert.equal(file.statusCode, 404);
    });
  });
}
