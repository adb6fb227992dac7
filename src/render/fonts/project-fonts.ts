/**
 * Project fonts (uploaded TTF/OTF/WOFF/WOFF2 files) registered with Skia from their bytes. Each
 * key (a font uuid) is parsed once per process: fonts are cached across renders, never re-read.
 */
import { GlobalFonts } from '@napi-rs/canvas';
import { createHash } from 'node:crypto';
import { fontEmbeddingRestricted, readFontFaceInfo } from '../../core/font-face-info.ts';
import type { FontSource } from '../types.ts';

/** key → alias for keys whose bytes Skia accepted; key → null for bytes it refused. */
const known = new Map<string, string | null>();

/** alias → the font's name, for fonts whose licence forbids embedding them in PDFs. */
const restricted = new Map<string, string>();

/** Notes a font whose licence forbids embedding, by the name a warning can show. */
function noteEmbedding({ key, data, family }: FontSource, alias: string): void {
  if (!fontEmbeddingRestricted(data)) return;
  restricted.set(alias, family?.trim() || readFontFaceInfo(data).family || key);
}

/**
 * The name of the project font registered as `alias` when its licence forbids embedding it (OS/2
 * fsType "Restricted License embedding"): Skia then draws its glyphs into PDFs as an unnamed
 * Type 3 font. Undefined for other fonts.
 */
export function embeddingRestricted(alias: string): string | undefined {
  return restricted.get(alias);
}

/** The Skia family alias a project font key is registered under (never a real family name). */
export function projectFontAlias(key: string): string {
  // Keys are uuids in practice; anything else is hashed so the alias stays a safe CSS name.
  const safe = /^[A-Za-z0-9_-]{1,64}$/.test(key)
    ? key
    : createHash('sha256').update(key).digest('hex').slice(0, 32);
  return `imprint-font-${safe}`;
}

/**
 * Registers project fonts from their bytes, once per key per process (later calls with a known
 * key do nothing, so a render can pass all its fonts every time). Bytes that are not a font
 * Skia can read are remembered as unusable: layers using that key fall back to the default.
 */
export function registerFontSources(sources: FontSource[]): void {
  for (const source of sources) {
    if (known.has(source.key)) continue;
    const alias = projectFontAlias(source.key);
    // Another worker thread of this process may have registered it already (GlobalFonts is shared).
    if (GlobalFonts.has(alias) || GlobalFonts.register(source.data, alias)) {
      known.set(source.key, alias);
      noteEmbedding(source, alias);
    } else known.set(source.key, null);
  }
}

/** The alias of a registered, usable project font, or undefined. */
export function registeredProjectFont(key: string): string | undefined {
  return known.get(key) ?? undefined;
}
