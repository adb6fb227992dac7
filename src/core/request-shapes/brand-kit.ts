/** Request shape of PUT /brand-kit: colours (values checked by the use case) and default fonts. */
import { Type, type Static } from '@sinclair/typebox';
import { BRAND_COLOR_NAME_MAX, BRAND_COLORS_MAX, BRAND_FONT_MAX } from '../brand-kit.ts';

const font = (role: string) =>
  Type.Union([Type.String({ maxLength: BRAND_FONT_MAX }), Type.Null()], {
    description: `Default font for ${role}: a built-in family name (GET /fonts/built-in), a project font family or a font uuid; null for none.`,
  });

/** Body of PUT /brand-kit: the whole kit (it replaces the stored one). */
export const PutBrandKitBody = Type.Object({
  colors: Type.Array(
    Type.Object({
      value: Type.String({
        maxLength: 100,
        description:
          'A colour as layers take it: #RRGGBB, #RRGGBBAA, #RGB, rgba(…), cmyk(…), spot("name", c, m, y, k) or a CSS name. Stored in normal form (#rrggbb, #rrggbbaa, cmyk(c,m,y,k) or spot("name",c,m,y,k)).',
      }),
      name: Type.Optional(
        Type.Union([Type.String({ maxLength: BRAND_COLOR_NAME_MAX }), Type.Null()], {
          description: `Optional name (at most ${BRAND_COLOR_NAME_MAX} characters).`,
        }),
      ),
    }),
    {
      maxItems: BRAND_COLORS_MAX,
      description: `The kit's colours in order (at most ${BRAND_COLORS_MAX}).`,
    },
  ),
  fonts: Type.Optional(
    Type.Object({
      heading: Type.Optional(font('headings')),
      body: Type.Optional(font('body text')),
    }),
  ),
});
/** Body of PUT /brand-kit as a type. */
export type PutBrandKitBody = Static<typeof PutBrandKitBody>;
