/**
 * Declarative layer properties: each layer type lists its properties once, as PropSpecs, and
 * everything else is read from that list: the checks that run on stored designs and request
 * patches (checkProps), the properties a request may send as strings (scalarKindsOf), and the
 * JSON Schemas of the API description (propSchema). So the validator and the OpenAPI document
 * cannot disagree about a property's type or range.
 */
import { COLOR_FORMATS } from './color.ts';
import {
  checkBoolean,
  checkColor,
  checkEnum,
  checkNumber,
  checkPx,
  checkString,
  checkUrl,
} from './props.ts';
import type { ScalarKind, ScalarKinds } from './scalars.ts';
import type { JsonSchema, PropContext, PropSpec, PropSpecs, SchemaMode } from '../types.ts';

export type { JsonSchema, PropSpec, PropSpecs, SchemaMode } from '../types.ts';

/**
 * Declares a list of specs keeping their literal types (enum values, nullable colours, custom
 * guards), so PropsOf can derive the typed property object from it.
 */
export const propSpecs = <const S extends PropSpecs>(specs: S): S => specs;

/** Runs the check of every property in `specs` on `c.layer`, in order. */
export function checkProps(c: PropContext, specs: PropSpecs): void {
  for (const [prop, spec] of Object.entries(specs)) {
    switch (spec.kind) {
      case 'px':
        checkPx(c, prop, spec);
        break;
      case 'number':
        checkNumber(c, prop, spec);
        break;
      case 'enum':
        checkEnum(c, prop, spec.values, spec.def);
        break;
      case 'color':
        checkColor(c, prop, spec.def, spec.nullable ?? spec.def === null);
        break;
      case 'boolean':
        checkBoolean(c, prop, spec.def);
        break;
      case 'string':
        checkString(c, prop, spec);
        break;
      case 'url':
        checkUrl(c, prop);
        break;
      case 'custom':
        spec.check(c, prop);
        break;
    }
  }
}

/** The properties a request may send as strings ("48", "true"), read before the checks. */
export function scalarKindsOf(specs: PropSpecs): ScalarKinds {
  const kinds: Record<string, ScalarKind> = {};
  for (const [prop, spec] of Object.entries(specs)) {
    if (spec.kind === 'px' || spec.kind === 'number') kinds[prop] = 'number';
    else if (spec.kind === 'boolean') kinds[prop] = 'boolean';
    else if (spec.kind === 'custom' && spec.scalar) kinds[prop] = spec.scalar;
  }
  return kinds;
}

/** A pixel length as a string: "12", "12px", "-3.5 px" (parsePx). */
export const PX_PATTERN = '^\\s*-?(\\d+(\\.\\d+)?|\\.\\d+)\\s*([pP][xX])?\\s*$';
/** A number as a string, as readScalar reads it: "4.5", "-3", "+.5". */
export const DECIMAL_PATTERN = '^\\s*[+-]?(\\d+(\\.\\d*)?|\\.\\d+)\\s*$';
/** A boolean as a string, as readScalar reads it: true/false/1/0, any case. */
export const BOOLEAN_PATTERN = '^\\s*([tT][rR][uU][eE]|[fF][aA][lL][sS][eE]|1|0)\\s*$';

/** `schema` or null, as one flat anyOf. */
export const withNull = (schema: JsonSchema): JsonSchema => ({
  anyOf: [
    ...(Array.isArray(schema.anyOf) ? (schema.anyOf as JsonSchema[]) : [schema]),
    { type: 'null' },
  ],
});

/** A number schema; in requests also its decimal-string spelling. */
export function numberSchema(
  range: { min: number; max: number; integer?: boolean },
  mode: SchemaMode,
): JsonSchema {
  const num = {
    type: range.integer ? 'integer' : 'number',
    minimum: range.min,
    maximum: range.max,
  };
  return mode === 'request' ? { anyOf: [num, { type: 'string', pattern: DECIMAL_PATTERN }] } : num;
}

/** The schema of one property (null stands for "the default" wherever the checks allow it). */
export function propSchema(spec: PropSpec, mode: SchemaMode): JsonSchema {
  const description = spec.description;
  switch (spec.kind) {
    case 'px':
      return {
        ...withNull({
          anyOf: [
            { type: 'number', minimum: spec.min, maximum: spec.max },
            { type: 'string', pattern: PX_PATTERN },
          ],
        }),
        description: `${description} A length in px from ${spec.min} to ${spec.max}: a number or a string like "12px". Default ${spec.def}.`,
      };
    case 'number':
      return {
        ...withNull(numberSchema(spec, mode)),
        description: `${description} Default ${spec.def}.`,
      };
    case 'enum':
      return {
        ...withNull({ type: 'string', enum: [...spec.values] }),
        description: `${description} Case-insensitive. Default "${spec.def}".`,
      };
    case 'color':
      return {
        // Without `nullable`, null is a bad value, not the default.
        type: (spec.nullable ?? spec.def === null) ? ['string', 'null'] : 'string',
        description: `${description} ${COLOR_FORMATS}.${spec.def === null ? ' null or "" for none.' : ` Default ${spec.def}.`}`,
      };
    case 'boolean':
      return {
        ...withNull(
          mode === 'request'
            ? { anyOf: [{ type: 'boolean' }, { type: 'string', pattern: BOOLEAN_PATTERN }] }
            : { type: 'boolean' },
        ),
        description: `${description} Default ${spec.def}.`,
      };
    case 'string':
      return {
        ...withNull({ type: ['string', 'number'], maxLength: spec.max }),
        description: `${description} At most ${spec.max} characters.`,
      };
    case 'url':
      return {
        type: ['string', 'null'],
        maxLength: 8192,
        description: `${description} A URL without spaces (at most 8192 characters), or null for none.`,
      };
    case 'custom':
      return { ...spec.schema(mode), description };
  }
}

/** An object schema of `specs`' properties (other properties are kept and ignored). */
export function propsSchema(specs: PropSpecs, mode: SchemaMode): Record<string, JsonSchema> {
  return Object.fromEntries(
    Object.entries(specs).map(([prop, spec]) => [prop, propSchema(spec, mode)]),
  );
}
