/**
 * The Imprint-Signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`.
 * Signing the timestamp with the body lets receivers reject replays of old deliveries.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Hex HMAC-SHA256 of "<t>.<body>" with the project's secret. */
export function signatureOf(secret: string, t: number, body: string): string {
  return createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
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

/** A new signing secret: "whsec_" + 256 random bits. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}
