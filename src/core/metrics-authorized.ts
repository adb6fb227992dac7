/** Who may read GET /metrics. */
import { timingSafeEqual } from 'node:crypto';

/**
 * Whether a /metrics request may read the figures: always when no IMPRINT_METRICS_TOKEN is set,
 * else only with `Authorization: Bearer <token>` (compared in constant time).
 */
export function metricsAuthorized(
  token: string | null,
  authorization: string | undefined,
): boolean {
  if (token === null) return true;
  const m = /^Bearer\s+(.+)$/i.exec(authorization ?? '');
  if (!m) return false;
  const given = Buffer.from(m[1].trim());
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}
