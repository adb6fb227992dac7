/**
 * What changed between two designs, for the History panel's comparison: the canvas properties
 * (size, background, unit…) and, per layer (matched by name), whether it was added, removed,
 * moved in the drawing order, or which of its properties changed, with both values.
 */
import type { Design, Layer } from '../api.ts';

/** One property that differs: its value in the older (`before`) and newer (`after`) design. */
export interface PropertyChange {
  property: string;
  /** undefined: the property is not set in that design. */
  before: unknown;
  after: unknown;
}

export type LayerChange =
  | { layer: string; kind: 'added' | 'removed'; type: string }
  | {
      layer: string;
      kind: 'changed';
      type: string;
      /** Property changes in key order; empty when only the drawing position changed. */
      changes: PropertyChange[];
      /** Drawing positions (0 = bottom) when the layer moved relative to the others. */
      order?: { before: number; after: number };
    };

export interface DesignDiff {
  canvas: PropertyChange[];
  layers: LayerChange[];
}

/** Equality of JSON values (key order of objects does not matter). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((v, i) => sameValue(v, bb[i]));
  }
  const ak = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const bk = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  if (ak.length !== bk.length) return false;
  return ak.every((k) =>
    sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
  );
}

/** The properties of `a` and `b` (keys of both, `a`'s order first) whose values differ. */
function propertyChanges(
  a: Record<string, unknown>,
  b: Record<string, unknown>,
  skip: ReadonlySet<string>,
): PropertyChange[] {
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => !skip.has(k));
  return keys
    .filter((k) => !sameValue(a[k], b[k]))
    .map((k) => ({ property: k, before: a[k], after: b[k] }));
}

const CANVAS_SKIP = new Set(['layers']);
const LAYER_SKIP = new Set(['name']);

/**
 * The differences from `before` to `after`. Layers are matched by name (names are unique in a
 * design); a layer is "moved" when its position among the layers both designs have changed.
 */
export function diffDesigns(before: Design, after: Design): DesignDiff {
  const canvas = propertyChanges(before, after, CANVAS_SKIP);
  const oldByName = new Map(before.layers.map((l) => [l.name, l]));
  const newByName = new Map(after.layers.map((l) => [l.name, l]));
  // Positions among the layers kept in both, so an added layer does not "move" the ones above it.
  const keptBefore = before.layers.filter((l) => newByName.has(l.name)).map((l) => l.name);
  const keptAfter = after.layers.filter((l) => oldByName.has(l.name)).map((l) => l.name);
  const layers: LayerChange[] = [];
  // The newer design's order (top first, as the layers panel lists them), removed layers after.
  for (const layer of [...after.layers].reverse()) {
    const old: Layer | undefined = oldByName.get(layer.name);
    if (!old) {
      layers.push({ layer: layer.name, kind: 'added', type: layer.type });
      continue;
    }
    const changes = propertyChanges(old, layer, LAYER_SKIP);
    const from = keptBefore.indexOf(layer.name);
    const to = keptAfter.indexOf(layer.name);
    if (changes.length === 0 && from === to) continue;
    layers.push({
      layer: layer.name,
      kind: 'changed',
      type: layer.type,
      changes,
      ...(from !== to
        ? {
            order: {
              before: before.layers.indexOf(old),
              after: after.layers.indexOf(layer),
            },
          }
        : {}),
    });
  }
  for (const layer of before.layers) {
    if (!newByName.has(layer.name))
      layers.push({ layer: layer.name, kind: 'removed', type: layer.type });
  }
  return { canvas, layers };
}

/** A value as the comparison lists it: short JSON, "not set" for a missing one. */
export function showValue(value: unknown, max = 60): string {
  if (value === undefined) return 'not set';
  const text = typeof value === 'string' ? JSON.stringify(value) : JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** How many things changed (canvas properties plus changed layers), for a summary line. */
export function changeCount(diff: DesignDiff): number {
  return diff.canvas.length + diff.layers.length;
}
