/** Request shapes of the font routes that take JSON or a query string (uploads are multipart). */
import { Type, type Static } from '@sinclair/typebox';
import { FONT_TITLE_MAX } from '../fonts.ts';

/** A yes/no query parameter as Placid reads it (parseFlag in fonts.ts). */
const flag = (description: string) =>
  Type.String({
    description: `${description} Truthy: 1, true, yes, on; falsy: 0, false, no, off (any case).`,
  });

const includeLegacy = flag('Also include the legacy account-wide fonts (default false).');

/** Query string of GET /fonts. */
export const ListFontsQuery = Type.Object({
  include_legacy: Type.Optional(includeLegacy),
  cursor: Type.Optional(
    Type.String({ description: 'Opaque cursor from links.next / links.prev.' }),
  ),
});
/** Query string of GET /fonts as a type. */
export type ListFontsQuery = Static<typeof ListFontsQuery>;

/** Query string of GET /fonts/{uuid}. */
export const GetFontQuery = Type.Object({ include_legacy: Type.Optional(includeLegacy) });
/** Query string of GET /fonts/{uuid} as a type. */
export type GetFontQuery = Static<typeof GetFontQuery>;

/** Body of PATCH /fonts/{uuid}: only the title can change. */
export const UpdateFontBody = Type.Object({
  title: Type.String({
    minLength: 1,
    maxLength: FONT_TITLE_MAX,
    description: `New title (1–${FONT_TITLE_MAX} characters).`,
  }),
});
/** Body of PATCH /fonts/{uuid} as a type. */
export type UpdateFontBody = Static<typeof UpdateFontBody>;

/** Query string of DELETE /fonts/{uuid}. */
export const DeleteFontQuery = Type.Object({
  force: Type.Optional(flag('Delete even when templates use the font (default false).')),
});
/** Query string of DELETE /fonts/{uuid} as a type. */
export type DeleteFontQuery = Static<typeof DeleteFontQuery>;

/** Query string of GET /fonts/built-in. */
export const BuiltInFontsQuery = Type.Object({
  search: Type.Optional(
    Type.String({
      maxLength: 100,
      description: 'Only families whose name contains this text (any case).',
    }),
  ),
});
/** Query string of GET /fonts/built-in as a type. */
export type BuiltInFontsQuery = Static<typeof BuiltInFontsQuery>;
