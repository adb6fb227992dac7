/**
 * Per-route body limits. IMPRINT_BODY_LIMIT (5 MiB) is what a creation with a large table or a
 * design PUT may need; routes that only carry a few short fields (titles, tags, template ids, a
 * sign-in code) take much less, so a large body sent to them is refused as it arrives, before
 * anything parses it.
 */
import type { Config } from '../config.ts';

/** Bodies of routes with only short fields: 64 KiB (a collection's 500 template uuids are 19 KB). */
export const SMALL_BODY_LIMIT = 64 * 1024;

/** The route option of a route with only short fields (never above IMPRINT_BODY_LIMIT). */
export function smallBody(config: Pick<Config, 'bodyLimit'>): { bodyLimit: number } {
  return { bodyLimit: Math.min(SMALL_BODY_LIMIT, config.bodyLimit) };
}
