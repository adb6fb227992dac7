/**
 * Where a new layer goes: centred in the part of the page that is in view, and moved down and
 * to the right, step by step, while another layer already starts at that spot, so layers added
 * one after another fan out instead of piling up on one place.
 */
import type { Layer } from '../api.ts';
import type { EditorDoc } from './doc.ts';

/** The offset between layers added at the same spot, in screen px. */
const STEP_PX = 24;

/** The part of the page in view in `area`, in design units; the whole page when unknown. */
function visibleRect(doc: EditorDoc, area: HTMLElement | null) {
  const { width: W, height: H } = doc.design;
  const stage = area?.querySelector<HTMLElement>('.stage');
  if (!area || !stage) return { x: 0, y: 0, width: W, height: H, zoom: 1 };
  const a = area.getBoundingClientRect();
  const s = stage.getBoundingClientRect();
  const zoom = s.width / W || 1;
  const x0 = Math.max(0, (a.left - s.left) / zoom);
  const y0 = Math.max(0, (a.top - s.top) / zoom);
  const x1 = Math.min(W, (a.right - s.left) / zoom);
  const y1 = Math.min(H, (a.bottom - s.top) / zoom);
  if (x1 <= x0 || y1 <= y0) return { x: 0, y: 0, width: W, height: H, zoom };
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0, zoom };
}

export function placeNewLayer(layer: Layer, doc: EditorDoc, area: HTMLElement | null): Layer {
  const { width: W, height: H } = doc.design;
  const view = visibleRect(doc, area);
  const step = Math.max(1, Math.round(STEP_PX / view.zoom));
  const clampX = (x: number) => Math.round(Math.max(0, Math.min(x, W - layer.width)));
  const clampY = (y: number) => Math.round(Math.max(0, Math.min(y, H - layer.height)));
  let x = clampX(view.x + (view.width - layer.width) / 2);
  let y = clampY(view.y + (view.height - layer.height) / 2);
  const taken = (px: number, py: number) =>
    doc.design.layers.some((l) => Math.abs(l.x - px) < step / 2 && Math.abs(l.y - py) < step / 2);
  for (let i = 1; i < 100 && taken(x, y); i++) {
    // Down and to the right; at the page's edge, start again a little further right.
    const nx = clampX(x + step);
    const ny = clampY(y + step);
    if (nx === x && ny === y) break;
    x = nx;
    y = ny;
  }
  return { ...layer, x, y };
}
