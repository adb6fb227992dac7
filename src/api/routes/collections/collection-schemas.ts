/**
 * Schemas of the collection routes: they validate requests and describe the OpenAPI document. The
 * query and bodies are TypeBox shapes from core/request-shapes/collections.ts; responses stay
 * plain JSON Schema.
 */
import { Type } from '@sinclair/typebox';
import {
  CreateCollectionBody,
  ListCollectionsQuery,
  UpdateCollectionBody,
} from '../../../core/request-shapes/collections.ts';
import { COLLECTION_LIMITS } from '../../../core/collections.ts';
import { envelopeSchema } from '../../pagination.ts';

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

const idParams = Type.Object({ collection_id: Type.String() });

/** GET /collections */
export const listCollectionsSchema = {
  tags: ['Collections'],
  summary: 'List collections',
  description:
    'Without per_page and cursor: every collection as { data: [...] }. With either: the pagination envelope (oldest first).',
  querystring: ListCollectionsQuery,
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
  body: CreateCollectionBody,
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
  description: `template_uuids replaces the list; then add_template_uuids are appended and remove_template_uuids removed. The result may hold at most ${COLLECTION_LIMITS.templatesMax} templates.`,
  params: idParams,
  body: UpdateCollectionBody,
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
