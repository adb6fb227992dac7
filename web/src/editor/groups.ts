/**
 * Groups: layers sharing a `group` name (a property of the stored design) are selected, moved,
 * resized, rotated, aligned and listed as one. Pure functions over the design's layers.
 */
import type { Layer } from '../api.ts';

/** A layer's group name, or undefined. */
export const groupOf = (l: Layer): string | undefined =>
  typeof l.group === 'string' && l.group !== '' ? l.group : undefined;

/** `names` with every other layer of their groups added, in drawing order. */
export function withGroups(layers: Layer[], names: string[]): string[] {
  const picked = new Set(names);
  const groups = new Set(layers.filter((l) => picked.has(l.name)).flatMap((l) => groupOf(l) ?? []));
  if (groups.size === 0) return names;
  const out = [...names];
  for (const l of layers) {
    const g = groupOf(l);
    if (g && groups.has(g) && !picked.has(l.name)) out.push(l.name);
  }
  return out;
}

/** `layers` split into units: each group is one (its layers in drawing order), others alone. */
export function unitsOf(layers: Layer[]): Layer[][] {
  const byGroup = new Map<string, Layer[]>();
  const units: Layer[][] = [];
  for (const l of layers) {
    const g = groupOf(l);
    if (!g) units.push([l]);
    else if (byGroup.has(g)) byGroup.get(g)!.push(l);
    else {
      const unit = [l];
      byGroup.set(g, unit);
      units.push(unit);
    }
  }
  return units;
}

/** A group name not used in `layers`: group, group_2, group_3… */
export function freeGroupName(layers: Layer[], base = 'group'): string {
  const taken = new Set(layers.flatMap((l) => groupOf(l) ?? []));
  if (!taken.has(base)) return base;
  for (let i = 2; ; i++) if (!taken.has(`${base}_${i}`)) return `${base}_${i}`;
}

/**
 * The layers with `names` made one group (a new name; groups they were in are merged into it),
 * or unchanged when fewer than two layers are named.
 */
export function group(layers: Layer[], names: string[]): { layers: Layer[]; name?: string } {
  const members = new Set(withGroups(layers, names));
  if (members.size < 2) return { layers };
  const name = freeGroupName(layers);
  return {
    name,
    layers: layers.map((l) => (members.has(l.name) ? { ...l, group: name } : l)),
  };
}

/** The layers with the groups of `names` dissolved (their layers keep their places). */
export function ungroup(layers: Layer[], names: string[]): Layer[] {
  const picked = new Set(names);
  const groups = new Set(layers.filter((l) => picked.has(l.name)).flatMap((l) => groupOf(l) ?? []));
  return layers.map((l) => {
    const g = groupOf(l);
    if (!g || !groups.has(g)) return l;
    const { group: _, ...rest } = l;
    return rest as Layer;
  });
}

/** One row of the layers panel: a group (its layers follow, nested) or a layer. */
export type LayerRow =
  | { kind: 'group'; group: string; members: string[] }
  | { kind: 'layer'; layer: Layer; group?: string };

/**
 * The layers panel's rows, top first: a group's row stands where its topmost layer is, with all
 * its layers nested under it in drawing order (top first).
 */
export function layerRows(layers: Layer[]): LayerRow[] {
  const topFirst = [...layers].reverse();
  const rows: LayerRow[] = [];
  const done = new Set<string>();
  for (const l of topFirst) {
    const g = groupOf(l);
    if (!g) {
      rows.push({ kind: 'layer', layer: l });
      continue;
    }
    if (done.has(g)) continue;
    done.add(g);
    const members = topFirst.filter((m) => groupOf(m) === g);
    rows.push({ kind: 'group', group: g, members: members.map((m) => m.name) });
    for (const m of members) rows.push({ kind: 'layer', layer: m, group: g });
  }
  return rows;
}
