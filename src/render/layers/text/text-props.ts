/**
 * The text layer's properties: validation with clear messages, normalisation in place (so the
 * stored form is canonical), defaults, and the TextBlock that layout takes.
 */
import { HYPHENATION_LANGS, hyphenateText } from '../../text/hyphenate.ts';
import { addProblem, checkEnum, type PropContext } from '../../design/props.ts';
import { checkProps, propSpecs, type JsonSchema } from '../../design/prop-specs.ts';
import type { TextBlock } from '../../text/index.ts';
import { parseEmphasis, parseRichText } from '../../text/index.ts';
import type { LayerOf, LayerSpec, RenderProblem } from '../../types.ts';
import { readProps } from '../typed-layer.ts';

/** Defaults of the text props (documented in docs/designing-templates.md, "Text layers and fonts"). */
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
  overflow: 'clip',
  hyphenate: false,
  lang: 'en',
  text_format: 'plain',
} as const;

const MAX_TEXT = 10_000;
const WEIGHT_NAMES: Record<string, number> = { normal: 400, bold: 700, light: 300, thin: 100 };
/** A weight as a string: a name of WEIGHT_NAMES (any case) or digits. */
const WEIGHT_PATTERN =
  '^\\s*(\\d+|[nN][oO][rR][mM][aA][lL]|[bB][oO][lL][dD]|[lL][iI][gG][hH][tT]|[tT][hH][iI][nN])\\s*$';

/** A font reference the check keeps: a trimmed, non-empty string of at most 200 characters, or null. */
export const isFontRef = (v: unknown): v is string | null =>
  v === null || (typeof v === 'string' && v !== '' && v.length <= 200 && v.trim() === v);

/** A font weight the check keeps: an integer from 1 to 1000. */
const isWeight = (v: unknown): v is number =>
  Number.isInteger(v) && Number(v) >= 1 && Number(v) <= 1000;

/** `font`/`alt_font`: a font uuid or a bundled family name, or null for the default. */
export function checkFontRef(c: PropContext, prop: string): void {
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

const VERTICAL_ALIGNS = ['top', 'middle', 'bottom'] as const;
const isVerticalAlign = (v: unknown): v is (typeof VERTICAL_ALIGNS)[number] =>
  VERTICAL_ALIGNS.some((a) => a === v);

/** `vertical_align`, where "center" (what CSS and most editors call the vertical middle) means "middle". */
function checkVerticalAlign(c: PropContext, prop: string): void {
  const v = c.layer[prop];
  if (typeof v === 'string' && v.trim().toLowerCase() === 'center') c.layer[prop] = 'middle';
  checkEnum(c, prop, VERTICAL_ALIGNS, TEXT_DEFAULTS.vertical_align);
}

/** A font reference as the API describes it. */
export const fontRefSchema = (): JsonSchema => ({ type: ['string', 'null'], maxLength: 200 });

/** The text layer's properties (LayerType.props), in the order they are checked. */
export const TEXT_PROPS = propSpecs({
  text: {
    kind: 'string',
    def: TEXT_DEFAULTS.text,
    max: MAX_TEXT,
    description:
      'The text; `*word*` marks emphasis (alt_font, alt_text_color). With text_format "markup" also <b>, <i>, <u>, <s>, <span color>, <a href>, <br> and &lt; &gt; &amp;.',
  },
  text_format: {
    kind: 'enum',
    values: ['plain', 'markup'],
    def: TEXT_DEFAULTS.text_format,
    description:
      '"markup" reads a small HTML-like subset in text: <b>/<strong>, <i>/<em>, <u>, <s>/<strike>/<del>, <span color="…">, <a href="https://…"> (clickable in PDFs), <br> and the entities &lt; &gt; &amp; &quot; &apos; &#NN;. Malformed or unknown markup shows as text. Default "plain".',
  },
  font: {
    kind: 'custom',
    check: checkFontRef,
    is: isFontRef,
    schema: fontRefSchema,
    description: 'A font uuid or bundled family name; null or "" for the default.',
  },
  alt_font: {
    kind: 'custom',
    check: checkFontRef,
    is: isFontRef,
    schema: fontRefSchema,
    description: 'The font of emphasised text; null for the layer font.',
  },
  font_size: {
    kind: 'px',
    def: TEXT_DEFAULTS.font_size,
    min: 1,
    max: 2000,
    description: 'Font size.',
  },
  min_font_size: {
    kind: 'px',
    def: TEXT_DEFAULTS.min_font_size,
    min: 1,
    max: 2000,
    description: 'Smallest size auto_fit may shrink to.',
  },
  font_weight: {
    kind: 'custom',
    check: checkWeight,
    is: isWeight,
    scalar: 'number',
    schema: () => ({
      anyOf: [
        { type: 'integer', minimum: 1, maximum: 1000 },
        { type: 'string', pattern: WEIGHT_PATTERN },
        { type: 'null' },
      ],
    }),
    description:
      '"normal", "bold", "light", "thin" or an integer from 1 to 1000 (400 = normal, 700 = bold). Default 400.',
  },
  font_style: {
    kind: 'enum',
    values: ['normal', 'italic', 'oblique'],
    def: TEXT_DEFAULTS.font_style,
    description: 'Font style.',
  },
  text_color: {
    kind: 'color',
    def: TEXT_DEFAULTS.text_color,
    nullable: false,
    description: 'Text colour.',
  },
  alt_text_color: {
    kind: 'color',
    def: null,
    description: 'Colour of emphasised text; null for text_color.',
  },
  align: {
    kind: 'enum',
    values: ['left', 'center', 'right', 'justify'],
    def: TEXT_DEFAULTS.align,
    description: 'Horizontal alignment.',
  },
  vertical_align: {
    kind: 'custom',
    check: checkVerticalAlign,
    is: isVerticalAlign,
    schema: () => ({ type: ['string', 'null'], enum: [...VERTICAL_ALIGNS, 'center', null] }),
    description: 'Vertical alignment ("center" means "middle"). Case-insensitive. Default "top".',
  },
  line_height: {
    kind: 'number',
    def: TEXT_DEFAULTS.line_height,
    min: 0.1,
    max: 10,
    description: 'Line height as a multiple of the font size.',
  },
  letter_spacing: {
    kind: 'px',
    def: TEXT_DEFAULTS.letter_spacing,
    min: -100,
    max: 1000,
    description: 'Extra space between letters.',
  },
  text_transform: {
    kind: 'enum',
    values: ['none', 'uppercase', 'lowercase'],
    def: TEXT_DEFAULTS.text_transform,
    description: 'Case change.',
  },
  max_lines: {
    kind: 'number',
    def: TEXT_DEFAULTS.max_lines,
    min: 0,
    max: 1000,
    integer: true,
    description: 'Most lines drawn (0 = no limit).',
  },
  auto_fit: {
    kind: 'boolean',
    def: TEXT_DEFAULTS.auto_fit,
    description: 'Shrink the font (down to min_font_size) until the text fits the box.',
  },
  hyphenate: {
    kind: 'boolean',
    def: TEXT_DEFAULTS.hyphenate,
    description: 'Break long words at hyphenation points of `lang` (a hyphen is drawn there).',
  },
  lang: {
    kind: 'enum',
    values: HYPHENATION_LANGS,
    def: TEXT_DEFAULTS.lang,
    description: 'Language of the text, for hyphenation (en = American English).',
  },
  overflow: {
    kind: 'enum',
    values: ['clip', 'ellipsis', 'visible'],
    def: TEXT_DEFAULTS.overflow,
    description:
      'Text that does not fit its box (at min_font_size with auto_fit): cut at the box, ended with "…" on the last line that fits, or drawn past the box.',
  },
});

/** A text layer with its properties checked. */
export type TextLayer = LayerOf<typeof TEXT_PROPS>;

/** Checks and normalises a text layer's own props in place. */
export function validateTextProps(layer: LayerSpec, path: string, problems: RenderProblem[]): void {
  checkProps({ layer, path, problems }, TEXT_PROPS);
}

/** Applies text_transform (before the markup is read: case changes leave `*` and `\` alone). */
function transform(text: string, how: TextLayer['text_transform']): string {
  if (how === 'uppercase') return text.toUpperCase();
  if (how === 'lowercase') return text.toLowerCase();
  return text;
}

/**
 * The layout input of a text layer: its props read as TEXT_PROPS declares them (checked on a
 * copy when they are not, so drawing never depends on validation having run), fonts resolved
 * through `resolveFont` (DrawEnv.resolveFont).
 */
export function textBlockOf(
  source: LayerSpec,
  resolveFont: (ref: string | null | undefined) => string,
): TextBlock {
  const layer = readProps(TEXT_PROPS, source);
  const raw = layer.text.replace(/\r\n?/g, '\n').replace(/\t/g, ' ');
  // Markup: the case change applies to the text between tags, never to tags or link targets.
  const spans =
    layer.text_format === 'markup'
      ? parseRichText(raw, (t) => transform(t, layer.text_transform))
      : parseEmphasis(transform(raw, layer.text_transform));
  const family = resolveFont(layer.font);
  const weight = String(layer.font_weight);
  const style = layer.font_style;
  const color = layer.text_color;
  return {
    spans: layer.hyphenate
      ? spans.map((span) => ({ ...span, text: hyphenateText(span.text, layer.lang) }))
      : spans,
    base: { family, weight, style, color },
    alt: {
      family: layer.alt_font ? resolveFont(layer.alt_font) : family,
      weight,
      style,
      color: layer.alt_text_color ?? color,
    },
    fontSize: layer.font_size,
    lineHeight: layer.line_height,
    letterSpacing: layer.letter_spacing,
    align: layer.align,
    verticalAlign: layer.vertical_align,
    maxLines: layer.max_lines,
    autoFit: layer.auto_fit,
    minFontSize: layer.min_font_size,
    overflow: layer.overflow,
    width: Math.max(0, Number(layer.width) || 0),
    height: Math.max(0, Number(layer.height) || 0),
  };
}
