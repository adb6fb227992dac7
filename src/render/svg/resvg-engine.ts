/**
 * resvg as WebAssembly (@resvg/resvg-wasm): a bug in resvg (a Rust panic) is a catchable
 * RuntimeError there, where the native build aborts the whole process, and it can read no file
 * and no system font. One instance per thread; an instance that trapped or grew its memory for a
 * large bitmap is dropped and the next use gets a fresh one (WebAssembly memory never shrinks).
 */
import { createRequire } from 'node:module';
import type { ResvgRenderOptions } from '@resvg/resvg-wasm';
import type * as ResvgWasm from '@resvg/resvg-wasm';
import { resvgWasmModule, svgFontBuffers, WasmApi } from './resvg-files.ts';

type ResvgModule = typeof ResvgWasm;
type ResvgInstance = InstanceType<ResvgModule['Resvg']>;

const require = createRequire(import.meta.url);
let current: ResvgModule | undefined;
let loading: Promise<ResvgModule> | undefined;

/** A ready resvg instance (a fresh module copy after `retireResvg`). */
export function resvgReady(): Promise<ResvgModule> {
  if (current) return Promise.resolve(current);
  loading ??= (async () => {
    const path = require.resolve('@resvg/resvg-wasm');
    delete require.cache[path];
    const mod = require(path) as ResvgModule;
    await mod.initWasm(resvgWasmModule() as never);
    current = mod;
    loading = undefined;
    return mod;
  })();
  return loading;
}

/** Drops the current instance; the next resvgReady() makes a new one. */
export function retireResvg(): void {
  current = undefined;
}

/** Bitmaps from this many pixels on make the instance retire after use. */
const LARGE_BITMAP = 8_000_000;

/** resvg options: the bundled fonts (only when the SVG has text), DejaVu for generic names. */
function options(withText: boolean, extra: ResvgRenderOptions = {}): ResvgRenderOptions {
  return {
    ...extra,
    font: {
      fontBuffers: withText ? svgFontBuffers() : [],
      defaultFontFamily: 'DejaVu Sans',
      sansSerifFamily: 'DejaVu Sans',
      serifFamily: 'DejaVu Serif',
      monospaceFamily: 'DejaVu Sans Mono',
      cursiveFamily: 'DejaVu Sans',
      fantasyFamily: 'DejaVu Sans',
    },
  };
}

/** Runs `use` on a new resvg document, freeing it after; a trap retires the instance. */
function withResvg<T>(svg: string, opts: ResvgRenderOptions, use: (r: ResvgInstance) => T): T {
  if (!current) throw new Error('resvg is not ready (call resvgReady first)');
  let r: ResvgInstance | undefined;
  try {
    r = new current.Resvg(svg, opts);
    return use(r);
  } catch (err) {
    if (err instanceof WasmApi.RuntimeError) {
      retireResvg();
      throw new Error(`resvg failed (${err.message})`, { cause: err });
    }
    const why = String((err as Error).message ?? err).replace(
      /^SVG data parsing failed cause /,
      '',
    );
    throw new Error(`resvg: ${why}`, { cause: err });
  } finally {
    try {
      r?.free();
    } catch {
      retireResvg();
    }
  }
}

/** resvg's simplified SVG text and size (text laid out as outlines). Needs resvgReady(). */
export function resvgSimplify(
  svg: string,
  withText: boolean,
): { text: string; width: number; height: number } {
  return withResvg(svg, options(withText), (r) => ({
    text: r.toString(),
    width: r.width,
    height: r.height,
  }));
}

/** RGBA pixels (premultiplied) of an SVG without text rendered `width` pixels wide. */
export function resvgRaster(
  svg: string,
  width: number,
): { pixels: Uint8Array; width: number; height: number } {
  return withResvg(svg, options(false, { fitTo: { mode: 'width', value: width } }), (r) => {
    const image = r.render();
    try {
      const out = { pixels: image.pixels, width: image.width, height: image.height };
      if (out.width * out.height >= LARGE_BITMAP) retireResvg();
      return out;
    } finally {
      image.free();
    }
  });
}
