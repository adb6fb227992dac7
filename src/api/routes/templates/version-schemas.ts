/** Schemas of the template version routes (docs/template-versions.md); they describe the OpenAPI. */
import { Type } from '@sinclair/typebox';
import { VERSION_LIMITS as L } from '../../../core/template-versions.ts';
import { envelopeSchema } from '../../pagination.ts';
import { designSchema } from './template-schemas.ts';

/** The version object of every response. */
export const versionObjectSchema = {
  type: 'object',
  properties: {
    version: { type: 'integer', description: 'Its number (1, 2, 3… per template).' },
    name: { type: ['string', 'null'], description: 'Its name; null when unnamed.' },
    created_at: { type: 'string', format: 'date-time' },
    created_by: {
      type: 'object',
      description: 'What saved it.',
      properties: {
        kind: { type: 'string', enum: ['token', 'editor_session', 'cli', 'migration'] },
        token_id: {
          type: ['string', 'null'],
          description: 'The id of the token (token, editor_session); null otherwise.',
        },
      },
    },
    thumbnail: {
      type: ['string', 'null'],
      description:
        'Absolute URL of a small picture of its design; null while it renders or when it could not be rendered.',
    },
    published: { type: 'boolean', description: "Whether it is the template's published_version." },
    width: { type: 'integer' },
    height: { type: 'integer' },
  },
} as const;

const params = Type.Object({ template_uuid: Type.String() });
const versionParams = Type.Object({
  template_uuid: Type.String(),
  version: Type.String({ description: 'The version number (1, 2, 3…).' }),
});

/** GET /templates/{template_uuid}/versions */
export const listVersionsSchema = {
  tags: ['Templates'],
  summary: "List a template's versions",
  description: `Cursor-paginated (${L.perPageDefault} per page by default), newest first.`,
  params,
  querystring: Type.Object({
    per_page: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: L.perPageMax,
        description: `Items per page (default ${L.perPageDefault}).`,
      }),
    ),
    cursor: Type.Optional(Type.String({ description: 'From links.next or links.prev.' })),
  }),
  response: { 200: envelopeSchema(versionObjectSchema) },
};

/** GET /templates/{template_uuid}/versions/{version} */
export const getVersionSchema = {
  tags: ['Templates'],
  summary: 'Retrieve a template version with its design',
  params: versionParams,
  response: {
    200: {
      ...versionObjectSchema,
      properties: {
        ...versionObjectSchema.properties,
        design: { ...designSchema, description: 'The design as it was saved in this version.' },
      },
    },
  },
};

/** PATCH /templates/{template_uuid}/versions/{version} */
export const renameVersionSchema = {
  tags: ['Templates'],
  summary: 'Name a template version',
  description: `A named version is never pruned. name: 1–${L.nameMax} characters (trimmed), or null to remove the name.`,
  params: versionParams,
  body: {
    type: 'object',
    properties: {
      name: { type: ['string', 'null'] },
    },
  },
  response: { 200: versionObjectSchema },
};

/** POST /templates/{template_uuid}/versions/{version}/restore */
export const restoreVersionSchema = {
  tags: ['Templates'],
  summary: 'Restore a template version',
  description:
    "Makes a new version whose design is this version's and makes it the template's current design; every version stays. published_version does not change.",
  params: versionParams,
  response: { 201: versionObjectSchema },
};
