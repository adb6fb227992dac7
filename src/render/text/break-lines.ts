/**
 * Greedy line breaking of one paragraph at a box width: words (with their trailing spaces) fill
 * a line until the next one does not fit; a word wider than the box is broken between grapheme
 * clusters. Widths come from a callback so the caller decides fonts and caching. Costs stay
 * near-linear even for a 10,000-character word (galloping search, no re-measuring of the rest).
 */
import type { Paragraph } from './paragraph.ts';

/** One line of a paragraph: content [start, end) (trailing spaces excluded). */
export interface LineRange {
  start: number;
  end: number;
  /** Content width as measured while breaking. */
  width: number;
  /** The line ends at a soft hyphen (U+00AD), which is then drawn as a hyphen. */
  hyphen?: boolean;
}

/** The lines of a paragraph and whether some word had to be broken to fit. */
export interface BrokenParagraph {
  lines: LineRange[];
  brokeWord: boolean;
}

// Sub-pixel slack so that a word measured at exactly the box width still fits.
const EPSILON = 0.01;

/** Index of `offset` in the sorted cluster starts (offset is always a cluster boundary). */
function clusterIndex(p: Paragraph, offset: number): number {
  let lo = 0;
  let hi = p.clusters.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (p.clusters[mid] < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The largest cluster boundary k in (start, end] with width(start, k) ≤ max, at least one
 * cluster. Gallops (1, 2, 4… clusters) and then bisects, so only prefixes up to twice the
 * answer are measured.
 */
function fittingPrefix(
  p: Paragraph,
  start: number,
  end: number,
  max: number,
  width: (a: number, b: number) => number,
): number {
  const first = clusterIndex(p, start);
  const last = clusterIndex(p, end);
  const ok = (i: number) => width(start, p.clusters[i]) <= max + EPSILON;
  let good = first + 1; // one cluster always goes on the line
  let step = 1;
  let bad = last + 1;
  while (good < last) {
    const probe = Math.min(first + step * 2, last);
    if (ok(probe)) {
      good = probe;
      step *= 2;
    } else {
      bad = probe;
      break;
    }
  }
  while (bad - good > 1) {
    const mid = (good + bad) >> 1;
    if (ok(mid)) good = mid;
    else bad = mid;
  }
  return p.clusters[Math.min(good, last)];
}

const SOFT_HYPHEN = '\u00ad';

/**
 * Breaks a paragraph into lines no wider than `maxWidth` (except single clusters wider than it).
 * A word ending with a soft hyphen fits only with the hyphen drawn after it (`hyphenWidth(at)`:
 * the width of a hyphen in the style of the character before `at`), as in browsers.
 * Stops after `lineLimit` + 1 lines: callers that only need to know "more than n" save the rest.
 */
export function breakParagraph(
  p: Paragraph,
  maxWidth: number,
  width: (a: number, b: number) => number,
  lineLimit = Infinity,
  hyphenWidth: (at: number) => number = () => 0,
): BrokenParagraph {
  const lines: LineRange[] = [];
  let brokeWord = false;
  let line: LineRange | undefined;
  let pendingSpace = 0;
  for (const word of p.words) {
    if (lines.length > lineLimit) break;
    const wordWidth = width(word.start, word.contentEnd);
    const hyphen =
      p.text[word.contentEnd - 1] === SOFT_HYPHEN ? hyphenWidth(word.contentEnd - 1) : 0;
    if (line && line.width + pendingSpace + wordWidth + hyphen <= maxWidth + EPSILON) {
      line.width += pendingSpace + wordWidth;
      line.end = word.contentEnd;
      pendingSpace = width(word.contentEnd, word.end);
      continue;
    }
    if (line) lines.push(line);
    let start = word.start;
    let rest = wordWidth;
    if (wordWidth > maxWidth + EPSILON) {
      for (;;) {
        const cut = fittingPrefix(p, start, word.contentEnd, maxWidth, width);
        if (cut >= word.contentEnd) break; // the rest fits (or is one cluster wider than the box)
        lines.push({ start, end: cut, width: width(start, cut) });
        brokeWord = true;
        start = cut;
        if (lines.length > lineLimit) break;
      }
      rest = width(start, word.contentEnd);
    }
    line = { start, end: word.contentEnd, width: rest };
    pendingSpace = width(word.contentEnd, word.end);
  }
  if (lines.length <= lineLimit || !line) lines.push(line ?? { start: 0, end: 0, width: 0 });
  // A soft hyphen shows only where a line breaks at it (not at the paragraph's end).
  for (let i = 0; i + 1 < lines.length; i++) {
    if (p.text[lines[i].end - 1] === SOFT_HYPHEN) lines[i].hyphen = true;
  }
  return { lines, brokeWord };
}
