/**
 * The editor's types of API answers, taken from the TS client's types (clients/typescript,
 * generated from the OpenAPI document by `npm run client:generate`), so a field renamed or
 * removed in a route schema fails the editor's type check instead of reaching users. Type-only:
 * nothing of it is in the bundle. The OpenAPI schemas mark few fields required, so the fields the
 * API always sends are made required here (`Sent`).
 */
import type { components, paths } from '../../clients/typescript/src/schema.d.ts';

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

/** A preview warning: one element of the Imprint-Warning-Details header. */
export type WarningDetail = components['schemas']['WarningDetail'];

type DesignBody = JsonOf<paths['/api/rest/templates/{template_uuid}/design']['get'], 200>;
type ApiLayer = components['schemas']['Layer'];

/**
 * A layer of a design as the editor holds it. The name is the API's. The type is any string: the
 * editor offers the registry's types (specs.ts), so one added there needs no editor code. The
 * geometry is a number although the API also accepts strings such as "12px", because the editor
 * only ever writes numbers and does arithmetic on them. Every other property stays `unknown`: the
 * properties panel reads them through the registry's specs, whatever the layer type.
 */
export type Layer = Record<string, unknown> &
  Pick<ApiLayer, 'name'> & { type: string; x: number; y: number; width: number; height: number };

/** A design (`GET/PUT /templates/{uuid}/design`), with the fields the API always sends. */
export type Design = Sent<DesignBody, 'width' | 'height' | 'background'> &
  Pick<DesignBody, 'unit' | 'bleed' | 'dpi' | 'guides'> & {
    layers: Layer[];
    [key: string]: unknown;
  };

/** The project's brand kit (`GET/PUT /brand-kit`): colours in order and a default font per role. */
export type BrandKit = JsonOf<paths['/api/rest/brand-kit']['get'], 200>;
