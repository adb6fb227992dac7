/** The renderer's layer registry (imported at build time, see web/vite.config.ts). */
import specs from 'virtual:editor-specs';
import type {
  EditorPropSpec,
  EditorSpecs as RegistrySpecs,
} from '../../src/render/design/editor-specs-types.ts';

/*
 * These types are the registry's own (src/render/design/editor-specs-types.ts), not the OpenAPI
 * document's: the specs are not an API answer but the registry itself, imported at build time, so
 * the module that produces them is the one place their shape is written. Type-only: nothing of
 * src/ is in the bundle.
 */

/** A property's spec: its kind, default, bounds and description (custom checks as JSON Schema). */
export type PropSpec = EditorPropSpec;

/** How the editor offers a layer type (the registry's LayerType.editor). */
export type TypeHints = RegistrySpecs['hints'][string];

/** A family of the font library (GET /api/rest/fonts/built-in lists the same). */
export type LibraryFont = RegistrySpecs['fontLibrary'][number];

export type EditorSpecs = RegistrySpecs;

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
