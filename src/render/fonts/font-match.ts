/**
 * Picks the face of a family for a requested weight and style as CSS does (CSS Fonts 4, §5.2
 * "Matching font styles"): style first (italic falls back to oblique, then upright), then the
 * nearest weight in the direction the specification gives. It also says what would have to be
 * synthesised, by the rule browsers follow: bold when a bold weight (600 or more) is asked of a
 * face lighter than 600, a slant when italic or oblique is asked of an upright face.
 */

/** A face's style as fonts and CSS name it. */
export type FaceStyle = 'normal' | 'italic' | 'oblique';

/** One face of a family. */
export interface Face {
  weight: number;
  style: FaceStyle;
}

/** The face chosen and what is missing from it. */
export interface FaceMatch<F extends Face> {
  face: F;
  syntheticBold: boolean;
  syntheticOblique: boolean;
}

/** Weights from which a face counts as bold (CSS's and browsers' threshold for synthesis). */
export const BOLD_THRESHOLD = 600;

const STYLE_ORDER: Record<FaceStyle, FaceStyle[]> = {
  italic: ['italic', 'oblique', 'normal'],
  oblique: ['oblique', 'italic', 'normal'],
  normal: ['normal', 'oblique', 'italic'],
};

/** The faces of `faces` in the order CSS tries them for `desired` (all of one style). */
function byWeight<F extends Face>(faces: F[], desired: number): F[] {
  const asc = [...faces].sort((a, b) => a.weight - b.weight);
  const desc = [...asc].reverse();
  if (desired >= 400 && desired <= 500) {
    // Up to 500 first (ascending), then lighter (descending), then heavier than 500 (ascending).
    return [
      ...asc.filter((f) => f.weight >= desired && f.weight <= 500),
      ...desc.filter((f) => f.weight < desired),
      ...asc.filter((f) => f.weight > 500),
    ];
  }
  if (desired < 400) {
    return [...desc.filter((f) => f.weight <= desired), ...asc.filter((f) => f.weight > desired)];
  }
  return [...asc.filter((f) => f.weight >= desired), ...desc.filter((f) => f.weight < desired)];
}

/** The face CSS picks from `faces` (not empty) for `weight` and `style`, and what it lacks. */
export function matchFace<F extends Face>(
  faces: F[],
  weight: number,
  style: FaceStyle,
): FaceMatch<F> {
  let pool: F[] = [];
  for (const s of STYLE_ORDER[style]) {
    pool = faces.filter((f) => f.style === s);
    if (pool.length > 0) break;
  }
  if (pool.length === 0) pool = faces;
  const face = byWeight(pool, weight)[0];
  return {
    face,
    syntheticBold: weight >= BOLD_THRESHOLD && face.weight < BOLD_THRESHOLD,
    syntheticOblique: style !== 'normal' && face.style === 'normal',
  };
}

/** Reads a CSS font-weight value ("normal", "bold", "light", "thin" or a number) as a number. */
export function weightNumber(weight: string | number): number {
  if (typeof weight === 'number') return weight;
  const named: Record<string, number> = { normal: 400, bold: 700, light: 300, thin: 100 };
  const n = named[weight.trim().toLowerCase()] ?? Number(weight);
  return Number.isFinite(n) && n >= 1 && n <= 1000 ? n : 400;
}
