/**
 * The client's helpers without a server: verifyWebhook in both header forms (fresh, stale,
 * tampered, wrong key), signUrl's signing rule, WebhookWaiter's routing, and the generated types
 * matching the server's OpenAPI document.
 */
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import { describe, it } from 'node:test';
import { CLIENT_TYPES_PATH, generateClientTypes } from '../../../scripts/client-types.ts';
import { signatureHeader } from '../../../src/webhooks/webhook-signature.ts';
import { kindOf, signUrl, verifyWebhook, WebhookWaiter } from '../src/index.ts';

const SECRET = `whsec_${Buffer.from('0123456789abcdef0123456789abcdef').toString('base64')}`;
const BODY = '{"id":7,"status":"finished","image_url":"http://x/7.png"}';
const NOW = 1_800_000_000;

/** Standard Webhooks headers signed with `key`. */
function standardHeaders(key: Buffer | string, t = NOW, body = BODY) {
  const sig = createHmac('sha256', key).update(`msg_1.${t}.${body}`).digest('base64');
  return {
    'webhook-id': 'msg_1',
    'webhook-timestamp': String(t),
    'webhook-signature': `v1,${sig}`,
  };
}

describe('verifyWebhook', () => {
  const at = { nowSec: NOW };

  it("accepts Imprint's own signature header, fresh and untouched", () => {
    const headers = { 'Imprint-Signature': signatureHeader(SECRET, NOW, BODY) };
    assert.equal(verifyWebhook(headers, BODY, SECRET, at), true);
    assert.equal(verifyWebhook(new Headers(headers), Buffer.from(BODY), SECRET, at), true);
    assert.equal(verifyWebhook(headers, BODY.replace('7', '8'), SECRET, at), false);
    assert.equal(verifyWebhook(headers, BODY, 'whsec_other', at), false);
    assert.equal(verifyWebhook(headers, BODY, SECRET, { nowSec: NOW + 301 }), false);
    assert.equal(
      verifyWebhook(headers, BODY, SECRET, { nowSec: NOW + 301, toleranceSec: 600 }),
      true,
    );
  });

  it('accepts Standard Webhooks headers keyed with the raw secret or the whsec_ base64 key', () => {
    const raw = standardHeaders(Buffer.from(SECRET));
    const decoded = standardHeaders(Buffer.from(SECRET.slice(6), 'base64'));
    assert.equal(verifyWebhook(raw, BODY, SECRET, at), true);
    assert.equal(verifyWebhook(decoded, BODY, SECRET, at), true);
    // Several signatures (key rotation): one valid is enough.
    const several = { ...raw, 'webhook-signature': `v1,AAAA ${raw['webhook-signature']}` };
    assert.equal(verifyWebhook(several, BODY, SECRET, at), true);
  });

  it('refuses Standard Webhooks deliveries that are tampered, stale or incomplete', () => {
    const headers = standardHeaders(Buffer.from(SECRET));
    assert.equal(verifyWebhook(headers, `${BODY} `, SECRET, at), false);
    assert.equal(verifyWebhook({ ...headers, 'webhook-id': 'msg_2' }, BODY, SECRET, at), false);
    assert.equal(verifyWebhook(headers, BODY, SECRET, { nowSec: NOW - 400 }), false);
    assert.equal(verifyWebhook({ ...headers, 'webhook-id': undefined }, BODY, SECRET, at), false);
    const v2 = {
      ...headers,
      'webhook-signature': headers['webhook-signature'].replace('v1,', 'v2,'),
    };
    assert.equal(verifyWebhook(v2, BODY, SECRET, at), false);
    assert.equal(verifyWebhook({}, BODY, SECRET, at), false);
  });
});

describe('signUrl', () => {
  it('signs the query string exactly as sent, without &s=', () => {
    const url = signUrl('tpl1', { title: { text: 'Fish & Chips' }, logo: { hide: true } }, 'k', {
      baseUrl: 'https://imprint.example.com/',
      width: 1200,
    });
    const { origin, pathname, search } = new URL(url);
    assert.equal(`${origin}${pathname}`, 'https://imprint.example.com/u/tpl1');
    const query = search.slice(1).replace(/&s=[0-9a-f]+$/, '');
    assert.equal(query, 'title%5Btext%5D=Fish+%26+Chips&logo%5Bhide%5D=true&width=1200');
    const s = new URLSearchParams(search).get('s');
    assert.equal(s, createHmac('sha256', 'k').update(query).digest('hex'));
  });

  it('signs the empty string when there is nothing else, and gives a path without baseUrl', () => {
    const expected = createHmac('sha256', 'k').update('').digest('hex');
    assert.equal(signUrl('tpl1', {}, 'k'), `/u/tpl1?s=${expected}`);
  });
});

describe('WebhookWaiter', () => {
  it('routes deliveries by kind and id, also when they arrive before the wait', async () => {
    const waiter = new WebhookWaiter();
    const image = waiter.wait('image', 7);
    assert.equal(waiter.deliver({ id: 7, pdf_url: null, status: 'finished' }), false);
    assert.equal(waiter.deliver(BODY), true);
    assert.equal(((await image.delivered) as { id: number }).id, 7);
    const pdf = waiter.wait('pdf', 7);
    assert.equal(((await pdf.delivered) as { pdf_url: null }).pdf_url, null);
    assert.equal(waiter.deliver('not json'), false);
  });

  it('tells videos apart from images and PDFs with the same id', async () => {
    const waiter = new WebhookWaiter();
    const video = waiter.wait('video', 7);
    assert.equal(waiter.deliver({ id: 7, pdf_url: null, status: 'finished' }), false);
    assert.equal(waiter.deliver({ id: 7, video_url: 'https://x/v.mp4', status: 'finished' }), true);
    assert.equal(((await video.delivered) as { video_url: string }).video_url, 'https://x/v.mp4');
    assert.equal(kindOf({ polling_url: 'https://x/api/rest/videos/3' }), 'video');
  });
});

describe('generated types', () => {
  it('match the OpenAPI document of the current routes (run npm run client:generate)', async () => {
    const committed = fs.readFileSync(CLIENT_TYPES_PATH, 'utf8');
    assert.ok(
      committed === (await generateClientTypes()),
      `${CLIENT_TYPES_PATH} is out of date: run npm run client:generate`,
    );
  });
});
