/**
 * JSON schemas of the image and PDF routes: they drive Fastify's validation (types, enums, counts)
 * and the OpenAPI document. Rules that need the engine or the database (cmyk with png, layer
 * values, templates, passthrough length) are checked by the generation service.
 */

import { idempotencyHeaders } from './idempotency-header.ts';
import { listSchema } from './list-route.ts';

const url = { type: ['string', 'null'], description: 'http(s) URL' };

// Optional fields take null as "not given": clients that send every field send null for the
// ones they leave empty, and the service treats both alike.
const nullable = (type: string) => ({ type: [type, 'null'] });

/** One of `values`, or null. No `type` of its own, so a wrong value gets one message, not two. */
const oneOf = (values: unknown[]) => ({ enum: [...values, null] });

/** Fields every creation body shares. */
const common = {
  webhook_success: {
    ...url,
    description:
      'POSTed the finished object (signed, retried). A loopback or private address is a 422 unless the server sets IMPRINT_ALLOW_PRIVATE_URLS=1.',
  },
  webhook_error: {
    ...url,
    description:
      'Extension: POSTed the object when it ends in error. Addresses as for webhook_success.',
  },
  passthrough: {
    // The spec's "string or array", plus objects (Placid's clients send them); a number or a
    // boolean is a wrong type. null means none.
    type: ['string', 'array', 'object', 'null'],
    description: 'String, array or object (≤1024 characters as serialised), echoed back as given.',
  },
  transfer: {
    ...nullable('object'),
    description: 'Copy the file to your S3-compatible bucket (credentials are never stored).',
  },
  create_now: {
    ...nullable('boolean'),
    description: 'Render inside the request and answer with the finished object.',
  },
};

const layers = {
  ...nullable('object'),
  additionalProperties: { type: 'object' },
  description: 'Layer name → properties (text, image, value, hide, …).',
};

const intOrNumericString = (values: number[]) => oneOf([...values, ...values.map(String)]);

// Only present, and true, once IMPRINT_FILE_RETENTION_DAYS deleted the file (docs/storage.md).
const fileExpired = {
  type: 'boolean',
  description:
    'Present (true) when the file was deleted after the retention period; the URL is then null.',
};

/** `warnings` of the image and PDF objects. */
const warnings = {
  type: 'array',
  items: { type: 'string' },
  description:
    'What the request asked for that was ignored or could not be done, as `<path>: <message>`: body fields the call does not know (e.g. `webhook_sucess`, with a "did you mean"), layer names the template does not have, properties the layer type does not know, values sent for static layers, fonts that fell back, text that does not fit its box. They never fail the request; empty when there is nothing to say. Request warnings are known at creation; the render adds its own when the file is finished.',
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
    passthrough: {},
    errors: { type: 'array', items: { type: 'string' } },
    warnings,
    error: {
      type: ['string', 'null'],
      description: 'The errors joined; null unless status is error.',
    },
    created_at: { type: 'string' },
    file_expired: fileExpired,
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
    passthrough: {},
    errors: { type: 'array', items: { type: 'string' } },
    warnings,
    error: {
      type: ['string', 'null'],
      description: 'The errors joined; null unless status is error.',
    },
    created_at: { type: 'string' },
    file_expired: fileExpired,
  },
};

const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string' } },
};

/** POST /images. */
export const createImageSchema = {
  tags: ['Images'],
  summary: 'Create an image',
  headers: idempotencyHeaders,
  body: {
    type: 'object',
    required: ['template_uuid'],
    properties: {
      template_uuid: { type: 'string', minLength: 1 },
      layers,
      ...common,
      errors: {
        ...nullable('array'),
        description: 'Accepted and ignored (shown empty in the reference).',
      },
      modifications: {
        ...nullable('object'),
        properties: {
          width: { ...nullable('integer'), minimum: 1, maximum: 16000 },
          height: { ...nullable('integer'), minimum: 1, maximum: 16000 },
          filename: { ...nullable('string'), maxLength: 200 },
          image_format: oneOf(['auto', 'jpg', 'png', 'webp']),
          dpi: intOrNumericString([72, 150, 300]),
          color_mode: oneOf(['rgb', 'cmyk']),
          png_compression: {
            ...oneOf(['fast', 'balanced', 'small']),
            description:
              'Extension, PNG only: fast (default; zlib 3, no filtering), balanced (zlib 6, adaptive filtering: ~17% smaller, ~4.5× the encode time), small (zlib 9, adaptive filtering: ~21% smaller, ~14× the encode time).',
          },
        },
      },
    },
  },
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
  params: {
    type: 'object',
    required: ['template_uuid'],
    properties: { template_uuid: { type: 'string', minLength: 1 } },
  },
  body: {
    ...createImageSchema.body,
    required: [],
    properties: {
      ...createImageSchema.body.properties,
      template_uuid: { ...nullable('string'), description: 'Optional; must equal the path.' },
    },
  },
  response: createImageSchema.response,
};

/** The document information of a PDF or merge (docs/print.md#pdf-metadata). */
const docInfoProps = {
  title: {
    ...nullable('string'),
    description: "Title in the PDF metadata; default: the title of the first page's template.",
  },
  author: { ...nullable('string'), description: 'Author in the PDF metadata.' },
  lang: {
    ...nullable('string'),
    description: 'Language of the text, a BCP 47 tag such as "en" or "de-CH" (the PDF\'s Lang).',
  },
};

/** POST /pdfs. */
export const createPdfSchema = {
  tags: ['PDFs'],
  summary: 'Create a PDF from templates (one page per template, in order)',
  headers: idempotencyHeaders,
  body: {
    type: 'object',
    required: ['pages'],
    properties: {
      pages: {
        type: 'array',
        minItems: 1,
        maxItems: 100,
        items: {
          type: 'object',
          required: ['template_uuid'],
          properties: { template_uuid: { type: 'string', minLength: 1 }, layers },
        },
      },
      ...common,
      modifications: {
        ...nullable('object'),
        properties: {
          filename: { ...nullable('string'), maxLength: 200 },
          image_quality: oneOf(['high', 'medium', 'low']),
          dpi: intOrNumericString([96, 150, 300]),
          color_mode: oneOf(['rgb', 'cmyk']),
          color_profile: nullable('string'),
          black: {
            ...oneOf(['k', 'rich']),
            description:
              'CMYK PDFs: "k" (default) prints pure black (#000000) text and vectors on the K plate only; "rich" keeps the four-ink black the CMYK profile makes of it (docs/print.md#black-and-cmyk-colours).',
          },
          bleed: {
            description:
              "Bleed in the design's unit (px, or the design's pt/mm/in): the page grows by it on every side, with TrimBox and BleedBox (docs/print.md#bleed-and-crop-marks).",
          },
          crop_marks: { description: 'true: crop marks outside the bleed. Default false.' },
          ...docInfoProps,
        },
      },
    },
  },
  response: { 200: pdfObjectSchema },
};

/** POST /pdfs/merge. */
export const mergePdfsSchema = {
  tags: ['PDFs'],
  summary: 'Merge existing PDFs from 2–10 URLs, in order',
  headers: idempotencyHeaders,
  body: {
    type: 'object',
    required: ['urls'],
    properties: {
      urls: { type: 'array', minItems: 2, maxItems: 10, items: { type: 'string' } },
      ...common,
      modifications: {
        ...nullable('object'),
        properties: { filename: { ...nullable('string'), maxLength: 200 }, ...docInfoProps },
      },
    },
  },
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
const deletedResponse = {
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
