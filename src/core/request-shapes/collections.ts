/**
 * Request shapes of the collection routes: the list's query string and the bodies of create and
 * update. custom_data's size and the templates' existence are the use cases' (collections.ts).
 */
import { Type, type Static } from '@sinclair/typebox';
import { COLLECTION_LIMITS as L } from '../collection-limits.ts';
import { AnyOfTypes } from './schema-helpers.ts';

const title = Type.String({
  minLength: 1,
  maxLength: L.titleMax,
  description: `Collection title (1–${L.titleMax} characters).`,
});
const customData = AnyOfTypes<string | Record<string, unknown> | null>(
  ['string', 'object', 'null'],
  {
    description: `A string or an object, or null; at most ${L.customDataMax} characters (an object as serialized JSON).`,
  },
);
const uuidList = (description: string) =>
  Type.Array(Type.String(), { maxItems: L.templatesMax, description });

/** Query string of GET /collections. */
export const ListCollectionsQuery = Type.Object({
  per_page: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: L.perPageMax,
      description: `Items per page (1–${L.perPageMax}; default ${L.perPageDefault} when only cursor is given).`,
    }),
  ),
  cursor: Type.Optional(Type.String({ description: 'From links.next or links.prev.' })),
});
/** Query string of GET /collections as a type. */
export type ListCollectionsQuery = Static<typeof ListCollectionsQuery>;

/** Body of POST /collections. */
export const CreateCollectionBody = Type.Object({
  title,
  custom_data: Type.Optional(customData),
  template_uuids: Type.Optional(
    uuidList(`Templates of the project to attach (at most ${L.templatesMax}).`),
  ),
});
/** Body of POST /collections as a type. */
export type CreateCollectionBody = Static<typeof CreateCollectionBody>;

/** Body of PATCH /collections/{collection_id}. */
export const UpdateCollectionBody = Type.Object({
  title: Type.Optional(title),
  custom_data: Type.Optional(customData),
  template_uuids: Type.Optional(uuidList('The complete new list of attached templates.')),
  add_template_uuids: Type.Optional(uuidList('Templates to attach.')),
  remove_template_uuids: Type.Optional(uuidList('Templates to detach.')),
});
/** Body of PATCH /collections/{collection_id} as a type. */
export type UpdateCollectionBody = Static<typeof UpdateCollectionBody>;
