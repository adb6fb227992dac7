/**
 * GET and HEAD /files/<key>: serves stored files publicly, without a token, like a bucket URL
 * would. The key holds 128 random bits, so only someone given the URL can fetch the file. Keys
 * are validated before they reach the storage (no "..", no odd characters), so the route cannot
 * leave its root. The bytes are streamed from the storage (local disk or the bucket), one range
 * at a time when asked, so any API process serves any file without holding it in memory. With
 * IMPRINT_S3_PRESIGN the route redirects to a presigned URL instead, and the client downloads
 * straight from the bucket; the URLs in the stored rows stay the same either way.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import parseRange from 'range-parser';
import type { Config } from '../../../config.ts';
import { notFound } from '../../../core/errors.ts';
import type { Services } from '../../../core/services.ts';
import { blobKeyProblem } from '../../../storage/blob-key.ts';
import type { BlobInfo, ByteRange } from '../../../core/ports/blob-storage.ts';

type FileRequest = FastifyRequest<{ Params: { '*': string } }>;

/** Registers GET and HEAD /files/* on the app root, outside the authenticated /api/rest scope. */
export async function fileRoutes(
  app: FastifyInstance,
  ctx: { services: Services; config?: Pick<Config, 's3PresignSeconds'> },
): Promise<void> {
  const { storage } = ctx.services;
  const presignSeconds = ctx.config?.s3PresignSeconds ?? null;
  app.route({
    method: ['GET', 'HEAD'],
    url: '/files/*',
    schema: { hide: true },
    handler: async (request: FileRequest, reply) => {
      const key = request.params['*'];
      if (blobKeyProblem(key)) throw notFound('File');
      // Key segments only contain [A-Za-z0-9._-], so the name needs no further quoting.
      const filename = key.slice(key.lastIndexOf('/') + 1);
      if (presignSeconds !== null && storage.presignedUrl) {
        if (!(await storage.head(key))) throw notFound('File');
        const url = await storage.presignedUrl(key, presignSeconds, filename);
        // Never cached longer than the signature lives.
        return reply
          .header('cache-control', `private, max-age=${Math.max(0, presignSeconds - 60)}`)
          .redirect(url, 302);
      }
      // A plain GET (no Range, no If-None-Match) needs no facts before the bytes: one open()
      // gives both, where head() first would read the file's header (or ask the bucket) twice.
      const plain =
        request.method === 'GET' &&
        request.headers.range === undefined &&
        request.headers['if-none-match'] === undefined;
      const opened = plain ? await storage.open(key) : null;
      const info = plain ? opened : await storage.head(key);
      if (!info) throw notFound('File');
      const range = requestedRange(request, info);
      if (range === 'unsatisfiable') {
        return reply
          .status(416)
          .header('content-range', `bytes */${info.size}`)
          .send({
            message: `The requested range is not satisfiable: the file has ${info.size} bytes.`,
            errors: { range: [`must start below ${info.size}`] },
          });
      }
      setCommonHeaders(reply, info, filename);
      if (request.headers['if-none-match'] === info.etag) return reply.status(304).send();
      const length = range ? range.end - range.start + 1 : info.size;
      reply.header('content-length', length);
      if (range) {
        reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${info.size}`);
      }
      if (request.method === 'HEAD') return reply.send();
      // A small local file was read whole while opening: sent as one Buffer, without a stream.
      if (opened) return reply.send(opened.bytes ?? opened.body);
      const ranged = await storage.open(key, range ?? undefined);
      // Deleted between head() and open().
      if (!ranged) throw notFound('File');
      return reply.send(ranged.body);
    },
  });
}

function setCommonHeaders(reply: FastifyReply, info: BlobInfo, filename: string): void {
  reply
    .header('content-type', info.contentType)
    .header('content-disposition', `inline; filename="${filename}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'public, max-age=3600')
    .header('accept-ranges', 'bytes')
    .header('etag', info.etag)
    .header('last-modified', info.lastModified.toUTCString());
  // An uploaded SVG is served from Imprint's own origin: no script in it may run there.
  if (info.contentType === 'image/svg+xml') {
    reply.header(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );
  }
}

/**
 * The one byte range a request asks for, null for the whole file (no Range header, a malformed
 * one, several ranges, or an If-Range that no longer matches), or 'unsatisfiable'.
 */
function requestedRange(request: FileRequest, info: BlobInfo): ByteRange | null | 'unsatisfiable' {
  const header = request.headers.range;
  if (!header || info.size === 0) return null;
  const ifRange = request.headers['if-range'];
  if (ifRange && ifRange !== info.etag && ifRange !== info.lastModified.toUTCString()) return null;
  const parsed = parseRange(info.size, header, { combine: true });
  if (parsed === -1) return 'unsatisfiable';
  if (parsed === -2 || parsed.type !== 'bytes' || parsed.length !== 1) return null;
  return { start: parsed[0]!.start, end: parsed[0]!.end };
}
