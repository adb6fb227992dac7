/**
 * Cursor pagination: opaque cursors that point between two rows by their sort key and id, so a
 * walk stays stable while rows are inserted or deleted (keyset pagination, no offsets).
 */
import { fieldError } from './errors.ts';

/** Which way a cursor walks from the row it names. */
export type CursorDirection = 'next' | 'prev';

/** What a cursor encodes: the sort value and id of the boundary row, and the direction. */
export interface CursorData {
  value: string | number | null;
  id: string | number;
  dir: CursorDirection;
}

/** A request for one page. */
export interface PageRequest {
  perPage: number;
  cursor?: CursorData;
}

/** One page of items and the cursors next to it (null where there is nothing more). */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
  prevCursor: string | null;
}

/** Encodes a cursor as an opaque url-safe string. */
export function encodeCursor(data: CursorData): string {
  return Buffer.from(
    JSON.stringify([data.dir === 'next' ? 'n' : 'p', data.value, data.id]),
  ).toString('base64url');
}

/** Decodes a cursor from a query parameter; a malformed one is a 422 naming `field`. */
export function decodeCursor(raw: string, field = 'cursor'): CursorData {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 3 && (parsed[0] === 'n' || parsed[0] === 'p')) {
      const [dir, value, id] = parsed as [string, unknown, unknown];
      // A NUL never appears in a cursor the service made, and PostgreSQL text cannot hold one:
      // passed on, it would fail the query (500) instead of naming the bad cursor.
      const okValue =
        value === null ||
        (typeof value === 'string' && !value.includes('\u0000')) ||
        typeof value === 'number';
      const okId = (typeof id === 'string' && !id.includes('\u0000')) || typeof id === 'number';
      if (okValue && okId) return { dir: dir === 'n' ? 'next' : 'prev', value, id };
    }
  } catch {
    // fall through to the 422 below
  }
  throw fieldError(
    field,
    'The cursor is not valid; use the links.next or links.prev URL as given.',
  );
}
