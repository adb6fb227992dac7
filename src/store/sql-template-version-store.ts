/** Kysely implementation of the TemplateVersionStore port. */
import type { Selectable } from 'kysely';
import type { Page, PageRequest } from '../core/pagination.ts';
import type { TemplateDesign } from '../core/templates.ts';
import type {
  TemplateVersionStore,
  VersionWithDesign,
} from '../core/ports/template-version-store.ts';
import type { TemplateVersion, VersionAuthorKind } from '../core/template-versions.ts';
import type { Database } from './database.ts';
import { DesignCache } from './design-cache.ts';
import { paginate } from './paginate.ts';
import type { TemplateVersionsTable } from './schema.ts';
import type { TemplateStore } from '../core/ports/template-store.ts';

type VersionRow = Selectable<TemplateVersionsTable>;

const AUTHOR_KINDS: readonly VersionAuthorKind[] = ['token', 'editor_session', 'cli', 'migration'];

function toVersion(row: VersionRow): TemplateVersion {
  const kind = AUTHOR_KINDS.includes(row.created_by_kind as VersionAuthorKind)
    ? (row.created_by_kind as VersionAuthorKind)
    : 'cli';
  return {
    template_uuid: row.template_uuid,
    version: Number(row.version),
    name: row.name,
    design_hash: row.design_hash,
    created_at: row.created_at,
    created_by: { kind, token_id: row.created_by_token },
    thumbnail_key: row.thumbnail_key,
    width: Number(row.width),
    height: Number(row.height),
  };
}

/** Versions in the SQL database; their designs are in template_designs, once per content hash. */
export class SqlTemplateVersionStore implements TemplateVersionStore {
  /**
   * Parsed designs of versions by (template, version): a version's design never changes, so an
   * entry stays right until it is evicted, and a pinned render never reads a newer design.
   */
  private readonly designs: DesignCache;

  /** `templates`: the store whose rows the versions belong to (for getDesign's template). */
  private readonly db: Database;
  private readonly templates: Pick<TemplateStore, 'getDesign'>;
  constructor(
    db: Database,
    templates: Pick<TemplateStore, 'getDesign'>,
    opts: { designCacheBytes?: number } = {},
  ) {
    this.db = db;
    this.templates = templates;
    this.designs = new DesignCache(opts.designCacheBytes);
  }

  async list(
    projectId: string,
    uuid: string,
    page: PageRequest,
  ): Promise<Page<TemplateVersion> | undefined> {
    if (!(await this.templateExists(projectId, uuid))) return undefined;
    const q = this.db
      .selectFrom('template_versions as v')
      .selectAll('v')
      .where('v.template_uuid', '=', uuid)
      .where('v.project_id', '=', projectId);
    const result = await paginate(
      q,
      {
        column: 'v.version',
        idColumn: 'v.version',
        direction: 'desc',
        valueOf: (row: VersionRow) => Number(row.version),
        idOf: (row: VersionRow) => Number(row.version),
      },
      page,
    );
    return { ...result, items: result.items.map(toVersion) };
  }

  async find(
    projectId: string,
    uuid: string,
    version: number,
  ): Promise<TemplateVersion | undefined> {
    const row = await this.findRow(projectId, uuid, version);
    return row && toVersion(row);
  }

  async getDesign(
    projectId: string,
    uuid: string,
    version: number,
  ): Promise<VersionWithDesign | undefined> {
    const found = await this.templates.getDesign(projectId, uuid);
    if (!found) return undefined;
    const row = await this.findRow(projectId, uuid, version);
    if (!row) return undefined;
    const key = { projectId, revision: version, size: row.design_hash };
    const cacheKey = `${uuid}@${version}`;
    let design = this.designs.peek(cacheKey, key);
    if (!design) {
      const stored = await this.db
        .selectFrom('template_designs')
        .select('design')
        .where('template_uuid', '=', uuid)
        .where('hash', '=', row.design_hash)
        .executeTakeFirst();
      if (!stored) return undefined;
      design = this.designs.get(cacheKey, key, stored.design.length, () =>
        parseDesign(stored.design, row),
      );
    }
    return { template: found.template, version: toVersion(row), design };
  }

  async rename(
    projectId: string,
    uuid: string,
    version: number,
    name: string | null,
  ): Promise<TemplateVersion | undefined> {
    const res = await this.db
      .updateTable('template_versions')
      .set({ name })
      .where('template_uuid', '=', uuid)
      .where('project_id', '=', projectId)
      .where('version', '=', version)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) return undefined;
    return this.find(projectId, uuid, version);
  }

  async prune(projectId: string, uuid: string, keep: number): Promise<string[]> {
    // One transaction from the first read to the last delete: a render accepted while this runs
    // either inserted its row before the pinned versions are read here (and keeps its version),
    // or reads its design after this commits and fails naming the version (docs/template-versions.md).
    return this.db.transaction().execute(async (trx) => {
      const template = await trx
        .selectFrom('templates')
        .select(['version', 'published_version', 'thumbnail_key'])
        .where('uuid', '=', uuid)
        .where('project_id', '=', projectId)
        .executeTakeFirst();
      if (!template) return [];
      const newestPrunable = Number(template.version) - Math.max(1, keep);
      if (newestPrunable < 1) return [];
      const candidates = await trx
        .selectFrom('template_versions')
        .select(['version', 'design_hash', 'thumbnail_key'])
        .where('template_uuid', '=', uuid)
        .where('version', '<=', newestPrunable)
        .where('name', 'is', null)
        .orderBy('version', 'asc')
        .execute();
      if (candidates.length === 0) return [];
      const published =
        template.published_version === null ? null : Number(template.published_version);
      const pinned = await pinnedByQueuedRenders(trx, projectId, uuid);
      const doomed = candidates.filter(
        (c) => Number(c.version) !== published && !pinned.has(Number(c.version)),
      );
      if (doomed.length === 0) return [];
      const versions = doomed.map((d) => Number(d.version));
      await trx
        .deleteFrom('template_versions')
        .where('template_uuid', '=', uuid)
        .where('version', 'in', versions)
        .execute();
      const remaining = await trx
        .selectFrom('template_versions')
        .select(['design_hash', 'thumbnail_key'])
        .where('template_uuid', '=', uuid)
        .execute();
      const usedHashes = new Set(remaining.map((r) => r.design_hash));
      const unusedHashes = [...new Set(doomed.map((d) => d.design_hash))].filter(
        (h) => !usedHashes.has(h),
      );
      if (unusedHashes.length > 0) {
        await trx
          .deleteFrom('template_designs')
          .where('template_uuid', '=', uuid)
          .where('hash', 'in', unusedHashes)
          .execute();
      }
      const usedKeys = new Set(remaining.map((r) => r.thumbnail_key));
      usedKeys.add(template.thumbnail_key);
      return [
        ...new Set(
          doomed.flatMap((d) =>
            d.thumbnail_key !== null && !usedKeys.has(d.thumbnail_key) ? [d.thumbnail_key] : [],
          ),
        ),
      ];
    });
  }

  async thumbnailKeys(projectId: string, uuid: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('template_versions')
      .select('thumbnail_key')
      .distinct()
      .where('template_uuid', '=', uuid)
      .where('project_id', '=', projectId)
      .where('thumbnail_key', 'is not', null)
      .execute();
    return rows.flatMap((r) => (r.thumbnail_key === null ? [] : [r.thumbnail_key]));
  }

  async thumbnailOfDesign(uuid: string, hash: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('template_versions')
      .select('thumbnail_key')
      .where('template_uuid', '=', uuid)
      .where('design_hash', '=', hash)
      .where('thumbnail_key', 'is not', null)
      .limit(1)
      .executeTakeFirst();
    return row?.thumbnail_key ?? null;
  }

  async setThumbnail(uuid: string, version: number, key: string): Promise<boolean> {
    const res = await this.db
      .updateTable('template_versions')
      .set({ thumbnail_key: key })
      .where('template_uuid', '=', uuid)
      .where('version', '=', version)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  private async templateExists(projectId: string, uuid: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('templates')
      .select('uuid')
      .where('uuid', '=', uuid)
      .where('project_id', '=', projectId)
      .executeTakeFirst();
    return row !== undefined;
  }

  private async findRow(
    projectId: string,
    uuid: string,
    version: number,
  ): Promise<VersionRow | undefined> {
    return this.db
      .selectFrom('template_versions')
      .selectAll()
      .where('template_uuid', '=', uuid)
      .where('project_id', '=', projectId)
      .where('version', '=', version)
      .executeTakeFirst();
  }
}

/** The versions of the template that queued images, PDFs and videos name in template_version. */
async function pinnedByQueuedRenders(
  db: Database,
  projectId: string,
  uuid: string,
): Promise<Set<number>> {
  const pinned = new Set<number>();
  for (const table of ['images', 'pdfs', 'videos'] as const) {
    const rows = await db
      .selectFrom(table)
      .select('request')
      .where('project_id', '=', projectId)
      .where('status', '=', 'queued')
      .where('deleted_at', 'is', null)
      .execute();
    for (const { request } of rows) {
      if (!request.includes(uuid)) continue;
      for (const page of pagesOf(request)) {
        if (page.template_uuid === uuid && typeof page.template_version === 'number') {
          pinned.add(page.template_version);
        }
      }
    }
  }
  return pinned;
}

/** The (template, version) pairs a stored render request names: an image's, or each PDF page's. */
function pagesOf(request: string): Array<{ template_uuid?: unknown; template_version?: unknown }> {
  try {
    const parsed = JSON.parse(request) as {
      template_uuid?: unknown;
      template_version?: unknown;
      pages?: unknown;
      clips?: unknown;
    };
    if (Array.isArray(parsed.pages)) return parsed.pages as Array<Record<string, unknown>>;
    // A video's clips name their templates as a PDF's pages do.
    if (Array.isArray(parsed.clips)) return parsed.clips as Array<Record<string, unknown>>;
    return [parsed];
  } catch {
    return [];
  }
}

/** A stored design's text → design; one without layers still reads as a valid empty design. */
function parseDesign(text: string, row: VersionRow): TemplateDesign {
  let parsed: Partial<TemplateDesign> | null;
  try {
    parsed = JSON.parse(text) as Partial<TemplateDesign> | null;
  } catch {
    parsed = null;
  }
  return {
    ...parsed,
    width: typeof parsed?.width === 'number' ? parsed.width : Number(row.width),
    height: typeof parsed?.height === 'number' ? parsed.height : Number(row.height),
    background: parsed?.background === undefined ? '#ffffff' : parsed.background,
    layers: Array.isArray(parsed?.layers) ? parsed.layers : [],
  };
}
