/**
 * One alternate per spot colour: a PDF has one Separation colour space per ink name, so a render
 * that names an ink twice with different CMYK alternates is refused (422) at the second use,
 * rather than printing one of them as the other.
 */
import { spotColor } from '../design/spot-color.ts';
import type { Design, RenderProblem } from '../types.ts';
import { forEachColor } from './cmyk-colors.ts';

/**
 * A problem for each colour that names a spot already used with another alternate, within the
 * pages together (`prefix` goes before each page's paths, `pages.<i>.` for a PDF's pages).
 */
export function spotConflicts(pages: ReadonlyArray<{ design: Design; prefix: string }>) {
  const first = new Map<string, { alternate: string; path: string }>();
  const problems: RenderProblem[] = [];
  for (const { design, prefix } of pages) {
    forEachColor(design, (value, _set, path) => {
      const spot = spotColor(value);
      if (!spot) return;
      const alternate = spot.inks.map((v) => Math.round(v * 10000) / 100).join(',');
      const seen = first.get(spot.name);
      if (!seen) first.set(spot.name, { alternate, path: prefix + path });
      else if (seen.alternate !== alternate) {
        problems.push({
          path: prefix + path,
          message: `must use the alternate cmyk(${seen.alternate}) of the spot colour "${spot.name}" at ${seen.path}: one ink has one alternate in a render; received ${value}`,
        });
      }
    });
  }
  return problems;
}
