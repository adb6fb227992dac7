/**
 * Properties a stored layer has that its type does not know. They are kept as they are (the
 * editor stores `editor_locked`, teams keep notes in templates as code), but only a few and
 * small: every read of the design copies them, and a design that carried 400,000 of them held
 * the API's main thread for seconds each time it was parsed.
 */
import { getLayerType } from '../layers/index.ts';
import type { RenderProblem } from '../types.ts';
import { COMMON_PROPS } from './common-props.ts';

/** Most properties of one layer that its type does not know. */
export const MAX_EXTRA_PROPS = 20;
/** Most bytes those take in one layer, as JSON (`"name":value` each). */
export const MAX_EXTRA_BYTES = 4096;
/** Longest property name a problem's path quotes in full. */
const MAX_QUOTED_NAME = 100;

/** What a stored layer may have besides its type's properties: identity and the common ones. */
const BASE_PROPS = ['name', 'type', 'dynamic', 'fontFamily', ...Object.keys(COMMON_PROPS)];

const knownByType = new Map<string, Set<string>>();

/** The property names a stored layer of `type` may have. */
function storedPropsOf(type: string): Set<string> {
  let known = knownByType.get(type);
  if (!known) {
    known = new Set([...BASE_PROPS, ...Object.keys(getLayerType(type)?.props ?? {})]);
    knownByType.set(type, known);
  }
  return known;
}

/**
 * A problem when `layer` (of the registered `type`) has more unknown properties than allowed or
 * larger ones, at the path of the first property past the bound; undefined otherwise. One pass
 * over the layer's keys, stopping at that property.
 */
export function extraPropsProblem(
  layer: Record<string, unknown>,
  type: string,
  path: string,
): RenderProblem | undefined {
  const known = storedPropsOf(type);
  const listed = getLayerType(type)?.listedAs ?? type;
  let count = 0;
  let bytes = 0;
  for (const key of Object.keys(layer)) {
    if (known.has(key)) continue;
    count++;
    // Measured as sent, so an oversized value is refused before anything copies it.
    bytes += Buffer.byteLength(JSON.stringify({ [key]: layer[key] }) ?? '') - 2;
    const at = `${path}.${key.length > MAX_QUOTED_NAME ? `${key.slice(0, MAX_QUOTED_NAME)}…` : key}`;
    if (count > MAX_EXTRA_PROPS) {
      return {
        path: at,
        message: `is not a property of ${listed} layers; a layer may keep at most ${MAX_EXTRA_PROPS} such properties (this one has more)`,
      };
    }
    if (bytes > MAX_EXTRA_BYTES) {
      return {
        path: at,
        message: `is not a property of ${listed} layers; such properties may take at most ${MAX_EXTRA_BYTES} bytes of JSON in one layer (with this one they take ${bytes})`,
      };
    }
  }
  return undefined;
}
