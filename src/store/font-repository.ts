/** Kysely implementation of the FontRepository port: metadata in `fonts`, bytes in `font_files`. */
import type { ExpressionBuilder } from 'kysely';
import type { FontRecord, FontRepository, FontScope, NewFont, TemplateRef } from '../core/fonts.ts';
import { newId } from '../core/ids.ts';
import type { Page, PageRequest } from '../core/pagination.ts';
import type { FontSource } from '../render/types.ts';
import type { Database } from './database.ts';
import { monotonicNow } from './monotonic-now.ts';
import { paginate } from './paginate.ts';
import { FontBytesCache } from './font-bytes-cache.ts';
import { prepareQuery, type Placeholders } from './prepared-query.ts';
import type { DB } from './schema.ts';

const COLUMNS = [
  'f.uuid',
  'f.project_id',
  'f.account_id',
  'f.title',
  'f.filename',
  'f.format',
  'f.family',
  'f.size_bytes',
  'f.created_at',
] as const;

/** The layer properties through which a design references a font. */
const FONT_PROPS = ['font', 'alt_font', 'fontFamily'];

/** Rows of `fonts as f` visible in a scope: the project's own, plus its account's legacy fonts. */
function visibleIn(scope: FontScope) {
  return (eb: ExpressionBuilder<DB & { f: DB['fonts'] }, 'f'>) =>
    scope.includeLegacy
      ? eb.or([
          eb('f.project_id', '=', scope.projectId),
          eb.and([eb('f.project_id', 'is', null), eb('f.account_id', '=', scope.accountId)]),
        ])
      : eb('f.project_id', '=', scope.projectId);
}

/** The fonts of `fonts as f` with this uuid that the project may use: its own, or its account's legacy font. */
function usableFont(db: Database, p: Placeholders<{ uuid: string; projectId: string }>) {
  return db
    .selectFrom('fonts as f')
    .innerJoin('projects as p', (join) => join.on('p.id', '=', p.projectId))
    .where('f.uuid', '=', p.uuid)
    .where((eb) =>
      eb.or([
        eb('f.project_id', '=', p.projectId),
        eb.and([eb('f.project_id', 'is', null), eb('f.account_id', '=', eb.ref('p.account_id'))]),
      ]),
    );
}

// Every render job runs one of these per font key of its design: the bytes the first time, then
// only the check that the project may (still) use the font.
const FONT_SOURCE = prepareQuery<
  { uuid: string; projectId: string },
  { uuid: string; data: Uint8Array }
>(['uuid', 'projectId'], (db, p) =>
  usableFont(db, p)
    .innerJoin('font_files as ff', 'ff.font_uuid', 'f.uuid')
    .select(['f.uuid', 'ff.data']),
);
const FONT_USABLE = prepareQuery<{ uuid: string; projectId: string }, { uuid: string }>(
  ['uuid', 'projectId'],
  (db, p) => usableFont(db, p).select('f.uuid'),
);

/**
 * Font uuids are newId()s: lowercase letters and digits. A font key with any other character
 * (a bundled family such as "DejaVu Sans", which most designs use) cannot name a stored font,
 * so looking it up would only cost a query per image.
 */
const POSSIBLE_FONT_UUID = /^[0-9a-z]{1,64}$/;

/** True when a design document (JSON text) has a layer whose font props name `uuid`. */
export function designUsesFont(designJson: string, uuid: string): boolean {
  let design: unknown;
  try {
    design = JSON.parse(designJson);
  } catch {
    return false;
  }
  const layers = (design as { layers?: unknown } | null)?.layers;
  if (!Array.isArray(layers)) return false;
  return layers.some(
    (layer) =>
      typeof layer === 'object' &&
      layer !== null &&
      FONT_PROPS.some((p) => (layer as Record<string, unknown>)[p] === uuid),
  );
}

/** Fonts and their files in the SQL database. */
export class SqlFontRepository implements FontRepository {
  private readonly bytes = new FontBytesCache();

  constructor(private readonly db: Database) {}

  async list(scope: FontScope, page: PageRequest): Promise<Page<FontRecord>> {
    const query = this.db.selectFrom('fonts as f').select(COLUMNS).where(visibleIn(scope));
    return paginate(
      query,
      {
        column: 'f.created_at',
        idColumn: 'f.uuid',
        direction: 'desc',
        valueOf: (row) => row.created_at,
        idOf: (row) => row.uuid,
      },
      page,
    );
  }

  async find(scope: FontScope, uuid: string): Promise<FontRecord | undefined> {
    return this.db
      .selectFrom('fonts as f')
      .select(COLUMNS)
      .where('f.uuid', '=', uuid)
      .where(visibleIn(scope))
      .executeTakeFirst();
  }

  async insert(font: NewFont): Promise<FontRecord> {
    const row: FontRecord = {
      uuid: newId(),
      project_id: font.projectId,
      account_id: font.accountId,
      title: font.title,
      filename: font.filename,
      format: font.format,
      family: font.family,
      size_bytes: font.data.length,
      // Monotonic so fonts uploaded in the same millisecond still list in upload order.
      created_at: monotonicNow(),
    };
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('fonts').values(row).execute();
      await trx.insertInto('font_files').values({ font_uuid: row.uuid, data: font.data }).execute();
    });
    return row;
  }

  async rename(projectId: string, uuid: string, title: string): Promise<FontRecord | undefined> {
    const res = await this.db
      .updateTable('fonts')
      .set({ title })
      .where('uuid', '=', uuid)
      .where('project_id', '=', projectId)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) return undefined;
    return this.find({ projectId, accountId: '', includeLegacy: false }, uuid);
  }

  async templatesUsing(projectId: string, uuid: string): Promise<TemplateRef[]> {
    // LIKE narrows the scan to designs that mention the uuid at all; parsing confirms it is a font
    // prop. Font uuids are alphanumeric (newId), so the pattern needs no escaping.
    const needle = `%${uuid}%`;
    const rows = await this.db
      .selectFrom('templates')
      .select(['uuid', 'title', 'design'])
      .where('project_id', '=', projectId)
      .where((eb) => eb('design', 'like', needle))
      .orderBy('created_at')
      .orderBy('uuid')
      .execute();
    return rows
      .filter((r) => designUsesFont(r.design, uuid))
      .map((r) => ({ uuid: r.uuid, title: r.title }));
  }

  async listLegacy(accountId: string): Promise<FontRecord[]> {
    return this.db
      .selectFrom('fonts as f')
      .select(COLUMNS)
      .where('f.account_id', '=', accountId)
      .where('f.project_id', 'is', null)
      .orderBy('f.created_at')
      .orderBy('f.uuid')
      .execute();
  }

  async remove(projectId: string, uuid: string): Promise<boolean> {
    return this.removeWhere(uuid, { projectId });
  }

  async removeLegacy(accountId: string, uuid: string): Promise<boolean> {
    return this.removeWhere(uuid, { accountId });
  }

  private async removeWhere(
    uuid: string,
    owner: { projectId?: string; accountId?: string },
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      let q = trx.selectFrom('fonts').select('uuid').where('uuid', '=', uuid);
      q = owner.projectId
        ? q.where('project_id', '=', owner.projectId)
        : q.where('project_id', 'is', null).where('account_id', '=', owner.accountId ?? '');
      if (!(await q.executeTakeFirst())) return false;
      await trx.deleteFrom('font_files').where('font_uuid', '=', uuid).execute();
      await trx.deleteFrom('fonts').where('uuid', '=', uuid).execute();
      return true;
    });
  }

  async loadFontSources(projectId: string, uuids: string[]): Promise<FontSource[]> {
    const wanted = [
      ...new Set(uuids.filter((u) => typeof u === 'string' && POSSIBLE_FONT_UUID.test(u))),
    ];
    const sources: FontSource[] = [];
    // One fixed-shape query per key (designs name few fonts) so it is compiled once.
    for (const uuid of wanted) {
      const known = this.bytes.get(uuid);
      if (known) {
        if ((await FONT_USABLE.rows(this.db, { uuid, projectId })).length > 0)
          sources.push({ key: uuid, data: known });
        continue;
      }
      for (const r of await FONT_SOURCE.rows(this.db, { uuid, projectId })) {
        const data = Buffer.from(r.data);
        this.bytes.set(r.uuid, data);
        sources.push({ key: r.uuid, data });
      }
    }
    return sources;
  }
}
