/**
 * Dynamic layers: the ones a request may change (Placid's model). A layer is dynamic unless its
 * design says `dynamic: false`, so layers of existing designs and of designs saved without the
 * flag stay dynamic.
 */
import type { LayerSpec } from '../types.ts';

/** Whether request layer data may change this layer. */
export function isDynamic(layer: LayerSpec): boolean {
  return layer.dynamic !== false;
}
