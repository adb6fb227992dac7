/**
 * The layer registry as plain JSON for the browser editor: every layer type with its property
 * specs (custom checks replaced by the JSON Schema they accept), its add button, icon and
 * new-layer values (LayerType.editor), the bundled font families and the warning codes. The
 * editor's build imports this, so a property or layer type added to the registry appears in the
 * editor (toolbar, layers panel, properties panel) without editor code.
 */
import { BUNDLED_FAMILIES } from '../fonts/bundled-fonts.ts';
import { libraryFamilies } from '../fonts/font-library.ts';
import { layerTypes } from '../layers/index.ts';
import { WARNING_CODES } from '../types.ts';
import type { PropSpecs } from '../types.ts';
import type { EditorPropSpec, EditorSpecs } from './editor-specs-types.ts';
import { COMMON_PROPS } from './common-props.ts';
import { PX_PER_UNIT } from './units.ts';

export type { EditorPropSpec, EditorSpecs } from './editor-specs-types.ts';

function plain(specs: PropSpecs): Record<string, EditorPropSpec> {
  const out: Record<string, EditorPropSpec> = {};
  for (const [prop, spec] of Object.entries(specs)) {
    if (spec.kind === 'custom') {
      out[prop] = {
        kind: 'custom',
        description: spec.description,
        ...(spec.scalar ? { scalar: spec.scalar } : {}),
        schema: spec.schema('design'),
      };
    } else out[prop] = { ...spec };
  }
  return out;
}

/** Weight classes named in font file names (the usual style names), lightest first. */
const WEIGHT_WORDS: [RegExp, number][] = [
  [/thin|hairline/i, 100],
  [/extra-?light|ultra-?light/i, 200],
  [/light/i, 300],
  [/medium/i, 500],
  [/semi-?bold|demi-?bold/i, 600],
  [/extra-?bold|ultra-?bold/i, 800],
  [/black|heavy/i, 900],
  [/bold/i, 700],
];

/** The weights of a bundled family, read from its files' names (400 when a name says none). */
function bundledWeights(files: readonly string[]): number[] {
  const weights = new Set(
    files.map((f) => WEIGHT_WORDS.find(([re]) => re.test(f.replace(/\.\w+$/, '')))?.[1] ?? 400),
  );
  return [...weights].sort((a, b) => a - b);
}

/** Every registered layer type's properties and hints, the common ones, fonts, units, warning codes. */
export function editorSpecs(): EditorSpecs {
  const types: EditorSpecs['types'] = {};
  const hints: EditorSpecs['hints'] = {};
  for (const type of layerTypes()) {
    types[type.type] = plain(type.props);
    hints[type.type] = type.editor;
  }
  return {
    common: plain(COMMON_PROPS),
    types,
    hints,
    warningCodes: WARNING_CODES,
    fonts: BUNDLED_FAMILIES.filter((f) => f.name !== 'Noto Color Emoji').map((f) => f.name),
    fontWeights: Object.fromEntries(BUNDLED_FAMILIES.map((f) => [f.name, bundledWeights(f.files)])),
    fontLibrary: libraryFamilies().map((f) => ({
      name: f.name,
      category: f.category,
      weights: f.weights,
      styles: f.styles,
    })),
    units: { ...PX_PER_UNIT },
  };
}
