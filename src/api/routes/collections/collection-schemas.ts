/** JSON schemas of the collection routes: they validate requests and describe the OpenAPI document. */
import { COLLECTION_LIMITS } from '../../../core/collections.ts';
import { envelopeSchema } from '../../pagination.ts';

const L = COLLECTION_LIMITS;

const title = {
  type: 'string',
  minLength: 1,
  maxLength: L.titleMax,
  description: `Collection title (1–${L.titleMax} characters).`,
};
const customData = {
  type: ['string', 'object', 'null'],
  description: `A string or an object, or null; at most ${L.customDataMax} characters (an object as serialized JSON).`,
};
const uuidList = (description: string) => ({
  type: 'array',
  maxItems: L.templatesMax,
  items: { type: 'string' },
  description,
});

/** The collection object of every response. */
export const collectionObjectSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    title: { type: 'string' },
    custom_data: { type: ['string', 'object', 'null'], additionalProperties: true },
    template_uuids: { type: 'array', items: { type: 'string' } },
  },
} as const;

const idParams = {
  type: 'object',
  required: ['collection_id'],
  properties: { collection_id: { type: 'string' } },
};

/** GET /collections */
export const listCollectionsSchema = {
  tags: ['Collections'],
  summary: 'List collections',
  description:
    'Without per_page and cursor: every collection as { data: [...] }. With either: the pagination envelope (oldest first).',
  querystring: {
    type: 'object',
    properties: {
      per_page: {
        type: 'integer',
        minimum: 1,
        maximum: L.perPageMax,
        description: `Items per page (1–${L.perPageMax}; default ${L.perPageDefault} when only cursor is given).`,
      },
      cursor: { type: 'string', description: 'From links.next or links.prev.' },
    },
  },
  response: {
    200: {
      anyOf: [
        envelopeSchema(collectionObjectSchema),
        { type: 'object', properties: { data: { type: 'array', items: collectionObjectSchema } } },
      ],
    },
  },
};

/** POST /collections */
export const createCollectionSchema = {
  tags: ['Collections'],
  summary: 'Create a collection',
  body: {
    type: 'object',
    required: ['title'],
    properties: {
      title,
      custom_data: customData,
      template_uuids: uuidList(`Templates of the project to attach (at most ${L.templatesMax}).`),
    },
  },
  response: { 201: collectionObjectSchema },
};

/** GET /collections/{collection_id} */
export const getCollectionSchema = {
  tags: ['Collections'],
  summary: 'Retrieve a collection',
  params: idParams,
  response: { 200: collectionObjectSchema },
};

/** PATCH /collections/{collection_id} */
export const updateCollectionSchema = {
  tags: ['Collections'],
  summary: 'Update a collection',
  description: `template_uuids replaces the list; then add_template_uuids are appended and remove_template_uuids removed. The result may hold at most ${L.templatesMax} templates.`,
  params: idParams,
  body: {
    type: 'object',
    properties: {
      title,
      custom_data: customData,
      template_uuids: uuidList('The complete new list of attached templates.'),
      add_template_uuids: uuidList('Templates to attach.'),
      remove_template_uuids: uuidList('Templates to detach.'),
    },
  },
  response: { 200: collectionObjectSchema },
};

/** DELETE /collections/{collection_id} */
export const deleteCollectionSchema = {
  tags: ['Collections'],
  summary: 'Delete a collection',
  description: 'Its templates are kept.',
  params: idParams,
  response: { 200: { type: 'object', properties: { message: { type: 'string' } } } },
};
