/**
 * The properties every layer has (geometry, rotation, opacity, hide, link_target, repeat, group),
 * checked and normalised the same way for stored designs and for request patches.
 */
import type { LayerSpec, RenderProblem } from '../types.ts';
import { linkTarget } from './link-target.ts';
import { addProblem, checkLengthIn } from './props.ts';
import {
  checkProps,
  PX_PATTERN,
  scalarKindsOf,
  type PropSpec,
  type PropSpecs,
} from './prop-specs.ts';
import type { PropContext } from './props.ts';
import type { ScalarKinds } from './scalars.ts';

/** Largest coordinate or size accepted for a layer, in design px. */
export const MAX_COORD = 100_000;

/** x/y (any px) or width/height (≥ 0 px): a number or "12px"; required in a stored layer. */
function checkGeometry(c: PropContext, prop: string): void {
  const min = prop === 'x' || prop === 'y' ? -MAX_COORD : 0;
  c.layer[prop] = checkLengthIn(c, prop, min, MAX_COORD, false) ?? 0;
}

/** A clickable-link URL: http(s) or mailto, or null. */
function checkLinkTarget(c: PropContext): void {
  const v = c.layer.link_target;
  if (v === undefined || v === null || v === '') {
    c.layer.link_target = null;
    return;
  }
  // Only checked: the value is kept as written.
  if (typeof v !== 'string' || linkTarget(v) === undefined) {
    addProblem(c.problems, c.path, 'link_target', 'an http(s) or mailto URL, or null', v);
    c.layer.link_target = null;
  }
}

/** PDF pages a layer is drawn on when a table flows over several: first, last or all (absent). */
export const REPEAT_VALUES = ['all', 'first', 'last'] as const;

/** `repeat`: "first", "last" or "all"; "all" (the default) is stored as no value. */
function checkRepeat(c: PropContext): void {
  const v = c.layer.repeat;
  const found =
    typeof v === 'string' ? REPEAT_VALUES.find((r) => r === v.trim().toLowerCase()) : undefined;
  if (v === undefined || v === null || v === '' || found === 'all') delete c.layer.repeat;
  else if (found) c.layer.repeat = found;
  else {
    addProblem(c.problems, c.path, 'repeat', '"all", "first" or "last"', v);
    delete c.layer.repeat;
  }
}

/** Longest group name (`group`). */
export const MAX_GROUP_LENGTH = 100;

/** `group`: the name of the group the layer belongs to, or none (stored as no value). */
function checkGroup(c: PropContext): void {
  const v = c.layer.group;
  if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) {
    delete c.layer.group;
    return;
  }
  if (typeof v !== 'string' || [...v].length > MAX_GROUP_LENGTH) {
    addProblem(
      c.problems,
      c.path,
      'group',
      `a string of at most ${MAX_GROUP_LENGTH} characters, or null`,
      v,
    );
    delete c.layer.group;
    return;
  }
  c.layer.group = v.trim();
}

/** A stored geometry value: a number or a px string within the range. */
const geometry = (min: number, description: string): PropSpec => ({
  kind: 'custom',
  check: checkGeometry,
  schema: () => ({
    anyOf: [
      { type: 'number', minimum: min, maximum: MAX_COORD },
      { type: 'string', pattern: PX_PATTERN },
    ],
  }),
  description: `${description} In design px, from ${min} to ${MAX_COORD}: a number or "12px".`,
});

/** The properties every layer has, in the order they are checked. */
export const COMMON_PROPS: PropSpecs = {
  x: geometry(-MAX_COORD, 'Left edge.'),
  y: geometry(-MAX_COORD, 'Top edge.'),
  width: geometry(0, 'Width.'),
  height: geometry(0, 'Height.'),
  rotation: {
    kind: 'number',
    def: 0,
    min: -360,
    max: 360,
    description: 'Rotation in degrees, clockwise about the centre.',
  },
  opacity: { kind: 'number', def: 100, min: 0, max: 100, description: 'Opacity in percent.' },
  hide: { kind: 'boolean', def: false, description: 'Leave the layer out.' },
  link_target: {
    kind: 'custom',
    check: checkLinkTarget,
    schema: () => ({ type: ['string', 'null'], maxLength: 2048 }),
    description: 'An http(s) or mailto URL the layer links to in PDFs, or null.',
  },
  repeat: {
    kind: 'custom',
    check: checkRepeat,
    schema: () => ({ type: ['string', 'null'], enum: [...REPEAT_VALUES, '', null] }),
    description:
      'PDF pages the layer appears on when a table continues over several: "all" (default), "first" or "last".',
  },
  group: {
    kind: 'custom',
    check: checkGroup,
    schema: () => ({ type: ['string', 'null'], maxLength: MAX_GROUP_LENGTH }),
    description:
      'The group the layer belongs to (the editor selects, moves and resizes a group as one): a name shared by its layers, or null for none. Drawing is not affected.',
  },
};

/**
 * Common props that only a stored design has: a request's layer data does not set them (they are
 * not in its patch schema, and request-warnings names them as unknown).
 */
export const DESIGN_ONLY_PROPS: ReadonlySet<string> = new Set(['group']);

/** The common props that are numbers or booleans: a request may send them as strings. */
export const COMMON_SCALARS: ScalarKinds = scalarKindsOf(COMMON_PROPS);

/** Checks and normalises the common properties of one layer in place. */
export function checkCommonProps(
  layer: LayerSpec,
  path: string,
  problems: RenderProblem[],
  unit?: PropContext['unit'],
): void {
  checkProps({ layer, path, problems, unit }, COMMON_PROPS);
  // `fontFamily` is the spec's name for `font` (placid-notes §1.2); keep one spelling.
  if (layer.fontFamily !== undefined) {
    if (layer.font === undefined) layer.font = layer.fontFamily;
    delete layer.fontFamily;
  }
}
