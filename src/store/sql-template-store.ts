/** Kysely implementation of the TemplateStore port. */
import { sql, type Selectable } from 'kysely';
import { newId } from '../core/ids.ts';
import type { Page, PageRequest } from '../core/pagination.ts';
import {
  tagKey,
  type NewTemplate,
  type Template,
  type TemplateDesign,
  type TemplateListFilter,
  type TemplateOrder,
  type TemplatePatch,
  type TemplateWithDesign,
} from '../core/templates.ts';
import type {
  TemplateStore,
  DesignSaveOptions,
  DesignSaveResult,
} from '../core/ports/template-store.ts';
import { CLI_AUTHOR, designHash, type VersionAuthor } from '../core/template-versions.ts';
import { isPostgres, type Database } from './database.ts';
import { paginate } from './paginate.ts';
import type { TemplatesTable } from './schema.ts';
import { monotonicNow } from './monotonic-now.ts';
import { pixelSize } from '../render/index.ts';
import { DesignCache, type DesignKey } from './design-cache.ts';
import type { CacheStats } from '../core/cache-stats.ts';
import { prepareQuery } from './prepared-query.ts';

type Row = Selectable<TemplatesTable>;

function parseJson(text: string | null, fallback: unknown): unknown {
  if (text === null) return fallback;
  try {
    return JSON.parse(text);
  } catch {
    return fallback;
  }
}

/** Row → template metadata. */
function toTemplate(row: Omit<Row, 'design'>): Template {
  const tags = parseJson(row.tags, []);
  return {
    uuid: row.uuid,
    project_id: row.project_id,
    title: row.title,
    width: Number(row.width),
    height: Number(row.height),
    tags: Array.isArray(tags) ? (tags as string[]) : [],
    custom_data: parseJson(row.custom_data, null),
    thumbnail_key: row.thumbnail_key,
    revision: Number(row.revision),
    version: Number(row.version),
    published_version: row.published_version === null ? null : Number(row.published_version),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** Row → design; a row written by hand without layers still reads as a valid empty design. */
function toDesign(row: Row): TemplateDesign {
  const parsed = parseJson(row.design, null) as Partial<TemplateDesign> | null;
  return {
    ...parsed,
    width: typeof parsed?.width === 'number' ? parsed.width : Number(row.width),
    height: typeof parsed?.height === 'number' ? parsed.height : Number(row.height),
    background: parsed?.background === undefined ? '#ffffff' : parsed.background,
    layers: Array.isArray(parsed?.layers) ? parsed.layers : [],
  };
}

function withDesign(row: Row): TemplateWithDesign {
  return { ...toTemplate(row), design: toDesign(row) };
}

const ORDER_COLUMNS = {
  created_at: 't.created_at',
  updated_at: 't.updated_at',
  title: 't.title_key',
};

// One template of a project; read for every image (creation and render job), so prepared.
const FIND_ROW = prepareQuery<{ uuid: string; projectId: string }, Row>(
  ['uuid', 'projectId'],
  (db, p) =>
    db
      .selectFrom('templates')
      .selectAll()
      .where('uuid', '=', p.uuid)
      .where('project_id', '=', p.projectId),
);

/** A template row without its design text, which a cached revision does not need. */
type MetaRow = Omit<Row, 'design'>;

// The same row without the design: when this revision is cached, its text is not read at all.
const FIND_META = prepareQuery<{ uuid: string; projectId: string }, MetaRow>(
  ['uuid', 'projectId'],
  (db, p) =>
    db
      .selectFrom('templates')
      .select([
        'uuid',
        'project_id',
        'title',
        'title_key',
        'width',
        'height',
        'tags',
        'custom_data',
        'thumbnail',
        'thumbnail_key',
        'revision',
        'version',
        'published_version',
        'created_at',
        'updated_at',
      ])
      .where('uuid', '=', p.uuid)
      .where('project_id', '=', p.projectId),
);

/** The design cache's key of a row: its project, revision and size columns. */
const designKey = (row: MetaRow): DesignKey => ({
  projectId: row.project_id,
  revision: Number(row.revision),
  size: `${row.width}x${row.height}`,
});

/** Templates in the SQL database; tags are mirrored into template_tags for filtering. */
export class SqlTemplateStore implements TemplateStore {
  private readonly designs: DesignCache;

  /** `designCacheBytes`: budget of the parsed-design cache (IMPRINT_DESIGN_CACHE_MB). */
  private readonly db: Database;
  constructor(db: Database, opts: { designCacheBytes?: number } = {}) {
    this.db = db;
    this.designs = new DesignCache(opts.designCacheBytes);
  }

  /** Size of the parsed-design cache (GET /metrics). */
  designCacheStats(): CacheStats {
    return this.designs.stats();
  }

  async list(
    projectId: string,
    filter: TemplateListFilter,
    order: TemplateOrder,
    page: PageRequest,
  ): Promise<Page<TemplateWithDesign>> {
    let q = this.db
      .selectFrom('templates as t')
      .selectAll('t')
      .where('t.project_id', '=', projectId);
    if (filter.collectionId !== undefined) {
      const collectionId = filter.collectionId;
      q = q.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('collection_templates as ct')
            .innerJoin('collections as c', 'c.id', 'ct.collection_id')
            .select('ct.template_uuid')
            .whereRef('ct.template_uuid', '=', 't.uuid')
            .where('c.id', '=', collectionId)
            .where('c.project_id', '=', projectId),
        ),
      );
    }
    if (filter.titleFilter !== undefined && filter.titleFilter !== '') {
      // instr/strpos instead of LIKE: no wildcard escaping, same meaning on both databases.
      const needle = tagKey(filter.titleFilter);
      const position = isPostgres(this.db)
        ? sql<number>`strpos(t.title_key, ${needle})`
        : sql<number>`instr(t.title_key, ${needle})`;
      q = q.where(position, '>', 0);
    }
    if (filter.tag !== undefined && filter.tag !== '') {
      const key = tagKey(filter.tag.trim());
      const nested = key.includes('/');
      const prefix = `${key}/`;
      q = q.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('template_tags as tt')
            .select('tt.template_uuid')
            .whereRef('tt.template_uuid', '=', 't.uuid')
            .where((eb) =>
              nested
                ? eb('tt.tag_key', '=', key)
                : eb.or([
                    eb('tt.tag_key', '=', key),
                    // A parent tag also matches its children: the key starts with "parent/".
                    // substr counts characters, JavaScript's length UTF-16 units (an emoji is 2).
                    eb(sql`substr(tt.tag_key, 1, ${[...prefix].length})`, '=', prefix),
                  ]),
            ),
        ),
      );
    }
    const column = ORDER_COLUMNS[order.field];
    const result = await paginate(
      q,
      {
        column,
        idColumn: 't.uuid',
        direction: order.direction,
        valueOf: (row: Row) => (order.field === 'title' ? row.title_key : row[order.field]),
        idOf: (row: Row) => row.uuid,
      },
      page,
    );
    return { ...result, items: result.items.map(withDesign) };
  }

  async find(projectId: string, uuid: string): Promise<TemplateWithDesign | undefined> {
    const row = await this.findRow(projectId, uuid);
    return row && withDesign(row);
  }

  async existingUuids(projectId: string, uuids: string[]): Promise<Set<string>> {
    if (uuids.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('templates')
      .select('uuid')
      .where('project_id', '=', projectId)
      .where('uuid', 'in', uuids)
      .execute();
    return new Set(rows.map((r) => r.uuid));
  }

  async create(
    projectId: string,
    input: NewTemplate,
    collectionIds: string[],
    author: VersionAuthor = CLI_AUTHOR,
  ): Promise<TemplateWithDesign> {
    const now = monotonicNow();
    const text = JSON.stringify(input.design);
    const row: Row = {
      uuid: newId(),
      project_id: projectId,
      title: input.title,
      title_key: tagKey(input.title),
      width: input.width,
      height: input.height,
      tags: JSON.stringify(input.tags),
      custom_data: serialize(input.custom_data),
      design: text,
      thumbnail: null,
      revision: 1,
      thumbnail_key: null,
      version: 1,
      published_version: null,
      created_at: now,
      updated_at: now,
    };
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('templates').values(row).execute();
      await insertVersion(trx, row, 1, designHash(text), author);
      await replaceTags(trx, row.uuid, input.tags);
      for (const collectionId of collectionIds) {
        const next = await trx
          .selectFrom('collection_templates')
          .select((eb) => eb.fn.max('position').as('max'))
          .where('collection_id', '=', collectionId)
          .executeTakeFirst();
        await trx
          .insertInto('collection_templates')
          .values({
            collection_id: collectionId,
            template_uuid: row.uuid,
            position: Number(next?.max ?? -1) + 1,
          })
          .execute();
        await trx
          .updateTable('collections')
          .set({ updated_at: now })
          .where('id', '=', collectionId)
          .execute();
      }
    });
    return withDesign(row);
  }

  async update(
    projectId: string,
    uuid: string,
    patch: TemplatePatch,
  ): Promise<TemplateWithDesign | undefined> {
    const existing = await this.findRow(projectId, uuid);
    if (!existing) return undefined;
    const changes: Partial<Row> = { updated_at: monotonicNow() };
    if (patch.title !== undefined) {
      changes.title = patch.title;
      changes.title_key = tagKey(patch.title);
    }
    if (patch.tags !== undefined) changes.tags = JSON.stringify(patch.tags);
    if (patch.custom_data !== undefined) changes.custom_data = serialize(patch.custom_data);
    if (patch.published_version !== undefined) changes.published_version = patch.published_version;
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('templates')
        .set(changes)
        .where('uuid', '=', uuid)
        .where('project_id', '=', projectId)
        .execute();
      if (patch.tags !== undefined) await replaceTags(trx, uuid, patch.tags);
    });
    return withDesign({ ...existing, ...changes });
  }

  async delete(projectId: string, uuid: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const found = await trx
        .selectFrom('templates')
        .select('uuid')
        .where('uuid', '=', uuid)
        .where('project_id', '=', projectId)
        .executeTakeFirst();
      if (!found) return false;
      // The foreign keys cascade too; deleting explicitly keeps this independent of that setting.
      await trx.deleteFrom('collection_templates').where('template_uuid', '=', uuid).execute();
      await trx.deleteFrom('template_tags').where('template_uuid', '=', uuid).execute();
      await trx.deleteFrom('template_versions').where('template_uuid', '=', uuid).execute();
      await trx.deleteFrom('template_designs').where('template_uuid', '=', uuid).execute();
      await trx.deleteFrom('templates').where('uuid', '=', uuid).execute();
      return true;
    });
  }

  async getDesign(
    projectId: string,
    uuid: string,
  ): Promise<{ template: Template; design: TemplateDesign } | undefined> {
    // Shared and frozen: the render path reads it for every image without parsing it again.
    const [meta] = await FIND_META.rows(this.db, { uuid, projectId });
    if (!meta) return undefined;
    const cached = this.designs.peek(uuid, designKey(meta));
    if (cached) return { template: toTemplate(meta), design: cached };
    // Not parsed yet in this process: the whole row, whose revision may be newer by now.
    const [row] = await FIND_ROW.rows(this.db, { uuid, projectId });
    if (!row) return undefined;
    return { template: toTemplate(row), design: this.cachedDesign(row) };
  }

  async replaceDesign(
    projectId: string,
    uuid: string,
    design: TemplateDesign,
    ifRevision?: number,
    options: DesignSaveOptions = {},
  ): Promise<DesignSaveResult> {
    const text = JSON.stringify(design);
    const hash = designHash(text);
    // The update is conditional on the revision and the thumbnail key it read, so the key it
    // reports as replaced is exactly the one it cleared (a thumbnail stored in between would
    // otherwise be lost track of); when either changed meanwhile, it reads again. The version is
    // written in the same transaction: of two saves at once, the second reads again and makes
    // the next version, so none is lost.
    for (;;) {
      const existing = await this.findRow(projectId, uuid);
      if (!existing) return { notFound: true };
      const current = Number(existing.revision);
      if (ifRevision !== undefined && ifRevision !== current) {
        return { conflict: { revision: current } };
      }
      const latest = Number(existing.version);
      const unchanged = !options.alwaysVersion && (await this.versionHash(uuid, latest)) === hash;
      const thumbnail = existing.thumbnail_key;
      const changes = {
        design: text,
        // The template's canvas size is in px (a physical design's at 96 per inch).
        width: Math.round(pixelSize(design).width),
        height: Math.round(pixelSize(design).height),
        revision: current + 1,
        version: unchanged ? latest : latest + 1,
        // An unchanged design keeps its thumbnail; a new version gets its own.
        thumbnail_key: unchanged ? thumbnail : null,
        updated_at: monotonicNow(),
      };
      const saved = await this.db.transaction().execute(async (trx) => {
        const res = await trx
          .updateTable('templates')
          .set(changes)
          .where('uuid', '=', uuid)
          .where('project_id', '=', projectId)
          .where('revision', '=', current)
          .where((eb) =>
            thumbnail === null
              ? eb('thumbnail_key', 'is', null)
              : eb('thumbnail_key', '=', thumbnail),
          )
          .executeTakeFirst();
        if (Number(res.numUpdatedRows) !== 1) return false;
        if (!unchanged) {
          const row = { ...existing, ...changes };
          await insertVersion(trx, row, changes.version, hash, options.author ?? CLI_AUTHOR);
        }
        return true;
      });
      if (saved) {
        // Parsed once for this revision: the answer and every image made from it share it.
        const row = { ...existing, ...changes };
        return {
          saved: { ...toTemplate(row), design: this.cachedDesign(row) },
          // The old thumbnail is its version's: it stays while that version is kept.
          replacedThumbnail: null,
          createdVersion: unchanged ? null : changes.version,
          designHash: hash,
        };
      }
    }
  }

  /** The content hash of a version's design, or undefined. */
  private async versionHash(uuid: string, version: number): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('template_versions')
      .select('design_hash')
      .where('template_uuid', '=', uuid)
      .where('version', '=', version)
      .executeTakeFirst();
    return row?.design_hash;
  }

  async setThumbnail(uuid: string, revision: number, key: string): Promise<boolean> {
    const res = await this.db
      .updateTable('templates')
      .set({ thumbnail_key: key })
      .where('uuid', '=', uuid)
      .where('revision', '=', revision)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /** The row's design, parsed and frozen once per revision (see DesignCache). */
  private cachedDesign(row: Row): TemplateDesign {
    return this.designs.get(row.uuid, designKey(row), row.design?.length ?? 0, () => toDesign(row));
  }

  private async findRow(projectId: string, uuid: string): Promise<Row | undefined> {
    return this.db
      .selectFrom('templates')
      .selectAll()
      .where('uuid', '=', uuid)
      .where('project_id', '=', projectId)
      .executeTakeFirst();
  }
}

/**
 * Writes a version of a template row (its design stored once per content hash), inside the
 * transaction of the save that made it.
 */
async function insertVersion(
  trx: Database,
  row: Pick<Row, 'uuid' | 'project_id' | 'design' | 'width' | 'height' | 'updated_at'>,
  version: number,
  hash: string,
  author: VersionAuthor,
): Promise<void> {
  await trx
    .insertInto('template_designs')
    .values({ template_uuid: row.uuid, hash, design: row.design })
    .onConflict((oc) => oc.columns(['template_uuid', 'hash']).doNothing())
    .execute();
  await trx
    .insertInto('template_versions')
    .values({
      template_uuid: row.uuid,
      version,
      project_id: row.project_id,
      design_hash: hash,
      name: null,
      width: Number(row.width),
      height: Number(row.height),
      created_at: row.updated_at,
      created_by_kind: author.kind,
      created_by_token: author.token_id,
      thumbnail_key: null,
    })
    .execute();
}

/** JSON text of a custom_data value; null stays SQL NULL. */
function serialize(value: unknown): string | null {
  return value === null || value === undefined ? null : JSON.stringify(value);
}

async function replaceTags(trx: Database, uuid: string, tags: string[]): Promise<void> {
  await trx.deleteFrom('template_tags').where('template_uuid', '=', uuid).execute();
  if (tags.length === 0) return;
  await trx
    .insertInto('template_tags')
    .values(tags.map((tag) => ({ template_uuid: uuid, tag, tag_key: tagKey(tag) })))
    .execute();
}
