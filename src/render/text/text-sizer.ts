/** Fonts and cached widths of a text block at one font size, per style class (emphasis, emoji). */
import { emojiFamilyList } from '../fonts/index.ts';
import { measureWidth } from './measure.ts';
import { ALT, EMOJI, type Paragraph } from './paragraph.ts';
import type { TextBlock } from './text-block.ts';

/** Fonts and widths at one font size (a per-size cache keyed by text: cheaper than the global one). */
export class TextSizer {
  private readonly fonts: string[] = [];
  private readonly widths: Array<Map<string, number>> = [];

  constructor(
    readonly block: TextBlock,
    readonly size: number,
  ) {}

  font(cls: number): string {
    let font = this.fonts[cls];
    if (font === undefined) {
      const s = cls & ALT ? this.block.alt : this.block.base;
      // Emoji runs: colour emoji font first, upright and regular (a bitmap cannot be made bold).
      font =
        cls & EMOJI
          ? `${this.size}px ${emojiFamilyList(s.family)}`
          : `${s.style} ${s.weight} ${this.size}px ${s.family}`;
      this.fonts[cls] = font;
    }
    return font;
  }

  color(cls: number): string {
    return cls & ALT ? this.block.alt.color : this.block.base.color;
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
