/**
 * The contracts of the pure rendering engine. A render takes a design, per-request layer data and
 * already-fetched assets (bytes by URL, font files by key) and returns bytes. No I/O happens
 * inside render/: callers fetch pictures and read font files, then pass them in.
 */
import type { ScalarKind } from './design/scalars.ts';
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
  /** Unit of every length in the design (design/units.ts); absent means px. */
  unit?: 'px' | 'pt' | 'mm' | 'in';
  /** Raster output density of a physical design when the request gives none. */
  dpi?: number;
  /** PDF bleed in the design's unit when the request gives none (output/bleed.ts). */
  bleed?: number;
  /** The editor's ruler guides, in the design's unit (design/design-guides.ts); never drawn. */
  guides?: { vertical?: number[]; horizontal?: number[] };
  /** Set by toPixelDesign: a physical design whose lengths are already painter pixels. */
  pixels?: boolean;
}

/** Request-time layer data: layer name → property patch (text, image, value, hide, geometry grammar…). */
export type LayerData = Record<string, Record<string, unknown>>;

/** A font file the caller loaded: `key` is what layers reference (a font uuid or a family name). */
export interface FontSource {
  key: string;
  data: Buffer;
  /** The family the face belongs to (layers may name it in `font`); absent: a family of its own. */
  family?: string;
  /** The face's weight class (1–1000); absent: 400. */
  weight?: number;
  /** The face's slant; absent: normal. */
  style?: 'normal' | 'italic' | 'oblique';
}

/** Everything fetched for a render: bytes by URL (pictures, SVGs) and project fonts. */
export interface RenderAssets {
  /** URL → fetched bytes. A layer whose URL is missing here fails with an error naming it. */
  files: Map<string, Buffer>;
  /** Project fonts referenced by the design. */
  fonts: FontSource[];
  /** The keys of `files` that are screenshots of web pages (a browser frame shows their address). */
  screenshots?: string[];
}

/** One problem found while validating a design or layer data: a JSON path and a message. */
export interface RenderProblem {
  path: string;
  message: string;
}

/**
 * What a warning is about, fixed for programs (the editor outlines a layer on `text_overflow`);
 * the message says it for people. docs/api.md lists them.
 */
export const WARNING_CODES = [
  /** Text does not fit its box (at the minimum font size with auto_fit), or max_lines cut it. */
  'text_overflow',
  /** A `font` or `alt_font` is not available; the default family was used. */
  'font_fallback',
  /** A font family has no bold or italic face; it was synthesised. */
  'font_synthesized',
  /**
   * PDFs: a font's licence forbids embedding it (OS/2 fsType "Restricted License embedding"), so
   * its glyphs are written as outlines, an unnamed Type 3 font.
   */
  'font_not_embeddable',
  /** Table rows did not fit the table's box and were left out (images). */
  'table_rows_left_out',
  /** One table row is taller than the table's box and was cut. */
  'table_row_cut',
  /** Request data names a layer the template does not have. */
  'unknown_layer',
  /** Request data sets a property the layer's type does not have. */
  'unknown_property',
  /** Request data sets values of a layer the template marks static. */
  'static_layer_value',
  /** The request body has a field its route does not know. */
  'unknown_field',
  /**
   * A preview could not load a picture or SVG (the URL's answer in the message) and drew a
   * placeholder; POST /images and /pdfs fail on the same URL.
   */
  'picture_unavailable',
  /** Preflight (PDFs): a cmyk() colour's total ink is over the output condition's limit. */
  'ink_over_limit',
  /** Preflight (PDFs): a line or border thinner than 0.25 pt. */
  'thin_line',
  /** Preflight (PDFs): a picture placed at fewer than 250 pixels per inch. */
  'low_resolution_picture',
  /** Preflight (PDFs): the file holds Type 3 fonts (glyphs as outlines). */
  'type3_font',
  /** Preflight (CMYK PDFs): part of the file is still RGB after the conversion. */
  'rgb_in_cmyk',
  /** Preflight (CMYK PDFs): converted with the generic profile, not the printer's. */
  'generic_cmyk_profile',
  /** PDF/X-4: a layer's link_target was left out (PDF/X allows no links on the page). */
  'link_left_out',
  /** Closes a capped list: how many more warnings there were. */
  'more_warnings',
] as const;

/** One of WARNING_CODES. */
export type WarningCode = (typeof WARNING_CODES)[number];

/** Something a render or request could not do as asked: a code, a JSON path and a message. */
export interface RenderWarning extends RenderProblem {
  code: WarningCode;
}

/** Raised for bad designs, bad layer data or unusable assets; `problems` name the paths. */
export class RenderInputError extends Error {
  readonly problems: RenderProblem[];
  constructor(problems: RenderProblem[]) {
    super(problems.map((p) => `${p.path}: ${p.message}`).join('; '));
    this.problems = problems;
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
  /** The keys of `files` that are screenshots of web pages. */
  screenshots?: ReadonlySet<string>;
  /** The Skia family name to use for a layer's font reference (uuid or family), with the fallback stack. */
  resolveFont(ref: string | null | undefined): string;
  /** PDF only: records a link area (design pixels, before rotation) to a URL. */
  addLink(rect: Rect, url: string): void;
  /**
   * Reports something the render could not do as asked (a font that fell back, text that does
   * not fit); `path` names the layer, e.g. `layers.title`. The render goes on.
   */
  warn(warning: RenderWarning): void;
}

/** How the editor offers a layer type: the add button, the layers panel icon, a new layer. */
export interface EditorHints {
  /** The add button's text, e.g. "QR / barcode". */
  label: string;
  /** One character shown before the layer's name in the layers panel. */
  icon: string;
  /**
   * The size of a new layer in px: at most `width` × `height`, and at most `widthShare` of the
   * canvas width and `heightShare` of its height; `square` makes both sides the smaller one.
   */
  size: {
    width: number;
    height: number;
    widthShare: number;
    heightShare: number;
    square?: boolean;
  };
  /** Properties of a new layer, so it shows something (`text`, `value`, a few table rows…). */
  starter: Record<string, unknown>;
}

/** One layer type of the registry (render/layers/<type>/), typed by its property specs `S`. */
export interface LayerType<S extends PropSpecs = PropSpecs> {
  /** The stored `type` value, e.g. 'text', 'shape'. */
  type: string;
  /** How template listings report it: the type names Placid's clients enumerate (text, picture, shape…). */
  listedAs: string;
  /**
   * The type's own properties, declared once (design/prop-specs.ts): they drive the checks of
   * stored designs and request patches, the string-to-number reading of requests, the OpenAPI
   * schemas and the type of the layer draw() gets (LayerOf<S>), in the order they are checked.
   */
  props: S;
  /** The editor's add button, icon and new-layer values (served to it by editor-specs.ts). */
  editor: EditorHints;
  /** Checks that involve several properties, run after each property's own check. */
  checkTogether?(layer: LayerOf<S>, path: string, problems: RenderProblem[]): void;
  /** URLs this layer needs fetched before drawing (pictures, SVGs). */
  assetUrls(layer: LayerSpec): string[];
  /** The property that holds those URLs (`image`, `rows`), for messages naming the field. */
  assetField?: string;
  /** Multiplies lengths held inside structured properties by `k` (the `px` props are scaled for it). */
  scaleLengths?(layer: LayerSpec, k: number): void;
  /**
   * Draws the layer in its own box: the context is translated so (0,0) is the layer's top-left.
   * The registry hands it the layer read through its specs (layers/typed-layer.ts).
   */
  draw(ctx: SKRSContext2D, layer: LayerOf<S>, env: DrawEnv): void | Promise<void>;
}

/** The signature of the property checkers (design/props.ts): the layer, its JSON path and the problem list. */
export interface PropContext {
  layer: LayerSpec;
  path: string;
  problems: RenderProblem[];
  /** The design's unit (design/units.ts) when not px: lengths are read and bounded in it. */
  unit?: 'pt' | 'mm' | 'in';
}

/** Where a property schema is used: a stored design, or a request patch (strings allowed). */
export type SchemaMode = 'design' | 'request';

/** A JSON Schema object (draft 2020-12, as OpenAPI 3.1 uses). */
export type JsonSchema = Record<string, unknown>;

/** One property of a layer type: how it is checked, and so how it is described. */
export type PropSpec =
  | { kind: 'px'; def: number; min: number; max: number; description: string }
  | {
      kind: 'number';
      def: number;
      min: number;
      max: number;
      integer?: boolean;
      description: string;
    }
  | { kind: 'enum'; values: readonly string[]; def: string; description: string }
  | { kind: 'color'; def: string | null; nullable?: boolean; description: string }
  | { kind: 'boolean'; def: boolean; description: string }
  | { kind: 'string'; def: string; max: number; description: string }
  | { kind: 'url'; description: string }
  | {
      /** A property with its own check; `schema` describes what that check accepts. */
      kind: 'custom';
      check: (c: PropContext, prop: string) => void;
      /**
       * True for a value the check leaves as it is (a type guard: the property's type in
       * LayerOf). Without it the property is `unknown` to drawing code.
       */
      is?: (value: unknown) => boolean;
      schema: (mode: SchemaMode) => JsonSchema;
      /** Set when the value is a number or boolean a request may send as a string. */
      scalar?: ScalarKind;
      description: string;
    };

/** A layer type's properties, in the order they are checked. */
export type PropSpecs = Readonly<Record<string, PropSpec>>;

/** The value a property holds once its check ran (design/props.ts writes defaults over bad values). */
export type PropValue<S extends PropSpec> = S extends { kind: 'px' | 'number' }
  ? number
  : S extends { kind: 'enum'; values: readonly (infer V)[] }
    ? V
    : S extends { kind: 'color'; nullable: true }
      ? string | null
      : S extends { kind: 'color'; nullable: false }
        ? string
        : S extends { kind: 'color'; def: null }
          ? string | null
          : S extends { kind: 'color' }
            ? string
            : S extends { kind: 'boolean' }
              ? boolean
              : S extends { kind: 'string' }
                ? string
                : S extends { kind: 'url' }
                  ? string | null
                  : S extends { kind: 'custom'; is: (value: unknown) => value is infer T }
                    ? T
                    : unknown;

/** The typed property object of a layer type with specs `S`. */
export type PropsOf<S extends PropSpecs> = { -readonly [K in keyof S]: PropValue<S[K]> };

/** A stored layer whose type's own properties hold checked values of their declared types. */
export type LayerOf<S extends PropSpecs> = LayerSpec & PropsOf<S>;
