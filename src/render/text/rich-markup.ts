/**
 * The opt-in rich-text markup of text layers (`text_format: "markup"`): a small HTML-like subset.
 *
 *   <b> <strong>   bold            <i> <em>        italic
 *   <u>            underline       <s> <strike> <del>   strike-through
 *   <span color="#c00">…</span>   colour (any colour a design accepts)
 *   <a href="https://…">…</a>     link (http, https or mailto; clickable in PDFs)
 *   <br>           line break      &lt; &gt; &amp; &quot; &apos; &#NN; &#xHH;   characters
 *
 * Nothing here can fail or inject anything: the result is only text and styles. A tag that is not
 * one of these, has other attributes or a bad value, is not closed, or closes out of order is
 * shown as the text it is; so is an `&` that starts no known entity. Tags nest up to MAX_DEPTH.
 */
import { parseColor } from '../design/color.ts';
import { linkTarget } from '../design/link-target.ts';

/** The look a span of markup gives its text (on top of the layer's own style). */
export interface RichStyle {
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  strike?: boolean;
  /** Normalised colour (`#rrggbb[aa]`). */
  color?: string;
  /** Link target: an http(s) or mailto URL. */
  href?: string;
}

/** A piece of text and its style (the same object for every piece of one styled run). */
export interface RichSegment {
  text: string;
  style: RichStyle;
}

/** Deepest nesting of tags; deeper tags show as text. */
export const MAX_DEPTH = 32;

const PLAIN: RichStyle = Object.freeze({});

/** What each tag sets. `span` and `a` take their value from an attribute. */
const TAGS: Record<string, (attrs: Map<string, string>) => RichStyle | undefined> = {
  b: (a) => (a.size === 0 ? { bold: true } : undefined),
  strong: (a) => (a.size === 0 ? { bold: true } : undefined),
  i: (a) => (a.size === 0 ? { italic: true } : undefined),
  em: (a) => (a.size === 0 ? { italic: true } : undefined),
  u: (a) => (a.size === 0 ? { underline: true } : undefined),
  s: (a) => (a.size === 0 ? { strike: true } : undefined),
  strike: (a) => (a.size === 0 ? { strike: true } : undefined),
  del: (a) => (a.size === 0 ? { strike: true } : undefined),
  span: (a) => {
    const color = a.size === 1 ? parseColor(a.get('color')) : undefined;
    // cmyk() and spot() are resolved per layer property before painting, never inside text:
    // such a span shows as text rather than silently taking the layer's colour.
    return color?.startsWith('#') ? { color } : undefined;
  },
  a: (a) => {
    const href = a.size === 1 ? linkTarget(a.get('href')) : undefined;
    return href ? { href } : undefined;
  },
};

// Sticky (y): matched where the scan stands, without copying the rest of the text.
const OPEN_TAG = /<([a-zA-Z]+)((?:\s+[a-zA-Z][a-zA-Z-]*\s*=\s*(?:"[^"<>]*"|'[^'<>]*'))*)\s*(\/?)>/y;
const CLOSE_TAG = /<\/([a-zA-Z]+)\s*>/y;
const ATTR = /([a-zA-Z][a-zA-Z-]*)\s*=\s*(?:"([^"<>]*)"|'([^'<>]*)')/g;
const ENTITY = /^&(lt|gt|amp|quot|apos|#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6});/i;
const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

type Token =
  | { kind: 'text'; text: string }
  | { kind: 'open'; name: string; style: RichStyle; raw: string }
  | { kind: 'close'; name: string; raw: string };

/** The character an entity stands for; undefined for a code point that is no character. */
function entityText(body: string): string | undefined {
  const named = NAMED[body.toLowerCase()];
  if (named) return named;
  const cp =
    body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : Number(body.slice(1));
  // Control characters other than tab and line feed, surrogates and non-characters stay literal.
  if (cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff) || cp === 0xfffe || cp === 0xffff) return;
  if ((cp < 0x20 && cp !== 0x09 && cp !== 0x0a) || (cp >= 0x7f && cp < 0xa0)) return;
  return String.fromCodePoint(cp);
}

/** Splits the source into text, tags and entities (decoded); anything unrecognised is text. */
function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let text = '';
  const flush = () => {
    if (text !== '') tokens.push({ kind: 'text', text });
    text = '';
  };
  for (let i = 0; i < source.length;) {
    const ch = source[i];
    if (ch === '&') {
      const m = ENTITY.exec(source.slice(i, i + 12));
      const decoded = m ? entityText(m[1]) : undefined;
      if (m && decoded !== undefined) {
        text += decoded;
        i += m[0].length;
        continue;
      }
    } else if (ch === '<') {
      CLOSE_TAG.lastIndex = i;
      const close = CLOSE_TAG.exec(source);
      if (close) {
        flush();
        tokens.push({ kind: 'close', name: close[1].toLowerCase(), raw: close[0] });
        i += close[0].length;
        continue;
      }
      OPEN_TAG.lastIndex = i;
      const open = OPEN_TAG.exec(source);
      if (open) {
        const name = open[1].toLowerCase();
        const attrs = new Map<string, string>();
        let duplicate = false;
        for (const a of open[2].matchAll(ATTR)) {
          const key = a[1].toLowerCase();
          if (attrs.has(key)) duplicate = true;
          attrs.set(key, decodeAttr(a[2] ?? a[3] ?? ''));
        }
        if (name === 'br' && attrs.size === 0) {
          text += '\n';
          i += open[0].length;
          continue;
        }
        const style = !duplicate && open[3] === '' ? TAGS[name]?.(attrs) : undefined;
        if (style) {
          flush();
          tokens.push({ kind: 'open', name, style, raw: open[0] });
          i += open[0].length;
          continue;
        }
      }
    }
    text += ch;
    i++;
  }
  flush();
  return tokens;
}

/** An attribute value with its entities decoded (so `&amp;` in a URL reads as `&`). */
function decodeAttr(value: string): string {
  return value.replace(
    /&(lt|gt|amp|quot|apos|#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6});/gi,
    (m, b) => entityText(b) ?? m,
  );
}

/**
 * Parses markup into styled segments (see the module comment). Tags pair like HTML elements:
 * a closing tag closes the innermost open tag of its name only; any tag left unpaired is text.
 */
export function parseRichMarkup(source: string): RichSegment[] {
  const tokens = tokenize(source);
  // First pass: pair tags; unpaired ones become text.
  const paired = new Set<number>();
  const stack: number[] = [];
  tokens.forEach((t, i) => {
    if (t.kind === 'open') {
      if (stack.length < MAX_DEPTH) stack.push(i);
    } else if (t.kind === 'close') {
      const top = stack[stack.length - 1];
      const open = top === undefined ? undefined : tokens[top];
      if (open && open.kind === 'open' && open.name === t.name) {
        paired.add(top).add(i);
        stack.pop();
      }
    }
  });
  // Second pass: apply the styles of the open tags to the text between them.
  const segments: RichSegment[] = [];
  const styles: RichStyle[] = [PLAIN];
  const push = (text: string) => {
    const style = styles[styles.length - 1];
    const last = segments[segments.length - 1];
    if (last && last.style === style) last.text += text;
    else segments.push({ text, style });
  };
  tokens.forEach((t, i) => {
    if (t.kind === 'text') push(t.text);
    else if (!paired.has(i)) push(t.raw);
    else if (t.kind === 'open') styles.push({ ...styles[styles.length - 1], ...t.style });
    else styles.pop();
  });
  return segments.filter((s) => s.text !== '');
}

/** Escapes text so that markup shows it literally: the inverse of parseRichMarkup for plain text. */
export function escapeRichMarkup(text: string): string {
  return text.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));
}
