/**
 * The bundled font stack: the font files shipped with Imprint (DejaVu from the dejavu-fonts-ttf
 * npm package, the rest from assets/fonts/, see assets/fonts/README.md). They are registered
 * under Imprint-only aliases ("imprint-…"), so a font list we produce can never pick up an
 * installed system font of the same name. This is the only module of render/ that touches files
 * (Skia reads them by path).
 */
import { GlobalFonts } from '@napi-rs/canvas';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** One bundled family: the public name layers use, the alias it is registered under, its files. */
export interface BundledFamily {
  /** The family name a layer's `font` may give (matched case-insensitively). */
  name: string;
  /** Other accepted spellings (generic CSS names, names without spaces). */
  aliases: string[];
  /** The name registered with Skia; only this is ever written into a font list. */
  alias: string;
  /** Where the files live: the dejavu npm package or the repo's assets/fonts. */
  dir: 'dejavu' | 'assets';
  /** File names (relative to dir): every weight/style of the family. */
  files: string[];
  /** Whether the family is part of the fallback stack appended to every font list. */
  fallback: boolean;
  /** SPDX id of the family's licence. */
  license: string;
}

/** Every bundled family. The order of the `fallback` ones is the fallback order. */
export const BUNDLED_FAMILIES: readonly BundledFamily[] = [
  {
    name: 'DejaVu Sans',
    aliases: ['sans-serif', 'DejaVuSans', 'system-ui'],
    alias: 'imprint-dejavu-sans',
    dir: 'dejavu',
    files: [
      'DejaVuSans.ttf',
      'DejaVuSans-Bold.ttf',
      'DejaVuSans-Oblique.ttf',
      'DejaVuSans-BoldOblique.ttf',
      'DejaVuSans-ExtraLight.ttf',
    ],
    fallback: true,
    license: 'Bitstream-Vera',
  },
  {
    name: 'DejaVu Serif',
    aliases: ['serif', 'DejaVuSerif'],
    alias: 'imprint-dejavu-serif',
    dir: 'dejavu',
    files: [
      'DejaVuSerif.ttf',
      'DejaVuSerif-Bold.ttf',
      'DejaVuSerif-Italic.ttf',
      'DejaVuSerif-BoldItalic.ttf',
    ],
    fallback: false,
    license: 'Bitstream-Vera',
  },
  {
    name: 'DejaVu Sans Mono',
    aliases: ['monospace', 'DejaVuSansMono'],
    alias: 'imprint-dejavu-sans-mono',
    dir: 'dejavu',
    files: [
      'DejaVuSansMono.ttf',
      'DejaVuSansMono-Bold.ttf',
      'DejaVuSansMono-Oblique.ttf',
      'DejaVuSansMono-BoldOblique.ttf',
    ],
    fallback: false,
    license: 'Bitstream-Vera',
  },
  {
    name: 'Noto Sans Arabic',
    aliases: ['NotoSansArabic'],
    alias: 'imprint-noto-sans-arabic',
    dir: 'assets',
    files: ['noto/NotoSansArabic-Regular.ttf', 'noto/NotoSansArabic-Bold.ttf'],
    fallback: true,
    license: 'OFL-1.1',
  },
  {
    name: 'Noto Sans Hebrew',
    aliases: ['NotoSansHebrew'],
    alias: 'imprint-noto-sans-hebrew',
    dir: 'assets',
    files: ['noto/NotoSansHebrew-Regular.ttf', 'noto/NotoSansHebrew-Bold.ttf'],
    fallback: true,
    license: 'OFL-1.1',
  },
  {
    name: 'Noto Sans Devanagari',
    aliases: ['NotoSansDevanagari'],
    alias: 'imprint-noto-sans-devanagari',
    dir: 'assets',
    files: ['noto/NotoSansDevanagari-Regular.ttf', 'noto/NotoSansDevanagari-Bold.ttf'],
    fallback: true,
    license: 'OFL-1.1',
  },
  {
    // Chinese (simplified and traditional) and Japanese; no Hangul, hence Nanum after it.
    name: 'Droid Sans Fallback',
    aliases: ['DroidSansFallback', 'DroidSansFallbackFull'],
    alias: 'imprint-droid-sans-fallback',
    dir: 'assets',
    files: ['droid/DroidSansFallbackFull.ttf'],
    fallback: true,
    license: 'Apache-2.0',
  },
  {
    name: 'NanumGothic',
    aliases: ['Nanum Gothic'],
    alias: 'imprint-nanum-gothic',
    dir: 'assets',
    files: ['nanum/NanumGothic.ttf'],
    fallback: true,
    license: 'OFL-1.1',
  },
  {
    name: 'Noto Color Emoji',
    aliases: ['NotoColorEmoji', 'emoji'],
    alias: 'imprint-noto-color-emoji',
    dir: 'assets',
    files: ['noto/NotoColorEmoji.ttf'],
    fallback: true,
    license: 'OFL-1.1',
  },
];

/** The default family: what a missing, unknown or deleted font falls back to. */
export const DEFAULT_FAMILY = BUNDLED_FAMILIES[0];

/** The colour emoji family's alias (the text layout puts it first for emoji runs). */
export const EMOJI_ALIAS = 'imprint-noto-color-emoji';

let registered = false;

/** Absolute path of a bundled font file. */
export function bundledFontPath(family: BundledFamily, file: string): string {
  const base =
    family.dir === 'dejavu'
      ? path.join(
          path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')),
          'ttf',
        )
      : fileURLToPath(new URL('../../../assets/fonts/', import.meta.url));
  return path.join(base, file);
}

/**
 * Registers every bundled file once per process (GlobalFonts is shared by worker threads, so a
 * family already known under its alias is skipped). A missing file is an installation fault,
 * not bad input, so it throws.
 */
export function registerBundledFonts(): void {
  if (registered) return;
  for (const family of BUNDLED_FAMILIES) {
    if (GlobalFonts.has(family.alias)) continue;
    for (const file of family.files) {
      const where = bundledFontPath(family, file);
      if (!GlobalFonts.registerFromPath(where, family.alias)) {
        throw new Error(`Bundled font ${where} could not be loaded; reinstall Imprint`);
      }
    }
  }
  registered = true;
}
