/**
 * The editor's types of API answers, taken from the TS client's types (clients/typescript,
 * generated from the OpenAPI document by `npm run client:generate`), so a field renamed or
 * removed in a route schema fails the editor's type check instead of reaching users. Type-only:
 * nothing of it is in the bundle. The OpenAPI schemas mark few fields required, so the fields the
 * API always sends are made required here (`Sent`).
 */
import type { paths } from '../../clients/typescript/src/schema.d.ts';

/** The JSON body of `op`'s answer with status `S`. */
type JsonOf<Op, S extends number> = Op extends {
  responses: { [K in S]: { content: { 'application/json': infer T } } };
}
  ? T
  : never;

/** One element of an (optional) array type. */
type Item<T> = NonNullable<T> extends readonly (infer U)[] ? U : never;

/** `T` with the fields `K` present (the API always sends them). */
type Sent<T, K extends keyof T> = { [P in K]-?: Exclude<T[P], undefined> };

type TemplateItem = Item<JsonOf<paths['/api/rest/templates']['get'], 200>['data']>;
type LayerItem = Item<TemplateItem['layers']>;

/** A template as listings and `GET /templates/{uuid}` give it. */
export type Template = Sent<
  TemplateItem,
  'uuid' | 'title' | 'thumbnail' | 'tags' | 'width' | 'height'
> & { layers: Sent<LayerItem, 'name' | 'type'>[] };

/** A collection (`GET /collections`). */
export type Collection = Sent<
  Item<JsonOf<paths['/api/rest/collections']['get'], 200>['data']>,
  'id' | 'title' | 'template_uuids'
>;

/** A finished design Imprint ships, which a project can copy (`GET /starter-templates`). */
export type Starter = Sent<
  Item<JsonOf<paths['/api/rest/starter-templates']['get'], 200>['data']>,
  'id' | 'title' | 'width' | 'height' | 'tags' | 'thumbnail'
>;

type FontItem = Item<JsonOf<paths['/api/rest/fonts']['get'], 200>['data']>;

/** A project font (`GET /fonts`, `POST /fonts`); family and weight when read from the file. */
export type Font = Sent<FontItem, 'uuid' | 'title'> & Pick<FontItem, 'family' | 'weight'>;

/** The answer of `POST /media`. */
export type MediaUpload = {
  media: Sent<
    Item<JsonOf<paths['/api/rest/media']['post'], 200>['media']>,
    'file_key' | 'file_id'
  >[];
};
