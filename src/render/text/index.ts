/** Text layout for text layers: markup, wrapping, fitting, bidi, and painting the result. */
export { parseEmphasis, escapeEmphasis, type MarkupSpan } from './markup.ts';
export {
  layoutText,
  type TextBlock,
  type TextLayout,
  type RunStyle,
  type PlacedLine,
  type PlacedPiece,
} from './layout-text.ts';
export { drawText } from './draw-text.ts';
export { measureWidth, clearMeasureCache } from './measure.ts';
