/**
 * Keyset pagination over any Kysely select: orders by (sort column, id), starts after or before
 * the cursor's row, and fetches one extra row to know whether another page exists.
 */
import { sql, type SelectQueryBuilder } from 'kysely';
import { encodeCursor, type Page, type PageRequest } from '../core/pagination.ts';

/** How the rows are ordered: a column reference (e.g. 't.title'), its value in a row, and direction. */
export interface KeysetOrder<Row> {
  column: string;
  idColumn: string;
  direction: 'asc' | 'desc';
  valueOf: (row: Row) => string | number | null;
  idOf: (row: Row) => string | number;
}

/** Runs `query` for one page; `query` must not have its own order by or limit. */
export async function paginate<DB, TB extends keyof DB, Row>(
  query: SelectQueryBuilder<DB, TB, Row>,
  order: KeysetOrder<Row>,
  page: PageRequest,
): Promise<Page<Row>> {
  const backwards = page.cursor?.dir === 'prev';
  // Walking backwards means reading in the opposite order, then reversing the rows.
  const ascending = (order.direction === 'asc') !== backwards;
  const cmp = ascending ? '>' : '<';
  let q = query;
  if (page.cursor) {
    const col = sql.ref(order.column);
    const idCol = sql.ref(order.idColumn);
    const { value, id } = page.cursor;
    q = q.where(
      value === null
        ? sql<boolean>`(${col} is null and ${idCol} ${sql.raw(cmp)} ${id})`
        : sql<boolean>`(${col} ${sql.raw(cmp)} ${value} or (${col} = ${value} and ${idCol} ${sql.raw(cmp)} ${id}))`,
    );
  }
  const dir = ascending ? 'asc' : 'desc';
  const rows = (await q
    .orderBy(sql.ref(order.column), dir)
    .orderBy(sql.ref(order.idColumn), dir)
    .limit(page.perPage + 1)
    .execute()) as Row[];
  const hasMore = rows.length > page.perPage;
  const items = rows.slice(0, page.perPage);
  if (backwards) items.reverse();
  const cursorAt = (row: Row | undefined, d: 'next' | 'prev') =>
    row === undefined
      ? null
      : encodeCursor({ dir: d, value: order.valueOf(row), id: order.idOf(row) });
  const last = items[items.length - 1];
  const first = items[0];
  // Forward: a next page exists when we saw an extra row; a previous one whenever we came via a cursor.
  const hasNext = backwards ? page.cursor !== undefined : hasMore;
  const hasPrev = backwards ? hasMore : page.cursor !== undefined;
  return {
    items,
    nextCursor: hasNext ? cursorAt(last, 'next') : null,
    prevCursor: hasPrev ? cursorAt(first, 'prev') : null,
  };
}
