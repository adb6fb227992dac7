/**
 * The `warnings` list of an image, a PDF and a preview, as the API reports it: at most
 * MAX_WARNINGS lines `<path>: <message>`, then one line `"<n> more warnings"` for the rest. The
 * request's warnings are listed at creation (stored with the row); the render appends what drawing
 * found, so the list stored, returned on every GET and sent in webhooks stays small.
 */
import {
  requestWarnings,
  warningText,
  type Design,
  type LayerData,
  type RenderProblem,
} from '../../render/index.ts';
import { WarningBudget } from '../../render/design/request-warnings.ts';

/** Most warnings listed; the same bound as the request warnings the engine builds. */
export const MAX_WARNINGS = 50;

/** The line that closes a longer list (the preview header has always written it so). */
const moreLine = (n: number): string => `${n} more warnings`;
const MORE_LINE = /^(\d+) more warnings$/;

/** A stored list split into its listed warnings and the count its closing line gives. */
function split(lines: string[]): { listed: string[]; more: number } {
  const last = lines.at(-1);
  const m = last === undefined ? null : MORE_LINE.exec(last);
  return m ? { listed: lines.slice(0, -1), more: Number(m[1]) } : { listed: lines, more: 0 };
}

/**
 * `lines` capped at MAX_WARNINGS, with one closing line counting the rest and the `omitted`
 * ones (an existing closing line is counted in, so capping twice changes nothing).
 */
export function capWarnings(lines: string[], omitted = 0): string[] {
  const { listed, more } = split(lines);
  const kept = listed.slice(0, MAX_WARNINGS);
  const rest = listed.length - kept.length + more + omitted;
  return rest > 0 ? [...kept, moreLine(rest)] : kept;
}

/** A stored list with the warnings drawing found appended, capped as one list. */
export function appendWarnings(stored: string[], added: RenderProblem[]): string[] {
  if (added.length === 0) return stored;
  const { listed, more } = split(stored);
  // Once the stored list is full, later warnings are only counted: no text is made for them.
  const kept = added.slice(0, Math.max(0, MAX_WARNINGS - listed.length)).map(warningText);
  return capWarnings([...listed, ...kept], more + added.length - kept.length);
}

/**
 * The warnings of one request's pages (one for an image), listed once at creation: at most
 * MAX_WARNINGS over all pages, "did you mean" for the first few only. `prefix` of page i, e.g.
 * `pages.0.` for PDFs.
 */
export function requestWarningLines(
  pages: Array<{ design: Design; layers: LayerData | undefined; prefix: string }>,
): string[] {
  const budget = new WarningBudget(MAX_WARNINGS);
  const lines: string[] = [];
  for (const page of pages) {
    for (const w of requestWarnings(page.design, page.layers, budget)) {
      lines.push(warningText({ ...w, path: `${page.prefix}${w.path}` }));
    }
  }
  return capWarnings(lines, budget.omitted);
}
