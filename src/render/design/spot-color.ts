/**
 * `spot("PANTONE 185 C", c, m, y, k)` colours: a named ink (a separate plate on press) with its
 * CMYK alternate as ink percentages 0–100, what the colour is when it is not printed as that ink.
 * A design stores them in the canonical form `spot("PANTONE 185 C",0,100,81,4)`; PDFs write them
 * as a Separation colour space of that name (output/spot-colors.ts), everything else paints the
 * alternate, like a cmyk() colour.
 */
import { parseInkList, type CmykInks } from './cmyk-color.ts';

/** A spot colour: the ink's name and its CMYK alternate (each ink 0–1). */
export interface SpotColor {
  name: string;
  inks: CmykInks;
}

/** Longest spot name, in characters (PDF 1.7 allows names of 127 bytes). */
export const SPOT_NAME_MAX = 63;
const SPOT_NAME_MAX_BYTES = 127;

/** What a spot colour value may look like, for error messages. */
export const SPOT_FORMAT = `a spot colour like spot("PANTONE 185 C", 0, 100, 81, 4): the ink's name in quotes (1 to ${SPOT_NAME_MAX} printable characters, no double quote, not "All" or "None"), then its CMYK alternate as four ink percentages 0–100`;

const NUMBER = String.raw`(\d+(?:\.\d+)?)`;
const CANONICAL = new RegExp(`^spot\\("([^"]*)",${NUMBER},${NUMBER},${NUMBER},${NUMBER}\\)$`);

/** True for C0 and C1 control characters and DEL, which a printable name may not hold. */
const isControl = (ch: string): boolean => {
  const c = ch.codePointAt(0)!;
  return c < 0x20 || (c >= 0x7f && c <= 0x9f);
};

/**
 * True when `name` can be a spot colour's name. "All" and "None" are the PDF's own colorant
 * names (every plate, no plate), never a named ink.
 */
export function isSpotName(name: string): boolean {
  return (
    name.length > 0 &&
    [...name].length <= SPOT_NAME_MAX &&
    new TextEncoder().encode(name).length <= SPOT_NAME_MAX_BYTES &&
    !name.includes('"') &&
    ![...name].some(isControl) &&
    !['all', 'none'].includes(name.toLowerCase())
  );
}

/**
 * Parses `spot("name", c, m, y, k)` (`spot` in any case, the name in double or single quotes and
 * trimmed, inks with commas or spaces and an optional `%`) into its canonical form, or undefined
 * when `value` (trimmed, case kept: the name is the ink's) is not one.
 */
export function parseSpotColor(value: string): string | undefined {
  const m = /^spot\(\s*(?:"([^"]*)"|'([^']*)')\s*,?\s*([^)]*)\)$/i.exec(value);
  if (!m) return undefined;
  const name = (m[1] ?? m[2]).trim();
  if (!isSpotName(name)) return undefined;
  const inks = parseInkList(m[3]);
  return inks ? `spot("${name}",${inks})` : undefined;
}

/** The name and alternate of a canonical spot() colour, or undefined for any other colour. */
export function spotColor(color: string | null | undefined): SpotColor | undefined {
  const m = color ? CANONICAL.exec(color) : null;
  if (!m) return undefined;
  return { name: m[1], inks: [2, 3, 4, 5].map((i) => Number(m[i]) / 100) as CmykInks };
}
