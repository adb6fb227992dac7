/**
 * Align and distribute: pure geometry over layer boxes. A rotated layer is placed by its bounding
 * box on the page (what the eye aligns); a group moves as one unit, its box the union of its
 * layers'. Results are moves (dx, dy) per layer name, so callers keep every other property.
 */
import type { Layer } from '../api.ts';
import { unitsOf } from './groups.ts';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type AlignEdge = 'left' | 'center' | 'right' | 'top' | 'middle' | 'bottom';
export type Axis = 'horizontal' | 'vertical';
export interface Move {
  dx: number;
  dy: number;
}

/** The box a layer covers on the page: its own box turned by its rotation about its centre. */
export function boundsOf(l: Rect & { rotation?: unknown }): Rect {
  const a = (Number(l.rotation ?? 0) * Math.PI) / 180;
  if (!a) return { x: l.x, y: l.y, width: l.width, height: l.height };
  const cos = Math.abs(Math.cos(a));
  const sin = Math.abs(Math.sin(a));
  const w = l.width * cos + l.height * sin;
  const h = l.width * sin + l.height * cos;
  const cx = l.x + l.width / 2;
  const cy = l.y + l.height / 2;
  const r = (n: number) => Math.round(n * 1e6) / 1e6;
  return { x: r(cx - w / 2), y: r(cy - h / 2), width: r(w), height: r(h) };
}

/** The smallest box holding every rect. */
export function unionOf(rects: Rect[]): Rect {
  const x0 = Math.min(...rects.map((r) => r.x));
  const y0 = Math.min(...rects.map((r) => r.y));
  const x1 = Math.max(...rects.map((r) => r.x + r.width));
  const y1 = Math.max(...rects.map((r) => r.y + r.height));
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/** Rounds a move to the design's step: whole px, or hundredths of a pt, mm or in. */
const snap = (n: number, step: number) => Math.round(n / step) * step;

/** The units of `layers` (a group is one) with the box each covers. */
function unitBoxes(layers: Layer[]): Array<{ names: string[]; box: Rect }> {
  return unitsOf(layers).map((u) => ({
    names: u.map((l) => l.name),
    box: unionOf(u.map(boundsOf)),
  }));
}

/**
 * Moves that align `layers` on `edge` of `frame` (the page, or the selection's own box when
 * absent). With one unit and no frame nothing moves.
 */
export function align(layers: Layer[], edge: AlignEdge, frame?: Rect, step = 1): Map<string, Move> {
  const units = unitBoxes(layers);
  const moves = new Map<string, Move>();
  if (units.length === 0) return moves;
  const f = frame ?? unionOf(units.map((u) => u.box));
  for (const { names, box } of units) {
    let dx = 0;
    let dy = 0;
    if (edge === 'left') dx = f.x - box.x;
    if (edge === 'center') dx = f.x + f.width / 2 - (box.x + box.width / 2);
    if (edge === 'right') dx = f.x + f.width - (box.x + box.width);
    if (edge === 'top') dy = f.y - box.y;
    if (edge === 'middle') dy = f.y + f.height / 2 - (box.y + box.height / 2);
    if (edge === 'bottom') dy = f.y + f.height - (box.y + box.height);
    for (const n of names) moves.set(n, { dx: snap(dx, step), dy: snap(dy, step) });
  }
  return moves;
}

/**
 * Moves that spread `layers` along `axis` with equal gaps between neighbours: the first and the
 * last (by position) stay, or with a `frame` (the page) they go to its edges. Needs three units,
 * or two with a frame.
 */
export function distribute(layers: Layer[], axis: Axis, frame?: Rect, step = 1): Map<string, Move> {
  const h = axis === 'horizontal';
  const start = (r: Rect) => (h ? r.x : r.y);
  const size = (r: Rect) => (h ? r.width : r.height);
  const units = unitBoxes(layers).sort(
    (a, b) => start(a.box) + size(a.box) / 2 - (start(b.box) + size(b.box) / 2),
  );
  const moves = new Map<string, Move>();
  if (units.length < (frame ? 2 : 3)) return moves;
  const all = frame ?? unionOf(units.map((u) => u.box));
  const total = size(all);
  const used = units.reduce((s, u) => s + size(u.box), 0);
  const gap = (total - used) / (units.length - 1);
  let at = start(all);
  for (const { names, box } of units) {
    const d = snap(at - start(box), step);
    for (const n of names) moves.set(n, h ? { dx: d, dy: 0 } : { dx: 0, dy: d });
    at += size(box) + gap;
  }
  return moves;
}

/** `layers` with `moves` applied (layers without a move are returned as they are). */
export function applyMoves(layers: Layer[], moves: Map<string, Move>): Layer[] {
  return layers.map((l) => {
    const m = moves.get(l.name);
    if (!m || (m.dx === 0 && m.dy === 0)) return l;
    const fix = (n: number) => Math.round(n * 1000) / 1000;
    return { ...l, x: fix(l.x + m.dx), y: fix(l.y + m.dy) };
  });
}
