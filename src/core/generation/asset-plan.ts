/**
 * What one image or PDF downloads: the distinct picture and SVG URLs of its pages, each with the
 * layers that use it (for messages such as "layers.photo: https://…: 404"), checked against the
 * per-job cap (IMPRINT_MAX_ASSETS_PER_JOB). Built in one pass over the layers' uses, so a request
 * naming thousands of URLs costs linear time at creation, in previews and in the job.
 */
import { collectAssetUses, type Design } from '../../render/index.ts';

/** A URL to download and the layers that use it (`pages.1.layers.photo`). */
export interface AssetNeed {
  url: string;
  where: string[];
}

/** The downloads of a job, and whether they pass the cap. */
export interface AssetPlan {
  needs: AssetNeed[];
  /** The first field that takes the distinct URLs above the cap, and how many there are in all. */
  overCap: { field: string; count: number } | null;
}

/** One page of a request: its prepared design and the prefix of its field paths (`pages.1.`). */
export interface PageAssets {
  design: Design;
  prefix: string;
}

/** Maps each distinct URL to the layers that use it and finds the field passing `cap`. */
export function planAssets(pages: PageAssets[], cap: number): AssetPlan {
  const where = new Map<string, string[]>();
  let overField: string | null = null;
  for (const { design, prefix } of pages) {
    for (const use of collectAssetUses(design)) {
      const path = `${prefix}layers.${use.layer}`;
      const layers = where.get(use.url);
      if (layers) {
        layers.push(path);
        continue;
      }
      where.set(use.url, [path]);
      if (where.size > cap && overField === null) overField = `${path}.${use.field}`;
    }
  }
  return {
    needs: [...where].map(([url, layers]) => ({ url, where: layers })),
    overCap: overField === null ? null : { field: overField, count: where.size },
  };
}

/** The 422 message (or the job's error) of a request above the cap, naming the field. */
export function assetCapMessage(over: { field: string; count: number }, cap: number): string {
  return `The ${over.field} field takes the request above ${cap} distinct picture and SVG URLs (it names ${over.count} in all), the most one image or PDF may download (IMPRINT_MAX_ASSETS_PER_JOB). Send fewer distinct pictures, or split the request.`;
}

/** Layer paths for a message: the first few, then how many more, so one line stays short. */
export function describeUsers(where: string[], shown = 5): string {
  if (where.length === 0) return 'picture';
  if (where.length <= shown) return where.join(', ');
  return `${where.slice(0, shown).join(', ')} and ${where.length - shown} more layers`;
}
