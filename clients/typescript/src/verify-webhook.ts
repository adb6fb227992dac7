/**
 * verifyWebhook: checks that a webhook delivery came from Imprint and was not altered or replayed.
 *
 * Two header forms are accepted; a delivery passes when one signature it carries is valid:
 * - `imprint-signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`, keyed with
 *   the webhook secret as text (what every Imprint server sends);
 * - Standard Webhooks (https://www.standardwebhooks.com): `webhook-id`, `webhook-timestamp` and
 *   `webhook-signature: v1,<base64 HMAC-SHA256(key, "<id>.<timestamp>.<body>")>` (space-separated
 *   when there are several). The spec's key is the base64 after `whsec_`; Imprint documents its
 *   key as the secret's own bytes. Both keys are tried, so either reading verifies.
 * In both forms the timestamp must be within `toleranceSec` (default 300) of now.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Request headers as a Fetch `Headers`, or a plain object such as node's `req.headers`. */
export type HeaderSource = Headers | Record<string, string | string[] | undefined>;

/** Options of verifyWebhook. */
export interface VerifyWebhookOptions {
  /** Largest accepted age (or clock skew) of a delivery, in seconds (default 300). */
  toleranceSec?: number;
  /** The current unix time in seconds (default: the clock); for tests. */
  nowSec?: number;
}

/** One header value, case-insensitively; the first when repeated. */
function header(headers: HeaderSource, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function')
    return (headers as Headers).get(name) ?? undefined;
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === name) return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}

/** Constant-time comparison of two byte strings of possibly different length. */
function sameBytes(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && a.length > 0 && timingSafeEqual(a, b);
}

function withinTolerance(t: number, options: VerifyWebhookOptions): boolean {
  const now = options.nowSec ?? Math.floor(Date.now() / 1000);
  return Number.isInteger(t) && Math.abs(now - t) <= (options.toleranceSec ?? 300);
}

/** The Imprint-Signature form. */
function imprintSignatureValid(
  value: string,
  body: string,
  secret: string,
  options: VerifyWebhookOptions,
): boolean {
  const parts = new Map<string, string[]>();
  for (const piece of value.split(',')) {
    const i = piece.indexOf('=');
    if (i < 0) continue;
    const key = piece.slice(0, i).trim();
    parts.set(key, [...(parts.get(key) ?? []), piece.slice(i + 1).trim()]);
  }
  const t = Number(parts.get('t')?.[0]);
  if (!withinTolerance(t, options)) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  return (parts.get('v1') ?? []).some((sig) => sameBytes(Buffer.from(sig, 'hex'), expected));
}

/** The keys a Standard Webhooks signature may be made with (see the module comment). */
function standardKeys(secret: string): Buffer[] {
  const keys = [Buffer.from(secret, 'utf8')];
  if (secret.startsWith('whsec_')) {
    const decoded = Buffer.from(secret.slice('whsec_'.length), 'base64');
    if (decoded.length > 0) keys.push(decoded);
  }
  return keys;
}

/** The Standard Webhooks form. */
function standardSignatureValid(
  id: string,
  timestamp: string,
  signatures: string,
  body: string,
  secret: string,
  options: VerifyWebhookOptions,
): boolean {
  if (!/^\d+$/.test(timestamp) || !withinTolerance(Number(timestamp), options)) return false;
  const signed = `${id}.${timestamp}.${body}`;
  const expected = standardKeys(secret).map((key) =>
    createHmac('sha256', key).update(signed).digest(),
  );
  return signatures
    .split(' ')
    .filter((s) => s.startsWith('v1,'))
    .map((s) => Buffer.from(s.slice(3), 'base64'))
    .some((given) => expected.some((e) => sameBytes(given, e)));
}

/**
 * True when the delivery's body (the raw text as received, before any JSON parsing) carries a
 * valid, fresh signature made with the project's webhook secret (`imprint webhook secret`).
 */
export function verifyWebhook(
  headers: HeaderSource,
  body: string | Uint8Array,
  secret: string,
  options: VerifyWebhookOptions = {},
): boolean {
  const text = typeof body === 'string' ? body : Buffer.from(body).toString('utf8');
  const imprint = header(headers, 'imprint-signature');
  if (imprint && imprintSignatureValid(imprint, text, secret, options)) return true;
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  return Boolean(
    id &&
    timestamp &&
    signatures &&
    standardSignatureValid(id, timestamp, signatures, text, secret, options),
  );
}
