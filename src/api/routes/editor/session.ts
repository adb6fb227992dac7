/**
 * POST /api/editor/session: the editor exchanges the code of a sign-in link (made by
 * `imprint editor-link`) for an expiring token of the link's project. Outside /api/rest: the
 * caller has no token yet. Attempts are limited per client address, on top of codes too long to
 * guess, so a script cannot try codes at any useful rate.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../config.ts';
import { EDITOR_LINK_CODE_PATTERN, exchangeEditorLink } from '../../../core/editor-links.ts';
import { AppError } from '../../../core/errors.ts';
import type { Services } from '../../../core/services.ts';
import { RateLimiter } from '../../rate-limit.ts';
import { smallBody } from '../../body-limits.ts';

const sessionSchema = {
  tags: ['Editor'],
  summary: 'Sign in to the editor with a sign-in link',
  description:
    'Exchanges the code of a sign-in link (`npx imprint editor-link --project <id>` prints `<base>/editor#link=<code>`) for a new live token of that project that expires (IMPRINT_EDITOR_SESSION_HOURS, default 12). A code works once and until its link expires; an unknown, used or expired code is a 401. No bearer token is needed. Limited per client address (IMPRINT_EDITOR_SIGNIN_RATE_LIMIT attempts per minute; 429 with Retry-After above).',
  security: [],
  body: Type.Object({
    code: Type.String({
      pattern: EDITOR_LINK_CODE_PATTERN,
      description: 'The code after `#link=` in the sign-in link.',
    }),
  }),
  response: {
    200: {
      type: 'object',
      required: ['token', 'expires_at', 'project'],
      properties: {
        token: {
          type: 'string',
          description: 'A live API token (`imp_live_…`) of the project; send it as Bearer token.',
        },
        expires_at: {
          type: 'string',
          format: 'date-time',
          description: 'When the token stops working (401 from then on).',
        },
        project: {
          type: 'object',
          required: ['id', 'title'],
          properties: { id: { type: 'string' }, title: { type: 'string' } },
        },
      },
    },
  },
};

/** Registers POST /api/editor/session on the app (public: the code is the credential). */
export async function editorSessionRoutes(
  app: FastifyInstance,
  ctx: { services: Services; config: Config },
): Promise<void> {
  const limiter = new RateLimiter(
    ctx.config.editorSignInRateLimitPerMinute,
    ctx.services.rateCounter,
  );
  app.post<{ Body: { code: string } }>(
    '/api/editor/session',
    { schema: sessionSchema, ...smallBody(ctx.config) },
    async (request) => {
      const { allowed, resetAt } = await limiter.hit(`editor-sign-in:${request.ip}`);
      if (!allowed) {
        const retryAfter = Math.max(1, Math.ceil(resetAt - Date.now() / 1000));
        throw new AppError(
          'too_many_requests',
          `Too many sign-in attempts from this address: at most ${limiter.limit} per minute (IMPRINT_EDITOR_SIGNIN_RATE_LIMIT). Try again in ${retryAfter} s.`,
          { headers: { 'retry-after': String(retryAfter) } },
        );
      }
      const session = await exchangeEditorLink(
        ctx.services.projects,
        request.body.code,
        ctx.config.editorSessionHours,
      );
      if (!session) {
        throw new AppError(
          'unauthenticated',
          'This sign-in link is unknown, was used already or has expired. Ask for a new one (npx imprint editor-link --project <id>).',
        );
      }
      return session;
    },
  );
}
