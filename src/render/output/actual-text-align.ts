/**
 * Which glyphs of a drawn text need ActualText: the glyphs (in logical order) are matched to the
 * source text by what their ToUnicode entries say, also in compatibility form (the ﬁ ligature
 * U+FB01 is "fi", the Arabic presentation form U+FEE3 is U+0645) and decomposed (a precomposed é
 * the shaper drew for e + U+0301). Glyphs between two matches (no entry, or a wrong one) take
 * the source text between them. The result covers the source text exactly, or is undefined
 * (reordered glyphs, as Devanagari's vowel sign i drawn before its consonant): then the whole text
 * needs one span.
 */

/** Consecutive glyphs (logical order, indices `from` to `to`) and the source text they show. */
export interface GlyphSegment {
  from: number;
  to: number;
  text: string;
  /** The glyphs' ToUnicode text differs from `text`: the segment needs an ActualText span. */
  span: boolean;
}

/** The forms of a ToUnicode text that may be the source text it was drawn for. */
function forms(mapped: string): string[] {
  if (mapped === '') return [];
  const out = [mapped];
  for (const f of ['NFKC', 'NFD', 'NFKD'] as const) {
    const n = mapped.normalize(f);
    if (!out.includes(n)) out.push(n);
  }
  return out;
}

/**
 * Segments of `mapped` (each glyph's ToUnicode text, '' when it has none, in logical order) that
 * cover `text`; undefined when they cannot.
 */
export function alignGlyphs(mapped: readonly string[], text: string): GlyphSegment[] | undefined {
  const segments: GlyphSegment[] = [];
  let at = 0;
  let pending = -1; // first of the glyphs waiting for the next match
  const flush = (upTo: number, textEnd: number) => {
    if (pending < 0) return;
    segments.push({ from: pending, to: upTo, text: text.slice(at, textEnd), span: true });
    at = textEnd;
    pending = -1;
  };
  for (let i = 0; i < mapped.length; i++) {
    const candidates = forms(mapped[i]);
    if (pending < 0) {
      const hit = candidates.find((c) => text.startsWith(c, at));
      if (hit !== undefined) {
        segments.push({ from: i, to: i, text: hit, span: hit !== mapped[i] });
        at += hit.length;
        continue;
      }
      pending = i;
      continue;
    }
    // Waiting: the first later place this glyph's text appears ends the waiting glyphs' text.
    let best = -1;
    let bestForm = '';
    for (const c of candidates) {
      const found = text.indexOf(c, at);
      if (found >= 0 && (best < 0 || found < best)) [best, bestForm] = [found, c];
    }
    if (best < 0) continue;
    flush(i - 1, best);
    segments.push({ from: i, to: i, text: bestForm, span: bestForm !== mapped[i] });
    at += bestForm.length;
  }
  flush(mapped.length - 1, text.length);
  return at === text.length ? segments : undefined;
}
