/**
 * POST /api/rest/media: multipart upload of one to five files, each form field one file (any field
 * name). Answers Placid's `{"media": [{"file_key": "<field>", "file_id": "<URL>"}]}`; the URL is
 * unguessable, served by Imprint at /files/media/…, and usable as a picture layer's `image`.
 * In its own scope so its multipart parser (with the media size limit) applies to it only.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { Config } from '../../../config.ts';
import { AppError, fieldError } from '../../../core/errors.ts';
import { MEDIA_FILES_PER_UPLOAD, type MediaUpload } from '../../../core/media.ts';
import type { Services } from '../../../core/services.ts';
import { callerOf } from '../../auth.ts';

const uploadMediaSchema = {
  tags: ['Media'],
  summary: 'Upload files (JPEG, PNG, WebP, GIF, SVG) to use by URL in layers',
  consumes: ['multipart/form-data'],
  response: {
    200: {
      type: 'object',
      properties: {
        media: {
          type: 'array',
          items: {
            type: 'object',
            properties: { file_key: { type: 'string' }, file_id: { type: 'string' } },
          },
        },
      },
    },
  },
};

/** The file parts of the upload; limit errors become 4xx naming the field. */
async function readFiles(request: FastifyRequest, maxBytes: number): Promise<MediaUpload[]> {
  const files: MediaUpload[] = [];
  let field = 'file';
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      field = part.fieldname;
      // The parser's own files limit is one higher, so the field past the last allowed one is
      // known here and named in the answer.
      if (files.length === MEDIA_FILES_PER_UPLOAD) {
        throw fieldError(field, `at most ${MEDIA_FILES_PER_UPLOAD} files may be uploaded at once`);
      }
      files.push({ field, filename: part.filename ?? '', bytes: await part.toBuffer() });
    }
  } catch (err) {
    const code = (err as { code?: unknown } | null)?.code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      const message = `must not be larger than ${maxBytes} bytes`;
      throw new AppError('payload_too_large', `${field} ${message}`, {
        fields: { [field]: [message] },
      });
    }
    if (code === 'FST_FILES_LIMIT') {
      throw fieldError(field, `at most ${MEDIA_FILES_PER_UPLOAD} files may be uploaded at once`);
    }
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError('validation', 'Too many form fields: send only the files.');
    }
    if (err instanceof Error && !(err instanceof AppError) && !code) {
      throw new AppError('bad_request', `Malformed multipart body: ${err.message}`);
    }
    throw err;
  }
  return files;
}

/** Registers POST /media inside the /api/rest scope. */
export async function mediaRoutes(
  rest: FastifyInstance,
  ctx: { services: Services; config: Config },
): Promise<void> {
  const maxBytes = ctx.config.mediaMaxBytes;
  await rest.register(async (scope) => {
    // Files are the point here, so the creation bodies' form parser (which refuses them) yields.
    scope.removeContentTypeParser('multipart/form-data');
    await scope.register(multipart, {
      limits: {
        fileSize: maxBytes,
        files: MEDIA_FILES_PER_UPLOAD + 1,
        fields: 20,
        parts: 30,
        fieldSize: 64 * 1024,
      },
    });
    scope.post('/media', { schema: uploadMediaSchema }, async (request) => {
      if (!request.isMultipart()) {
        throw new AppError(
          'unsupported_media_type',
          'Send the files as multipart/form-data, one file per form field.',
        );
      }
      const files = await readFiles(request, maxBytes);
      return { media: await ctx.services.media.upload(callerOf(request).project.id, files) };
    });
  });
}
