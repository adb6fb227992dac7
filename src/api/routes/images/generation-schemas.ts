/**
 * Schemas of the image and PDF routes: they drive Fastify's validation (types, enums, counts)
 * and the OpenAPI document. The bodies are TypeBox shapes from core/request-shapes/images-pdfs.ts
 * (the types the generation service reads); responses stay plain JSON Schema. Rules that need
 * the engine or the database (cmyk with png, layer values, templates, passthrough length) are
 * checked by the generation service.
 */
import { Type } from '@sinclair/typebox';
import {
  CreateImageBody,
  CreateImageByPathBody,
  CreatePdfBody,
  MergePdfBody,
} from '../../../core/request-shapes/images-pdfs.ts';
import { idempotencyHeaders } from './idempotency-header.ts';
import { listSchema } from './list-route.ts';

// Only present, and true, once IMPRINT_FILE_RETENTION_DAYS deleted the file (docs/storage.md).
export const fileExpired = {
  type: 'boolean',
  description:
    'Present (true) when the file was deleted after the retention period; the URL is then null.',
};

/** `warnings` of the image and PDF objects. */
export const warnings = {
  type: 'array',
  items: { type: 'string' },
  description:
    'What the request asked for that was ignored or could not be done, as `<path>: <message>`: body fields the call does not know (e.g. `webhook_sucess`, with a "did you mean"), layer names the template does not have, properties the layer type does not know, values sent for static layers, fonts that fell back, text that does not fit its box. They never fail the request; empty when there is nothing to say. Request warnings are known at creation; the render adds its own when the file is finished.',
};

/** The properties every generated object ends with: images, PDFs and videos. */
export const RESULT_PROPERTIES = {
  passthrough: {},
  errors: { type: 'array', items: { type: 'string' } },
  warnings,
  error: {
    type: ['string', 'null'],
    description: 'The errors joined; null unless status is error.',
  },
  created_at: { type: 'string' },
  file_expired: fileExpired,
};

/** The image object (spec 2.4 + template_uuid, passthrough, errors, error, created_at, file_expired). */
export const imageObjectSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    status: { type: 'string', enum: ['queued', 'finished', 'error'] },
    image_url: { type: ['string', 'null'] },
    polling_url: { type: 'string' },
    template_uuid: { type: 'string' },
    template_version: {
      type: ['integer', 'null'],
      description:
        'The template version rendered (docs/template-versions.md); null for images made before versions.',
    },
    ...RESULT_PROPERTIES,
  },
};

/** The PDF object (spec 2.5 + passthrough, errors, error, created_at, file_expired). */
export const pdfObjectSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    status: { type: 'string', enum: ['queued', 'finished', 'error'] },
    pdf_url: { type: ['string', 'null'] },
    polling_url: { type: 'string' },
    template_versions: {
      type: 'array',
      items: { type: ['integer', 'null'] },
      description:
        'The template version of each page, in page order (docs/template-versions.md); null for pages made before versions, empty for merged PDFs.',
    },
    ...RESULT_PROPERTIES,
  },
};

export const idParams = Type.Object({ id: Type.String() });

/** POST /images. */
export const createImageSchema = {
  tags: ['Images'],
  summary: 'Create an image',
  headers: idempotencyHeaders,
  body: CreateImageBody,
  response: { 200: imageObjectSchema },
};

/**
 * POST /{template_uuid}: Placid's alias of POST /images (its v2 docs still list it), the template
 * named by the path; the body is POST /images' without `template_uuid` (if sent, it must match).
 */
export const createImageByPathSchema = {
  tags: ['Images'],
  summary: 'Create an image (Placid alias: the template in the path)',
  headers: idempotencyHeaders,
  params: Type.Object({ template_uuid: Type.String({ minLength: 1 }) }),
  body: CreateImageByPathBody,
  response: createImageSchema.response,
};

/** POST /pdfs. */
export const createPdfSchema = {
  tags: ['PDFs'],
  summary: 'Create a PDF from templates (one page per template, in order)',
  headers: idempotencyHeaders,
  body: CreatePdfBody,
  response: { 200: pdfObjectSchema },
};

/** POST /pdfs/merge. */
export const mergePdfsSchema = {
  tags: ['PDFs'],
  summary: 'Merge existing PDFs from 2–10 URLs, in order',
  headers: idempotencyHeaders,
  body: MergePdfBody,
  response: { 200: pdfObjectSchema },
};

/** GET /images. */
export const listImagesSchema = listSchema({
  tag: 'Images',
  plural: 'images',
  item: imageObjectSchema,
});

/** GET /pdfs. */
export const listPdfsSchema = listSchema({ tag: 'PDFs', plural: 'PDFs', item: pdfObjectSchema });

/** GET /images/{id}. */
export const getImageSchema = {
  tags: ['Images'],
  summary: 'Retrieve an image',
  params: idParams,
  response: { 200: imageObjectSchema },
};

/** The answer of a DELETE: no body. */
export const deletedResponse = {
  description: 'Deleted: no content. Unknown or already deleted ids answer 404.',
  type: 'null',
};

/** DELETE /images/{id}. */
export const deleteImageSchema = {
  tags: ['Images'],
  summary: 'Delete an image and its file',
  params: idParams,
  response: { 204: deletedResponse },
};

/** GET /pdfs/{id}. */
export const getPdfSchema = {
  tags: ['PDFs'],
  summary: 'Retrieve a PDF',
  params: idParams,
  response: { 200: pdfObjectSchema },
};

/** DELETE /pdfs/{id}. */
export const deletePdfSchema = {
  tags: ['PDFs'],
  summary: 'Delete a PDF and its file',
  params: idParams,
  response: { 204: deletedResponse },
};
