/** What template listings report about a design's layers. */
import { getLayerType } from '../layers/index.ts';
import type { Design } from '../types.ts';
import { isDynamic } from './dynamic-layers.ts';

/**
 * The `layers: [{name, type}]` of template listings: the dynamic layers only (spec 2.3, "All
 * dynamic layers"), named as Placid's clients enumerate layer types (a shape is "shape").
 */
export function listedLayers(design: Design): Array<{ name: string; type: string }> {
  return design.layers.filter(isDynamic).map((l) => ({
    name: l.name,
    type: getLayerType(l.type)?.listedAs ?? l.type,
  }));
}
