/** Text layout for text layers: markup, wrapping, fitting, bidi, and painting the result. */
export { parseEmphasis, escapeEmphasis, parseRichText, type MarkupSpan } from './markup.ts';
export {
  parseRichMarkup,
  escapeRichMarkup,
  type RichStyle,
  type RichSegment,
} from './rich-markup.ts';
export {
  layoutText,
  type TextBlock,
  type TextLayout,
  type RunStyle,
  type PlacedLine,
  type PlacedPiece,
  type SyntheticFace,
} from './layout-text.ts';
export { drawText, textDrawOptions } from './draw-text.ts';
export { measureWidth, clearMeasureCache } from './measure.ts';
