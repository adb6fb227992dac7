/**
 * Warnings about request layer data that the render ignores: layer names the template does not
 * have, properties the layer's type does not know, and values sent for static layers (those a
 * design marks `dynamic: false`). They never fail a request (Placid's clients send one payload to
 * several templates); they are reported so a misspelled name does not go unnoticed.
 */
import levenshtein from 'fast-levenshtein';
import { getLayerType } from '../layers/index.ts';
import type { Design, LayerData, RenderProblem } from '../types.ts';
import { isDynamic } from './dynamic-layers.ts';

/** Properties every layer accepts in a request besides its type's own. */
const COMMON_REQUEST_PROPS = [
  'x',
  'y',
  'width',
  'height',
  'position_x',
  'position_y',
  'position_x_absolute',
  'position_y_absolute',
  'position_x_relative',
  'position_y_relative',
  'rotation',
  'opacity',
  'hide',
  'visibility',
  'link_target',
  'repeat',
  'name',
  'type',
];

/** Spellings a type accepts besides the properties its validation fills in. */
const EXTRA_PROPS: Record<string, string[]> = { text: ['fontFamily'] };

const knownProps = new Map<string, Set<string>>();

/** The request properties of a layer type: common ones plus those its type declares. */
export function requestPropsOf(type: string): Set<string> {
  let props = knownProps.get(type);
  if (!props) {
    // Each type declares its properties once (its PropSpecs), so the list cannot drift from checks.
    const own = Object.keys(getLayerType(type)?.props ?? {});
    props = new Set([...COMMON_REQUEST_PROPS, ...own, ...(EXTRA_PROPS[type] ?? [])]);
    knownProps.set(type, props);
  }
  return props;
}

/** The closest of `candidates` to `name`, when it is close enough to be a likely typo. */
export function closestName(name: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  const lower = name.toLowerCase();
  for (const c of candidates) {
    const d = levenshtein.get(lower, c.toLowerCase());
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  // Short names may differ in one edit, longer ones in two (a swap of two letters), or in a
  // third of their letters, never more than 3.
  const allowed = name.length <= 3 ? 1 : Math.min(3, Math.max(2, Math.floor(name.length / 3)));
  return bestDistance <= allowed ? best : undefined;
}

const didYouMean = (name: string, candidates: Iterable<string>): string => {
  const close = closestName(name, candidates);
  return close ? `; did you mean "${close}"?` : '';
};

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Warnings about request layer data over a validated design, each with its JSON path. */
export function requestWarnings(design: Design, data: LayerData | undefined): RenderProblem[] {
  if (!isObject(data)) return [];
  const warnings: RenderProblem[] = [];
  const byName = new Map(design.layers.map((l) => [l.name, l]));
  for (const [name, patch] of Object.entries(data)) {
    const path = `layers.${name}`;
    const layer = byName.get(name);
    if (!layer) {
      warnings.push({
        path,
        message: `the template has no layer "${name}"${didYouMean(name, byName.keys())}`,
      });
      continue;
    }
    if (!isObject(patch)) continue; // a 422 names it
    if (!isDynamic(layer)) {
      warnings.push({
        path,
        message: `the layer "${name}" is static (not dynamic in the template), so its values were ignored`,
      });
      continue;
    }
    const known = requestPropsOf(layer.type);
    const listed = getLayerType(layer.type)?.listedAs ?? layer.type;
    for (const prop of Object.keys(patch)) {
      if (known.has(prop)) continue;
      warnings.push({
        path: `${path}.${prop}`,
        message: `${listed} layers have no property "${prop}"${didYouMean(prop, known)}`,
      });
    }
  }
  return warnings;
}

/** A warning as the string the API reports: `<path>: <message>`. */
export function warningText(w: RenderProblem): string {
  return w.path ? `${w.path}: ${w.message}` : w.message;
}
