/**
 * listAll: every item of a paginated list (images, PDFs, templates, fonts), page after page, by
 * following `meta.next_cursor`, so a caller never handles cursors. One page is a plain
 * `client.GET(path, { params: { query } })`.
 */
import type { Client } from 'openapi-fetch';
import { ImprintApiError } from './errors.ts';
import type { paths } from './schema.d.ts';

/** The paginated lists. */
export type ListPath =
  | '/api/rest/images'
  | '/api/rest/pdfs'
  | '/api/rest/videos'
  | '/api/rest/templates'
  | '/api/rest/fonts';

/** The filters of a list (its query without the cursor, which listAll keeps). */
export type ListQuery<P extends ListPath> = Omit<
  NonNullable<paths[P]['get']['parameters']['query']>,
  'cursor'
>;

/** One item of a list. */
export type ListItem<P extends ListPath> = NonNullable<
  paths[P]['get']['responses'][200]['content']['application/json']['data']
>[number];

interface Envelope {
  data?: unknown[];
  meta?: { next_cursor?: string | null };
}

/**
 * Yields every item of `path` that passes `query`, in the list's order (images and PDFs: newest
 * first), fetching the next page only when the caller gets there. An error answer rejects with
 * ImprintApiError (a 422 names the bad filter).
 */
export async function* listAll<P extends ListPath>(
  api: Client<paths>,
  path: P,
  query?: ListQuery<P>,
): AsyncGenerator<ListItem<P>, void, undefined> {
  // One call shape for every list: openapi-fetch's per-path overloads do not take a path union.
  const get = api.GET as unknown as (
    path: string,
    init: { params: { query: Record<string, unknown> } },
  ) => Promise<{ data?: Envelope; error?: unknown; response: Response }>;
  let cursor: string | undefined;
  do {
    const { data, error, response } = await get(path, {
      params: { query: { ...query, ...(cursor === undefined ? {} : { cursor }) } },
    });
    if (error !== undefined || !data) throw new ImprintApiError(response.status, error);
    for (const item of data.data ?? []) yield item as ListItem<P>;
    cursor = data.meta?.next_cursor ?? undefined;
  } while (cursor !== undefined);
}
