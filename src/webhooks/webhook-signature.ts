/**
 * Webhook signatures. The Imprint-Signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`.
 * Signing the timestamp with the body lets receivers reject replays of old deliveries. Every
 * delivery also carries the Standard Webhooks headers, signed with the same secret, so receivers
 * can use the maintained verifier libraries of many languages.
 */
import {
  createHmac,
  createSecretKey,
  randomBytes,
  timingSafeEqual,
  type KeyObject,
} from 'node:crypto';
import { LRUCache } from 'lru-cache';

/**
 * HMAC keys by secret. Both schemes key their HMAC with the secret's UTF-8 bytes; building the
 * key object from a string took more CPU than the two HMACs of a delivery, and a project's secret
 * changes rarely. One key per project sending webhooks, the least recently used dropped first.
 */
const keys = new LRUCache<string, KeyObject>({ max: 1000 });

function keyOf(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    keys.set(secret, key);
  }
  return key;
}

/** Hex HMAC-SHA256 of "<t>.<body>" with the project's secret. */
export function signatureOf(secret: string, t: number, body: string): string {
  return createHmac('sha256', keyOf(secret)).update(`${t}.${body}`).digest('hex');
}

/** The Imprint-Signature header value for a body sent at unix time `t`. */
export function signatureHeader(secret: string, t: number, body: string): string {
  return `t=${t},v1=${signatureOf(secret, t, body)}`;
}

/**
 * What a receiver does: true when the header's v1 matches the body and its timestamp is within
 * `toleranceSec` of `nowSec`. (Exported for tests and for receivers written in TypeScript.)
 */
export function verifySignature(
  header: string,
  body: string,
  secret: string,
  toleranceSec = 300,
  nowSec = Math.floor(Date.now() / 1000),
): boolean {
  const parts = Object.fromEntries(
    header.split(',').map((kv) => {
      const i = kv.indexOf('=');
      return [kv.slice(0, i).trim(), kv.slice(i + 1).trim()];
    }),
  );
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(nowSec - t) > toleranceSec) return false;
  const expected = Buffer.from(signatureOf(secret, t, body), 'hex');
  const given = Buffer.from(String(parts.v1 ?? ''), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The Standard Webhooks (standardwebhooks.com) key of a project secret, as their libraries take
 * it: "whsec_" + base64 of the key bytes. The key bytes are the secret's own UTF-8 bytes, the
 * same key Imprint-Signature uses, so one secret serves both schemes.
 */
export function standardWebhooksKey(secret: string): string {
  return `whsec_${Buffer.from(secret, 'utf8').toString('base64')}`;
}

/**
 * The Standard Webhooks headers of a delivery: `webhook-id`, `webhook-timestamp` and
 * `webhook-signature: v1,<base64 HMAC-SHA256(key, "<id>.<t>.<body>")>`, the key being the
 * secret's UTF-8 bytes (standardWebhooksKey).
 */
export function standardWebhookHeaders(
  secret: string,
  id: string,
  t: number,
  body: string,
): { 'webhook-id': string; 'webhook-timestamp': string; 'webhook-signature': string } {
  const mac = createHmac('sha256', keyOf(secret)).update(`${id}.${t}.${body}`).digest('base64');
  return { 'webhook-id': id, 'webhook-timestamp': String(t), 'webhook-signature': `v1,${mac}` };
}

/** A new signing secret: "whsec_" + 256 random bits. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}
