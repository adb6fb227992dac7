/**
 * Starter templates: the shipped designs are listed with absolute thumbnail URLs, their
 * thumbnails are served without a token, and a copy lands in the token's project with its
 * design. Every starter renders without warnings, and the layers a user fills (titles, names,
 * dates, prices, QR values, pictures) are dynamic while decoration is static.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { readStarterTemplates } from '../../src/core/starter-templates.ts';
import { isDynamic } from '../../src/render/index.ts';
import { testDbKinds } from '../helpers/databases.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** Per starter, the layers a user fills in and that must therefore be dynamic. */
const MUST_BE_DYNAMIC: Record<string, string[]> = {
  'social-card': ['title', 'subtitle', 'category', 'author', 'date'],
  certificate: [
    'recipient_name',
    'description',
    'date',
    'signer_name',
    'signer_title',
    'certificate_id',
  ],
  'event-ticket': [
    'event_name',
    'attendee_name',
    'date',
    'time',
    'venue',
    'seat',
    'qr',
    'ticket_id',
    'ticket_type',
  ],
  'product-card': [
    'photo',
    'badge',
    'brand',
    'product_name',
    'description',
    'price',
    'old_price',
    'rating',
  ],
  'invoice-page': [
    'company_name',
    'invoice_number',
    'issue_date',
    'due_date',
    'client_name',
    'client_address',
    'amount_due',
    'item_1_description',
    'item_1_qty',
    'item_1_price',
    'item_1_amount',
    'item_4_amount',
    'subtotal',
    'tax',
    'total',
  ],
  'quote-post': ['quote', 'author_name', 'author_title', 'handle'],
  'invoice-table': ['items', 'invoice_number', 'client_name', 'amount_due', 'subtotal', 'total'],
};

/** Names that always mean content a user supplies. */
const CONTENT_NAME = /(title|name|date|price|total|amount|value)$/;

describe('the shipped starter templates', () => {
  const starters = readStarterTemplates();

  it('include a social card, certificate, event ticket, product card and invoice page', () => {
    const byId = new Map(starters.map((s) => [s.id, s]));
    for (const id of Object.keys(MUST_BE_DYNAMIC)) assert.ok(byId.has(id), id);
    assert.deepEqual(
      [byId.get('social-card')!.design.width, byId.get('social-card')!.design.height],
      [1200, 630],
    );
    // A4 landscape at 96 px per inch.
    assert.deepEqual(
      [byId.get('certificate')!.design.width, byId.get('certificate')!.design.height],
      [1123, 794],
    );
    assert.ok(byId.get('event-ticket')!.design.layers.some((l) => l.type === 'barcode'));
    for (const s of starters) {
      assert.ok(s.title.trim().length > 0, s.id);
      assert.ok(s.tags.length > 0 && s.tags.length <= 10, s.id);
    }
  });

  it('make the layers a user fills in dynamic, and decoration static', () => {
    for (const s of starters) {
      const layers = new Map(s.design.layers.map((l) => [l.name, l]));
      for (const name of MUST_BE_DYNAMIC[s.id] ?? []) {
        const layer = layers.get(name);
        assert.ok(layer, `${s.id}: no layer ${name}`);
        assert.ok(isDynamic(layer), `${s.id}: ${name} is static`);
      }
      for (const layer of s.design.layers) {
        const content =
          layer.type === 'barcode' ||
          layer.type === 'picture' ||
          layer.type === 'rating' ||
          (layer.type === 'text' && CONTENT_NAME.test(layer.name));
        if (content) assert.ok(isDynamic(layer), `${s.id}: ${layer.name} is static`);
        if (layer.type === 'shape') assert.ok(!isDynamic(layer), `${s.id}: ${layer.name}`);
      }
      assert.ok(
        s.design.layers.some((l) => !isDynamic(l)),
        `${s.id} has no static layer`,
      );
    }
  });

  it('refuses a starter file whose design is invalid, naming the file', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-starters-'));
    try {
      fs.writeFileSync(
        path.join(dir, 'broken.json'),
        JSON.stringify({ title: 'Broken', tags: [], design: { width: 0, height: 10, layers: [] } }),
      );
      assert.throws(() => readStarterTemplates(dir), /broken\.json: the design is invalid/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

for (const { kind, skip } of testDbKinds()) {
  describe(`starter templates API on ${kind}`, { skip }, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(kind);
    });
    after(async () => {
      await t?.runtime.services.previews.idle();
      await t?.close();
    });

    it('lists the starters with absolute thumbnail URLs, for live and test tokens', async () => {
      for (const token of [t.project.token, t.project.testToken]) {
        const res = await t.request({ method: 'GET', url: '/api/rest/starter-templates', token });
        assert.equal(res.statusCode, 200, res.body);
        const { data } = res.json();
        assert.ok(data.length >= 5);
        const card = data.find((s: { id: string }) => s.id === 'social-card');
        assert.deepEqual(card, {
          id: 'social-card',
          title: 'Social card',
          width: 1200,
          height: 630,
          tags: card.tags,
          thumbnail: 'http://imprint.test/api/starter-templates/social-card/thumbnail.png',
        });
        assert.ok(card.tags.length > 0);
      }
      const anonymous = await t.request({
        method: 'GET',
        url: '/api/rest/starter-templates',
        token: null,
      });
      assert.equal(anonymous.statusCode, 401);
    });

    it('serves each thumbnail as a cacheable PNG without a token', async () => {
      const res = await t.request({
        method: 'GET',
        url: '/api/starter-templates/certificate/thumbnail.png',
        token: null,
      });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.headers['content-type'], 'image/png');
      assert.match(String(res.headers['cache-control']), /public, max-age=\d+/);
      const meta = await sharp(res.rawPayload).metadata();
      assert.equal(meta.format, 'png');
      assert.equal(meta.width, 400);
      assert.equal(meta.height, Math.round((400 * 794) / 1123));
      // Not a blank picture: the certificate's ink is there.
      const stats = await sharp(res.rawPayload).stats();
      assert.ok(stats.channels[0].min < 100, JSON.stringify(stats.channels[0]));

      const again = await t.request({
        method: 'GET',
        url: '/api/starter-templates/certificate/thumbnail.png',
        token: null,
      });
      assert.deepEqual(again.rawPayload, res.rawPayload);
      const missing = await t.request({
        method: 'GET',
        url: '/api/starter-templates/nope/thumbnail.png',
        token: null,
      });
      assert.equal(missing.statusCode, 404);
      assert.equal(typeof missing.json().message, 'string');
    });

    it('copies a starter into the token’s project, with its design', async () => {
      const res = await t.request({
        method: 'POST',
        url: '/api/rest/starter-templates/event-ticket/copy',
        payload: { title: '  Summer tour ticket ' },
      });
      assert.equal(res.statusCode, 201, res.body);
      const copy = res.json();
      assert.equal(copy.title, 'Summer tour ticket');
      assert.equal(copy.width, 1400);
      assert.equal(copy.height, 600);
      assert.ok(copy.design.layers.some((l: { name: string }) => l.name === 'qr'));
      const names = copy.layers.map((l: { name: string }) => l.name);
      assert.ok(names.includes('qr') && names.includes('event_name'));
      assert.ok(!names.includes('ticket'), 'static layers are not listed');

      const found = await t.request({ method: 'GET', url: `/api/rest/templates/${copy.uuid}` });
      assert.equal(found.statusCode, 200);
      const elsewhere = await t.request({
        method: 'GET',
        url: `/api/rest/templates/${copy.uuid}`,
        token: t.other.token,
      });
      assert.equal(elsewhere.statusCode, 404);

      // Without a body the starter's title is kept; a test token may copy too.
      const plain = await t.request({
        method: 'POST',
        url: '/api/rest/starter-templates/invoice-page/copy',
        token: t.project.testToken,
      });
      assert.equal(plain.statusCode, 201, plain.body);
      assert.equal(plain.json().title, 'Invoice page');

      await t.runtime.services.previews.idle();
      const listed = await t.request({ method: 'GET', url: `/api/rest/templates/${copy.uuid}` });
      assert.match(String(listed.json().thumbnail), /^http:\/\/imprint\.test\/files\/thumbnails\//);
    });

    it('names bad input: unknown starter 404, empty or wrong title 422', async () => {
      const unknown = await t.request({
        method: 'POST',
        url: '/api/rest/starter-templates/nope/copy',
        payload: {},
      });
      assert.equal(unknown.statusCode, 404);
      assert.match(unknown.json().message, /Starter template not found/);
      for (const title of ['   ', '', 5, 'x'.repeat(256)]) {
        const res = await t.request({
          method: 'POST',
          url: '/api/rest/starter-templates/social-card/copy',
          payload: { title },
        });
        assert.equal(res.statusCode, 422, JSON.stringify(title));
        assert.ok(res.json().errors.title, res.body);
      }
    });

    it('renders every starter without warnings', async () => {
      const list = (await t.request({ method: 'GET', url: '/api/rest/starter-templates' })).json();
      for (const s of list.data) {
        const copy = await t.request({
          method: 'POST',
          url: `/api/rest/starter-templates/${s.id}/copy`,
        });
        assert.equal(copy.statusCode, 201, copy.body);
        const preview = await t.request({
          method: 'POST',
          url: `/api/rest/templates/${copy.json().uuid}/preview`,
          payload: {},
        });
        assert.equal(preview.statusCode, 200, preview.body);
        assert.deepEqual(JSON.parse(String(preview.headers['imprint-warnings'])), [], s.id);
        const meta = await sharp(preview.rawPayload).metadata();
        assert.deepEqual([meta.width, meta.height], [s.width, s.height], s.id);
      }
    });
  });
}
