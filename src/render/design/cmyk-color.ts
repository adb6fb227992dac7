/**
 * `cmyk(c, m, y, k)` colours: ink percentages from 0 to 100 (`cmyk(0,100,100,0)`, `cmyk(0%, 100%,
 * 100%, 0%)`). A design stores them in the canonical form `cmyk(0,100,100,0)`; before painting,
 * output/cmyk-colors.ts turns them into RGB (converted through the CMYK profile) or, in CMYK PDFs,
 * into ink values written straight into the page.
 */

/** The ink amounts of a cmyk() colour, each from 0 to 1. */
export type CmykInks = [c: number, m: number, y: number, k: number];

const CANONICAL = /^cmyk\((\d+(?:\.\d+)?),(\d+(?:\.\d+)?),(\d+(?:\.\d+)?),(\d+(?:\.\d+)?)\)$/;

/** Percent with at most 2 decimals and no trailing zeros. */
const formatPercent = (n: number): string => String(Math.round(n * 100) / 100);

/**
 * Four ink percentages (commas or spaces, optional `%`, each 0–100) in canonical form
 * (`0,100,81,4`), or undefined when `list` is not that: cmyk() and spot() write their inks alike.
 */
export function parseInkList(list: string): string | undefined {
  const parts = list.split(/\s*,\s*|\s+/).filter((p) => p !== '');
  if (parts.length !== 4) return undefined;
  const values: string[] = [];
  for (const part of parts) {
    const m = /^(\d+(?:\.\d+)?|\.\d+)%?$/.exec(part);
    if (!m || Number(m[1]) > 100) return undefined;
    values.push(formatPercent(Number(m[1])));
  }
  return values.join(',');
}

/**
 * Parses `cmyk(…)` (any case, commas or spaces, optional `%`) into its canonical form, or
 * undefined when `v` (trimmed, lower-case) is not one.
 */
export function parseCmykColor(v: string): string | undefined {
  const fn = /^cmyk\(\s*([^)]*)\)$/.exec(v);
  const inks = fn && parseInkList(fn[1]);
  return inks ? `cmyk(${inks})` : undefined;
}

/** The inks (0–1) of a canonical cmyk() colour, or undefined for any other colour. */
export function cmykInks(color: string | null | undefined): CmykInks | undefined {
  const m = color ? CANONICAL.exec(color) : null;
  if (!m) return undefined;
  return [1, 2, 3, 4].map((i) => Number(m[i]) / 100) as CmykInks;
}
