/** The renderer's layer registry (imported at build time, see web/vite.config.ts). */
import specs from 'virtual:editor-specs';

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

export interface EditorSpecs {
  common: Record<string, PropSpec>;
  types: Record<string, Record<string, PropSpec>>;
  fonts: string[];
  /** Painter pixels per design unit, as the renderer counts them (96 per inch). */
  units: Record<string, number>;
}

export const SPECS = specs as EditorSpecs;

/** Layer types in the registry's order. */
export const LAYER_TYPES = Object.keys(SPECS.types);

/** The properties of a layer of `type`: its own first, then the common ones. */
export function propsOf(type: string): [string, PropSpec][] {
  return [...Object.entries(SPECS.types[type] ?? {}), ...Object.entries(SPECS.common)];
}
