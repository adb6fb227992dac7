/**
 * One 422 names every bad field of an image/PDF creation: the route schema's problems (types,
 * enums, counts) and the service's (passthrough length, transfer, webhooks, colour profile, layer
 * values) together, never one kind hiding the other. Wrong types mixed with bad values never make
 * a 500, and nothing is queued or charged.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { testDbKinds } from '../helpers/databases.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createTemplate } from './_helpers.ts';

/** Asserts a 422 whose `errors` holds exactly the given fields, each with one message at least. */
function assertFields(
  res: { statusCode: number; body: string; json(): unknown },
  fields: string[],
): Record<string, string[]> {
  assert.equal(res.statusCode, 422, res.body);
  const body = res.json() as { message: string; errors: Record<string, string[]> };
  assert.equal(typeof body.message, 'string');
  assert.deepEqual(Object.keys(body.errors).sort(), [...fields].sort(), res.body);
  for (const f of fields) {
    assert.ok(body.errors[f].length >= 1, res.body);
    // One problem, one message: the service does not repeat what the schema said.
    assert.equal(new Set(body.errors[f]).size, body.errors[f].length, res.body);
  }
  return body.errors;
}

const badTransfer = { to: 'ftp', key: 'k', secret: 's', bucket: 'b', path: 'p.png' };

for (const { kind, skip } of testDbKinds()) {
  describe(`all bad fields in one 422 on ${kind}`, { skip }, () => {
    let t: TestApp;
    let uuid: string;
    before(async () => {
      t = await createTestApp(kind);
      uuid = await createTemplate(t);
    });
    after(async () => t?.close());

    const post = (url: string, payload: unknown) =>
      t.request({ method: 'POST', url, payload: payload as Record<string, unknown> });
    const usage = async () => (await t.request({ method: 'GET', url: '/api/rest/usage' })).json();

    it('POST /images: schema problems and service problems together', async () => {
      const before = await usage();
      const res = await post('/api/rest/images', {
        template_uuid: uuid,
        modifications: { dpi: 99, image_format: 'gif', width: 0 },
        passthrough: 'x'.repeat(1025),
        transfer: badTransfer,
        webhook_success: 'ftp://hooks.example/x',
        webhook_error: 42,
        create_now: 'yes',
        layers: { box: { opacity: 'x' }, title: 'not an object' },
      });
      const errors = assertFields(res, [
        'modifications.dpi',
        'modifications.image_format',
        'modifications.width',
        'passthrough',
        'transfer.to',
        'webhook_success',
        'webhook_error',
        'create_now',
        'layers.title',
        'layers.box.opacity',
      ]);
      assert.match(errors['modifications.dpi'][0], /one of: 72, 150, 300/);
      assert.match(errors.passthrough[0], /1024 characters/);
      assert.deepEqual(await usage(), before);
    });

    it('POST /images: a service problem does not hide a schema problem either', async () => {
      const res = await post('/api/rest/images', {
        template_uuid: uuid,
        passthrough: ['y'.repeat(1030)],
        modifications: { color_mode: 'lab' },
      });
      assertFields(res, ['passthrough', 'modifications.color_mode']);
      const cmyk = await post('/api/rest/images', {
        template_uuid: uuid,
        modifications: { image_format: 'png', color_mode: 'cmyk', filename: 5 },
        layers: { box: { opacity: 'x' } },
      });
      assertFields(cmyk, [
        'modifications.color_mode',
        'modifications.filename',
        'layers.box.opacity',
      ]);
    });

    it('POST /images: a missing template_uuid is named with the other fields, not a 404', async () => {
      const res = await post('/api/rest/images', {
        passthrough: 'x'.repeat(2000),
        modifications: { dpi: '99' },
      });
      assertFields(res, ['template_uuid', 'passthrough', 'modifications.dpi']);
      const numeric = await post('/api/rest/images', { template_uuid: 12, webhook_success: 'x' });
      assertFields(numeric, ['template_uuid', 'webhook_success']);
    });

    it('POST /images: an unknown template is still a plain 404 when nothing else is wrong', async () => {
      const res = await post('/api/rest/images', { template_uuid: 'nope12345678' });
      assert.equal(res.statusCode, 404);
      assert.deepEqual(res.json(), { message: 'Template not found' });
      // Field errors come first, as they always did for a schema failure.
      const bad = await post('/api/rest/images', {
        template_uuid: 'nope12345678',
        modifications: { dpi: 99 },
        passthrough: 'x'.repeat(1025),
      });
      assertFields(bad, ['modifications.dpi', 'passthrough']);
    });

    it('POST /pdfs: schema problems, colour profile, transfer and layers of every page together', async () => {
      const before = await usage();
      const res = await post('/api/rest/pdfs', {
        pages: [
          { template_uuid: uuid, layers: { box: { opacity: 'x' } } },
          'not a page',
          { template_uuid: uuid, layers: { title: { font_size: -3 } } },
          { layers: {} },
        ],
        modifications: {
          dpi: 99,
          image_quality: 'best',
          color_mode: 'cmyk',
          color_profile: 'nonsense-profile',
        },
        passthrough: { big: 'z'.repeat(1100) },
        transfer: { to: 'gcs' },
        webhook_success: 'not a url',
      });
      const errors = assertFields(res, [
        'pages.0.layers.box.opacity',
        'pages.1',
        'pages.2.layers.title.font_size',
        'pages.3.template_uuid',
        'modifications.dpi',
        'modifications.image_quality',
        'modifications.color_profile',
        'passthrough',
        'transfer.to',
        'transfer.key',
        'transfer.secret',
        'transfer.bucket',
        'transfer.path',
        'webhook_success',
      ]);
      assert.match(errors['pages.3.template_uuid'][0], /required/);
      assert.deepEqual(await usage(), before);
    });

    it('POST /pdfs: layer problems come with the other problems; a 404 only when nothing else is wrong', async () => {
      const both = await post('/api/rest/pdfs', {
        pages: [
          { template_uuid: 'missing12345' },
          { template_uuid: uuid, layers: { box: { opacity: 'x' } } },
        ],
        modifications: { dpi: 95 },
      });
      assertFields(both, ['modifications.dpi', 'pages.1.layers.box.opacity']);
      const unknown = await post('/api/rest/pdfs', {
        pages: [{ template_uuid: uuid }, { template_uuid: 'missing12345' }],
      });
      assert.equal(unknown.statusCode, 404);
      assert.equal(unknown.json().message, 'Template not found');
      assert.deepEqual(Object.keys(unknown.json().errors), ['pages.1.template_uuid']);
    });

    it('POST /pdfs/merge: count, URLs, passthrough, transfer and webhooks together', async () => {
      const res = await post('/api/rest/pdfs/merge', {
        urls: ['ftp://x/a.pdf', 5, 'https://example.com/b.pdf'],
        modifications: { filename: 12 },
        passthrough: 'p'.repeat(1025),
        transfer: badTransfer,
        webhook_error: 'gopher://x',
      });
      assertFields(res, [
        'urls.0',
        'urls.1',
        'modifications.filename',
        'passthrough',
        'transfer.to',
        'webhook_error',
      ]);
      const few = await post('/api/rest/pdfs/merge', {
        urls: ['https://example.com/a.pdf'],
        passthrough: 'p'.repeat(1025),
      });
      assertFields(few, ['urls', 'passthrough']);
      const none = await post('/api/rest/pdfs/merge', { transfer: 'yes', webhook_success: 'x' });
      assertFields(none, ['urls', 'transfer', 'webhook_success']);
    });

    it('a wrong-typed choice gets one message listing the choices (not a type error too)', async () => {
      const image = await post('/api/rest/images', {
        template_uuid: uuid,
        modifications: { image_format: 5, color_mode: true },
      });
      const pdf = await post('/api/rest/pdfs', {
        pages: [{ template_uuid: uuid }],
        modifications: { image_quality: 1, color_mode: [] },
      });
      const errors = {
        ...assertFields(image, ['modifications.image_format', 'modifications.color_mode']),
        ...Object.fromEntries(
          Object.entries(
            assertFields(pdf, ['modifications.image_quality', 'modifications.color_mode']),
          ).map(([k, v]) => [`pdf.${k}`, v]),
        ),
      };
      for (const [field, messages] of Object.entries(errors)) {
        assert.equal(messages.length, 1, `${field}: ${JSON.stringify(messages)}`);
        assert.match(messages[0], /must be one of: [a-z]+(, [a-z]+)+(; received .+)?\.$/, field);
      }
    });

    it('never answers 500 for wrong types mixed with bad values (small fuzz)', async () => {
      const junk: unknown[] = [
        null,
        true,
        0,
        -1,
        1e308,
        'x',
        '',
        [],
        [1, 'a', null],
        {},
        { a: { b: [] } },
        'y'.repeat(2000),
      ];
      // A fixed seed keeps a failure reproducible.
      let seed = 7;
      const rand = (n: number) => {
        seed = (seed * 1103515245 + 12345) % 2 ** 31;
        return seed % n;
      };
      const pick = () => junk[rand(junk.length)];
      const shapes: Array<[string, () => unknown]> = [
        [
          '/api/rest/images',
          () => ({
            template_uuid: rand(3) === 0 ? pick() : uuid,
            layers: rand(2)
              ? pick()
              : {
                  title: { text: pick(), font_size: pick() },
                  box: pick(),
                  photo: { image: pick() },
                },
            modifications: rand(2)
              ? pick()
              : { dpi: pick(), width: pick(), image_format: pick(), color_mode: pick() },
            passthrough: pick(),
            transfer: rand(2) ? pick() : { to: pick(), key: pick(), bucket: pick(), path: pick() },
            webhook_success: pick(),
            create_now: false,
          }),
        ],
        [
          '/api/rest/pdfs',
          () => ({
            pages: rand(3)
              ? [pick(), { template_uuid: uuid, layers: pick() }, { template_uuid: pick() }]
              : pick(),
            modifications: rand(2)
              ? pick()
              : { dpi: pick(), color_profile: pick(), image_quality: pick(), color_mode: 'cmyk' },
            passthrough: pick(),
            transfer: pick(),
          }),
        ],
        [
          '/api/rest/pdfs/merge',
          () => ({
            urls: rand(2) ? pick() : [pick(), pick(), 'https://example.com/a.pdf'],
            modifications: rand(2) ? pick() : { filename: pick() },
            webhook_error: pick(),
          }),
        ],
      ];
      for (let i = 0; i < 60; i++) {
        const [url, make] = shapes[i % shapes.length];
        const payload = make();
        const res = await post(url, payload);
        assert.ok(
          [200, 404, 422].includes(res.statusCode),
          `${url} ${JSON.stringify(payload).slice(0, 400)} → ${res.statusCode} ${res.body}`,
        );
        if (res.statusCode === 422) assert.ok(res.json().errors, res.body);
      }
      for (const body of [[], 'text', 7, null]) {
        const res = await post('/api/rest/images', body);
        // A bare string or number goes out without a JSON content type: 415 is right for it.
        assert.ok([400, 415, 422].includes(res.statusCode), `${JSON.stringify(body)}: ${res.body}`);
      }
    });
  });
}
