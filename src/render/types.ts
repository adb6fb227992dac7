/**
 * The contracts of the pure rendering engine. A render takes a design, per-request layer data and
 * already-fetched assets (bytes by URL, font files by key) and returns bytes. No I/O happens
 * inside render/: callers fetch pictures and read font files, then pass them in.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';

/** A stored layer: common geometry plus the type's own properties (snake_case, as in requests). */
export interface LayerSpec {
  name: string;
  type: string;
  x: number;
  y: number;
  width: number;
  height: number;
  /** Degrees, clockwise, around the layer's centre. */
  rotation?: number;
  /** 0–100. */
  opacity?: number;
  hide?: boolean;
  /** PDF only: the layer's box becomes a clickable link to this URL. */
  link_target?: string | null;
  [prop: string]: unknown;
}

/** A template design: the canvas and its layers, drawn in order (first = bottom). */
export interface Design {
  width: number;
  height: number;
  /** CSS colour of the canvas, or null/'transparent' for a transparent canvas. */
  background: string | null;
  layers: LayerSpec[];
}

/** Request-time layer data: layer name → property patch (text, image, value, hide, geometry grammar…). */
export type LayerData = Record<string, Record<string, unknown>>;

/** A font file the caller loaded: `key` is what layers reference (a font uuid or a family name). */
export interface FontSource {
  key: string;
  data: Buffer;
}

/** Everything fetched for a render: bytes by URL (pictures, SVGs) and project fonts. */
export interface RenderAssets {
  /** URL → fetched bytes. A layer whose URL is missing here fails with an error naming it. */
  files: Map<string, Buffer>;
  /** Project fonts referenced by the design. */
  fonts: FontSource[];
}

/** One problem found while validating a design or layer data: a JSON path and a message. */
export interface RenderProblem {
  path: string;
  message: string;
}

/** Raised for bad designs, bad layer data or unusable assets; `problems` name the paths. */
export class RenderInputError extends Error {
  constructor(readonly problems: RenderProblem[]) {
    super(problems.map((p) => `${p.path}: ${p.message}`).join('; '));
    this.name = 'RenderInputError';
  }
}

/** A rectangle in design pixels. */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What a layer's draw() gets besides the context. */
export interface DrawEnv {
  /** 'raster' for images, 'pdf' for vector PDF pages. */
  target: 'raster' | 'pdf';
  /** Output pixels (or PDF units) per design pixel; the context is already scaled by it. */
  scale: number;
  /** Fetched bytes by URL. */
  files: Map<string, Buffer>;
  /** The Skia family name to use for a layer's font reference (uuid or family), with the fallback stack. */
  resolveFont(ref: string | null | undefined): string;
  /** PDF only: records a link area (design pixels, before rotation) to a URL. */
  addLink(rect: Rect, url: string): void;
}

/** One layer type of the registry (render/layers/<type>/). */
export interface LayerType {
  /** The stored `type` value, e.g. 'text', 'shape'. */
  type: string;
  /** How template listings report it (the spec shows shapes as 'rectangle'). */
  listedAs: string;
  /**
   * Checks and normalises the type's own properties of a resolved layer (after the request patch);
   * pushes problems with paths relative to `path` (e.g. 'layers.title.font_size').
   */
  validate(layer: LayerSpec, path: string, problems: RenderProblem[]): void;
  /** URLs this layer needs fetched before drawing (pictures, SVGs). */
  assetUrls(layer: LayerSpec): string[];
  /** Draws the layer in its own box: the context is translated so (0,0) is the layer's top-left. */
  draw(ctx: SKRSContext2D, layer: LayerSpec, env: DrawEnv): void | Promise<void>;
}
