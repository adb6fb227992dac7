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
import { GlobalFonts } from '@napi-rs/canvas';
import { createHash } from 'node:crypto';
import { registerFaceGroup, skiaFaces, type AliasFace } from './font-faces.ts';
import { matchFace, type FaceStyle } from './font-match.ts';
import { registerFontSources, registeredProjectFont } from './project-fonts.ts';
import {
  findLibraryFamily,
  libraryFaces,
  libraryMarker,
  regularFace,
  registerLibraryFace,
  type LibraryFamily,
} from './font-library.ts';

const normalise = (name: string): string => name.trim().toLowerCase().replace(/\s+/g, ' ');

let bundledGroups = false;

/** Makes the bundled families' faces known to selectFace (once; after they are registered). */
function registerBundledGroups(): void {
  if (bundledGroups) return;
  registerBundledFonts();
  const known = new Map(GlobalFonts.families.map((f) => [f.family, f.styles]));
  for (const family of BUNDLED_FAMILIES) {
    const faces: AliasFace[] = (known.get(family.alias) ?? []).map((st) => ({
      alias: family.alias,
      weight: st.weight,
      style: (['italic', 'oblique'].includes(st.style) ? st.style : 'normal') as FaceStyle,
    }));
    registerFaceGroup(family.alias, { name: family.name, faces });
  }
  bundledGroups = true;
}

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

/**
 * The family list of a library family: its marker (selectFace picks and registers the face a
 * text asks for), then its regular face, registered now, for any use without selectFace.
 */
function libraryList(family: LibraryFamily): string {
  const marker = libraryMarker(family.id);
  let list = listCache.get(marker);
  if (!list) {
    const shown = regularFace(family);
    registerLibraryFace(family, shown);
    registerFaceGroup(marker, {
      name: family.name,
      faces: libraryFaces(family),
      marker: true,
      load: (face) => registerLibraryFace(family, face),
    });
    list = `"${marker}", ${familyList(shown.alias)}`;
    listCache.set(marker, list);
  }
  return list;
}

/** The bundled family a name refers to (case-insensitive; generic names such as `serif` too). */
export function findBundledFamily(name: string): BundledFamily | undefined {
  return byName.get(normalise(name));
}

/**
 * The CSS font-family list for a font reference: a registered project font (by key), else a
 * bundled family (by name), else a library family (font-library.ts), else the default family;
 * always followed by the fallback stack.
 * With `available`, only those project font keys count (a font deleted since it was registered
 * in this process then falls back to the default, as the spec requires).
 */
export function resolveFontFamily(
  ref: string | null | undefined,
  available?: ReadonlySet<string>,
): string {
  registerBundledGroups();
  if (typeof ref === 'string' && ref.trim() !== '') {
    const project = available && !available.has(ref) ? undefined : registeredProjectFont(ref);
    if (project) return familyList(project);
    const bundled = findBundledFamily(ref);
    if (bundled) return familyList(bundled.alias);
    const library = findLibraryFamily(ref);
    if (library) return libraryList(library);
  }
  return familyList(DEFAULT_FAMILY.alias);
}

/** A registered project font as a face of its family (weight and style as stored, else Skia's). */
function faceOf(source: FontSource, alias: string): AliasFace {
  if (source.weight !== undefined && source.style !== undefined)
    return { alias, weight: source.weight, style: source.style };
  return skiaFaces(alias)[0] ?? { alias, weight: 400, style: 'normal' };
}

/**
 * The family list of a group of project faces: an unregistered marker name (Skia skips it; the
 * text layout's selectFace replaces it with the face it picks), then `shown`, the face the list
 * stands for wherever it is used without selectFace. A lone font is known by its own alias.
 */
function groupList(
  name: string,
  faces: AliasFace[],
  shown: AliasFace,
  pinned: AliasFace | undefined,
): string {
  if (faces.length === 1 && pinned) {
    registerFaceGroup(pinned.alias, { name, faces, pinned });
    return familyList(pinned.alias);
  }
  const id = createHash('sha256')
    .update(JSON.stringify([faces.map((f) => f.alias), pinned?.alias ?? '']))
    .digest('hex')
    .slice(0, 24);
  const marker = `imprint-faces-${id}`;
  registerFaceGroup(marker, { name, faces, pinned, marker: true });
  return `"${marker}", ${familyList(shown.alias)}`;
}

/**
 * Registers a render's project fonts and returns its DrawEnv.resolveFont: resolution limited to
 * exactly those fonts, so a font not passed in (deleted, other project) renders in the default.
 * Fonts group into families by their `family`: a reference is a font uuid (that face, or another
 * face of its family when bold or a slant is asked of it and it has none), a bundled family name,
 * or a project family name (the face that font_weight and font_style pick).
 */
export function createFontResolver(
  sources: FontSource[],
): (ref: string | null | undefined) => string {
  registerFontSources(sources);
  registerBundledGroups();
  const keys = new Set(sources.map((s) => s.key));
  const families = new Map<string, { name: string; faces: AliasFace[] }>();
  const faceByKey = new Map<string, AliasFace>();
  for (const source of sources) {
    const alias = registeredProjectFont(source.key);
    if (!alias) continue;
    const face = faceOf(source, alias);
    faceByKey.set(source.key, face);
    if (!source.family) continue;
    const id = normalise(source.family);
    const family = families.get(id) ?? { name: source.family.trim(), faces: [] };
    if (!family.faces.some((f) => f.alias === alias)) family.faces.push(face);
    families.set(id, family);
  }
  const lists = new Map<string, string>();
  return (ref) => {
    if (typeof ref !== 'string' || ref.trim() === '') return resolveFontFamily(ref, keys);
    let list = lists.get(ref);
    if (list !== undefined) return list;
    const own = faceByKey.get(ref);
    const source = own && sources.find((s) => s.key === ref);
    const family = source?.family ? families.get(normalise(source.family)) : undefined;
    const named = findBundledFamily(ref) ? undefined : families.get(normalise(ref));
    if (own) {
      const faces = family?.faces ?? [own];
      list = groupList(family?.name ?? ref, faces, own, own);
    } else if (named && named.faces.length > 0) {
      list = groupList(
        named.name,
        named.faces,
        matchFace(named.faces, 400, 'normal').face,
        undefined,
      );
    } else list = resolveFontFamily(ref, keys);
    lists.set(ref, list);
    return list;
  };
}

/** The family list for emoji runs: the colour emoji font first, then the given list. */
export function emojiFamilyList(list: string): string {
  return `${quote(EMOJI_ALIAS)}, ${list}`;
}
