/**
 * Project fonts (uploaded TTF/OTF/WOFF/WOFF2 files) registered with Skia from their bytes. Each
 * key (a font uuid) is parsed once per process: fonts are cached across renders, never re-read.
 */
import { GlobalFonts } from '@napi-rs/canvas';
import { createHash } from 'node:crypto';
import type { FontSource } from '../types.ts';

/** key → alias for keys whose bytes Skia accepted; key → null for bytes it refused. */
const known = new Map<string, string | null>();

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
  for (const { key, data } of sources) {
    if (known.has(key)) continue;
    const alias = projectFontAlias(key);
    // Another worker thread of this process may have registered it already (GlobalFonts is shared).
    if (GlobalFonts.has(alias)) {
      known.set(key, alias);
      continue;
    }
    known.set(key, GlobalFonts.register(data, alias) ? alias : null);
  }
}

/** The alias of a registered, usable project font, or undefined. */
export function registeredProjectFont(key: string): string | undefined {
  return known.get(key) ?? undefined;
}
