/**
 * Every family a layer may name without uploading anything: the font library (font-library.ts)
 * and the bundled fallback families (bundled-fonts.ts), described for the fonts API and the
 * editor (name, kind, weights and styles, licence).
 */
import { BUNDLED_FAMILIES, EMOJI_ALIAS } from './bundled-fonts.ts';
import { skiaFaces } from './font-faces.ts';
import { libraryFamilies, type LibraryCategory } from './font-library.ts';
import { resolveFontFamily } from './font-family.ts';

/** One built-in family as the API lists it. */
export interface BuiltInFamily {
  /** The name a text layer's `font` gives. */
  family: string;
  /** `library`: a popular family shipped for designs; `bundled`: the default and script fallbacks. */
  kind: 'library' | 'bundled';
  category: LibraryCategory;
  /** Weights the family has a face of, ascending. */
  weights: number[];
  /** Styles it has faces of. */
  styles: Array<'normal' | 'italic' | 'oblique'>;
  /** Unicode subsets (library families; bundled ones cover what the docs say). */
  subsets: string[];
  /** SPDX id of the licence. */
  license: string;
  /** Where the files come from (npm package and version, or Imprint's assets). */
  source: string;
}

let bundled: BuiltInFamily[] | undefined;

function bundledFamilies(): BuiltInFamily[] {
  if (bundled) return bundled;
  resolveFontFamily(null); // registers the bundled files, so Skia can tell their faces
  bundled = BUNDLED_FAMILIES.filter((f) => f.alias !== EMOJI_ALIAS).map((f) => {
    const faces = skiaFaces(f.alias);
    return {
      family: f.name,
      kind: 'bundled',
      category: f.name.includes('Mono')
        ? 'monospace'
        : f.name.includes('Serif')
          ? 'serif'
          : 'sans-serif',
      weights: [...new Set(faces.map((x) => x.weight))].sort((a, b) => a - b),
      styles: [...new Set(faces.map((x) => x.style))],
      subsets: [],
      license: f.license,
      source: f.dir === 'dejavu' ? 'dejavu-fonts-ttf' : 'Imprint (assets/fonts)',
    };
  });
  return bundled;
}

/** Library families first (alphabetical), then the bundled ones in fallback order. */
export function builtInFamilies(): BuiltInFamily[] {
  const library: BuiltInFamily[] = libraryFamilies()
    .map((f) => ({
      family: f.name,
      kind: 'library' as const,
      category: f.category,
      weights: f.weights,
      styles: f.styles,
      subsets: f.subsets,
      license: f.license,
      source: `@fontsource/${f.id} ${f.version}`,
    }))
    .sort((a, b) => a.family.localeCompare(b.family));
  return [...library, ...bundledFamilies()];
}
