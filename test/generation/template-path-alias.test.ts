/**
 * Placid's alias POST /api/rest/{template_uuid}: the POST /images body with the template in the
 * path. Clients written against it work unchanged; the fixed routes keep their meaning.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { testDbKinds } from '../helpers/databases.ts';
import { pathOf, pollUntilDone } from './_helpers.ts';
import { startGenerationFixture, type GenerationFixture } from './generation-fixture.ts';

for (const { kind, skip } of testDbKinds()) {
  describe(`POST /api/rest/{template_uuid} on ${kind}`, { skip }, () => {
    let fixture: GenerationFixture;
    before(async () => {
      fixture = await startGenerationFixture(kind);
    });
    after(async () => fixture?.close());

    it('creates an image of the template in the path, like POST /images', async () => {
      const { t, uuid, assets } = fixture;
      const res = await t.request({
        method: 'POST',
        url: `/api/rest/${uuid}`,
        payload: {
          layers: { title: { text: 'Alias' }, photo: { image: `${assets.base}/red.png` } },
          passthrough: 'p-1',
          modifications: { image_format: 'png' },
        },
      });
      assert.equal(res.statusCode, 200, res.body);
      const queued = res.json();
      assert.equal(queued.status, 'queued');
      assert.equal(queued.polling_url, `http://imprint.test/api/rest/images/${queued.id}`);
      assert.equal(queued.passthrough, 'p-1');
      const done = await pollUntilDone(t, queued.polling_url);
      assert.equal(done.status, 'finished', JSON.stringify(done));
      const file = await t.request({
        method: 'GET',
        url: pathOf(done.image_url as string),
        token: null,
      });
      assert.equal(file.statusCode, 200);
      assert.equal((await sharp(file.rawPayload).metadata()).format, 'png');
    });

    it('renders at once with create_now, and accepts a body naming the same template', async () => {
      const { t, uuid } = fixture;
      const res = await t.request({
        method: 'POST',
        url: `/api/rest/${uuid}`,
        payload: { template_uuid: uuid, create_now: true, layers: { title: { text: 'Now' } } },
      });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().status, 'finished');
      assert.match(res.json().image_url, /^http:\/\/imprint\.test\/files\/images\//);
    });

    it('takes a request without a body: the template as designed', async () => {
      const { t, uuid } = fixture;
      const res = await t.request({ method: 'POST', url: `/api/rest/${uuid}` });
      assert.equal(res.statusCode, 200, res.body);
      const done = await pollUntilDone(t, res.json().polling_url);
      assert.equal(done.status, 'finished', JSON.stringify(done));
      // fetch() with an empty string body sends text/plain: still no body.
      const plain = await t.request({
        method: 'POST',
        url: `/api/rest/${uuid}`,
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
        payload: '',
      });
      assert.equal(plain.statusCode, 200, plain.body);
      await pollUntilDone(t, plain.json().polling_url);
      // `fields: null` is "not given", like every optional null.
      const nulls = await t.request({
        method: 'POST',
        url: `/api/rest/${uuid}`,
        payload: { fields: null, layers: null },
      });
      assert.equal(nulls.statusCode, 200, nulls.body);
      await pollUntilDone(t, nulls.json().polling_url);
    });

    it('refuses a body naming another template, and bad fields, in one 422', async () => {
      const { t, uuid } = fixture;
      const res = await t.request({
        method: 'POST',
        url: `/api/rest/${uuid}`,
        payload: { template_uuid: 'other', modifications: { dpi: 99 }, fields: { title: 'v1' } },
      });
      assert.equal(res.statusCode, 422, res.body);
      const errors = res.json().errors as Record<string, string[]>;
      assert.match(errors.template_uuid.join(' '), /template of the URL/);
      assert.ok(errors['modifications.dpi'], res.body);
      assert.match(errors.fields.join(' '), /send `layers`/);
      // The v1 body is refused on POST /images as well.
      const v1 = await t.request({
        method: 'POST',
        url: '/api/rest/images',
        payload: { template_uuid: uuid, fields: { title: 'v1' } },
      });
      assert.equal(v1.statusCode, 422, v1.body);
      assert.deepEqual(Object.keys(v1.json().errors), ['fields']);
    });

    it('takes the path with a trailing slash too', async () => {
      const { t, uuid } = fixture;
      const res = await t.request({ method: 'POST', url: `/api/rest/${uuid}/`, payload: {} });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().status, 'queued');
    });

    it('answers 404 for an unknown template, 401 without a token', async () => {
      const { t } = fixture;
      // Characters a route pattern would give meaning to are just an unknown template.
      for (const odd of ['%3Aa(', '%3Aa', '*', 'a(b']) {
        const res = await t.request({ method: 'POST', url: `/api/rest/${odd}`, payload: {} });
        assert.equal(res.statusCode, 404, `${odd}: ${res.body}`);
        assert.equal(res.json().message, 'Template not found', odd);
      }
      const res = await t.request({
        method: 'POST',
        url: '/api/rest/no-such-template',
        payload: {},
      });
      assert.equal(res.statusCode, 404, res.body);
      assert.equal(res.json().message, 'Template not found');
      const anon = await t.request({
        method: 'POST',
        url: '/api/rest/x',
        payload: {},
        token: null,
      });
      assert.equal(anon.statusCode, 401);
    });

    it('leaves the fixed routes as they are', async () => {
      const { t } = fixture;
      const usage = await t.request({ method: 'POST', url: '/api/rest/usage', payload: {} });
      assert.equal(usage.statusCode, 404, usage.body);
      assert.equal(usage.json().message, 'Route POST /api/rest/usage not found');
      const created = await t.request({
        method: 'POST',
        url: '/api/rest/templates',
        payload: { title: 'Still a template', width: 10, height: 10 },
      });
      assert.equal(created.statusCode, 201, created.body);
      assert.equal(created.json().title, 'Still a template');
      const merge = await t.request({
        method: 'POST',
        url: '/api/rest/pdfs/merge',
        payload: { urls: [] },
      });
      assert.equal(merge.statusCode, 422, 'merge is still merge');
    });
  });
}
