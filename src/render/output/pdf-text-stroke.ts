/**
 * Synthesised bold in a PDF page's content (text/synthetic-bold.ts): the text objects of a
 * marked text are also stroked, `2 Tr <width> w` (fill, then stroke, with the fill's colour,
 * which Skia sets for both), each text object in its own `q … Q` so that the rendering mode and
 * line width end with it.
 */

/** An edit of a content stream: `length` characters at `at` become `text`. */
export interface StrokeEdit {
  at: number;
  length: number;
  text: string;
}

const TEXT_OBJECT = /(^|\s)(BT|ET)(?=\s|$)/g;

/**
 * The edits that stroke every text object between `from` and `to` of `content` with `width`
 * (user space units); none when the text objects there do not open and close in turn, or a
 * literal string could hide an operator (Skia writes glyphs as hex strings).
 */
export function strokeEdits(
  content: string,
  from: number,
  to: number,
  width: number,
): StrokeEdit[] {
  const between = content.slice(from, to);
  if (between.includes('(')) return [];
  const edits: StrokeEdit[] = [];
  const w = String(Math.round(width * 10000) / 10000);
  let open = false;
  TEXT_OBJECT.lastIndex = 0;
  for (let m = TEXT_OBJECT.exec(between); m; m = TEXT_OBJECT.exec(between)) {
    const at = from + m.index + m[1].length;
    const begin = m[2] === 'BT';
    if (begin === open) return [];
    open = begin;
    edits.push(
      begin ? { at, length: 2, text: `q\nBT\n2 Tr ${w} w` } : { at, length: 2, text: 'ET\nQ' },
    );
  }
  return open ? [] : edits;
}
