/**
 * Brand kits: a project's colours and default fonts, kept through GET/PUT /api/rest/brand-kit so
 * the editor shows them in every colour picker and designers (or scripts) share one palette.
 * Colours are checked with the renderer's own colour parser and stored in its normal form; a
 * default font must be a family a text layer can name (built-in, or a font or family of the
 * project). Stored through the BrandKitStore port (ports/brand-kit-store.ts).
 */
import { FieldErrorCollector } from './errors.ts';
import type { BrandKitStore } from './ports/brand-kit-store.ts';
import type { FontStore } from './ports/font-store.ts';
import {
  colorFormatsFor,
  findBundledFamily,
  findLibraryFamily,
  parseColor,
} from '../render/index.ts';

/** Most colours in a kit. */
export const BRAND_COLORS_MAX = 48;
/** Longest colour name. */
export const BRAND_COLOR_NAME_MAX = 60;
/** Longest font reference (a family name or a font uuid). */
export const BRAND_FONT_MAX = 200;
/** The default-font roles a kit has. */
export const BRAND_FONT_ROLES = ['heading', 'body'] as const;
export type BrandFontRole = (typeof BRAND_FONT_ROLES)[number];

/** One colour of the kit: its value (normalised #rrggbb or #rrggbbaa) and an optional name. */
export interface BrandColor {
  name: string | null;
  value: string;
}

/** What a client sends and gets: the colours in order, and a font per role (null: none). */
export interface BrandKit {
  colors: BrandColor[];
  fonts: Record<BrandFontRole, string | null>;
}

/** A kit as stored, with its last change (null for a project that never saved one). */
export interface StoredBrandKit extends BrandKit {
  updated_at: string | null;
}

/** The kit of a project that never saved one. */
export const EMPTY_BRAND_KIT: StoredBrandKit = {
  colors: [],
  fonts: { heading: null, body: null },
  updated_at: null,
};

/** What PUT /brand-kit carries before validation (the route schema checks the shape). */
export interface BrandKitInput {
  colors?: Array<{ name?: string | null; value?: unknown }>;
  fonts?: Partial<Record<BrandFontRole, string | null>>;
}

/** The project's kit (the empty kit when it has none). */
export async function getBrandKit(
  store: BrandKitStore,
  projectId: string,
): Promise<StoredBrandKit> {
  return (await store.get(projectId)) ?? EMPTY_BRAND_KIT;
}

/**
 * Checks a kit and replaces the project's with it. Every bad field is reported at once, by path
 * (`colors.2.value`, `fonts.heading`); colours come back in the parser's normal form.
 */
export async function putBrandKit(
  deps: { brandKits: BrandKitStore; fonts: FontStore },
  projectId: string,
  input: BrandKitInput,
): Promise<StoredBrandKit> {
  const errors = new FieldErrorCollector();
  const colors: BrandColor[] = [];
  const list = input.colors ?? [];
  if (list.length > BRAND_COLORS_MAX)
    errors.add('colors', `The colors field must not have more than ${BRAND_COLORS_MAX} items.`);
  list.forEach((c, i) => {
    const value = parseColor(c.value);
    if (value === undefined) {
      errors.add(
        `colors.${i}.value`,
        `The colors.${i}.value field must be ${colorFormatsFor(c.value)}; received ${JSON.stringify(c.value ?? null)}.`,
      );
    }
    const name = typeof c.name === 'string' && c.name.trim() !== '' ? c.name.trim() : null;
    if (name && [...name].length > BRAND_COLOR_NAME_MAX)
      errors.add(
        `colors.${i}.name`,
        `The colors.${i}.name field must not be greater than ${BRAND_COLOR_NAME_MAX} characters.`,
      );
    if (value !== undefined) colors.push({ name, value });
  });
  const fonts = { ...EMPTY_BRAND_KIT.fonts };
  for (const role of BRAND_FONT_ROLES) {
    const ref = input.fonts?.[role];
    if (ref === undefined || ref === null || ref.trim() === '') continue;
    const font = ref.trim();
    if (!(await fontExists(deps.fonts, projectId, font))) {
      errors.add(
        `fonts.${role}`,
        `The fonts.${role} field must name a built-in font family (GET /api/rest/fonts/built-in) or a font or family of the project; "${font}" is neither.`,
      );
    }
    fonts[role] = font;
  }
  errors.throwIfAny();
  return deps.brandKits.put(projectId, { colors, fonts });
}

/** Whether a text layer naming `ref` would find a font: built-in, or the project's own. */
async function fontExists(store: FontStore, projectId: string, ref: string): Promise<boolean> {
  if (findBundledFamily(ref) || findLibraryFamily(ref)) return true;
  const sources = await store.loadFontSources(projectId, [ref]);
  return sources.length > 0;
}
