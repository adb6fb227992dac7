/**
 * Schemas of the starter-template routes: they validate requests and describe the OpenAPI
 * document. The copy body is a TypeBox shape from core/request-shapes/templates.ts.
 */
import { Type } from '@sinclair/typebox';
import { CopyStarterBody } from '../../../core/request-shapes/templates.ts';
import { designSchema, templateObjectSchema } from '../templates/template-schemas.ts';

const idParams = Type.Object({
  id: Type.String({ description: 'The starter template id, e.g. `social-card`.' }),
});

const starterSchema = {
  type: 'object',
  required: ['id', 'title', 'width', 'height', 'tags', 'thumbnail'],
  properties: {
    id: { type: 'string' },
    title: { type: 'string' },
    width: { type: 'integer' },
    height: { type: 'integer' },
    tags: { type: 'array', items: { type: 'string' } },
    thumbnail: {
      type: 'string',
      description:
        'Absolute URL of a PNG of the design (400 px wide at most), served without a token.',
    },
  },
};

/** GET /starter-templates */
export const listStartersSchema = {
  tags: ['Starter templates'],
  summary: 'List the starter templates',
  description:
    'The designs shipped with Imprint (social card, certificate, event ticket, product card, invoice page, …) that can be copied into the project. No credits are used.',
  response: {
    200: {
      type: 'object',
      required: ['data'],
      properties: { data: { type: 'array', items: starterSchema } },
    },
  },
};

/** POST /starter-templates/{id}/copy */
export const copyStarterSchema = {
  tags: ['Starter templates'],
  summary: 'Copy a starter template into the project',
  description:
    'Creates a template in the token’s project with the starter’s design, size and tags, and answers it with its `design`. `title` defaults to the starter’s title. No credits are used.',
  params: idParams,
  body: CopyStarterBody,
  response: {
    201: {
      ...templateObjectSchema,
      properties: { ...templateObjectSchema.properties, design: designSchema },
    },
  },
};

/** GET /api/starter-templates/{id}/thumbnail.png */
export const starterThumbnailSchema = {
  tags: ['Starter templates'],
  summary: 'Thumbnail of a starter template',
  description:
    'A PNG of the starter’s design, 400 px wide at most. No token: starters are the same on every installation. Cacheable for a day.',
  security: [],
  params: idParams,
  response: {
    200: {
      description: 'The PNG.',
      content: { 'image/png': { schema: { type: 'string', format: 'binary' } } },
    },
  },
};
