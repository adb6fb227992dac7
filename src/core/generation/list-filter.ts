/**
 * The filters of GET /images and /pdfs (and the CLI's `images list`): parsed once here, for any
 * resource kind, so a later kind (videos) lists the same way. Every bad value is a 422 naming its
 * query parameter.
 */
import { FieldErrorCollector } from '../errors.ts';
import { decodeCursor, type PageRequest } from '../pagination.ts';

/** Page sizes of the lists of generated files, as the other lists. */
export const LIST_LIMITS = { perPageDefault: 20, perPageMax: 100, passthroughMax: 1024 } as const;

/** RenderStatus's values, restated here so the list's query needs nothing from the row types. */
export const RENDER_STATUSES = ['queued', 'finished', 'error'] as const;

type RenderStatus = (typeof RENDER_STATUSES)[number];

/** What the list keeps; every field is optional and they combine (AND). */
export interface RenderListFilter {
  status?: RenderStatus;
  templateUuid?: string;
  /** ISO 8601 in UTC: rows created at or after it. */
  createdAfter?: string;
  /** ISO 8601 in UTC: rows created strictly before it. */
  createdBefore?: string;
  /** The passthrough as the request gave it (a string), or the JSON text of an array/object. */
  passthrough?: string;
}

/** The query parameters as they arrive (strings, per_page already an integer by the schema). */
export interface RenderListQuery {
  status?: string;
  template_uuid?: string;
  created_after?: string;
  created_before?: string;
  passthrough?: string;
  per_page?: number;
  cursor?: string;
}

// Unix seconds, an ISO date, or an ISO date-time (seconds and fraction optional, offset optional).
const UNIX_SECONDS = /^\d{1,11}$/;
const ISO =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

/** Milliseconds of an ISO 8601 text, or NaN; no date rolls over (2026-02-30 is not March 2). */
function isoMillis(text: string): number {
  const m = ISO.exec(text);
  if (!m) return NaN;
  const [y, mo, d, h = 0, mi = 0, s = 0] = m.slice(1, 7).map((v) => (v === undefined ? 0 : +v));
  const ms = Number(((m[7] ?? '') + '000').slice(0, 3));
  const utc = Date.UTC(y, mo - 1, d, h, mi, s, ms);
  const back = new Date(utc);
  if (
    y < 1970 ||
    back.getUTCMonth() !== mo - 1 ||
    back.getUTCDate() !== d ||
    h > 23 ||
    mi > 59 ||
    s > 59
  )
    return NaN;
  const offset = m[8];
  if (!offset || offset.toUpperCase() === 'Z') return utc;
  const [, sign, oh, om] = /^([+-])(\d{2}):?(\d{2})$/.exec(offset) ?? [];
  if (+oh > 23 || +om > 59) return NaN;
  return utc - (sign === '-' ? -1 : 1) * (+oh * 60 + +om) * 60_000;
}

/**
 * A time bound as the ISO 8601 UTC text the tables store (so text comparison is time order), or
 * undefined when it is not a time. A date or date-time without an offset is UTC.
 */
export function parseTimeBound(raw: string): string | undefined {
  const text = raw.trim();
  const ms = UNIX_SECONDS.test(text) ? Number(text) * 1000 : isoMillis(text);
  if (!Number.isFinite(ms)) return undefined;
  const year = new Date(ms).getUTCFullYear();
  // Outside these years the ISO text is no longer 24 characters and would not compare as time.
  if (year < 1970 || year > 9999) return undefined;
  return new Date(ms).toISOString();
}

const BAD_CURSOR = 'The cursor is not valid; use the links.next or links.prev URL as given.';

const TIME_HINT =
  'an ISO 8601 date or date-time (e.g. 2026-11-27 or 2026-11-27T14:30:00Z; UTC when no offset is given) or Unix seconds';

/** Refuses NUL (PostgreSQL text cannot hold it: the query would fail instead of naming it). */
function checkText(errors: FieldErrorCollector, field: string, value: string | undefined): void {
  if (value?.includes('\u0000')) errors.add(field, `The ${field} field must not contain NUL.`);
}

/**
 * The filter and page of a list request; throws one 422 naming every bad parameter. `schemaErrors`
 * are what the route's schema already found.
 */
export function parseRenderListQuery(
  q: RenderListQuery,
  schemaErrors: Record<string, string[]> = {},
): { filter: RenderListFilter; page: PageRequest } {
  const errors = new FieldErrorCollector(schemaErrors);
  const filter: RenderListFilter = {};
  if (q.status !== undefined) {
    if ((RENDER_STATUSES as readonly string[]).includes(q.status))
      filter.status = q.status as RenderStatus;
    else
      errors.add(
        'status',
        `The status field must be one of ${RENDER_STATUSES.join(', ')}; received "${q.status}".`,
      );
  }
  if (q.template_uuid !== undefined) {
    checkText(errors, 'template_uuid', q.template_uuid);
    if (q.template_uuid === '') errors.add('template_uuid', 'The template_uuid field is empty.');
    filter.templateUuid = q.template_uuid;
  }
  for (const [field, key] of [
    ['created_after', 'createdAfter'],
    ['created_before', 'createdBefore'],
  ] as const) {
    const raw = q[field];
    if (raw === undefined) continue;
    const bound = parseTimeBound(raw);
    if (bound === undefined)
      errors.add(field, `The ${field} field must be ${TIME_HINT}; received "${raw}".`);
    else filter[key] = bound;
  }
  if (filter.createdAfter && filter.createdBefore && filter.createdBefore <= filter.createdAfter)
    errors.add('created_before', 'The created_before field must be later than created_after.');
  if (q.passthrough !== undefined) {
    checkText(errors, 'passthrough', q.passthrough);
    if (q.passthrough.length > LIST_LIMITS.passthroughMax)
      errors.add(
        'passthrough',
        `The passthrough field must not be greater than ${LIST_LIMITS.passthroughMax} characters.`,
      );
    filter.passthrough = q.passthrough;
  }
  const perPage = q.per_page ?? LIST_LIMITS.perPageDefault;
  let cursor: PageRequest['cursor'];
  if (q.cursor !== undefined) {
    try {
      const decoded = decodeCursor(q.cursor);
      // These lists walk by (created_at text, integer id): any other cursor is not one of theirs,
      // and passed on it would fail the query on PostgreSQL instead of naming the cursor.
      const ok =
        typeof decoded.value === 'string' &&
        Number.isSafeInteger(decoded.id) &&
        (decoded.id as number) >= 0 &&
        (decoded.id as number) <= 2_147_483_647;
      if (ok) cursor = decoded;
      else errors.add('cursor', BAD_CURSOR);
    } catch {
      errors.add('cursor', BAD_CURSOR);
    }
  }
  errors.throwIfAny();
  return { filter, page: { perPage, ...(cursor ? { cursor } : {}) } };
}

/**
 * The stored text a `passthrough` filter matches: a string passthrough is stored as its JSON
 * string; a value that is the JSON of an array or object means that array or object, stored as
 * compact JSON (so the same value sent with spaces still matches).
 */
export function storedPassthrough(value: string): string {
  const t = value.trim();
  if (t.startsWith('{') || t.startsWith('[')) {
    try {
      return JSON.stringify(JSON.parse(t));
    } catch {
      // not JSON: a plain string that starts with a bracket
    }
  }
  return JSON.stringify(value);
}
