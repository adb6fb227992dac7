/**
 * Families of faces and the choice of one face per weight and style. A family list may start
 * with a family whose faces are known here: a bundled family (one Skia alias, several files) or a
 * group of project fonts (one alias per file, gathered under an unregistered marker name that
 * Skia skips). selectFace picks the face as CSS does (font-match.ts) and asks Skia for exactly
 * that face's weight and style, so Skia synthesises bold or a slant only when this module says
 * the family lacks the face, and never on top of a real bold or italic face.
 */
import { GlobalFonts } from '@napi-rs/canvas';
import {
  matchFace,
  weightNumber,
  BOLD_THRESHOLD,
  type Face,
  type FaceStyle,
} from './font-match.ts';

/** One face: the Skia alias it is drawn with and its weight and style (as Skia reads them). */
export interface AliasFace extends Face {
  alias: string;
}

/** A family: its name for messages, its faces, and the face a uuid named (used unless lacking). */
export interface FaceGroup {
  name: string;
  faces: AliasFace[];
  /** The face a font uuid names: kept unless bold or a slant is asked of it and it has none. */
  pinned?: AliasFace;
  /**
   * True when the group is registered under a marker name (not a Skia family), which family
   * lists follow with the face they stand for without selectFace.
   */
  marker?: boolean;
  /** Registers a face with Skia before it is first drawn (library families load lazily). */
  load?: (face: AliasFace) => void;
}

/** The font to draw with: a family list for ctx.font, its weight and style, what is synthesised. */
export interface FaceChoice {
  family: string;
  weight: string;
  style: string;
  syntheticBold: boolean;
  syntheticOblique: boolean;
  /**
   * With syntheticBold, the weight of the face drawn: PDF pages draw that face and stroke its
   * outlines (text/synthetic-bold.ts) instead of Skia's emboldened glyphs.
   */
  faceWeight?: number;
  /** The family's name (for warnings); '' when the list starts with no known family. */
  name: string;
}

const groups = new Map<string, FaceGroup>();

/** Registers a group under the first name of the family lists that use it. */
export function registerFaceGroup(head: string, group: FaceGroup): void {
  if (!groups.has(head)) groups.set(head, group);
}

/** The faces Skia has under one alias (its own reading of each file's OS/2 and head tables). */
export function skiaFaces(alias: string): AliasFace[] {
  const family = GlobalFonts.families.find((f) => f.family === alias);
  return (family?.styles ?? []).map((s) => ({
    alias,
    weight: s.weight,
    style: (['italic', 'oblique'].includes(s.style) ? s.style : 'normal') as FaceStyle,
  }));
}

const quote = (alias: string): string => `"${alias}"`;
const HEAD = /^"([^"]+)"(?:,\s*)?/;

/** The requested style as a face style ("oblique 10deg" and the like read as oblique). */
function styleOf(style: string): FaceStyle {
  const s = style.trim().toLowerCase();
  return s.startsWith('italic') ? 'italic' : s.startsWith('oblique') ? 'oblique' : 'normal';
}

const choices = new Map<string, FaceChoice>();

/**
 * The face of the list's first family for `weight` and `style` (see the module comment). A list
 * whose first family is not known here is returned as it is.
 */
export function selectFace(list: string, weight: string, style: string): FaceChoice {
  const key = `${list}\u0000${weight}\u0000${style}`;
  let choice = choices.get(key);
  if (choice) return choice;
  choice = choose(list, weight, style);
  if (choices.size > 10_000) choices.clear();
  choices.set(key, choice);
  return choice;
}

function choose(list: string, weight: string, style: string): FaceChoice {
  const head = HEAD.exec(list);
  const group = head ? groups.get(head[1]) : undefined;
  const asIs = { family: list, weight, style, syntheticBold: false, syntheticOblique: false };
  if (!head || !group || group.faces.length === 0) return { ...asIs, name: '' };
  const w = weightNumber(weight);
  const s = styleOf(style);
  const pinned = group.pinned;
  const lacking =
    pinned &&
    ((w >= BOLD_THRESHOLD && pinned.weight < BOLD_THRESHOLD) ||
      (s !== 'normal' && pinned.style === 'normal'));
  const match =
    pinned && !lacking
      ? { face: pinned, syntheticBold: false, syntheticOblique: false }
      : matchFace(group.faces, w, s);
  const { face } = match;
  group.load?.(face);
  // Skia fakes bold when the asked weight is ≥600 and ≥200 above the face's, a slant when italic
  // is asked of a face that is not italic: ask for the face itself unless synthesis is wanted.
  const drawWeight = match.syntheticBold
    ? Math.min(1000, Math.max(w, face.weight + 200, BOLD_THRESHOLD))
    : face.weight;
  const drawStyle = match.syntheticOblique ? 'italic' : face.style;
  let rest = list.slice(head[0].length);
  // A marker is followed by the face the list stands for when read without this module; drop it.
  if (group.marker) rest = rest.replace(HEAD, '');
  return {
    family: rest === '' ? quote(face.alias) : `${quote(face.alias)}, ${rest}`,
    weight: String(drawWeight),
    style: drawStyle,
    syntheticBold: match.syntheticBold,
    syntheticOblique: match.syntheticOblique,
    ...(match.syntheticBold ? { faceWeight: face.weight } : {}),
    name: group.name,
  };
}
