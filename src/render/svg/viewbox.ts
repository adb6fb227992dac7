/**
 * The SVG viewport mapping: where a root's `viewBox` lands in a box for its
 * `preserveAspectRatio` (every align value, meet and slice, and none).
 */

/** Scale and offset from viewBox units to box units: x' = x * sx + tx. */
export interface ViewBoxMapping {
  sx: number;
  sy: number;
  tx: number;
  ty: number;
}

const ALIGN: Record<string, number> = { Min: 0, Mid: 0.5, Max: 1 };

/** The mapping of a root's viewBox (attributes as written by resvg) into a width×height box. */
export function viewBoxMapping(
  attrs: Record<string, string>,
  box: { width: number; height: number },
): ViewBoxMapping {
  const vb = (attrs.viewBox ?? '')
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  const [vx, vy, vw, vh] =
    vb.length === 4 && vb.every(Number.isFinite) && vb[2] > 0 && vb[3] > 0
      ? vb
      : [0, 0, Number(attrs.width) || box.width, Number(attrs.height) || box.height];
  let sx = box.width / vw;
  let sy = box.height / vh;
  const par = (attrs.preserveAspectRatio ?? 'xMidYMid meet').trim().split(/\s+/);
  if (par[0] === 'none') return { sx, sy, tx: -vx * sx, ty: -vy * sy };
  const align = /^x(Min|Mid|Max)Y(Min|Mid|Max)$/.exec(par[0]);
  const [ax, ay] = align ? [ALIGN[align[1]], ALIGN[align[2]]] : [0.5, 0.5];
  sx = sy = par[1] === 'slice' ? Math.max(sx, sy) : Math.min(sx, sy);
  return {
    sx,
    sy,
    tx: (box.width - vw * sx) * ax - vx * sx,
    ty: (box.height - vh * sy) * ay - vy * sy,
  };
}
