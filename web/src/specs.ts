/** The renderer's layer registry (imported at build time, see web/vite.config.ts). */
import specs from 'virtual:editor-specs';
import type { WarningCode } from './api.ts';

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
  | { kind: 'custom'; description: string; scalar?: string; schema: Record<string, unknown> };

/** How the editor offers a layer type (the registry's LayerType.editor). */
export interface TypeHints {
  /** The add button's text. */
  label: string;
  /** One character before the layer's name in the layers panel. */
  icon: string;
  /** A new layer: at most width × height px and the shares of the canvas; square: both sides equal. */
  size: {
    width: number;
    height: number;
    widthShare: number;
    heightShare: number;
    square?: boolean;
  };
  /** A new layer's properties. */
  starter: Record<string, unknown>;
}

/** A family of the font library (GET /api/rest/fonts/built-in lists the same). */
export interface LibraryFont {
  name: string;
  category: string;
  weights: number[];
  styles: string[];
}

export interface EditorSpecs {
  common: Record<string, PropSpec>;
  types: Record<string, Record<string, PropSpec>>;
  hints: Record<string, TypeHints>;
  fonts: string[];
  /** The weight classes each bundled family has, lightest first. */
  fontWeights: Record<string, number[]>;
  /** The font library: families shipped for designs, with their weights and styles. */
  fontLibrary: LibraryFont[];
  warningCodes: WarningCode[];
  /** Painter pixels per design unit, as the renderer counts them (96 per inch). */
  units: Record<string, number>;
}

export const SPECS = specs as EditorSpecs;

/** Layer types in the registry's order. */
export const LAYER_TYPES = Object.keys(SPECS.types);

/** The editor hints of `type` (an unknown type gets its name and a neutral box). */
export function hintsOf(type: string): TypeHints {
  return (
    SPECS.hints[type] ?? {
      label: type,
      icon: '?',
      size: { width: 300, height: 200, widthShare: 0.5, heightShare: 0.5 },
      starter: {},
    }
  );
}

/** The properties of a layer of `type`: its own first, then the common ones. */
export function propsOf(type: string): [string, PropSpec][] {
  return [...Object.entries(SPECS.types[type] ?? {}), ...Object.entries(SPECS.common)];
}
