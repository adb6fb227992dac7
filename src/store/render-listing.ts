/**
 * The list query of generated files (GET /images, /pdfs, /videos): one project's rows that are not
 * deleted, newest first, with the filters of core/generation/list-filter.ts. Each table says how
 * its rows name their templates (TEMPLATE_MATCH). The
 * expressions here are the ones migration 0020 indexes: change both together.
 */
import { sql, type RawBuilder, type Selectable } from 'kysely';
import { storedPassthrough, type RenderListFilter } from '../core/generation/list-filter.ts';
import type { Page, PageRequest } from '../core/pagination.ts';
import { isPostgres, type Database } from './database.ts';
import { paginate } from './paginate.ts';
import type { RenderTable } from './schema.ts';

/** Tables of generated files that can be listed. */
export type ListedTable = 'images' | 'pdfs' | 'videos';

/** Characters of the passthrough in its index (PostgreSQL's B-tree entries are at most ~2.7 kB). */
export const PASSTHROUGH_INDEX_CHARS = 200;

/**
 * "This row used template `uuid`", per table and dialect. An image names one template (indexed);
 * a PDF names one per page, matched by reading its pages (a merge names none).
 */
const TEMPLATE_MATCH: Record<ListedTable, (pg: boolean, uuid: string) => RawBuilder<boolean>> = {
  images: (pg, uuid) =>
    pg
      ? sql<boolean>`(request::json ->> 'template_uuid') = ${uuid}`
      : sql<boolean>`json_extract(request, '$.template_uuid') = ${uuid}`,
  pdfs: (pg, uuid) =>
    pg
      ? sql<boolean>`((request::jsonb) -> 'pages') @> jsonb_build_array(jsonb_build_object('template_uuid', cast(${uuid} as text)))`
      : sql<boolean>`exists (select 1 from json_each(pdfs.request, '$.pages') as page where json_extract(page.value, '$.template_uuid') = ${uuid})`,
  // A video names one template per clip, matched as a PDF's pages are.
  videos: (pg, uuid) =>
    pg
      ? sql<boolean>`((request::jsonb) -> 'clips') @> jsonb_build_array(jsonb_build_object('template_uuid', cast(${uuid} as text)))`
      : sql<boolean>`exists (select 1 from json_each(videos.request, '$.clips') as clip where json_extract(clip.value, '$.template_uuid') = ${uuid})`,
};

/** The passthrough is the stored text the filter means; the indexed prefix is compared first. */
function passthroughMatch(value: string): RawBuilder<boolean> {
  const n = sql.raw(String(PASSTHROUGH_INDEX_CHARS));
  const text = storedPassthrough(value);
  return sql<boolean>`(substr(passthrough, 1, ${n}) = substr(cast(${text} as text), 1, ${n}) and passthrough = ${text})`;
}

/** One page of `projectId`'s rows of `table` that pass `filter`, newest first. */
export async function listRenderRows(
  db: Database,
  table: ListedTable,
  projectId: string,
  filter: RenderListFilter,
  page: PageRequest,
): Promise<Page<Selectable<RenderTable>>> {
  let q = db
    .selectFrom(table)
    .selectAll()
    .where('project_id', '=', projectId)
    .where('deleted_at', 'is', null);
  if (filter.status) q = q.where('status', '=', filter.status);
  if (filter.createdAfter) q = q.where('created_at', '>=', filter.createdAfter);
  if (filter.createdBefore) q = q.where('created_at', '<', filter.createdBefore);
  if (filter.templateUuid !== undefined)
    q = q.where(TEMPLATE_MATCH[table](isPostgres(db), filter.templateUuid));
  if (filter.passthrough !== undefined) q = q.where(passthroughMatch(filter.passthrough));
  return paginate(
    q,
    {
      column: 'created_at',
      idColumn: 'id',
      direction: 'desc',
      valueOf: (r) => r.created_at,
      idOf: (r) => Number(r.id),
    },
    page,
  );
}
