/** What template listings report about a design's layers. */
import { getLayerType } from '../layers/index.ts';
import type { Design } from '../types.ts';

/** The `layers: [{name, type}]` of template listings; shapes report as "rectangle" (the spec's name). */
export function listedLayers(design: Design): Array<{ name: string; type: string }> {
  return design.layers.map((l) => ({
    name: l.name,
    type: getLayerType(l.type)?.listedAs ?? l.type,
  }));
}
