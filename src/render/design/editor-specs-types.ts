/**
 * The shape of the editor's view of the registry (editor-specs.ts builds it). Types only, and
 * importing only types, so the browser editor (web/) can type the build-time specs with them
 * without pulling the engine into its type check.
 */
import type { EditorHints, JsonSchema, PropSpec, WarningCode } from '../types.ts';

/** A property spec without functions: what the editor needs to build a control. */
export type EditorPropSpec =
  | Exclude<PropSpec, { kind: 'custom' }>
  | { kind: 'custom'; description: string; scalar?: string; schema: JsonSchema };

/** The editor's view of the registry. */
export interface EditorSpecs {
  common: Record<string, EditorPropSpec>;
  types: Record<string, Record<string, EditorPropSpec>>;
  /** Per type, in registry order: the add button's label, the icon, a new layer's size and values. */
  hints: Record<string, EditorHints>;
  fonts: string[];
  /** The weight classes each bundled family has, lightest first. */
  fontWeights: Record<string, number[]>;
  /** The font library's families (font-library.ts): name, category, weights and styles. */
  fontLibrary: Array<{ name: string; category: string; weights: number[]; styles: string[] }>;
  /** The codes preview warnings carry (Imprint-Warning-Details). */
  warningCodes: readonly WarningCode[];
  /** Painter pixels per design unit (px, pt, mm, in): lengths and their bounds in the editor. */
  units: Record<string, number>;
}
