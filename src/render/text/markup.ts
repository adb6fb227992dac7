/**
 * The emphasis markup of text layers: `*like this*` marks an emphasised span, drawn with the
 * layer's `alt_text_color` and `alt_font`. As in Markdown, an opening `*` must be followed by a
 * non-space character and a closing `*` preceded by one, so "5 * 3" needs no escaping; a `*`
 * without a partner stays literal. `\*` is a literal asterisk and `\\` a literal backslash; any
 * other backslash stays as it is. Emphasis may span line feeds.
 */

/** A piece of text and whether it is emphasised. */
export interface MarkupSpan {
  text: string;
  alt: boolean;
}

interface Marker {
  at: number;
  canOpen: boolean;
  canClose: boolean;
}

const isBlank = (ch: string | undefined): boolean => ch === undefined || /\s/.test(ch);

/** Splits text with `*emphasis*` markup into plain and emphasised spans (empty spans dropped). */
export function parseEmphasis(source: string): MarkupSpan[] {
  // First pass: literal characters, and where the unescaped asterisks are.
  const chars: string[] = [];
  const markers: Marker[] = [];
  for (let i = 0; i < source.length; i++) {
    const ch = source[i];
    const next = source[i + 1];
    if (ch === '\\' && (next === '*' || next === '\\')) {
      chars.push(next);
      i++;
    } else {
      if (ch === '*') {
        markers.push({
          at: chars.length,
          canOpen: !isBlank(next),
          canClose: !isBlank(source[i - 1]),
        });
      }
      chars.push(ch);
    }
  }
  // Second pass: pair openers with the next closer; unpaired asterisks stay literal.
  const toggles = new Set<number>();
  let open: Marker | undefined;
  for (const m of markers) {
    if (open && m.canClose) {
      toggles.add(open.at).add(m.at);
      open = undefined;
    } else if (!open && m.canOpen) open = m;
  }
  const spans: MarkupSpan[] = [];
  let alt = false;
  let current = '';
  const flush = () => {
    if (current === '') return;
    const last = spans[spans.length - 1];
    // "a**b" toggles twice around nothing: keep one plain span.
    if (last && last.alt === alt) last.text += current;
    else spans.push({ text: current, alt });
    current = '';
  };
  chars.forEach((ch, i) => {
    if (toggles.has(i)) {
      flush();
      alt = !alt;
    } else current += ch;
  });
  flush();
  return spans;
}

/** Escapes text so that it shows literally (no emphasis): the inverse of parseEmphasis. */
export function escapeEmphasis(text: string): string {
  return text.replace(/[\\*]/g, (c) => `\\${c}`);
}
