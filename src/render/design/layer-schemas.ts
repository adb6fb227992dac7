/**
 * JSON Schemas of layers, generated from the layer registry's property declarations (PropSpecs):
 * one schema per layer type for stored designs (the `type` names it), and one patch schema per
 * type for request `layers` (every property optional, numbers and booleans also as strings).
 * The API description embeds them; the checks that run on designs and requests read the same
 * declarations, so both say the same.
 */
import { layerTypes } from '../layers/index.ts';
import type { JsonSchema, LayerType } from '../types.ts';
import { COMMON_PROPS, DESIGN_ONLY_PROPS } from './common-props.ts';
import { propsSchema } from './prop-specs.ts';
import { MAX_NAME_LENGTH, TYPE_ALIASES } from './validate-design.ts';

/** A layer type's schema name: text → TextLayer, browserframe → BrowserframeLayer. */
export function layerSchemaName(type: string, suffix = ''): string {
  return `${type.charAt(0).toUpperCase()}${type.slice(1)}Layer${suffix}`;
}

/** The `type` values that mean `type` (itself first, then its aliases). */
export function typeSpellings(type: string): string[] {
  const aliases = Object.entries(TYPE_ALIASES)
    .filter(([, a]) => a.type === type)
    .map(([alias]) => alias);
  return [type, ...aliases];
}

/** The schema of one stored layer of `type`. */
function designLayerSchema(type: LayerType): JsonSchema {
  const spellings = typeSpellings(type.type);
  return {
    type: 'object',
    title: layerSchemaName(type.type),
    required: ['name', 'type', 'x', 'y', 'width', 'height'],
    properties: {
      name: {
        type: 'string',
        minLength: 1,
        maxLength: MAX_NAME_LENGTH,
        description: 'Unique within the design; requests address the layer by it.',
      },
      type: {
        type: 'string',
        enum: spellings,
        description:
          spellings.length > 1
            ? `"${type.type}" (also accepted: ${spellings.slice(1).join(', ')}; stored as "${type.type}").`
            : `"${type.type}".`,
      },
      ...propsSchema(COMMON_PROPS, 'design'),
      ...propsSchema(type.props, 'design'),
    },
    additionalProperties: true,
  };
}

/** A request position: px as a number or "10px", with a sign for a shift where allowed. */
const POSITION_PATTERN = '^\\s*[+-]?\\s*(\\d+(\\.\\d+)?|\\.\\d+)\\s*([pP][xX])?\\s*$';
/** A request size: as a position, or a percentage of the stored size ("50%"). */
const SIZE_PATTERN = '^\\s*[+-]?\\s*(\\d+(\\.\\d+)?|\\.\\d+)\\s*([pP][xX]|%)?\\s*$';

/** Geometry a request may send (geometry.ts): a number of px or a string. */
const requestGeometry = (pattern: string, description: string): JsonSchema => ({
  anyOf: [{ type: 'number' }, { type: 'string', pattern }],
  description,
});

/** Request-only keys every layer patch may carry. */
const REQUEST_KEYS: Record<string, JsonSchema> = {
  x: requestGeometry(POSITION_PATTERN, 'Left edge in px: a number or "10px".'),
  y: requestGeometry(POSITION_PATTERN, 'Top edge in px: a number or "10px".'),
  width: requestGeometry(
    SIZE_PATTERN,
    'Width: "200px" or a number sets it, "+10px"/"-10px" changes it, "50%" is a share of the stored width; the result must not be negative.',
  ),
  height: requestGeometry(
    SIZE_PATTERN,
    'Height: "200px" or a number sets it, "+10px"/"-10px" changes it, "50%" is a share of the stored height; the result must not be negative.',
  ),
  position_x_absolute: requestGeometry(POSITION_PATTERN, 'Left edge in px (same as x).'),
  position_y_absolute: requestGeometry(POSITION_PATTERN, 'Top edge in px (same as y).'),
  position_x: requestGeometry(
    POSITION_PATTERN,
    'Left edge: "10px" sets it, "+10px"/"-10px" shifts it.',
  ),
  position_y: requestGeometry(
    POSITION_PATTERN,
    'Top edge: "10px" sets it, "+10px"/"-10px" shifts it.',
  ),
  position_x_relative: requestGeometry(POSITION_PATTERN, 'Shift right (negative: left) in px.'),
  position_y_relative: requestGeometry(POSITION_PATTERN, 'Shift down (negative: up) in px.'),
  visibility: {
    type: ['string', 'null'],
    enum: ['visible', 'hidden', '', null],
    description: '"hidden" hides the layer, "visible" shows it (an explicit hide wins).',
  },
};

/** A blank string: in a request it means "not given", as Laravel (and so Placid) reads empty fields. */
const BLANK: JsonSchema = {
  type: 'string',
  pattern: '^\\s*$',
  description: 'Blank: not given; the stored value is kept.',
};

/** `schema`, or a blank string (low-code tools send "" for every empty box). */
const orBlank = (schema: JsonSchema): JsonSchema =>
  Array.isArray(schema.anyOf)
    ? { ...schema, anyOf: [...schema.anyOf, BLANK] }
    : { anyOf: [schema, BLANK] };

/** The schema of a request patch for a layer of `type`. */
function layerPatchSchema(type: LayerType): JsonSchema {
  const common = Object.entries(COMMON_PROPS).filter(([k]) => !DESIGN_ONLY_PROPS.has(k));
  const properties: Record<string, JsonSchema> = {
    ...propsSchema(Object.fromEntries(common), 'request'),
    ...REQUEST_KEYS,
    ...propsSchema(type.props, 'request'),
  };
  return {
    type: 'object',
    title: layerSchemaName(type.type, 'Patch'),
    description: `Properties of a ${type.type} layer to change for this request; all optional.`,
    properties: Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, orBlank(v)])),
    additionalProperties: true,
  };
}

/** Schema name → schema: one stored-layer schema and one patch schema per registered type. */
export function layerSchemas(): {
  design: Record<string, JsonSchema>;
  patch: Record<string, JsonSchema>;
  /** `type` value → design schema name, for a discriminator mapping. */
  mapping: Record<string, string>;
} {
  const design: Record<string, JsonSchema> = {};
  const patch: Record<string, JsonSchema> = {};
  const mapping: Record<string, string> = {};
  for (const type of layerTypes()) {
    design[layerSchemaName(type.type)] = designLayerSchema(type);
    patch[layerSchemaName(type.type, 'Patch')] = layerPatchSchema(type);
    for (const spelling of typeSpellings(type.type)) mapping[spelling] = layerSchemaName(type.type);
  }
  return { design, patch, mapping };
}
