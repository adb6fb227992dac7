/**
 * The RGB bytes of opaque RGBA pixels, for encoders that take three channels (JPEG; PNG and WebP
 * of an opaque canvas). Dropping the alpha byte is a shuffle that SIMD does 16 pixels at a time
 * (./rgba-to-rgb.wat), cheaper than libvips' removeAlpha in front of the encoder and than a plain
 * JavaScript loop (figures: docs/benchmarks.md, "Render engine").
 * The pixels pass through the WebAssembly memory in chunks, so it stays 128 KB whatever the size
 * of the canvas (WebAssembly memory never shrinks), and the call is synchronous: two renders in
 * one thread cannot share a chunk.
 */
import { WASM_BASE64 } from './rgba-to-rgb-wasm.ts';

/** Pixels per chunk: 64 KB of RGBA in, 48 KB of RGB out, within the module's two pages. */
const CHUNK_PIXELS = 16384;
const IN_OFFSET = 0;
const OUT_OFFSET = CHUNK_PIXELS * 4;

// TypeScript's ES libraries leave WebAssembly to the DOM library: the parts used here.
declare const WebAssembly: {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object) => { exports: Record<string, unknown> };
};

interface Converter {
  memory: Uint8Array;
  convert: (src: number, dst: number, pixels: number) => void;
}

let converter: Converter | null = null;

function load(): Converter {
  const instance = new WebAssembly.Instance(
    new WebAssembly.Module(Buffer.from(WASM_BASE64, 'base64')),
  );
  const { memory, rgbaToRgb } = instance.exports as {
    memory: { buffer: ArrayBuffer };
    rgbaToRgb: Converter['convert'];
  };
  // The memory never grows, so this view stays valid.
  return { memory: new Uint8Array(memory.buffer), convert: rgbaToRgb };
}

/**
 * Writes the R, G and B of every RGBA pixel of `rgba` (alpha is dropped, not applied) to the
 * start of `into`, or to a new buffer; returns the bytes written.
 */
export function rgbaToRgb(rgba: Uint8Array, into?: Buffer): Buffer {
  if (rgba.length % 4 !== 0)
    throw new RangeError(`RGBA length ${rgba.length} is not a multiple of 4`);
  const pixels = rgba.length / 4;
  if (into && into.length < pixels * 3)
    throw new RangeError(`${into.length} bytes cannot hold ${pixels} RGB pixels`);
  const { memory, convert } = (converter ??= load());
  const rgb = into ? into.subarray(0, pixels * 3) : Buffer.allocUnsafe(pixels * 3);
  for (let done = 0; done < pixels; done += CHUNK_PIXELS) {
    const n = Math.min(CHUNK_PIXELS, pixels - done);
    memory.set(rgba.subarray(done * 4, (done + n) * 4), IN_OFFSET);
    convert(IN_OFFSET, OUT_OFFSET, n);
    rgb.set(memory.subarray(OUT_OFFSET, OUT_OFFSET + n * 3), done * 3);
  }
  return rgb;
}
