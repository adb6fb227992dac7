/**
 * The files resvg needs, read once per thread: its WebAssembly module (compiled) and the bundled
 * font files SVG text may use. With this module, bundled-fonts.ts and the ICC profiles, the only
 * file reads in render/ (resvg itself, in WebAssembly, can read no file at all).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { BUNDLED_FAMILIES, bundledFontPath, EMOJI_ALIAS } from '../fonts/bundled-fonts.ts';

/** The global WebAssembly API (the TypeScript libs in use do not declare it). */
export const WasmApi = (
  globalThis as unknown as {
    WebAssembly: { Module: new (bytes: Uint8Array) => object; RuntimeError: new () => Error };
  }
).WebAssembly;

let wasm: object | undefined;
let fonts: Uint8Array[] | undefined;

/** resvg's compiled WebAssembly module. */
export function resvgWasmModule(): object {
  wasm ??= new WasmApi.Module(
    fs.readFileSync(createRequire(import.meta.url).resolve('@resvg/resvg-wasm/index_bg.wasm')),
  );
  return wasm;
}

/**
 * Every bundled font file but the colour emoji one (bitmap glyphs resvg does not draw), DejaVu
 * Sans first: resvg falls back to the first font that has a glyph.
 */
export function svgFontBuffers(): Uint8Array[] {
  fonts ??= BUNDLED_FAMILIES.filter((f) => f.alias !== EMOJI_ALIAS).flatMap((f) =>
    f.files.map((file) => new Uint8Array(fs.readFileSync(bundledFontPath(f, file)))),
  );
  return fonts;
}
