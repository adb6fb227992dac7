/**
 * The text layer's properties: validation with clear messages, normalisation in place (so the
 * stored form is canonical), defaults, and the TextBlock that layout takes.
 */
import {
  addProblem,
  checkBoolean,
  checkColor,
  checkEnum,
  checkNumber,
  checkPx,
  checkString,
  type PropContext,
} from '../../design/props.ts';
import type { TextBlock } from '../../text/index.ts';
import { parseEmphasis } from '../../text/index.ts';
import type { LayerSpec, RenderProblem } from '../../types.ts';

/** Defaults of the text props (documented in README "Text layers and fonts"). */
export const TEXT_DEFAULTS = {
  text: '',
  font: null,
  font_size: 16,
  font_weight: 400,
  font_style: 'normal',
  text_color: '#000000',
  alt_text_color: null,
  alt_font: null,
  align: 'left',
  vertical_align: 'top',
  line_height: 1.2,
  letter_spacing: 0,
  text_transform: 'none',
  max_lines: 0,
  auto_fit: false,
  min_font_size: 8,
} as const;

const MAX_TEXT = 10_000;
const WEIGHT_NAMES: Record<string, number> = { normal: 400, bold: 700, light: 300, thin: 100 };

/** `font`/`alt_font`: a font uuid or a bundled family name, or null for the default. */
function checkFontRef(c: PropContext, prop: string): void {
  const v = c.layer[prop];
  if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) {
    c.layer[prop] = null;
  } else if (typeof v !== 'string' || v.length > 200) {
    addProblem(
      c.problems,
      c.path,
      prop,
      'a font uuid or bundled family name (a string of at most 200 characters) or null',
      v,
    );
    c.layer[prop] = null;
  } else c.layer[prop] = v.trim();
}

/** `font_weight`: "normal", "bold", or a number from 1 to 1000 (as a number or a numeric string). */
function checkWeight(c: PropContext): void {
  const v = c.layer.font_weight;
  if (v === undefined || v === null) {
    c.layer.font_weight = TEXT_DEFAULTS.font_weight;
    return;
  }
  const n =
    typeof v === 'number'
      ? v
      : typeof v === 'string'
        ? (WEIGHT_NAMES[v.trim().toLowerCase()] ?? (/^\s*\d+\s*$/.test(v) ? Number(v) : NaN))
        : NaN;
  if (!Number.isInteger(n) || n < 1 || n > 1000) {
    addProblem(
      c.problems,
      c.path,
      'font_weight',
      '"normal", "bold" or an integer from 1 to 1000 (400 = normal, 700 = bold)',
      v,
    );
    c.layer.font_weight = TEXT_DEFAULTS.font_weight;
  } else c.layer.font_weight = n;
}

/** Checks and normalises a text layer's own props (see LayerType.validate). */
export function validateTextProps(layer: LayerSpec, path: string, problems: RenderProblem[]): void {
  const c: PropContext = { layer, path, problems };
  checkString(c, 'text', { def: TEXT_DEFAULTS.text, max: MAX_TEXT });
  checkFontRef(c, 'font');
  checkFontRef(c, 'alt_font');
  checkPx(c, 'font_size', { def: TEXT_DEFAULTS.font_size, min: 1, max: 2000 });
  checkPx(c, 'min_font_size', { def: TEXT_DEFAULTS.min_font_size, min: 1, max: 2000 });
  checkWeight(c);
  checkEnum(c, 'font_style', ['normal', 'italic', 'oblique'], TEXT_DEFAULTS.font_style);
  checkColor(c, 'text_color', TEXT_DEFAULTS.text_color, false);
  checkColor(c, 'alt_text_color', null);
  checkEnum(c, 'align', ['left', 'center', 'right', 'justify'], TEXT_DEFAULTS.align);
  // "center" is what CSS and most editors call the vertical middle.
  if (
    typeof layer.vertical_align === 'string' &&
    layer.vertical_align.trim().toLowerCase() === 'center'
  ) {
    layer.vertical_align = 'middle';
  }
  checkEnum(c, 'vertical_align', ['top', 'middle', 'bottom'], TEXT_DEFAULTS.vertical_align);
  checkNumber(c, 'line_height', { def: TEXT_DEFAULTS.line_height, min: 0.1, max: 10 });
  checkPx(c, 'letter_spacing', { def: TEXT_DEFAULTS.letter_spacing, min: -100, max: 1000 });
  checkEnum(c, 'text_transform', ['none', 'uppercase', 'lowercase'], TEXT_DEFAULTS.text_transform);
  checkNumber(c, 'max_lines', { def: TEXT_DEFAULTS.max_lines, min: 0, max: 1000, integer: true });
  checkBoolean(c, 'auto_fit', TEXT_DEFAULTS.auto_fit);
}

/** Applies text_transform (before the markup is read: case changes leave `*` and `\` alone). */
function transform(text: string, how: unknown): string {
  if (how === 'uppercase') return text.toUpperCase();
  if (how === 'lowercase') return text.toLowerCase();
  return text;
}

/**
 * The layout input of a text layer: props normalised on a copy (so drawing never depends on
 * validation having run), fonts resolved through `resolveFont` (DrawEnv.resolveFont).
 */
export function textBlockOf(
  source: LayerSpec,
  resolveFont: (ref: string | null | undefined) => string,
): TextBlock {
  const layer = { ...source };
  validateTextProps(layer, '', []);
  const text = transform(
    (layer.text as string).replace(/\r\n?/g, '\n').replace(/\t/g, ' '),
    layer.text_transform,
  );
  const family = resolveFont(layer.font as string | null);
  const weight = String(layer.font_weight);
  const style = layer.font_style as string;
  const color = layer.text_color as string;
  return {
    spans: parseEmphasis(text),
    base: { family, weight, style, color },
    alt: {
      family: layer.alt_font ? resolveFont(layer.alt_font as string) : family,
      weight,
      style,
      color: (layer.alt_text_color as string | null) ?? color,
    },
    fontSize: layer.font_size as number,
    lineHeight: layer.line_height as number,
    letterSpacing: layer.letter_spacing as number,
    align: layer.align as TextBlock['align'],
    verticalAlign: layer.vertical_align as TextBlock['verticalAlign'],
    maxLines: layer.max_lines as number,
    autoFit: layer.auto_fit as boolean,
    minFontSize: layer.min_font_size as number,
    width: Math.max(0, Number(layer.width) || 0),
    height: Math.max(0, Number(layer.height) || 0),
  };
}
