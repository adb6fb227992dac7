/** Whether a point of the design lies inside a layer's box, its rotation about its centre included. */
import type { Layer } from '../api.ts';

export function insideBox(l: Layer, p: { x: number; y: number }): boolean {
  const cx = l.x + l.width / 2;
  const cy = l.y + l.height / 2;
  const a = (-Number(l.rotation ?? 0) * Math.PI) / 180;
  // The point turned back by the layer's rotation, relative to its centre.
  const dx = (p.x - cx) * Math.cos(a) - (p.y - cy) * Math.sin(a);
  const dy = (p.x - cx) * Math.sin(a) + (p.y - cy) * Math.cos(a);
  return Math.abs(dx) <= l.width / 2 && Math.abs(dy) <= l.height / 2;
}
