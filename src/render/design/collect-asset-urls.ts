/** The URLs a render must fetch before drawing, and which layers use them. */
import { getLayerType } from '../layers/index.ts';
import type { Design } from '../types.ts';

/** One layer's use of one URL: `field` is the property that holds it (`image`, `rows`). */
export interface AssetUse {
  url: string;
  layer: string;
  field: string;
}

/**
 * Every use of a URL by the visible layers, in layer order, once per layer and URL (a table that
 * shows one logo in every row uses it once). One pass over the layers: callers map URLs to their
 * layers from this list instead of searching the design once per URL.
 */
export function collectAssetUses(design: Design): AssetUse[] {
  const uses: AssetUse[] = [];
  for (const layer of design.layers) {
    if (layer.hide || layer.opacity === 0) continue;
    const type = getLayerType(layer.type);
    if (!type) continue;
    const field = type.assetField ?? 'image';
    for (const url of new Set(type.assetUrls(layer))) uses.push({ url, layer: layer.name, field });
  }
  return uses;
}

/** Distinct URLs of the visible layers (call it after applyLayerData: requests change images). */
export function collectAssetUrls(design: Design): string[] {
  return [...new Set(collectAssetUses(design).map((u) => u.url))];
}
