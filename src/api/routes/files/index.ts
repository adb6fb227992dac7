/**
 * GET /files/<key>: serves stored files publicly, without a token, like a bucket URL would. The
 * key holds 128 random bits, so only someone given the URL can fetch the file. Keys are validated
 * before they reach the storage (no "..", no odd characters), so the route cannot leave its root.
 */
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../../core/errors.ts';
import type { Services } from '../../../core/services.ts';
import { blobKeyProblem } from '../../../storage/blob-storage.ts';

/** Registers GET (and HEAD) /files/* on the app root, outside the authenticated /api/rest scope. */
export async function fileRoutes(app: FastifyInstance, ctx: { services: Services }): Promise<void> {
  const { storage } = ctx.services;
  app.get<{ Params: { '*': string } }>(
    '/files/*',
    { schema: { hide: true } },
    async (request, reply) => {
      const key = request.params['*'];
      if (blobKeyProblem(key)) throw notFound('File');
      const blob = await storage.get(key);
      if (!blob) throw notFound('File');
      // Key segments only contain [A-Za-z0-9._-], so the name needs no further quoting.
      const filename = key.slice(key.lastIndexOf('/') + 1);
      return reply
        .header('content-type', blob.contentType)
        .header('content-length', blob.bytes.length)
        .header('content-disposition', `inline; filename="${filename}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=3600')
        .send(blob.bytes);
    },
  );
}
