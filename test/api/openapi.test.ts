/**
 * The API description: /api/openapi.json is a valid OpenAPI 3.1 document (checked with a
 * maintained validator), every operation has an example and every error response with its body
 * schema, request examples and real responses validate against their schemas, layer schemas come
 * from the layer registry, "Try it out" targets the address the document was fetched at, and
 * CORS is off unless IMPRINT_CORS_ORIGINS names origins.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { layerTypeNames } from '../../src/render/layers/index.ts';
import { WARNING_CODES } from '../../src/render/types.ts';
import { testDbKinds } from '../helpers/databases.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const ERROR_STATUSES = [
  '400',
  '401',
  '402',
  '403',
  '404',
  '409',
  '413',
  '415',
  '422',
  '429',
  '501',
  '503',
];
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** Every operation of the document as [key, operation]. */
function operations(doc: Json): Array<[string, Json]> {
  const out: Array<[string, Json]> = [];
  for (const [path, item] of Object.entries<Json>(doc.paths)) {
    for (const m of METHODS) if (item[m]) out.push([`${m.toUpperCase()} ${path}`, item[m]]);
  }
  return out;
}

/** An ajv that resolves the document's #/components/schemas references. */
function schemaChecker(doc: Json) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema({ $id: 'openapi.json', components: doc.components }, 'openapi.json');
  return (schema: Json, value: unknown): string | null => {
    const text = JSON.stringify(schema).replaceAll('"#/components/', '"openapi.json#/components/');
    const validate = ajv.compile(JSON.parse(text));
    return validate(value) ? null : ajv.errorsText(validate.errors);
  };
}

for (const { kind, skip } of testDbKinds()) {
  describe(`OpenAPI document on ${kind}`, { skip }, () => {
    let t: TestApp;
    let doc: Json;
    let check: ReturnType<typeof schemaChecker>;
    before(async () => {
      t = await createTestApp(kind);
      const res = await t.request({ method: 'GET', url: '/api/openapi.json', token: null });
      assert.equal(res.statusCode, 200);
      doc = res.json();
      check = schemaChecker(doc);
    });
    after(async () => t?.close());

    it('is a valid OpenAPI 3.1 document', async () => {
      assert.equal(doc.openapi, '3.1.0');
      const result = await new Validator().validate(doc);
      assert.equal(result.valid, true, JSON.stringify(result.errors, null, 2));
    });

    it('documents every public route', () => {
      const keys = operations(doc).map(([k]) => k);
      for (const key of [
        'GET /health',
        'GET /ready',
        'GET /files/{path}',
        'GET /u/{template_uuid}',
        'GET /api/n8n/auth',
        'POST /api/rest/images',
        'GET /api/rest/images',
        'GET /api/rest/pdfs',
        'POST /api/rest/pdfs/merge',
        'PUT /api/rest/templates/{template_uuid}/design',
        'POST /api/rest/media',
        'GET /api/rest/usage',
        'POST /api/rest/videos',
        'GET /api/rest/images/{id}/webhook-deliveries',
        'POST /api/editor/session',
        'GET /api/rest/starter-templates',
        'POST /api/rest/starter-templates/{id}/copy',
        'GET /api/starter-templates/{id}/thumbnail.png',
      ]) {
        assert.ok(keys.includes(key), key);
      }
      assert.deepEqual(Object.keys(doc.webhooks).sort(), [
        'image.error',
        'image.finished',
        'pdf.error',
        'pdf.finished',
      ]);
    });

    it('gives every operation its error responses with their body schemas', () => {
      for (const [key, op] of operations(doc)) {
        for (const status of ERROR_STATUSES) {
          const res = op.responses[status];
          assert.ok(res, `${key} ${status}`);
          const schema = res.content['application/json'].schema;
          const name = status === '422' ? 'ValidationError' : 'Error';
          assert.deepEqual(schema, { $ref: `#/components/schemas/${name}` }, `${key} ${status}`);
          assert.equal(check(schema, res.content['application/json'].example), null, key);
        }
        assert.equal(op.responses['401'].headers['WWW-Authenticate'].schema.const, 'Bearer');
      }
    });

    it('gives every operation an example, and request examples match their schemas', () => {
      for (const [key, op] of operations(doc)) {
        for (const [type, media] of Object.entries<Json>(op.requestBody?.content ?? {})) {
          assert.ok(media.example !== undefined, `${key} ${type} request example`);
          if (type === 'application/json') {
            assert.equal(check(media.schema, media.example), null, `${key} request example`);
          }
        }
        const success = Object.keys(op.responses)
          .filter((s) => /^2\d\d$/.test(s))
          .sort()[0];
        const json = success ? op.responses[success].content?.['application/json'] : undefined;
        if (json) {
          assert.ok(json.example !== undefined, `${key} response example`);
          assert.equal(check(json.schema, json.example), null, `${key} response example`);
        }
        const examples = [
          ...Object.values<Json>(op.requestBody?.content ?? {}).map((m) => m.example),
          json?.example,
        ].filter((e) => e !== undefined);
        assert.ok(examples.length > 0 || success === '204' || !json, `${key} has an example`);
      }
    });

    it('types each layer type from the registry: a oneOf with type as discriminator for designs', () => {
      const put = doc.paths['/api/rest/templates/{template_uuid}/design'].put;
      const layers = put.requestBody.content['application/json'].schema.properties.layers;
      assert.deepEqual(layers.items, { $ref: '#/components/schemas/Layer' });
      const layer = doc.components.schemas.Layer;
      assert.equal(layer.discriminator.propertyName, 'type');
      assert.equal(layer.oneOf.length, layerTypeNames().length);
      for (const type of layerTypeNames()) assert.ok(layer.discriminator.mapping[type], type);
      assert.equal(layer.discriminator.mapping.rectangle, '#/components/schemas/ShapeLayer');
      const text = doc.components.schemas.TextLayer;
      const size = text.properties.font_size;
      assert.equal(size.anyOf[0].maximum, 2000);
      const designLayer = (extra: Json) => ({
        name: 'l',
        x: 0,
        y: 0,
        width: 10,
        height: 10,
        ...extra,
      });
      assert.equal(check(layer, designLayer({ type: 'text', font_size: 48 })), null);
      assert.equal(check(layer, designLayer({ type: 'rectangle' })), null);
      assert.notEqual(check(layer, designLayer({ type: 'text', font_size: 5000 })), null);
      assert.notEqual(check(layer, designLayer({ type: 'rating', max: 7 })), null);
      assert.notEqual(check(layer, designLayer({ type: 'video' })), null);
    });

    it("types the preview's warning details (WarningDetail) with the renderer's codes", () => {
      const detail = doc.components.schemas.WarningDetail;
      assert.deepEqual(detail.properties.code.enum, [...WARNING_CODES]);
      assert.equal(check(detail, { code: 'text_overflow', path: 'layers.t', message: 'm' }), null);
      assert.notEqual(check(detail, { code: 'no_such_code', path: '', message: 'm' }), null);
      const preview = doc.paths['/api/rest/templates/{template_uuid}/preview'].post;
      const header = preview.responses['200'].headers['imprint-warning-details'];
      assert.match(header.description, /WarningDetail/);
    });

    it('types request layers per property, numbers and booleans also as strings', () => {
      const post = doc.paths['/api/rest/images'].post;
      const body = post.requestBody.content['application/json'].schema;
      assert.deepEqual(body.properties.layers, { $ref: '#/components/schemas/LayerValues' });
      const values = doc.components.schemas.LayerValues;
      assert.equal(check(values, { t: { font_size: '48', auto_fit: 'true', hide: false } }), null);
      assert.equal(check(values, { t: { width: '50%', position_x: '+10px' } }), null);
      assert.notEqual(check(values, { t: { rotation: 'ninety' } }), null);
      assert.notEqual(check(values, { t: { opacity: 101 } }), null);
      assert.notEqual(check(values, { t: { hide: 'maybe' } }), null);
    });

    it('validates real responses against the response schemas', async () => {
      const created = await t.request({
        method: 'POST',
        url: '/api/rest/templates',
        payload: { title: 'Doc check', width: 200, height: 100 },
      });
      assert.ok(created.statusCode < 300, created.body);
      const tplOp = doc.paths['/api/rest/templates'].post;
      const tplSchema =
        tplOp.responses[String(created.statusCode)].content['application/json'].schema;
      assert.equal(check(tplSchema, created.json()), null);
      const uuid = created.json().uuid;
      const design = {
        width: 200,
        height: 100,
        layers: [
          { name: 'title', type: 'text', x: 0, y: 0, width: 200, height: 50, text: 'Hi' },
          { name: 'box', type: 'rectangle', x: 0, y: 50, width: 200, height: 50 },
        ],
      };
      const putOp = doc.paths['/api/rest/templates/{template_uuid}/design'].put;
      assert.equal(check(putOp.requestBody.content['application/json'].schema, design), null);
      const put = await t.request({
        method: 'PUT',
        url: `/api/rest/templates/${uuid}/design`,
        payload: design,
      });
      assert.equal(put.statusCode, 200, put.body);
      assert.equal(
        check(putOp.responses['200'].content['application/json'].schema, put.json()),
        null,
      );

      const errorCases: Array<
        [number, Promise<{ statusCode: number; json(): unknown; headers: Json }>]
      > = [
        [401, t.request({ method: 'GET', url: '/api/rest/templates', token: 'nope' })],
        [404, t.request({ method: 'GET', url: '/api/rest/templates/missing' })],
        [422, t.request({ method: 'POST', url: '/api/rest/images', payload: {} })],
        [422, t.request({ method: 'POST', url: '/api/rest/videos', payload: {} })],
      ];
      for (const [status, pending] of errorCases) {
        const res = await pending;
        assert.equal(res.statusCode, status);
        const schema =
          doc.paths['/api/rest/images'].post.responses[String(status)].content['application/json']
            .schema;
        assert.equal(check(schema, res.json()), null, `${status}`);
      }
      for (const url of ['/health', '/ready']) {
        const res = await t.request({ method: 'GET', url, token: null });
        const schema = doc.paths[url].get.responses['200'].content['application/json'].schema;
        assert.equal(check(schema, res.json()), null, url);
      }
      const usage = await t.request({ method: 'GET', url: '/api/rest/usage' });
      const usageSchema =
        doc.paths['/api/rest/usage'].get.responses['200'].content['application/json'].schema;
      assert.equal(check(usageSchema, usage.json()), null);
    });

    it('answers a bad or missing token with 401 and WWW-Authenticate: Bearer', async () => {
      for (const token of [null, 'not-a-token']) {
        const res = await t.request({ method: 'GET', url: '/api/rest/templates', token });
        assert.equal(res.statusCode, 401);
        assert.deepEqual(res.json(), { message: 'Unauthenticated.' });
        assert.equal(res.headers['www-authenticate'], 'Bearer');
      }
    });

    it('names the address the document was fetched at as its server', async () => {
      for (const [headers, expected] of [
        [{ host: 'imprint.internal:8080' }, 'http://imprint.internal:8080'],
        // X-Forwarded-* is believed only with IMPRINT_TRUST_PROXY (off here; see
        // test/ops/job-log-and-proxy.test.ts), so a client cannot point Try it out elsewhere.
        [{ host: '10.0.0.5:3000', 'x-forwarded-proto': 'https' }, 'http://10.0.0.5:3000'],
        [
          {
            host: '127.0.0.1:3000',
            'x-forwarded-proto': 'https',
            'x-forwarded-host': 'api.example.com',
          },
          'http://127.0.0.1:3000',
        ],
      ] as const) {
        const res = await t.request({
          method: 'GET',
          url: '/api/openapi.json',
          token: null,
          headers,
        });
        assert.equal(res.json().servers[0].url, expected);
        const ui = await t.request({ method: 'GET', url: '/docs/json', token: null, headers });
        assert.equal(ui.json().servers[0].url, expected);
      }
      // The configured public URL is offered as well.
      const res = await t.request({ method: 'GET', url: '/api/openapi.json', token: null });
      assert.ok(res.json().servers.some((s: Json) => s.url === 'http://imprint.test'));
    });

    it('sends no CORS headers when IMPRINT_CORS_ORIGINS is not set', async () => {
      const res = await t.app.inject({
        method: 'OPTIONS',
        url: '/api/rest/templates',
        headers: {
          origin: 'https://app.example.com',
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'authorization',
        },
      });
      assert.equal(res.headers['access-control-allow-origin'], undefined);
    });
  });
}

describe('OpenAPI servers behind a trusted proxy (IMPRINT_TRUST_PROXY=1)', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp('sqlite', { IMPRINT_TRUST_PROXY: '1' });
  });
  after(async () => t?.close());

  it("names the proxy's public address as the server", async () => {
    const headers = {
      host: '127.0.0.1:3000',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'api.example.com',
    };
    const res = await t.request({ method: 'GET', url: '/api/openapi.json', token: null, headers });
    assert.equal(res.json().servers[0].url, 'https://api.example.com');
  });
});

describe('CORS with IMPRINT_CORS_ORIGINS', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp('sqlite', {
      IMPRINT_CORS_ORIGINS: 'https://app.example.com, http://localhost:5173',
    });
  });
  after(async () => t?.close());

  const preflight = (origin: string) =>
    t.app.inject({
      method: 'OPTIONS',
      url: '/api/rest/images',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });

  it('allows a preflight from a named origin', async () => {
    const res = await preflight('https://app.example.com');
    assert.equal(res.statusCode, 204);
    assert.equal(res.headers['access-control-allow-origin'], 'https://app.example.com');
    assert.match(String(res.headers['access-control-allow-methods']), /POST/);
    assert.match(String(res.headers['access-control-allow-headers']), /Authorization/i);
  });

  it('refuses a preflight from any other origin', async () => {
    const res = await preflight('https://evil.example.net');
    assert.equal(res.headers['access-control-allow-origin'], undefined);
  });

  it('marks real answers for the named origin only', async () => {
    const ok = await t.request({
      method: 'GET',
      url: '/api/rest/templates',
      headers: { origin: 'http://localhost:5173' },
    });
    assert.equal(ok.statusCode, 200);
    assert.equal(ok.headers['access-control-allow-origin'], 'http://localhost:5173');
    const other = await t.request({
      method: 'GET',
      url: '/api/rest/templates',
      headers: { origin: 'https://evil.example.net' },
    });
    assert.equal(other.headers['access-control-allow-origin'], undefined);
  });
});
