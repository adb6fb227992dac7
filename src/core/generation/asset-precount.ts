/**
 * The per-job asset cap checked on a request's raw layer data, before the design is prepared:
 * preparing a table of 40,000 picture cells (checking every cell, copying the layer, listing its
 * URLs) held the main thread for hundreds of milliseconds only to end in the cap's 422. This
 * count is linear and copies nothing. It never counts more than planAssets would on the prepared
 * design for a request that is otherwise valid: a layer whose visibility or columns the request
 * changes, and values the preparation could reject or rewrite, are left to planAssets, which
 * still runs on every request this count lets through.
 */
import { getLayerType, type Design, type LayerData } from '../../render/index.ts';

/** One page of a request: the template's design, the request's layer data, its path prefix. */
export interface RawPageAssets {
  design: Design;
  layers: LayerData;
  prefix: string;
}

/** A picture cell's URL, or null for any other (or malformed) cell. */
function cellUrl(cell: unknown): string | null {
  if (typeof cell !== 'object' || cell === null) return null;
  const { type, url } = cell as { type?: unknown; url?: unknown };
  return type === 'picture' && typeof url === 'string' ? url.trim() || null : null;
}

/** Calls `add` with each picture URL of a table's rows (arrays of cells or objects by key). */
function eachCellUrl(rows: unknown, columns: unknown, add: (url: string) => void): void {
  if (!Array.isArray(rows)) return;
  const keys = Array.isArray(columns)
    ? columns.map((c) =>
        typeof c === 'object' && c !== null ? (c as { key?: unknown }).key : null,
      )
    : [];
  for (const row of rows) {
    if (Array.isArray(row)) {
      for (const cell of row) {
        const url = cellUrl(cell);
        if (url) add(url);
      }
    } else if (typeof row === 'object' && row !== null) {
      for (const key of keys) {
        if (typeof key !== 'string' || !Object.prototype.hasOwnProperty.call(row, key)) continue;
        const url = cellUrl((row as Record<string, unknown>)[key]);
        if (url) add(url);
      }
    }
  }
}

/** True when the request may change whether or how a layer's URLs are read. */
const CHANGES_LISTING = ['hide', 'visibility', 'opacity', 'columns'];

/**
 * The field whose URLs take the request's distinct URLs above `cap`, and the distinct count, or
 * null when the raw data stays within it (planAssets then decides on the prepared design).
 */
export function rawAssetOverCap(
  pages: RawPageAssets[],
  cap: number,
): { field: string; count: number } | null {
  const seen = new Set<string>();
  let field: string | null = null;
  for (const { design, layers, prefix } of pages) {
    for (const layer of design.layers) {
      const type = getLayerType(layer.type);
      if (!type?.assetField || layer.hide || layer.opacity === 0) continue;
      const patch = Object.prototype.hasOwnProperty.call(layers, layer.name)
        ? layers[layer.name]
        : undefined;
      if (typeof patch === 'object' && patch !== null) {
        if (CHANGES_LISTING.some((k) => Object.prototype.hasOwnProperty.call(patch, k))) continue;
      } else if (patch !== undefined) continue;
      const assetField = type.assetField;
      const has = patch !== undefined && Object.prototype.hasOwnProperty.call(patch, assetField);
      const value = has
        ? patch[assetField]
        : (layer as unknown as Record<string, unknown>)[assetField];
      const add = (url: string) => {
        seen.add(url);
        if (field === null && seen.size > cap)
          field = `${prefix}layers.${layer.name}.${assetField}`;
      };
      if (assetField === 'rows') eachCellUrl(value, (layer as { columns?: unknown }).columns, add);
      else if (typeof value === 'string' && value.trim() !== '') add(value.trim());
    }
  }
  return field === null ? null : { field, count: seen.size };
}
