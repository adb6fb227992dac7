/**
 * GET /u/{template_uuid}: Placid's URL API. The query string carries the layer data
 * (`title[text]=Hello`) and modifications (`width=600`), signed with `s`; the answer is the image
 * itself, rendered on the first request and served from storage afterwards. No token: the
 * signature (or the project's permission for unsigned URLs) stands in for it.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../../core/services.ts';

/**
 * How long browsers and CDNs may reuse an answer without asking again. A design change gives the
 * same URL a new image, so this stays short; asking again costs a 304 (ETag), not a render.
 */
export const URL_IMAGE_CACHE_CONTROL = 'public, max-age=3600';

/** Registers GET (and HEAD) /u/:template_uuid on the app root, outside /api/rest. */
export async function urlImageRoutes(
  app: FastifyInstance,
  ctx: { services: Services },
): Promise<void> {
  const { urlImages } = ctx.services;
  app.get<{ Params: { template_uuid: string } }>(
    '/u/:template_uuid',
    {
      schema: {
        summary: 'Render an image from a (signed) URL',
        description:
          'Placid’s URL API: layer values as `layer[property]=value`, modifications as `width`, `height`, `image_format`, `dpi`, `filename`, and the signature `s` (hex HMAC-SHA256 of the query string before `&s=`) last. Answers the image; the same template revision and query are rendered once.',
        security: [],
        params: Type.Object({ template_uuid: Type.String() }),
      },
    },
    async (request, reply) => {
      const url = request.raw.url ?? '';
      const at = url.indexOf('?');
      // The signature covers the query exactly as sent, so it is read raw, not re-encoded.
      const rawQuery = at === -1 ? '' : url.slice(at + 1);
      const answer = await urlImages.serve(
        request.params.template_uuid,
        rawQuery,
        request.headers['if-none-match'],
      );
      void reply
        .header('etag', `"${answer.etag}"`)
        .header('cache-control', URL_IMAGE_CACHE_CONTROL);
      if (answer.notModified) return reply.status(304).send();
      // Filenames are sanitised when stored ([A-Za-z0-9._-]), so the header needs no quoting.
      return reply
        .header('content-type', answer.contentType)
        .header('content-length', answer.bytes.length)
        .header('content-disposition', `inline; filename="${answer.filename}"`)
        .header('x-content-type-options', 'nosniff')
        .send(answer.bytes);
    },
  );
}
