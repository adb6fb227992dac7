/**
 * Turns a layer's font reference (a project font uuid or a bundled family name) into the CSS
 * font-family list for ctx.font: that font first, then the whole bundled fallback stack, named
 * explicitly, so no character ever depends on a font the machine happens to have installed.
 */
import type { FontSource } from '../types.ts';
import {
  BUNDLED_FAMILIES,
  DEFAULT_FAMILY,
  EMOJI_ALIAS,
  registerBundledFonts,
  type BundledFamily,
} from './bundled-fonts.ts';
import { registerFontSources, registeredProjectFont } from './project-fonts.ts';

const normalise = (name: string): string => name.trim().toLowerCase().replace(/\s+/g, ' ');

const byName = new Map<string, BundledFamily>();
for (const family of BUNDLED_FAMILIES) {
  for (const name of [family.name, ...family.aliases]) byName.set(normalise(name), family);
}

const quote = (alias: string): string => `"${alias}"`;

/** The fallback stack, quoted, in order (DejaVu Sans, Arabic, Hebrew, Devanagari, CJK, Korean, emoji). */
export const FALLBACK_STACK: readonly string[] = BUNDLED_FAMILIES.filter((f) => f.fallback).map(
  (f) => f.alias,
);

const listCache = new Map<string, string>();

function familyList(primary: string): string {
  let list = listCache.get(primary);
  if (!list) {
    list = [primary, ...FALLBACK_STACK.filter((a) => a !== primary)].map(quote).join(', ');
    listCache.set(primary, list);
  }
  return list;
}

/** The bundled family a name refers to (case-insensitive; generic names such as `serif` too). */
export function findBundledFamily(name: string): BundledFamily | undefined {
  return byName.get(normalise(name));
}

/**
 * The CSS font-family list for a font reference: a registered project font (by key), else a
 * bundled family (by name), else the default family; always followed by the fallback stack.
 * With `available`, only those project font keys count (a font deleted since it was registered
 * in this process then falls back to the default, as the spec requires).
 */
export function resolveFontFamily(
  ref: string | null | undefined,
  available?: ReadonlySet<string>,
): string {
  registerBundledFonts();
  if (typeof ref === 'string' && ref.trim() !== '') {
    const project = available && !available.has(ref) ? undefined : registeredProjectFont(ref);
    if (project) return familyList(project);
    const bundled = findBundledFamily(ref);
    if (bundled) return familyList(bundled.alias);
  }
  return familyList(DEFAULT_FAMILY.alias);
}

/**
 * Registers a render's project fonts and returns its DrawEnv.resolveFont: resolution limited to
 * exactly those fonts, so a font not passed in (deleted, other project) renders in the default.
 */
export function createFontResolver(
  sources: FontSource[],
): (ref: string | null | undefined) => string {
  registerFontSources(sources);
  const keys = new Set(sources.map((s) => s.key));
  return (ref) => resolveFontFamily(ref, keys);
}

/** The family list for emoji runs: the colour emoji font first, then the given list. */
export function emojiFamilyList(list: string): string {
  return `${quote(EMOJI_ALIAS)}, ${list}`;
}
