/**
 * Regressions found by black-box review of the generation API: each test names the behaviour a
 * client relies on that once broke.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { testDbKinds } from '../helpers/databases.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { createTemplate, testDesign } from './_helpers.ts';
import { startGenerationFixture, type GenerationFixture } from './generation-fixture.ts';

for (const { kind, skip } of testDbKinds()) {
  describe(`generation review regressions on ${kind}`, { skip }, () => {
    let fixture: GenerationFixture | undefined;
    let t: TestApp;
    let uuid: string;
    before(async () => {
      fixture = await startGenerationFixture(kind);
      ({ t, uuid } = fixture);
    });
    after(async () => fixture?.close());
    /** POSTs a JSON text as sent, for bodies a JS object cannot express (1e309, \u0000). */
    const postRaw = (url: string, payload: string) =>
      t.request({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload });

    it('DELETE with a JSON content type and an empty body deletes (clients send the header on every call)', async () => {
      const json = { 'content-type': 'application/json' };
      const image = await t.request({
        method: 'POST',
        url: '/api/rest/images',
        payload: { template_uuid: uuid, create_now: true },
      });
      assert.equal(image.statusCode, 200, image.body);
      const pdf = await t.request({
        method: 'POST',
        url: '/api/rest/pdfs',
        payload: { pages: [{ template_uuid: uuid }], create_now: true },
      });
      assert.equal(pdf.statusCode, 200, pdf.body);
      for (const path of [
        `/api/rest/images/${image.json().id}`,
        `/api/rest/pdfs/${pdf.json().id}`,
      ]) {
        const del = await t.request({ method: 'DELETE', url: path, headers: json, payload: '' });
        assert.equal(del.statusCode, 204, del.body);
        const again = await t.request({ method: 'DELETE', url: path, headers: json, payload: '' });
        assert.equal(again.statusCode, 404, again.body);
      }
      // A creation with an empty JSON body is a 422 naming the required field, not a parse failure.
      const empty = await t.request({
        method: 'POST',
        url: '/api/rest/images',
        headers: json,
        payload: '',
      });
      assert.equal(empty.statusCode, 422, empty.body);
      assert.deepEqual(Object.keys(empty.json().errors), ['template_uuid']);
      // Real JSON keeps its protections: a __proto__ key is still refused.
      const poisoned = await t.request({
        method: 'POST',
        url: '/api/rest/images',
        headers: json,
        payload: `{"template_uuid":"${uuid}","__proto__":{"x":1}}`,
      });
      assert.equal(poisoned.statusCode, 400, poisoned.body);
    });

    it('names each allowed dpi once in the 422 (images 72/150/300, PDFs 96/150/300)', async () => {
      const image = await t.request({
        method: 'POST',
        url: '/api/rest/images',
        payload: { template_uuid: uuid, modifications: { dpi: 96 } },
      });
      assert.equal(image.statusCode, 422, image.body);
      assert.deepEqual(image.json().errors['modifications.dpi'], [
        'The modifications.dpi field must be one of: 72, 150, 300; received 96.',
      ]);
      const pdf = await t.request({
        method: 'POST',
        url: '/api/rest/pdfs',
        payload: { pages: [{ template_uuid: uuid }], modifications: { dpi: 72 } },
      });
      assert.equal(pdf.statusCode, 422, pdf.body);
      assert.deepEqual(pdf.json().errors['modifications.dpi'], [
        'The modifications.dpi field must be one of: 96, 150, 300; received 72.',
      ]);
    });

    it('refuses NUL characters and absurd nesting with a 400 instead of a 500', async () => {
      // PostgreSQL cannot compare text holding U+0000: these reached the database and failed.
      const nulUuid = await postRaw('/api/rest/images', '{"template_uuid":"a\\u0000b"}');
      assert.equal(nulUuid.statusCode, 400, nulUuid.body);
      assert.match(nulUuid.json().message, /NUL/);
      const nulPage = await postRaw('/api/rest/pdfs', '{"pages":[{"template_uuid":"\\u0000"}]}');
      assert.equal(nulPage.statusCode, 400, nulPage.body);
      const nulPath = await t.request({ method: 'GET', url: '/api/rest/templates/a%00b' });
      assert.equal(nulPath.statusCode, 400, nulPath.body);
      // Deep nesting overflowed the stack of JSON.stringify and of the layer checks.
      const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);
      for (const body of [
        `{"template_uuid":"${uuid}","passthrough":${deep(20000)}}`,
        `{"template_uuid":"${uuid}","layers":{"title":{"text":${deep(20000)}}}}`,
        `{"pages":[{"template_uuid":"${uuid}","layers":{"title":{"x":${deep(20000)}}}}]}`,
      ]) {
        const res = await postRaw(
          body.startsWith('{"pages"') ? '/api/rest/pdfs' : '/api/rest/images',
          body,
        );
        assert.equal(res.statusCode, 400, res.body);
        assert.match(res.json().message, /nested too deeply/);
      }
      // Ordinary nesting still works, and nothing was created by the refused calls.
      const ok = await postRaw(
        '/api/rest/images',
        JSON.stringify({ template_uuid: uuid, passthrough: { a: [{ b: [1, 2] }] } }),
      );
      assert.equal(ok.statusCode, 200, ok.body);
      assert.deepEqual(ok.json().passthrough, { a: [{ b: [1, 2] }] });
    });

    it('tells a JSON body sent as text/plain to use application/json (415), and names prototype keys', async () => {
      const plain = await t.request({
        method: 'POST',
        url: '/api/rest/images',
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
        payload: JSON.stringify({ template_uuid: uuid }),
      });
      assert.equal(plain.statusCode, 415, plain.body);
      assert.match(plain.json().message, /send it with the header Content-Type: application\/json/);
      // An empty text/plain body is no body (a DELETE some clients send with that header).
      const created = await t.request({
        method: 'POST',
        url: '/api/rest/images',
        payload: { template_uuid: uuid },
      });
      const del = await t.request({
        method: 'DELETE',
        url: `/api/rest/images/${created.json().id}`,
        headers: { 'content-type': 'text/plain', 'content-length': '0' },
        payload: '',
      });
      assert.equal(del.statusCode, 204, del.body);
      // Valid JSON whose layer is named __proto__: refused, and not called invalid JSON.
      const proto = await postRaw(
        '/api/rest/images',
        `{"template_uuid":"${uuid}","layers":{"__proto__":{"text":"x"}}}`,
      );
      assert.equal(proto.statusCode, 400, proto.body);
      assert.match(proto.json().message, /"__proto__"/);
      assert.doesNotMatch(proto.json().message, /not valid JSON/);
      // Broken JSON says what broke it.
      const broken = await postRaw('/api/rest/images', '{"template_uuid": }');
      assert.equal(broken.statusCode, 400, broken.body);
      assert.match(broken.json().message, /^Malformed request body: Unexpected token '}'/);
    });

    it('refuses at creation an image output the engine would not render (too many pixels)', async () => {
      const big = await createTemplate(t, { ...testDesign(), width: 3000, height: 3000 });
      // Images of earlier tests must be done first, or one ending meanwhile changes the usage.
      const usage = async () => (await t.request({ method: 'GET', url: '/api/rest/usage' })).json();
      let before = await usage();
      // A deadline, not a timing check: on a loaded machine those renders can take a while.
      const deadline = Date.now() + 60_000;
      while (before.credits_reserved > 0 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 25));
        before = await usage();
      }
      const dpi = await t.request({
        method: 'POST',
        url: '/api/rest/images',
        payload: { template_uuid: big, modifications: { dpi: 300 } },
      });
      assert.equal(dpi.statusCode, 422, dpi.body);
      assert.match(dpi.json().errors['modifications.dpi'][0], /12500×12500 px/);
      const box = await t.request({
        method: 'POST',
        url: '/api/rest/images',
        payload: { template_uuid: big, modifications: { width: 16000, height: 16000 } },
      });
      assert.equal(box.statusCode, 422, box.body);
      assert.ok(box.json().errors['modifications.width'], box.body);
      const tall = await t.request({
        method: 'POST',
        url: '/api/rest/images',
        payload: { template_uuid: big, modifications: { height: 16000 } },
      });
      assert.equal(tall.statusCode, 422, tall.body);
      assert.deepEqual(Object.keys(tall.json().errors), ['modifications.height']);
      // A template too large by itself: nothing sent is to blame, so no dpi is named.
      const huge = await createTemplate(t, { ...testDesign(), width: 12000, height: 12000 });
      const plain = await t.request({
        method: 'POST',
        url: '/api/rest/images',
        payload: { template_uuid: huge },
      });
      assert.equal(plain.statusCode, 422, plain.body);
      assert.deepEqual(Object.keys(plain.json().errors), ['modifications']);
      assert.match(
        plain.json().errors.modifications[0],
        /12000×12000 px.*smaller modifications\.width or height/,
      );
      assert.deepEqual(await usage(), before);
      // Within the limits the same template is accepted.
      const fine = await t.request({
        method: 'POST',
        url: '/api/rest/images',
        payload: { template_uuid: big, modifications: { width: 300 } },
      });
      assert.equal(fine.statusCode, 200, fine.body);
    });
    it('a bodiless POST /images, /pdfs or /pdfs/merge names its required field', async () => {
      for (const [url, field] of [
        ['/api/rest/images', 'template_uuid'],
        ['/api/rest/pdfs', 'pages'],
        ['/api/rest/pdfs/merge', 'urls'],
      ]) {
        const res = await t.request({ method: 'POST', url });
        assert.equal(res.statusCode, 422, res.body);
        assert.deepEqual(Object.keys(res.json().errors), [field], url);
      }
    });

    it('a number JSON cannot hold (1e309) in passthrough or custom_data is a 422, not a null', async () => {
      const image = await postRaw(
        '/api/rest/images',
        `{"template_uuid":"${uuid}","passthrough":{"big":[1,1e309]}}`,
      );
      assert.equal(image.statusCode, 422, image.body);
      assert.match(image.json().errors.passthrough[0], /too large to represent/);
      const collection = await postRaw(
        '/api/rest/collections',
        '{"title":"c","custom_data":{"x":1e309}}',
      );
      assert.equal(collection.statusCode, 422, collection.body);
      assert.ok(collection.json().errors.custom_data, collection.body);
      const template = await postRaw(
        '/api/rest/templates',
        '{"title":"a","width":10,"height":10,"custom_data":-1e309}',
      );
      assert.equal(template.statusCode, 422, template.body);
      assert.ok(template.json().errors.custom_data, template.body);
    });

    it('passthrough counts characters, an emoji as one, also inside JSON', async () => {
      // 600 emoji in an array: 604 characters serialised (1204 UTF-16 units).
      const ok = await t.request({
        method: 'POST',
        url: '/api/rest/images',
        payload: { template_uuid: uuid, passthrough: ['😀'.repeat(600)] },
      });
      assert.equal(ok.statusCode, 200, ok.body);
      assert.deepEqual(ok.json().passthrough, ['😀'.repeat(600)]);
      const long = await t.request({
        method: 'POST',
        url: '/api/rest/images',
        payload: { template_uuid: uuid, passthrough: ['😀'.repeat(1021)] },
      });
      assert.equal(long.statusCode, 422, long.body);
      assert.match(long.json().errors.passthrough[0], /received 1025\)/);
    });

    it('create_now whose image is deleted while it renders answers 404, as its polling_url does', async () => {
      const newest = () =>
        t.runtime.db
          .selectFrom('images')
          .select('id')
          .where('project_id', '=', t.project.id)
          .orderBy('id', 'desc')
          .executeTakeFirst()
          .then((r) => r?.id ?? 0);
      const before = await newest();
      const pending = t.request({
        method: 'POST',
        url: '/api/rest/images',
        payload: {
          template_uuid: uuid,
          create_now: true,
          layers: { photo: { image: `${fixture!.assets.base}/slow.png?ms=600` } },
        },
      });
      // The row exists as soon as the request has passed its checks; delete it mid-render.
      let id = before;
      for (let i = 0; i < 100 && id === before; i++) {
        await new Promise((r) => setTimeout(r, 20));
        id = await newest();
      }
      assert.ok(id > before, 'the create_now row was never inserted');
      const del = await t.request({ method: 'DELETE', url: `/api/rest/images/${id}` });
      assert.equal(del.statusCode, 204, del.body);
      const res = await pending;
      assert.equal(res.statusCode, 404, res.body);
      assert.match(res.json().message, /^Image not found: it was deleted/);
    });
  });
}
