/**
 * /api/rest/videos: Placid renders videos, Imprint does not yet. The routes exist so a video
 * request gets a plain "not supported yet" (501) instead of falling into the
 * POST /api/rest/{template_uuid} alias as a template named "videos".
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../core/errors.ts';
import type { Config } from '../../../config.ts';
import { smallBody } from '../../body-limits.ts';
import { idempotencyHeaders } from '../images/idempotency-header.ts';

const MESSAGE =
  'Videos are not supported yet: Imprint renders images (POST /api/rest/images) and PDFs (POST /api/rest/pdfs).';

const notSupported = {
  tags: ['Videos'],
  summary: 'Not supported yet: answers 501',
  response: { 501: { type: 'object', properties: { message: { type: 'string' } } } },
};

/** Registers the /videos routes inside the /api/rest scope; each answers 501. */
export async function videoRoutes(
  rest: FastifyInstance,
  config: Pick<Config, 'bodyLimit'>,
): Promise<void> {
  const answer = async (): Promise<never> => {
    throw new AppError('not_implemented', MESSAGE);
  };
  // The creation calls' Idempotency-Key is documented here too; the 501 comes first, so a key
  // is never stored for a video.
  rest.post(
    '/videos',
    { schema: { ...notSupported, headers: idempotencyHeaders }, ...smallBody(config) },
    answer,
  );
  // The list too: GET /images and /pdfs list what was made; /videos will reuse their route
  // (images/list-route.ts) once videos exist.
  rest.get('/videos', { schema: notSupported }, answer);
  rest.get('/videos/:id', { schema: notSupported }, answer);
  rest.delete('/videos/:id', { schema: notSupported }, answer);
}
