/**
 * Issue 25, "Requests that say what they ignored": unknown body fields of the creation calls are
 * warnings with a suggestion (bounded, stored with the image), webhook and transfer destinations
 * the outbound policy would refuse are a 422 at creation naming IMPRINT_ALLOW_PRIVATE_URLS, a
 * JSON body sent as a form (curl -d without a header) is a 415 saying which header to send, and a
 * string that spells no number says that numeric strings are accepted.
 */
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { testDbKinds } from '../helpers/databases.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createTemplate } from '../generation/_helpers.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

/** A transfer object that passes its own checks, to `endpoint`. */
const transferTo = (endpoint: string) => ({
  to: 's3',
  key: 'AKIAEXAMPLE',
  secret: 'not-a-real-secret',
  bucket: 'bucket',
  region: 'us-east-1',
  path: 'out/card.png',
  endpoint,
});

for (const { kind, skip } of testDbKinds()) {
  describe(`requests that say what they ignored on ${kind}`, { skip }, () => {
    let t: TestApp;
    let uuid: string;

    before(async () => {
      // IMPRINT_ALLOW_PRIVATE_URLS is not set: the outbound policy refuses private addresses.
      t = await createTestApp(kind);
      uuid = await createTemplate(t);
    });
    after(async () => t?.close());

    const post = (url: string, payload: unknown) =>
      t.request({ method: 'POST', url, payload: payload as Json });

    describe('unknown fields', () => {
      it('warns about misspelled top-level fields with a suggestion, stored on the image', async () => {
        const res = await post('/api/rest/images', {
          template_uuid: uuid,
          webhook_sucess: 'https://hooks.example.com/done',
          modification: { width: 200 },
          layer: { title: { text: 'Hi' } },
          layers: { title: { text: 'Hello' } },
        });
        assert.equal(res.statusCode, 200, res.body);
        const image = res.json();
        assert.deepEqual(image.warnings, [
          'webhook_sucess: the request has no field "webhook_sucess", so it was ignored; did you mean "webhook_success"?',
          'modification: the request has no field "modification", so it was ignored; did you mean "modifications"?',
          'layer: the request has no field "layer", so it was ignored; did you mean "layers"?',
        ]);
        const got = await t.request({ method: 'GET', url: `/api/rest/images/${image.id}` });
        assert.deepEqual(got.json().warnings, image.warnings);
      });

      it('warns about unknown modifications and lists them before the layer warnings', async () => {
        const res = await post('/api/rest/images', {
          template_uuid: uuid,
          modifications: { widht: 200, image_format: 'png' },
          layers: { titel: { text: 'Hi' } },
        });
        assert.equal(res.statusCode, 200, res.body);
        assert.deepEqual(res.json().warnings, [
          'modifications.widht: modifications has no field "widht", so it was ignored; did you mean "width"?',
          'layers.titel: the template has no layer "titel"; did you mean "title"?',
        ]);
      });

      it('does not warn about any field the API documents or accepts', async () => {
        const res = await post('/api/rest/images', {
          template_uuid: uuid,
          layers: { title: { text: 'Hi' } },
          webhook_success: null,
          webhook_error: null,
          passthrough: { order: 7 },
          transfer: null,
          create_now: false,
          errors: [],
          modifications: {
            width: 200,
            height: 100,
            filename: 'card.png',
            image_format: 'png',
            dpi: 72,
            color_mode: 'rgb',
            png_compression: 'fast',
          },
        });
        assert.equal(res.statusCode, 200, res.body);
        assert.deepEqual(res.json().warnings, []);
        const pdf = await post('/api/rest/pdfs', {
          pages: [{ template_uuid: uuid, layers: { title: { text: 'Hi' } } }],
          webhook_success: null,
          passthrough: 'x',
          create_now: false,
          modifications: {
            filename: 'a.pdf',
            image_quality: 'high',
            dpi: 96,
            color_mode: 'rgb',
            black: 'k',
            bleed: 0,
            crop_marks: false,
            black_overprint: true,
            pdf_standard: 'x4',
            rendering_intent: 'relative',
            title: 'T',
            author: 'A',
            lang: 'en',
          },
        });
        assert.equal(pdf.statusCode, 200, pdf.body);
        assert.deepEqual(pdf.json().warnings, []);
      });

      it('warns on PDFs (pages too), merges and the template alias', async () => {
        const pdf = await post('/api/rest/pdfs', {
          pages: [{ template_uuid: uuid, layer: {} }],
          passtrough: 'x',
        });
        assert.equal(pdf.statusCode, 200, pdf.body);
        assert.deepEqual(pdf.json().warnings, [
          'pages.0.layer: pages.0 has no field "layer", so it was ignored; did you mean "layers"?',
          'passtrough: the request has no field "passtrough", so it was ignored; did you mean "passthrough"?',
        ]);
        const merge = await post('/api/rest/pdfs/merge', {
          urls: ['https://files.example.com/a.pdf', 'https://files.example.com/b.pdf'],
          webhook_succes: 'https://hooks.example.com/done',
        });
        assert.equal(merge.statusCode, 200, merge.body);
        assert.match(
          merge.json().warnings[0],
          /^webhook_succes: .*did you mean "webhook_success"\?$/,
        );
        const alias = await post(`/api/rest/${uuid}`, { layer: { title: { text: 'Hi' } } });
        assert.equal(alias.statusCode, 200, alias.body);
        assert.match(alias.json().warnings[0], /^layer: .*did you mean "layers"\?$/);
      });

      it('warns about unknown fields of a form body (bracket keys) too', async () => {
        const res = await t.request({
          method: 'POST',
          url: '/api/rest/images',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: `template_uuid=${uuid}&layers[title][text]=Hi&modifications[heigth]=100`,
        });
        assert.equal(res.statusCode, 200, res.body);
        assert.match(res.json().warnings[0], /^modifications\.heigth: .*did you mean "height"\?$/);
      });

      it('lists at most 50 warnings over unknown fields and layers, counting the rest', async () => {
        const extra: Json = {};
        for (let i = 0; i < 60; i++) extra[`extra_${i}`] = i;
        const res = await post('/api/rest/images', {
          template_uuid: uuid,
          ...extra,
          layers: { nope: { text: 'x' } },
        });
        assert.equal(res.statusCode, 200, res.body);
        const { warnings } = res.json();
        assert.equal(warnings.length, 51);
        assert.equal(warnings[0], 'extra_0: the request has no field "extra_0", so it was ignored');
        // 10 more fields and the unknown layer.
        assert.equal(warnings[50], '11 more warnings');
      });
    });

    describe('destinations the outbound policy refuses', () => {
      for (const [field, url, why] of [
        [
          'webhook_success',
          'http://127.0.0.1:8080/hook',
          /the address 127\.0\.0\.1 is a loopback address/,
        ],
        ['webhook_success', 'http://localhost:8080/hook', /localhost is a loopback address/],
        ['webhook_success', 'http://[::1]/hook', /the address ::1 is a loopback address/],
        ['webhook_error', 'http://192.168.1.20/hook', /the address 192\.168\.1\.20 is private/],
        ['webhook_error', 'http://169.254.169.254/latest', /cloud metadata/],
      ] as const) {
        it(`refuses ${field} ${url} with a 422 naming the field and the setting`, async () => {
          const res = await post('/api/rest/images', { template_uuid: uuid, [field]: url });
          assert.equal(res.statusCode, 422, res.body);
          const [message] = res.json().errors[field] as string[];
          assert.match(message, new RegExp(`^The ${field} field is refused: `));
          assert.match(message, why);
          assert.match(message, /IMPRINT_ALLOW_PRIVATE_URLS=1/);
        });
      }

      it('refuses a transfer endpoint on a private address, on PDFs and merges too', async () => {
        const image = await post('/api/rest/images', {
          template_uuid: uuid,
          transfer: transferTo('http://127.0.0.1:4568'),
        });
        assert.equal(image.statusCode, 422, image.body);
        assert.match(image.json().errors['transfer.endpoint'][0], /IMPRINT_ALLOW_PRIVATE_URLS=1/);
        const pdf = await post('/api/rest/pdfs', {
          pages: [{ template_uuid: uuid }],
          webhook_success: 'http://10.1.2.3/hook',
        });
        assert.equal(pdf.statusCode, 422, pdf.body);
        assert.ok(pdf.json().errors.webhook_success, pdf.body);
        const merge = await post('/api/rest/pdfs/merge', {
          urls: ['https://files.example.com/a.pdf', 'https://files.example.com/b.pdf'],
          webhook_success: 'http://localhost/hook',
        });
        assert.equal(merge.statusCode, 422, merge.body);
        assert.ok(merge.json().errors.webhook_success, merge.body);
      });

      it('names the bad destination among the other bad fields of one 422', async () => {
        const res = await post('/api/rest/images', {
          template_uuid: uuid,
          webhook_success: 'http://127.0.0.1/hook',
          modifications: { image_format: 'gif' },
        });
        assert.equal(res.statusCode, 422, res.body);
        const { errors } = res.json();
        assert.ok(errors.webhook_success && errors['modifications.image_format'], res.body);
      });

      it('accepts public addresses', async () => {
        const res = await post('/api/rest/images', {
          template_uuid: uuid,
          webhook_success: 'https://93.184.215.14/hook',
        });
        assert.equal(res.statusCode, 200, res.body);
      });

      it('accepts private receivers when IMPRINT_ALLOW_PRIVATE_URLS=1', async () => {
        const open = await createTestApp(kind, { IMPRINT_ALLOW_PRIVATE_URLS: '1' });
        try {
          const template = await createTemplate(open);
          const res = await open.request({
            method: 'POST',
            url: '/api/rest/images',
            payload: {
              template_uuid: template,
              webhook_success: 'http://localhost:8080/hook',
              webhook_error: 'http://127.0.0.1:8080/hook',
            },
          });
          assert.equal(res.statusCode, 200, res.body);
        } finally {
          await open.close();
        }
      });
    });

    describe('a JSON body sent as a form', () => {
      const body = (): string => JSON.stringify({ template_uuid: uuid });
      const sendAs = (contentType: string, payload: string) =>
        t.request({
          method: 'POST',
          url: '/api/rest/images',
          headers: { 'content-type': contentType },
          payload,
        });

      it("answers curl -d '{…}' (x-www-form-urlencoded) with a 415 naming the header", async () => {
        // What curl sends for -d without -H: the header, and the text as it is.
        for (const text of [body(), `  \n${body()}`, `[${body()}]`]) {
          const res = await sendAs('application/x-www-form-urlencoded', text);
          assert.equal(res.statusCode, 415, res.body);
          assert.match(res.json().message, /looks like JSON/);
          assert.match(res.json().message, /application\/x-www-form-urlencoded/);
          assert.match(res.json().message, /Content-Type: application\/json/);
        }
      });

      it('answers the same over real HTTP, as curl sends it', async () => {
        await t.app.listen({ port: 0, host: '127.0.0.1' });
        const { port } = t.app.server.address() as AddressInfo;
        const res = await fetch(`http://127.0.0.1:${port}/api/rest/images`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${t.project.token}`,
            'content-type': 'application/x-www-form-urlencoded',
            'user-agent': 'curl/7.88.1',
          },
          body: body(),
        });
        assert.equal(res.status, 415);
        const answer = (await res.json()) as Json;
        assert.match(answer.message, /send it with the header Content-Type: application\/json/);
      });

      it('answers JSON sent as text/plain so too', async () => {
        const res = await sendAs('text/plain', body());
        assert.equal(res.statusCode, 415, res.body);
        assert.match(res.json().message, /looks like JSON but was sent as text\/plain/);
      });

      it('still reads real form bodies', async () => {
        const res = await sendAs(
          'application/x-www-form-urlencoded',
          `template_uuid=${uuid}&layers[title][text]=%7Bbraces%7D`,
        );
        assert.equal(res.statusCode, 200, res.body);
      });
    });

    describe('numbers and booleans spelled as strings', () => {
      it('says a numeric string would do, naming the field and the value', async () => {
        const res = await post('/api/rest/images', {
          template_uuid: uuid,
          create_now: 'maybe',
          modifications: { width: 'abc', height: '12.5.1' },
        });
        assert.equal(res.statusCode, 422, res.body);
        const { errors } = res.json();
        assert.deepEqual(errors['modifications.width'], [
          'The modifications.width field must be an integer (a number or a numeric string such as "600"); received "abc".',
        ]);
        assert.match(errors['modifications.height'][0], /numeric string.*received "12\.5\.1"/);
        assert.deepEqual(errors.create_now, [
          'The create_now field must be true or false (a boolean, or one of the strings "true", "false", "1", "0"); received "maybe".',
        ]);
      });

      it('says so for form bodies too, whose values are all strings', async () => {
        const res = await t.request({
          method: 'POST',
          url: '/api/rest/images',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: `template_uuid=${uuid}&modifications[width]=wide`,
        });
        assert.equal(res.statusCode, 422, res.body);
        assert.match(
          res.json().errors['modifications.width'][0],
          /numeric string.*received "wide"/,
        );
      });

      it('still accepts the numeric strings it describes', async () => {
        const res = await post('/api/rest/images', {
          template_uuid: uuid,
          create_now: '0',
          modifications: { width: ' 600 ' },
        });
        assert.equal(res.statusCode, 200, res.body);
      });
    });
  });
}
