/**
 * Grapheme cluster boundaries (what a line may never split: a letter and its accents, an emoji
 * ZWJ sequence, a flag, a keycap, a Devanagari conjunct, a Hangul syllable from jamo). A compact
 * version of Unicode's extended grapheme cluster rules (UAX #29, including GB9c for Indic
 * conjuncts), because Intl.Segmenter costs tens of microseconds per character in Node.
 */

const MARK = /^\p{M}$/u;
const PICTOGRAPHIC = /^\p{Extended_Pictographic}$/u;
const LETTER = /^\p{L}$/u;
/** Viramas of the Indic scripts, after which a consonant joins the cluster (GB9c). */
const VIRAMA = new Set([0x094d, 0x09cd, 0x0a4d, 0x0acd, 0x0b4d, 0x0bcd, 0x0c4d, 0x0ccd, 0x0d4d]);
const ZWJ = 0x200d;

const isRegional = (cp: number) => cp >= 0x1f1e6 && cp <= 0x1f1ff;
const isHangulL = (cp: number) => (cp >= 0x1100 && cp <= 0x115f) || (cp >= 0xa960 && cp <= 0xa97f);
const isHangulVT = (cp: number) => (cp >= 0x1160 && cp <= 0x11ff) || (cp >= 0xd7b0 && cp <= 0xd7ff);
const isHangulSyllable = (cp: number) => cp >= 0xac00 && cp <= 0xd7a3;

/** Whether the code point `cp` continues the cluster that `prev` (and before it `prev2`) is in. */
function extendsCluster(
  cp: number,
  ch: string,
  prev: number,
  prev2: number,
  regionalRun: number,
): boolean {
  if (cp < 0x300) return false; // fast path: nothing below U+0300 extends a cluster
  // GB9, GB9a: combining marks, ZWNJ/ZWJ, emoji skin-tone modifiers, tag characters.
  if (cp === 0x200c || cp === ZWJ || (cp >= 0x1f3fb && cp <= 0x1f3ff)) return true;
  if ((cp >= 0xe0020 && cp <= 0xe007f) || MARK.test(ch)) return true;
  if (prev === ZWJ && PICTOGRAPHIC.test(ch)) return true; // GB11: emoji ZWJ sequences
  if (isRegional(cp) && isRegional(prev) && regionalRun % 2 === 1) return true; // GB12/13: flags
  if (isHangulVT(cp) && (isHangulL(prev) || isHangulVT(prev) || isHangulSyllable(prev)))
    return true;
  if (isHangulL(prev) && (isHangulL(cp) || isHangulSyllable(cp))) return true;
  // GB9c: consonant + virama (+ ZWJ) + consonant stays one conjunct.
  if ((VIRAMA.has(prev) || (prev === ZWJ && VIRAMA.has(prev2))) && LETTER.test(ch)) return true;
  return false;
}

/** UTF-16 offsets where grapheme clusters start, plus text.length at the end. */
export function clusterStarts(text: string): number[] {
  const starts: number[] = [];
  let prev = -1;
  let prev2 = -1;
  let regionalRun = 0;
  for (let i = 0; i < text.length;) {
    const cp = text.codePointAt(i)!;
    const size = cp > 0xffff ? 2 : 1;
    const ch = size === 1 ? text[i] : text.slice(i, i + 2);
    if (starts.length === 0 || !extendsCluster(cp, ch, prev, prev2, regionalRun)) starts.push(i);
    regionalRun = isRegional(cp) ? regionalRun + 1 : 0;
    prev2 = prev;
    prev = cp;
    i += size;
  }
  starts.push(text.length);
  return starts;
}
