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
  didYouMean,
  WarningBudget,
  type RenderWarning,
} from '../../render/index.ts';

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
 * `warnings` capped at MAX_WARNINGS, closed by one `more_warnings` entry counting the rest and
 * the `omitted` ones: the structured twin of capWarnings (its warningText lines are the same).
 */
export function capWarningList(warnings: RenderWarning[], omitted = 0): RenderWarning[] {
  const kept = warnings.slice(0, MAX_WARNINGS);
  const rest = warnings.length - kept.length + omitted;
  return rest > 0 ? [...kept, { code: 'more_warnings', path: '', message: moreLine(rest) }] : kept;
}

/** A member of a request body its route does not know (found by the API from its schema). */
export interface UnknownField {
  /** The path of the object holding it, with a trailing dot ("" for the body, "modifications."). */
  parent: string;
  name: string;
  /** The names that object may have, for the suggestion. */
  known: readonly string[];
}

/** The unknown fields of one request: at most MAX_WARNINGS of them, and how many more there were. */
export interface UnknownFields {
  fields: UnknownField[];
  more: number;
}

/** Longest field name quoted in a warning (longer ones are cut). */
const MAX_FIELD_NAME = 64;

const quotedName = (name: string): string =>
  name.length > MAX_FIELD_NAME ? `${name.slice(0, MAX_FIELD_NAME)}…` : name;

/** The warning of one unknown field: what was ignored and, while the budget lasts, the likely name. */
function unknownFieldWarning(field: UnknownField, budget: WarningBudget): RenderWarning {
  const name = quotedName(field.name);
  const where = field.parent === '' ? 'the request' : field.parent.slice(0, -1);
  const hint = didYouMean(field.name, field.known, budget);
  return {
    code: 'unknown_field',
    path: `${field.parent}${name}`,
    message: `${where} has no field "${name}", so it was ignored${hint}`,
  };
}

/** The pages of a request whose layer data is checked for warnings. */
type WarnedPages = Array<{ design: Design; layers: LayerData | undefined; prefix: string }>;

/**
 * The warnings of one request, listed once at creation: first its unknown fields (`unknown`, as
 * the API found them: at most MAX_WARNINGS, and a count of the rest), then those of its pages
 * (one for an image; `prefix` of page i, e.g. `pages.0.` for PDFs). At most MAX_WARNINGS are
 * listed, `omitted` counts the rest; "did you mean" for the first few only.
 */
export function requestWarningList(
  pages: WarnedPages,
  unknown: UnknownFields = { fields: [], more: 0 },
): { warnings: RenderWarning[]; omitted: number } {
  const budget = new WarningBudget(MAX_WARNINGS);
  const warnings: RenderWarning[] = [];
  for (const field of unknown.fields) {
    if (budget.listed >= budget.maxListed) budget.omitted++;
    else {
      budget.listed++;
      warnings.push(unknownFieldWarning(field, budget));
    }
  }
  budget.omitted += unknown.more;
  for (const page of pages) {
    for (const w of requestWarnings(page.design, page.layers, budget)) {
      warnings.push({ ...w, path: `${page.prefix}${w.path}` });
    }
  }
  return { warnings, omitted: budget.omitted };
}

/** requestWarningList as the lines the API reports and rows store (capWarnings). */
export function requestWarningLines(pages: WarnedPages, unknown?: UnknownFields): string[] {
  const { warnings, omitted } = requestWarningList(pages, unknown);
  return capWarnings(warnings.map(warningText), omitted);
}
