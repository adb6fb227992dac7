/** JSON schemas of the template routes: they validate requests and describe the OpenAPI document. */
import { TEMPLATE_LIMITS, TEMPLATE_ORDER_VALUES } from '../../../core/templates.ts';
import { envelopeSchema } from '../../pagination.ts';

const L = TEMPLATE_LIMITS;

const title = {
  type: 'string',
  minLength: 1,
  maxLength: L.titleMax,
  description: `Template title (1–${L.titleMax} characters).`,
};
const size = (what: string) => ({
  type: 'integer',
  minimum: L.sizeMin,
  maximum: L.sizeMax,
  description: `Canvas ${what} in px (${L.sizeMin}–${L.sizeMax}).`,
});
const tags = {
  type: 'array',
  maxItems: L.tagsMax,
  items: { type: 'string', maxLength: L.tagLengthMax },
  description: `Up to ${L.tagsMax} tags of at most ${L.tagLengthMax} characters; nest with "/" (e.g. "social/instagram").`,
};
const customData = {
  description: `Any JSON value or null; at most ${L.customDataMax} characters (a string as itself, anything else as serialized JSON).`,
};

/** The template object of every response. */
export const templateObjectSchema = {
  type: 'object',
  properties: {
    uuid: { type: 'string' },
    title: { type: 'string' },
    thumbnail: {
      type: ['string', 'null'],
      description: 'Always null: thumbnails are not generated yet.',
    },
    tags: { type: 'array', items: { type: 'string' } },
    layers: {
      type: 'array',
      items: {
        type: 'object',
        properties: { name: { type: 'string' }, type: { type: 'string' } },
      },
    },
    width: { type: 'integer' },
    height: { type: 'integer' },
    custom_data: {},
    created_at: { type: 'string', format: 'date-time' },
    updated_at: { type: 'string', format: 'date-time' },
  },
} as const;

const uuidParams = {
  type: 'object',
  required: ['template_uuid'],
  properties: { template_uuid: { type: 'string' } },
};

const messageSchema = { type: 'object', properties: { message: { type: 'string' } } };

/** GET /templates */
export const listTemplatesSchema = {
  tags: ['Templates'],
  summary: 'List templates',
  description:
    'Cursor-paginated (20 per page by default), newest first unless order_by says otherwise. All filters combine.',
  querystring: {
    type: 'object',
    properties: {
      collection_id: { type: 'string', description: 'Only templates in this collection.' },
      title_filter: {
        type: 'string',
        description: 'Case-insensitive substring of the title.',
      },
      tag: {
        type: 'string',
        description:
          'A tag: "parent" also matches "parent/child…"; a nested tag "parent/child" matches exactly.',
      },
      order_by: {
        type: 'string',
        enum: [...TEMPLATE_ORDER_VALUES],
        description: '<created_at|updated_at|title>-<asc|desc>; default created_at-desc.',
      },
      per_page: {
        type: 'integer',
        minimum: 1,
        maximum: L.perPageMax,
        description: `Items per page (default ${L.perPageDefault}).`,
      },
      cursor: { type: 'string', description: 'From links.next or links.prev.' },
    },
  },
  response: { 200: envelopeSchema(templateObjectSchema) },
};

/** POST /templates */
export const createTemplateSchema = {
  tags: ['Templates'],
  summary: 'Create a template',
  description:
    'title, width and height are required unless from_template is given; from_template copies the source design, title, width and height.',
  body: {
    type: 'object',
    properties: {
      title,
      width: size('width'),
      height: size('height'),
      tags,
      custom_data: customData,
      from_template: {
        type: 'string',
        description: 'uuid of a template of the project to duplicate.',
      },
      add_to_collections: {
        type: 'array',
        maxItems: L.addToCollectionsMax,
        items: { type: 'string' },
        description: 'Collection ids of the project the new template joins.',
      },
    },
  },
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
  body: {
    type: 'object',
    properties: { title, tags, custom_data: customData },
  },
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

const designSchema = {
  type: 'object',
  additionalProperties: true,
  properties: {
    width: { type: 'integer' },
    height: { type: 'integer' },
    background: { type: ['string', 'null'] },
    layers: { type: 'array', items: { type: 'object', additionalProperties: true } },
  },
};

/** GET /templates/{template_uuid}/design */
export const getDesignSchema = {
  tags: ['Templates'],
  summary: "Retrieve a template's design",
  params: uuidParams,
  response: { 200: designSchema },
};

/** PUT /templates/{template_uuid}/design */
export const putDesignSchema = {
  tags: ['Templates'],
  summary: "Replace a template's design",
  description:
    'Validated against the layer registry (422 with the JSON path of every problem); the design width and height become the template canvas size.',
  params: uuidParams,
  body: designSchema,
  response: { 200: designSchema },
};
