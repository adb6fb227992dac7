/**
 * Where a picture goes in its box for object_fit cover/contain/fill and a focal point, and at
 * which pixel size to decode it so that no more pixels are decoded than the output shows.
 */

/** How a picture fills its box. */
export type ObjectFit = 'cover' | 'contain' | 'fill';

/** The decode size and the drawImage source/destination rectangles (source in decoded px). */
export interface FitPlan {
  decodeWidth: number;
  decodeHeight: number;
  sx: number;
  sy: number;
  sw: number;
  sh: number;
  dx: number;
  dy: number;
  dw: number;
  dh: number;
}

/**
 * Plans drawing a `natural`-sized picture into a `box` (design px). `focal` is the point of the
 * picture kept in view by cover and the alignment used by contain (0–1 on each axis).
 * `pixelScale` is output pixels per design px; decoding never exceeds the source size.
 */
export function fitPicture(
  box: { width: number; height: number },
  natural: { width: number; height: number },
  fit: ObjectFit,
  focal: { x: number; y: number },
  pixelScale: number,
): FitPlan {
  const { width: bw, height: bh } = box;
  const { width: iw, height: ih } = natural;
  if (fit === 'fill') {
    const decode = {
      width: clampDecode(bw * pixelScale, iw),
      height: clampDecode(bh * pixelScale, ih),
    };
    return wholeBitmap(decode, { x: 0, y: 0, width: bw, height: bh });
  }
  const k = fit === 'cover' ? Math.max(bw / iw, bh / ih) : Math.min(bw / iw, bh / ih);
  const scaledW = iw * k;
  const scaledH = ih * k;
  // One factor for both axes keeps the aspect ratio of the decoded bitmap.
  const factor = Math.min(pixelScale, 1 / k);
  const decodeWidth = Math.max(1, Math.round(scaledW * factor));
  const decodeHeight = Math.max(1, Math.round(scaledH * factor));
  const perDesignPx = decodeWidth / scaledW;
  if (fit === 'contain') {
    return wholeBitmap(
      { width: decodeWidth, height: decodeHeight },
      { x: (bw - scaledW) * focal.x, y: (bh - scaledH) * focal.y, width: scaledW, height: scaledH },
    );
  }
  const ox = (scaledW - bw) * focal.x;
  const oy = (scaledH - bh) * focal.y;
  return {
    decodeWidth,
    decodeHeight,
    sx: ox * perDesignPx,
    sy: oy * perDesignPx,
    sw: Math.min(decodeWidth, bw * perDesignPx),
    sh: Math.min(decodeHeight, bh * perDesignPx),
    dx: 0,
    dy: 0,
    dw: bw,
    dh: bh,
  };
}

/** The whole decoded bitmap drawn into the rectangle `to` (fill and contain crop nothing). */
function wholeBitmap(
  decode: { width: number; height: number },
  to: { x: number; y: number; width: number; height: number },
): FitPlan {
  return {
    decodeWidth: decode.width,
    decodeHeight: decode.height,
    sx: 0,
    sy: 0,
    sw: decode.width,
    sh: decode.height,
    dx: to.x,
    dy: to.y,
    dw: to.width,
    dh: to.height,
  };
}

/** A decode dimension: the needed pixels, at least 1, at most the source's. */
function clampDecode(needed: number, source: number): number {
  return Math.max(1, Math.min(source, Math.round(needed)));
}

const KEYWORDS: Record<string, { axis?: 'x' | 'y'; at: number }> = {
  left: { axis: 'x', at: 0 },
  right: { axis: 'x', at: 1 },
  top: { axis: 'y', at: 0 },
  bottom: { axis: 'y', at: 1 },
  center: { at: 0.5 },
  centre: { at: 0.5 },
};

/**
 * Parses an object_position like "50% 50%", "left top", "right", "center bottom", "25%"
 * (x only; y centred) into a 0–1 point; undefined when it is not one.
 */
export function parseObjectPosition(value: string): { x: number; y: number } | undefined {
  const parts = value.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (parts.length === 0 || parts.length > 2) return undefined;
  let x: number | undefined;
  let y: number | undefined;
  const pending: number[] = [];
  for (const part of parts) {
    const pct = /^(\d+(?:\.\d+)?)%$/.exec(part);
    const kw = KEYWORDS[part];
    if (pct) {
      const n = Number(pct[1]);
      if (n > 100) return undefined;
      pending.push(n / 100);
    } else if (kw?.axis === 'x') {
      if (x !== undefined) return undefined;
      x = kw.at;
    } else if (kw?.axis === 'y') {
      if (y !== undefined) return undefined;
      y = kw.at;
    } else if (kw) pending.push(kw.at);
    else return undefined;
  }
  // Unassigned values (percentages, "center") fill x first, then y, as in CSS.
  for (const v of pending) {
    if (x === undefined) x = v;
    else if (y === undefined) y = v;
    else return undefined;
  }
  return { x: x ?? 0.5, y: y ?? 0.5 };
}
