/**
 * The properties every layer has (geometry, rotation, opacity, hide, link_target), checked and
 * normalised the same way for stored designs and for request patches.
 */
import type { LayerSpec, RenderProblem } from '../types.ts';
import { addProblem, checkBoolean, checkNumber, parsePx } from './props.ts';
import type { PropContext } from './props.ts';

/** Largest coordinate or size accepted for a layer, in design px. */
export const MAX_COORD = 100_000;

/** Checks x/y (any px) and width/height (≥ 0 px); numbers or "12px" strings. */
function checkGeometry(c: PropContext): void {
  for (const prop of ['x', 'y', 'width', 'height'] as const) {
    const v = c.layer[prop];
    const n = parsePx(v);
    const min = prop === 'x' || prop === 'y' ? -MAX_COORD : 0;
    if (n === undefined || n < min || n > MAX_COORD) {
      addProblem(c.problems, c.path, prop, `a length in px from ${min} to ${MAX_COORD}`, v);
      c.layer[prop] = 0;
    } else c.layer[prop] = n;
  }
}

/** A clickable-link URL: http(s) or mailto, or null. */
function checkLinkTarget(c: PropContext): void {
  const v = c.layer.link_target;
  if (v === undefined || v === null || v === '') {
    c.layer.link_target = null;
    return;
  }
  let ok = false;
  if (typeof v === 'string' && v.length <= 2048) {
    try {
      ok = ['http:', 'https:', 'mailto:'].includes(new URL(v).protocol);
    } catch {
      ok = false;
    }
  }
  if (!ok) {
    addProblem(c.problems, c.path, 'link_target', 'an http(s) or mailto URL, or null', v);
    c.layer.link_target = null;
  }
}

/** Checks and normalises the common properties of one layer in place. */
export function checkCommonProps(layer: LayerSpec, path: string, problems: RenderProblem[]): void {
  const c: PropContext = { layer, path, problems };
  checkGeometry(c);
  checkNumber(c, 'rotation', { def: 0, min: -360, max: 360 });
  checkNumber(c, 'opacity', { def: 100, min: 0, max: 100 });
  checkBoolean(c, 'hide', false);
  checkLinkTarget(c);
  // `fontFamily` is the spec's name for `font` (placid-notes §1.2); keep one spelling.
  if (layer.fontFamily !== undefined) {
    if (layer.font === undefined) layer.font = layer.fontFamily;
    delete layer.fontFamily;
  }
}
