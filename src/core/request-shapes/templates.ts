/**
 * Request shapes of the template routes: the list's query string and the bodies of create and
 * update. Rules the schema cannot state (title, width and height required unless from_template,
 * tag grammar, custom_data size, collections that exist) are the use cases' (template-use-cases.ts).
 */
import { Type, type Static } from '@sinclair/typebox';
import { TEMPLATE_LIMITS as L, TEMPLATE_ORDER_VALUES } from '../templates.ts';
import { Nullable, OptionalFields } from './schema-helpers.ts';

const title = Type.String({
  minLength: 1,
  maxLength: L.titleMax,
  description: `Template title (1–${L.titleMax} characters).`,
});
const size = (what: string) =>
  Type.Integer({
    minimum: L.sizeMin,
    maximum: L.sizeMax,
    description: `Canvas ${what} in px (${L.sizeMin}–${L.sizeMax}).`,
  });
const tags = Type.Array(Type.String({ maxLength: L.tagLengthMax }), {
  maxItems: L.tagsMax,
  description: `Up to ${L.tagsMax} tags of at most ${L.tagLengthMax} characters; nest with "/" (e.g. "social/instagram").`,
});
const customData = Type.Unknown({
  description: `Any JSON value or null; at most ${L.customDataMax} characters (a string as itself, anything else as serialized JSON).`,
});

/** Query string of GET /templates. */
export const ListTemplatesQuery = Type.Object({
  collection_id: Type.Optional(Type.String({ description: 'Only templates in this collection.' })),
  title_filter: Type.Optional(
    Type.String({ description: 'Case-insensitive substring of the title.' }),
  ),
  tag: Type.Optional(
    Type.String({
      description:
        'A tag: "parent" also matches "parent/child…"; a nested tag "parent/child" matches exactly.',
    }),
  ),
  order_by: Type.Optional(
    Type.String({
      enum: [...TEMPLATE_ORDER_VALUES],
      description: '<created_at|updated_at|title>-<asc|desc>; default created_at-desc.',
    }),
  ),
  per_page: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: L.perPageMax,
      description: `Items per page (default ${L.perPageDefault}).`,
    }),
  ),
  cursor: Type.Optional(Type.String({ description: 'From links.next or links.prev.' })),
});
/** Query string of GET /templates as a type. */
export type ListTemplatesQuery = Static<typeof ListTemplatesQuery>;

/** Body of POST /templates. */
export const CreateTemplateBody = Type.Object({
  title: Type.Optional(title),
  width: Type.Optional(size('width')),
  height: Type.Optional(size('height')),
  tags: Type.Optional(tags),
  custom_data: Type.Optional(customData),
  from_template: Type.Optional(
    Type.String({ description: 'uuid of a template of the project to duplicate.' }),
  ),
  add_to_collections: Type.Optional(
    Type.Array(Type.String(), {
      maxItems: L.addToCollectionsMax,
      description: 'Collection ids of the project the new template joins.',
    }),
  ),
});
/** Body of POST /templates as a type. */
export type CreateTemplateBody = Static<typeof CreateTemplateBody>;

/** Body of PATCH /templates/{template_uuid}. */
export const UpdateTemplateBody = Type.Object({
  title: Type.Optional(title),
  tags: Type.Optional(tags),
  custom_data: Type.Optional(customData),
  published_version: Type.Optional(
    Nullable(
      Type.Integer({
        minimum: 1,
        description:
          'Publishes this version (one the template has): renders without template_version use it. null: renders use the latest version (docs/template-versions.md).',
      }),
    ),
  ),
});
/** Body of PATCH /templates/{template_uuid} as a type. */
export type UpdateTemplateBody = Static<typeof UpdateTemplateBody>;

/** Body of POST /starter-templates/{id}/copy: optional, and so is its title. */
export const CopyStarterBody = Nullable(
  OptionalFields({
    title: Type.String({
      minLength: 1,
      maxLength: L.titleMax,
      description: `Title of the new template (1–${L.titleMax} characters); default: the starter's.`,
    }),
  }),
);
/** Body of POST /starter-templates/{id}/copy as a type. */
export type CopyStarterBody = Static<typeof CopyStarterBody>;
