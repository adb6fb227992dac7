/**
 * Visual order of one line (Unicode bidi rule L2): the line is cut into runs of one style class
 * and one embedding level, then runs are reversed level by level. Each run is later drawn by one
 * fillText in its own direction, where Skia shapes it (Arabic joining, Devanagari conjuncts).
 */
import type { Paragraph } from './paragraph.ts';

/** A run of one style class and one bidi level: [start, end) of the paragraph text. */
export interface Run {
  start: number;
  end: number;
  cls: number;
  level: number;
}

/** The runs of [start, end) in visual (left-to-right) order. */
export function visualRuns(p: Paragraph, start: number, end: number): Run[] {
  const runs: Run[] = [];
  for (let i = start; i < end; i++) {
    const last = runs[runs.length - 1];
    if (last && last.cls === p.cls[i] && last.level === p.levels[i]) last.end = i + 1;
    else runs.push({ start: i, end: i + 1, cls: p.cls[i], level: p.levels[i] });
  }
  if (runs.length < 2) return runs;
  let max = 0;
  let minOdd = Infinity;
  for (const r of runs) {
    max = Math.max(max, r.level);
    if (r.level % 2 === 1) minOdd = Math.min(minOdd, r.level);
  }
  for (let level = max; level >= minOdd; level--) {
    for (let i = 0; i < runs.length; i++) {
      if (runs[i].level < level) continue;
      let j = i;
      while (j + 1 < runs.length && runs[j + 1].level >= level) j++;
      const reversed = runs.slice(i, j + 1).reverse();
      runs.splice(i, reversed.length, ...reversed);
      i = j;
    }
  }
  return runs;
}
