/** The URLs a render must fetch before drawing. */
import { getLayerType } from '../layers/index.ts';
import type { Design } from '../types.ts';

/** Distinct URLs of the visible layers (call it after applyLayerData: requests change images). */
export function collectAssetUrls(design: Design): string[] {
  const urls = new Set<string>();
  for (const layer of design.layers) {
    if (layer.hide || layer.opacity === 0) continue;
    for (const url of getLayerType(layer.type)?.assetUrls(layer) ?? []) urls.add(url);
  }
  return [...urls];
}
