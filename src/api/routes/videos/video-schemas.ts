/** Schemas of the /videos routes (Placid's video API, docs/videos.md), for validation and OpenAPI. */
import { CreateVideoBody } from '../../../core/request-shapes/images-pdfs.ts';
import { deletedResponse, idParams, RESULT_PROPERTIES } from '../images/generation-schemas.ts';
import { idempotencyHeaders } from '../images/idempotency-header.ts';
import { listSchema } from '../images/list-route.ts';

/** The video object (Placid's, plus template_versions, errors, warnings and created_at). */
export const videoObjectSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    status: { type: 'string', enum: ['queued', 'finished', 'error'] },
    video_url: {
      type: ['string', 'null'],
      description: 'The MP4 (H.264/AAC) once finished.',
    },
    polling_url: { type: 'string' },
    template_versions: {
      type: 'array',
      items: { type: ['integer', 'null'] },
      description: 'The template version of each clip, in clip order (docs/template-versions.md).',
    },
    ...RESULT_PROPERTIES,
  },
};

/** POST /videos. */
export const createVideoSchema = {
  tags: ['Videos'],
  summary: 'Create a video from templates (one clip per template, in order)',
  description:
    'Queues an MP4 made of the clips in order (docs/videos.md). 503 when ffmpeg is not available on the server. Credits: 1 per started second of output, charged when it finishes.',
  headers: idempotencyHeaders,
  body: CreateVideoBody,
  response: { 200: videoObjectSchema },
};

/** GET /videos. */
export const listVideosSchema = listSchema({
  tag: 'Videos',
  plural: 'videos',
  item: videoObjectSchema,
});

/** GET /videos/{id}. */
export const getVideoSchema = {
  tags: ['Videos'],
  summary: 'Retrieve a video',
  params: idParams,
  response: { 200: videoObjectSchema },
};

/** DELETE /videos/{id}. */
export const deleteVideoSchema = {
  tags: ['Videos'],
  summary: 'Delete a video and its file',
  params: idParams,
  response: { 204: deletedResponse },
};
