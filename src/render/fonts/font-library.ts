/**
 * The font library: popular open-licence families shipped as Fontsource npm packages
 * (`@fontsource/<id>`: WOFF2 files per unicode subset, weight and style, with the family's LICENSE
 * and metadata.json). A layer names a family (`"font": "Montserrat"`) and its weight and style
 * pick the face, as for bundled families.
 *
 * Nothing is read or registered at start-up. A family's metadata is read when its name is first
 * resolved; a face (one weight and style) is registered with Skia when a text first asks for it:
 * every subset file of that face under one alias (`imprint-lib-<id>-<weight>-<style>`), which
 * Skia searches as one face, so Latin, Latin Extended, Vietnamese, Cyrillic and Greek text all
 * draw in the family's face whichever subset file holds each character. The family itself is an
 * unregistered marker name followed by its regular face, like a group of project fonts
 * (font-faces.ts).
 */
import { GlobalFonts } from '@napi-rs/canvas';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { AliasFace } from './font-faces.ts';
import { matchFace, type FaceStyle } from './font-match.ts';

/** Broad kind of a family, as Fontsource (and Google Fonts) files it. */
export type LibraryCategory = 'sans-serif' | 'serif' | 'monospace' | 'display' | 'handwriting';

/** One family of the library: its npm package id and the name layers give. */
export interface LibraryFamilyEntry {
  /** The Fontsource id: the package is `@fontsource/<id>`. */
  id: string;
  /** The family name a layer's `font` gives (any case; the id is accepted too). */
  name: string;
}

/** The library's families, as shipped (package.json lists their packages). */
export const LIBRARY_FAMILIES: readonly LibraryFamilyEntry[] = [
  ['inter', 'Inter'],
  ['roboto', 'Roboto'],
  ['open-sans', 'Open Sans'],
  ['lato', 'Lato'],
  ['montserrat', 'Montserrat'],
  ['poppins', 'Poppins'],
  ['raleway', 'Raleway'],
  ['noto-sans', 'Noto Sans'],
  ['nunito', 'Nunito'],
  ['source-sans-3', 'Source Sans 3'],
  ['work-sans', 'Work Sans'],
  ['dm-sans', 'DM Sans'],
  ['fira-sans', 'Fira Sans'],
  ['ibm-plex-sans', 'IBM Plex Sans'],
  ['rubik', 'Rubik'],
  ['barlow', 'Barlow'],
  ['mulish', 'Mulish'],
  ['manrope', 'Manrope'],
  ['space-grotesk', 'Space Grotesk'],
  ['karla', 'Karla'],
  ['pt-sans', 'PT Sans'],
  ['josefin-sans', 'Josefin Sans'],
  ['quicksand', 'Quicksand'],
  ['oswald', 'Oswald'],
  ['bebas-neue', 'Bebas Neue'],
  ['anton', 'Anton'],
  ['playfair-display', 'Playfair Display'],
  ['merriweather', 'Merriweather'],
  ['source-serif-4', 'Source Serif 4'],
  ['noto-serif', 'Noto Serif'],
  ['lora', 'Lora'],
  ['pt-serif', 'PT Serif'],
  ['libre-baskerville', 'Libre Baskerville'],
  ['eb-garamond', 'EB Garamond'],
  ['roboto-slab', 'Roboto Slab'],
  ['dm-serif-display', 'DM Serif Display'],
  ['roboto-mono', 'Roboto Mono'],
  ['jetbrains-mono', 'JetBrains Mono'],
  ['source-code-pro', 'Source Code Pro'],
  ['ibm-plex-mono', 'IBM Plex Mono'],
  ['dancing-script', 'Dancing Script'],
  ['pacifico', 'Pacifico'],
  ['lobster', 'Lobster'],
  ['caveat', 'Caveat'],
].map(([id, name]) => ({ id, name }));

/** What a family's package says about it (its metadata.json), plus where its files are. */
export interface LibraryFamily extends LibraryFamilyEntry {
  category: LibraryCategory;
  weights: number[];
  styles: FaceStyle[];
  /** Unicode subsets the family's files cover (latin, latin-ext, cyrillic, …). */
  subsets: string[];
  /** SPDX id of the licence (OFL-1.1, Apache-2.0). */
  license: string;
  /** Copyright line of the family. */
  attribution: string;
  /** Package version (the family's files as shipped). */
  version: string;
  /** Absolute path of the package folder. */
  dir: string;
}

/** The marker name a library family's family lists start with (never registered with Skia). */
export const libraryMarker = (id: string): string => `imprint-lib-${id}`;

/** The Skia alias one face of a library family is registered under. */
export const libraryFaceAlias = (id: string, weight: number, style: FaceStyle): string =>
  `imprint-lib-${id}-${weight}-${style}`;

const normalise = (name: string): string => name.trim().toLowerCase().replace(/\s+/g, ' ');

const entryByName = new Map<string, LibraryFamilyEntry>();
for (const entry of LIBRARY_FAMILIES) {
  for (const name of [entry.name, entry.id, entry.name.replace(/ /g, '')]) {
    entryByName.set(normalise(name), entry);
  }
}

const require = createRequire(import.meta.url);
const loaded = new Map<string, LibraryFamily>();

/** Reads a family's metadata.json (once per process); throws when the package is missing. */
function load(entry: LibraryFamilyEntry): LibraryFamily {
  let family = loaded.get(entry.id);
  if (family) return family;
  const pkg = require.resolve(`@fontsource/${entry.id}/package.json`);
  const dir = path.dirname(pkg);
  const meta = JSON.parse(fs.readFileSync(path.join(dir, 'metadata.json'), 'utf8')) as {
    category: LibraryCategory;
    weights: number[];
    styles: string[];
    subsets: string[];
    license: { type: string; attribution: string };
  };
  const version = (JSON.parse(fs.readFileSync(pkg, 'utf8')) as { version: string }).version;
  // Latin first: where two subset files hold a character, the first registered is drawn.
  const subsets = [...meta.subsets].sort(
    (a, b) => Number(b === 'latin') - Number(a === 'latin') || a.localeCompare(b),
  );
  family = {
    ...entry,
    category: meta.category,
    weights: [...meta.weights].sort((a, b) => a - b),
    styles: meta.styles.filter((s): s is FaceStyle => s === 'normal' || s === 'italic'),
    subsets,
    license: meta.license.type,
    attribution: meta.license.attribution,
    version,
    dir,
  };
  loaded.set(entry.id, family);
  return family;
}

/** The library family a name refers to (its name or id, any case), or undefined. */
export function findLibraryFamily(name: string): LibraryFamily | undefined {
  const entry = entryByName.get(normalise(name));
  return entry && load(entry);
}

/** Every library family with its metadata (reads each package's metadata.json once). */
export function libraryFamilies(): LibraryFamily[] {
  return LIBRARY_FAMILIES.map(load);
}

/** The faces of a family (every weight in every style), as selectFace sees them. */
export function libraryFaces(family: LibraryFamily): AliasFace[] {
  return family.styles.flatMap((style) =>
    family.weights.map((weight) => ({
      alias: libraryFaceAlias(family.id, weight, style),
      weight,
      style,
    })),
  );
}

/** The face a family stands for without a weight or style asked: the one nearest 400 upright. */
export function regularFace(family: LibraryFamily): AliasFace {
  return matchFace(libraryFaces(family), 400, 'normal').face;
}

/** Path of one file of a face: `<dir>/files/<id>-<subset>-<weight>-<style>.woff2`. */
export function libraryFilePath(
  family: LibraryFamily,
  subset: string,
  weight: number,
  style: FaceStyle,
): string {
  return path.join(family.dir, 'files', `${family.id}-${subset}-${weight}-${style}.woff2`);
}

/**
 * Registers one face (all its subset files under its alias) unless this process has it already
 * (GlobalFonts is shared by the worker threads). A file Skia cannot load is an installation
 * fault, so it throws.
 */
export function registerLibraryFace(family: LibraryFamily, face: AliasFace): void {
  if (GlobalFonts.has(face.alias)) return;
  for (const subset of family.subsets) {
    const where = libraryFilePath(family, subset, face.weight, face.style as FaceStyle);
    if (!fs.existsSync(where)) continue;
    if (!GlobalFonts.registerFromPath(where, face.alias)) {
      throw new Error(`Library font ${where} could not be loaded; reinstall Imprint`);
    }
  }
}
