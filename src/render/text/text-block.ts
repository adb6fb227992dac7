/** The input of text layout: the text as styled spans, the styles, sizes, alignment and the box. */
import type { MarkupSpan } from './markup.ts';

/** The look of plain or emphasised text. */
export interface RunStyle {
  /** CSS family list (from resolveFontFamily). */
  family: string;
  /** CSS font-weight: "normal", "bold" or 1–1000. */
  weight: string;
  /** "normal", "italic" or "oblique". */
  style: string;
  /** CSS colour. */
  color: string;
}

/** Everything layout needs: text as spans, styles, sizes, alignment and the box. */
export interface TextBlock {
  spans: MarkupSpan[];
  base: RunStyle;
  alt: RunStyle;
  fontSize: number;
  /** Line height as a multiple of the font size. */
  lineHeight: number;
  /** Extra px after every character. */
  letterSpacing: number;
  align: 'left' | 'center' | 'right' | 'justify';
  verticalAlign: 'top' | 'middle' | 'bottom';
  /** 0 = unlimited. */
  maxLines: number;
  autoFit: boolean;
  minFontSize: number;
  /** What happens to text that does not fit the box: cut at it, "…" on the last whole line, or nothing. */
  overflow: 'clip' | 'ellipsis' | 'visible';
  width: number;
  height: number;
}
