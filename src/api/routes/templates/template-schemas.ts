/**
 * Schemas of the template routes: they validate requests and describe the OpenAPI document. The
 * query and bodies the use cases read are TypeBox shapes from core/request-shapes/templates.ts;
 * responses and the design (checked by the layer registry, not by this schema) stay plain JSON
 * Schema.
 */
import { Type } from '@sinclair/typebox';
import {
  CreateTemplateBody,
  ListTemplatesQuery,
  UpdateTemplateBody,
} from '../../../core/request-shapes/templates.ts';
import { GUIDES_SCHEMA, WARNING_CODES } from '../../../render/index.ts';
import { envelopeSchema } from '../../pagination.ts';

/** The template object of every response. */
export const templateObjectSchema = {
  type: 'object',
  properties: {
    uuid: { type: 'string' },
    title: { type: 'string' },
    thumbnail: {
      type: ['string', 'null'],
      description:
        'Absolute URL of a small picture (400 px wide, PNG or JPEG) of the current design; null while it is being rendered after a save (or when it could not be rendered).',
    },
    tags: { type: 'array', items: { type: 'string' } },
    layers: {
      type: 'array',
      description:
        'The dynamic layers (those a request may change): layers saved with `dynamic: false` are not listed.',
      items: {
        type: 'object',
        properties: { name: { type: 'string' }, type: { type: 'string' } },
      },
    },
    width: { type: 'integer' },
    height: { type: 'integer' },
    custom_data: {},
    version: {
      type: 'integer',
      description: 'Number of the latest version (docs/template-versions.md).',
    },
    published_version: {
      type: ['integer', 'null'],
      description:
        'The version renders use when a request names no template_version; null: the latest.',
    },
    created_at: { type: 'string', format: 'date-time' },
    updated_at: { type: 'string', format: 'date-time' },
  },
} as const;

const uuidParams = Type.Object({ template_uuid: Type.String() });

const messageSchema = { type: 'object', properties: { message: { type: 'string' } } };

/** GET /templates */
export const listTemplatesSchema = {
  tags: ['Templates'],
  summary: 'List templates',
  description:
    'Cursor-paginated (20 per page by default), newest first unless order_by says otherwise. All filters combine.',
  querystring: ListTemplatesQuery,
  response: { 200: envelopeSchema(templateObjectSchema) },
};

/** POST /templates */
export const createTemplateSchema = {
  tags: ['Templates'],
  summary: 'Create a template',
  description:
    'title, width and height are required unless from_template is given; from_template copies the source design, title, width and height.',
  body: CreateTemplateBody,
  response: { 201: templateObjectSchema, 200: templateObjectSchema },
};

/** GET /templates/{template_uuid} */
export const getTemplateSchema = {
  tags: ['Templates'],
  summary: 'Retrieve a template',
  params: uuidParams,
  response: { 200: templateObjectSchema },
};

/** PATCH /templates/{template_uuid} */
export const updateTemplateSchema = {
  tags: ['Templates'],
  summary: 'Update a template',
  params: uuidParams,
  body: UpdateTemplateBody,
  response: { 200: templateObjectSchema },
};

/** DELETE /templates/{template_uuid} */
export const deleteTemplateSchema = {
  tags: ['Templates'],
  summary: 'Delete a template',
  description: 'The template also leaves every collection it was in.',
  params: uuidParams,
  response: { 200: messageSchema },
};

/** A design as stored: canvas and layers (each layer type's schema is in the OpenAPI document). */
export const designSchema = {
  type: 'object',
  additionalProperties: true,
  properties: {
    unit: {
      type: 'string',
      enum: ['px', 'pt', 'mm', 'in'],
      description:
        'Unit of every length of the design (canvas, layer geometry, font sizes, borders); default px. A pt, mm or in design prints at its physical size (docs/print.md).',
    },
    width: { type: 'number', description: 'Canvas width: whole px, or any size in pt, mm or in.' },
    height: { type: 'number', description: 'Canvas height, as width.' },
    dpi: {
      type: 'integer',
      description:
        'Images of a pt, mm or in design: pixels per inch when the request sets no dpi (default 150).',
    },
    bleed: {
      type: 'number',
      minimum: 0,
      description:
        "PDF bleed in the design's unit when the request sets no `modifications.bleed` (docs/print.md): at most one inch; default 0.",
    },
    background: { type: ['string', 'null'] },
    guides: GUIDES_SCHEMA,
    layers: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: true,
        properties: {
          dynamic: {
            type: 'boolean',
            description:
              'Whether requests may change the layer (default true). Values sent for a static layer (false) are ignored with a warning, and it is not listed in the template object.',
          },
        },
      },
    },
  },
};

const etagHeader = {
  type: 'string',
  description:
    'The design revision as a strong ETag, e.g. `"3"`; it goes up by one with each save. Send it back as If-Match when saving.',
};

const conflictSchema = {
  description:
    'If-Match named an older revision: another tab or user saved meanwhile. Nothing was saved; reload the design.',
  type: 'object',
  properties: {
    message: { type: 'string' },
    revision: { type: 'integer', description: 'The current revision.' },
  },
};

/** GET /templates/{template_uuid}/design */
export const getDesignSchema = {
  tags: ['Templates'],
  summary: "Retrieve a template's design",
  params: uuidParams,
  response: { 200: { ...designSchema, headers: { etag: etagHeader } } },
};

/** PUT /templates/{template_uuid}/design */
export const putDesignSchema = {
  tags: ['Templates'],
  summary: "Replace a template's design",
  description:
    'Validated against the layer registry (422 with the JSON path of every problem); the design width and height become the template canvas size. Optimistic concurrency: send `If-Match` with the ETag of the design you edited; when the design was saved since, the answer is 409 and nothing is saved. Without If-Match (or with `*`) the save always applies. Each save raises the revision and renders a new `thumbnail` in the background.',
  params: uuidParams,
  headers: {
    type: 'object',
    properties: {
      'if-match': {
        type: 'string',
        description: 'The ETag of the revision this save is based on, e.g. `"3"`, or `*`.',
      },
    },
  },
  body: designSchema,
  response: { 200: { ...designSchema, headers: { etag: etagHeader } }, 409: conflictSchema },
};

/**
 * One element of the preview's Imprint-Warning-Details header. Headers carry strings, so the
 * document lists it under components/schemas (as WarningDetail) for clients to type the parsed
 * header with, the editor among them.
 */
export const warningDetailSchema = {
  type: 'object',
  description: 'A preview warning: what it is about, where, and the text.',
  required: ['code', 'path', 'message'],
  additionalProperties: false,
  properties: {
    code: {
      type: 'string',
      enum: [...WARNING_CODES],
      description: 'What the warning is about; more_warnings closes a capped list.',
    },
    path: {
      type: 'string',
      description: 'A JSON path such as `layers.title`; empty for the closing more_warnings.',
    },
    message: { type: 'string', description: 'The warning, for people.' },
  },
};

/** POST /templates/{template_uuid}/preview */
export const previewSchema = {
  tags: ['Templates'],
  summary: 'Preview a template as PNG or PDF',
  description:
    'Renders the stored design, or the unsaved `design` of the body, with `layers` data, and answers the PNG (or, with `format: "pdf"`, the vector PDF of the same design). Nothing is stored and no credits are used. The `Imprint-Warnings` header holds the warnings as a JSON array of strings (non-ASCII characters as `\\uXXXX` escapes); `Imprint-Warning-Details` holds the same warnings, in the same order, as `{code, path, message}` objects. Limited per token (IMPRINT_PREVIEW_RATE_LIMIT per minute; 429 with Retry-After above). Bad input is a 422 naming every field.',
  params: uuidParams,
  body: {
    type: 'object',
    additionalProperties: true,
    properties: {
      design: { ...designSchema, description: 'An unsaved design; default: the stored one.' },
      layers: {
        type: 'object',
        additionalProperties: true,
        description: 'Layer data as for POST /images: layer name → properties.',
      },
      modifications: {
        type: 'object',
        properties: {
          width: { description: 'Width of the PNG in px (the aspect ratio is kept).' },
          height: { description: 'Height of the PNG in px (fit inside with width).' },
        },
      },
      format: {
        type: 'string',
        enum: ['png', 'pdf'],
        description:
          'png (default): the PNG. pdf: the vector PDF of the same design and data, one page at the design’s size as POST /pdfs makes it with default modifications (modifications are ignored); no watermark, no credits, the same rate limit.',
      },
    },
  },
  response: {
    200: {
      description: 'The PNG, or the PDF for format: "pdf".',
      headers: {
        'imprint-warnings': {
          type: 'string',
          description:
            'JSON array of warning strings (`<path>: <message>`), ASCII with `\\uXXXX` escapes; `[]` when there are none.',
        },
        'imprint-warning-details': {
          type: 'string',
          description:
            'The warnings of Imprint-Warnings, in the same order, as a JSON array of `{code, path, message}` objects (components/schemas/WarningDetail; ASCII with `\\uXXXX` escapes). `code` is one of ' +
            `${WARNING_CODES.join(', ')} (more_warnings closes a capped list).`,
        },
      },
      content: {
        'image/png': { schema: { type: 'string', format: 'binary' } },
        'application/pdf': { schema: { type: 'string', format: 'binary' } },
      },
    },
  },
};
