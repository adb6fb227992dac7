/** Fonts and cached widths of a text block at one font size, per style class (emphasis, emoji). */
import { emojiFamilyList, selectFace, weightNumber, type FaceChoice } from '../fonts/index.ts';
import { measureWidth } from './measure.ts';
import { noteSyntheticBold } from './synthetic-bold.ts';
import { ALT, EMOJI, RICH_SHIFT, type Paragraph } from './paragraph.ts';
import type { RichStyle } from './rich-markup.ts';
import type { TextBlock } from './text-block.ts';

/** CSS's `bolder` (what <b> asks for): the next bold step above a weight. */
function bolder(weight: string): string {
  const w = weightNumber(weight);
  return String(w < 350 ? 400 : w < 550 ? 700 : w < 900 ? 900 : w);
}

/** Fonts and widths at one font size (a per-size cache keyed by text: cheaper than the global one). */
export class TextSizer {
  private readonly fonts: string[] = [];
  private readonly widths: Array<Map<string, number>> = [];
  /** The faces this sizer had to draw with synthesised bold or slant. */
  readonly synthetic = new Set<FaceChoice>();

  readonly block: TextBlock;
  readonly size: number;
  /** Rich-text styles by number (see RICH_SHIFT); [0] is the layer's own style. */
  readonly rich: readonly RichStyle[];
  constructor(block: TextBlock, size: number, rich: readonly RichStyle[] = []) {
    this.block = block;
    this.size = size;
    this.rich = rich;
  }

  font(cls: number): string {
    let font = this.fonts[cls];
    if (font === undefined) {
      const s = cls & ALT ? this.block.alt : this.block.base;
      const r = this.rich[cls >> RICH_SHIFT];
      // Emoji runs: colour emoji font first, upright and regular (a bitmap cannot be made bold).
      if (cls & EMOJI) font = `${this.size}px ${emojiFamilyList(s.family)}`;
      else {
        const weight = r?.bold ? bolder(s.weight) : s.weight;
        const face = selectFace(s.family, weight, r?.italic ? 'italic' : s.style);
        if (face.syntheticBold || face.syntheticOblique) this.synthetic.add(face);
        font = `${face.style} ${face.weight} ${this.size}px ${face.family}`;
        if (face.faceWeight !== undefined) {
          noteSyntheticBold(
            font,
            `${face.style} ${face.faceWeight} ${this.size}px ${face.family}`,
            this.size,
          );
        }
      }
      this.fonts[cls] = font;
    }
    return font;
  }

  color(cls: number): string {
    const rich = this.rich[cls >> RICH_SHIFT]?.color;
    return rich ?? (cls & ALT ? this.block.alt.color : this.block.base.color);
  }

  /** Width of one string in one style class. */
  measure(cls: number, text: string): number {
    const cache = (this.widths[cls] ??= new Map());
    let w = cache.get(text);
    if (w === undefined) {
      w = measureWidth(this.font(cls), this.block.letterSpacing, text);
      cache.set(text, w);
    }
    return w;
  }

  /** Width of p.text[a, b), measured per style class. */
  width(p: Paragraph, a: number, b: number): number {
    let total = 0;
    let from = a;
    for (let i = a + 1; i <= b; i++) {
      if (i === b || p.cls[i] !== p.cls[from]) {
        total += this.measure(p.cls[from], p.text.slice(from, i));
        from = i;
      }
    }
    return total;
  }
}
