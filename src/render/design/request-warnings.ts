/**
 * Warnings about request layer data that the render ignores: layer names the template does not
 * have, properties the layer's type does not know, and values sent for static layers (those a
 * design marks `dynamic: false`). They never fail a request (Placid's clients send one payload to
 * several templates); they are reported so a misspelled name does not go unnoticed.
 */
import levenshtein from 'fast-levenshtein';
import { getLayerType } from '../layers/index.ts';
import type { Design, LayerData, RenderProblem, RenderWarning, WarningCode } from '../types.ts';
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

/** Most warnings one request lists; the rest are only counted (see WarningBudget). */
export const MAX_LISTED_WARNINGS = 50;
/** Most "did you mean" suggestions one request gets: each compares a name with every candidate. */
export const MAX_SUGGESTIONS = 5;
/** Longest name a suggestion is looked for (longer ones are no typo of a layer or property). */
const MAX_SUGGESTED_NAME = 64;
/** Longest name quoted in a warning; a longer one is cut, so a warning stays a line. */
const MAX_QUOTED_NAME = 100;

/**
 * What one request may still spend on warnings, shared by its pages: `listed` warnings are
 * written out, the others only counted in `omitted`, and only the first suggestions are looked
 * for. So a request with 400,000 unknown properties costs one pass over them, not 400,000
 * messages and edit distances.
 */
export class WarningBudget {
  listed = 0;
  omitted = 0;
  suggested = 0;
  readonly maxListed: number;
  readonly maxSuggestions: number;
  constructor(maxListed = MAX_LISTED_WARNINGS, maxSuggestions = MAX_SUGGESTIONS) {
    this.maxListed = maxListed;
    this.maxSuggestions = maxSuggestions;
  }
}

/** The closest of `candidates` to `name`, when it is close enough to be a likely typo. */
export function closestName(name: string, candidates: Iterable<string>): string | undefined {
  // Short names may differ in one edit, longer ones in two (a swap of two letters), or in a
  // third of their letters, never more than 3.
  const allowed = name.length <= 3 ? 1 : Math.min(3, Math.max(2, Math.floor(name.length / 3)));
  let best: string | undefined;
  let bestDistance = Infinity;
  const lower = name.toLowerCase();
  for (const c of candidates) {
    // The length difference is a lower bound of the distance: such a candidate cannot be close.
    if (Math.abs(c.length - name.length) > allowed) continue;
    const d = levenshtein.get(lower, c.toLowerCase());
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  return bestDistance <= allowed ? best : undefined;
}

/** `name` as a warning quotes it: cut after MAX_QUOTED_NAME characters. */
const quoted = (name: string): string =>
  name.length > MAX_QUOTED_NAME ? `${name.slice(0, MAX_QUOTED_NAME)}…` : name;

/** `; did you mean "x"?` for a likely typo, while the budget's suggestions last; else ''. */
export const didYouMean = (
  name: string,
  candidates: Iterable<string>,
  budget: WarningBudget,
): string => {
  if (budget.suggested >= budget.maxSuggestions || name.length > MAX_SUGGESTED_NAME) return '';
  budget.suggested++;
  const close = closestName(name, candidates);
  return close ? `; did you mean "${close}"?` : '';
};

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Warnings about request layer data over a validated design, each with its JSON path. At most
 * `budget.maxListed` are listed over all calls sharing the budget; the rest are counted in
 * `budget.omitted`. Linear in the request's layers and properties.
 */
export function requestWarnings(
  design: Design,
  data: LayerData | undefined,
  budget = new WarningBudget(),
): RenderWarning[] {
  if (!isObject(data)) return [];
  const warnings: RenderWarning[] = [];
  // Builds the message only while the list has room: past it a warning is only counted.
  const warn = (code: WarningCode, path: () => string, message: () => string): void => {
    if (budget.listed >= budget.maxListed) {
      budget.omitted++;
      return;
    }
    budget.listed++;
    warnings.push({ code, path: path(), message: message() });
  };
  const byName = new Map(design.layers.map((l) => [l.name, l]));
  for (const [name, patch] of Object.entries(data)) {
    const path = () => `layers.${quoted(name)}`;
    const layer = byName.get(name);
    if (!layer) {
      warn('unknown_layer', path, () => {
        const hint = didYouMean(name, byName.keys(), budget);
        return `the template has no layer "${quoted(name)}"${hint}`;
      });
      continue;
    }
    if (!isObject(patch)) continue; // a 422 names it
    if (!isDynamic(layer)) {
      warn(
        'static_layer_value',
        path,
        () =>
          `the layer "${name}" is static (not dynamic in the template), so its values were ignored`,
      );
      continue;
    }
    const known = requestPropsOf(layer.type);
    const listed = getLayerType(layer.type)?.listedAs ?? layer.type;
    for (const prop of Object.keys(patch)) {
      if (known.has(prop)) continue;
      warn(
        'unknown_property',
        () => `${path()}.${quoted(prop)}`,
        () =>
          `${listed} layers have no property "${quoted(prop)}"${didYouMean(prop, known, budget)}`,
      );
    }
  }
  return warnings;
}

/** A warning as the string the API reports: `<path>: <message>`. */
export function warningText(w: RenderProblem): string {
  return w.path ? `${w.path}: ${w.message}` : w.message;
}
