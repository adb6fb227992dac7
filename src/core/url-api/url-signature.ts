/**
 * Signatures of URL API links, as Placid documents them: `s` is the hex HMAC-SHA256 of the query
 * string exactly as sent (after `?`, percent-encoding kept as it is) without the trailing
 * `&s=…`, and must be the last parameter. The key is the project's URL-signing secret.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** A query string split into the part that is signed and the signature sent with it. */
export type SplitQuery =
  { ok: true; signed: string; signature: string | null } | { ok: false; message: string };

// The trailing `s` parameter: at the start (the only parameter) or after an `&`.
const TRAILING_S = /(?:^|&)s=([^&]*)$/;
const ANY_S = /(?:^|&)s(?:=|&|$)/;

/** The hex HMAC-SHA256 of `signedQuery` under `secret` (what `s` must be). */
export function signQuery(secret: string, signedQuery: string): string {
  return createHmac('sha256', secret).update(signedQuery, 'utf8').digest('hex');
}

/**
 * Splits a raw query string into what was signed and `s`; `s` anywhere but last is refused,
 * because the signed part would then be ambiguous.
 */
export function splitSignature(rawQuery: string): SplitQuery {
  const trailing = TRAILING_S.exec(rawQuery);
  if (trailing) {
    return { ok: true, signed: rawQuery.slice(0, trailing.index), signature: trailing[1] };
  }
  if (ANY_S.test(rawQuery)) {
    return {
      ok: false,
      message: 'The signature parameter s must be the last parameter of the URL.',
    };
  }
  return { ok: true, signed: rawQuery, signature: null };
}

/** True when `signature` is the signature of `signedQuery` (compared in constant time). */
export function signatureMatches(secret: string, signedQuery: string, signature: string): boolean {
  const expected = Buffer.from(signQuery(secret, signedQuery), 'utf8');
  const given = Buffer.from(signature.toLowerCase(), 'utf8');
  // The length of a hex SHA-256 is public; only equal-length inputs reach the constant-time compare.
  return given.length === expected.length && timingSafeEqual(given, expected);
}
