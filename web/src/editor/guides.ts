/**
 * Ruler guides (the design's `guides`, in its unit) and the print guides of a physical design
 * (the bleed outside the trim, a safety margin inside it), and the ticks of a ruler. Pure.
 */
import type { Design } from '../api.ts';

export type GuideAxis = 'vertical' | 'horizontal';
export interface Guides {
  vertical?: number[];
  horizontal?: number[];
}

/** The design's guides on `axis`. */
export const guidesOf = (d: Design, axis: GuideAxis): number[] =>
  ((d.guides as Guides | undefined)?.[axis] ?? []).filter((v) => typeof v === 'number');

/** A rounded position in the design's unit: whole px, or hundredths. */
export const roundIn = (unit: string | undefined, v: number) =>
  !unit || unit === 'px' ? Math.round(v) : Math.round(v * 100) / 100;

/** `d` with its guides on `axis` set to `list` (sorted, no repeats; no field when none are left). */
export function withGuides(d: Design, axis: GuideAxis, list: number[]): Design {
  const current = { ...((d.guides as Guides | undefined) ?? {}) };
  const sorted = [...new Set(list)].sort((a, b) => a - b);
  if (sorted.length) current[axis] = sorted;
  else delete current[axis];
  const next: Design = { ...d, guides: current };
  if (!current.vertical?.length && !current.horizontal?.length) delete next.guides;
  return next;
}

/** Millimetres per unit. */
const MM: Record<string, number> = { mm: 1, in: 25.4, pt: 25.4 / 72 };

/**
 * Print guides of a physical (pt, mm or in) design, in its unit: the bleed a print shop asks
 * for (the design's `bleed` when set, else 3 mm) outside the trim, and a 5 mm safety margin
 * inside it. A px design has none.
 */
export function printGuides(d: Design): { bleed: number; margin: number } | null {
  const mm = d.unit ? MM[d.unit] : undefined;
  if (!mm) return null;
  const own = typeof d.bleed === 'number' && d.bleed >= 0 ? d.bleed : undefined;
  const r = (v: number) => Math.round(v * 1000) / 1000;
  return { bleed: own ?? r(3 / mm), margin: r(5 / mm) };
}

/**
 * Ruler ticks for `length` design units shown at `zoom` screen px per unit: a step of 1, 2 or 5
 * times a power of ten that leaves at least `minGap` screen px between labelled ticks.
 */
export function rulerTicks(
  length: number,
  zoom: number,
  minGap = 50,
): { step: number; ticks: number[] } {
  const raw = minGap / Math.max(zoom, 1e-6);
  const p = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * p).find((s) => s >= raw) ?? 10 * p;
  const ticks: number[] = [];
  for (let v = 0; v <= length + 1e-9; v += step) ticks.push(Math.round(v * 1e6) / 1e6);
  return { step, ticks };
}
