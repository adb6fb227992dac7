/**
 * The HTTP side of design revisions: the strong ETag `"<revision>"` of a template's design, and
 * the If-Match header a save carries (optimistic concurrency: a save based on an older revision
 * is a 409, never a silent overwrite).
 */
import { AppError } from '../../../core/errors.ts';

/** The ETag header value of a design revision. */
export function revisionEtag(revision: number): string {
  return `"${revision}"`;
}

/**
 * The revisions an If-Match header accepts: undefined for no header or `*` (no check, as Placid
 * clients send none), else the listed revisions. Weak tags never match (If-Match compares
 * strongly); a header that names no revision at all is a 400.
 */
export function ifMatchRevisions(header: string | string[] | undefined): number[] | undefined {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (value === undefined || value.trim() === '') return undefined;
  const tags = value.split(',').map((t) => t.trim());
  if (tags.includes('*')) return undefined;
  const revisions: number[] = [];
  let sawTag = false;
  for (const tag of tags) {
    if (/^W\/"[^"]*"$/.test(tag)) {
      sawTag = true;
      continue;
    }
    const m = /^"(\d{1,15})"$/.exec(tag);
    if (!m) continue;
    sawTag = true;
    revisions.push(Number(m[1]));
  }
  if (!sawTag) {
    throw new AppError(
      'bad_request',
      'The If-Match header must be "*" or the ETag of the design as GET /design sent it, e.g. "3" (with the quotes).',
      { fields: { 'If-Match': ['The If-Match header must be "*" or a quoted ETag such as "3".'] } },
    );
  }
  return revisions;
}

/** The 409 of a save based on a revision that is no longer the current one. */
export function revisionConflict(current: number): AppError {
  return new AppError(
    'conflict',
    `The design was changed since it was loaded: it is now at revision ${current}, and this save was based on an older one. Reload the design, then save again.`,
    { extra: { revision: current }, headers: { etag: revisionEtag(current) } },
  );
}
