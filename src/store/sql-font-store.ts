/** Kysely implementation of the FontStore port: metadata in `fonts`, bytes in `font_files`. */
import type { ExpressionBuilder } from 'kysely';
import type { FontRecord, FontScope, NewFont, TemplateRef } from '../core/fonts.ts';
import type { FontStore } from '../core/ports/font-store.ts';
import { newId } from '../core/ids.ts';
import type { Page, PageRequest } from '../core/pagination.ts';
import { FONT_PROPS, type FontSource } from '../render/index.ts';
import type { Database } from './database.ts';
import { monotonicNow } from './monotonic-now.ts';
import { paginate } from './paginate.ts';
import { FontBytesCache } from './font-bytes-cache.ts';
import type { CacheStats } from '../core/cache-stats.ts';
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
  'f.weight',
  'f.style',
  'f.size_bytes',
  'f.created_at',
] as const;

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

/** What a render needs to know of a font besides its bytes: its place in its family. */
type FaceRow = { uuid: string; family: string; weight: number; style: FontRecord['style'] };
const FACE_COLUMNS = ['f.uuid', 'f.family', 'f.weight', 'f.style'] as const;

/** The fonts the project may use (its own and its account's legacy ones) in one family. */
function usableFamily(db: Database, p: Placeholders<{ family: string; projectId: string }>) {
  return db
    .selectFrom('fonts as f')
    .innerJoin('projects as p', (join) => join.on('p.id', '=', p.projectId))
    .where((eb) =>
      eb.or([
        eb('f.project_id', '=', p.projectId),
        eb.and([eb('f.project_id', 'is', null), eb('f.account_id', '=', eb.ref('p.account_id'))]),
      ]),
    )
    .where('f.family', '!=', '');
}

// A render job runs these per font key of its design: the font a uuid names (or none), then the
// faces of its family (or of the family the key names); bytes only for faces not yet cached.
const FONT_FACE = prepareQuery<{ uuid: string; projectId: string }, FaceRow>(
  ['uuid', 'projectId'],
  (db, p) => usableFont(db, p).select(FACE_COLUMNS),
);
const FAMILY_FACES = prepareQuery<{ family: string; projectId: string }, FaceRow>(
  ['family', 'projectId'],
  (db, p) =>
    usableFamily(db, p)
      .where('f.family', '=', p.family)
      .select(FACE_COLUMNS)
      .orderBy('f.created_at')
      .orderBy('f.uuid'),
);
// Family names are matched without regard to case; lower() narrows, normaliseFamily decides.
const FAMILY_FACES_ANY_CASE = prepareQuery<{ family: string; projectId: string }, FaceRow>(
  ['family', 'projectId'],
  (db, p) =>
    usableFamily(db, p)
      .where((eb) => eb(eb.fn('lower', ['f.family']), '=', eb.fn('lower', [eb.val(p.family)])))
      .select(FACE_COLUMNS)
      .orderBy('f.created_at')
      .orderBy('f.uuid'),
);
const FONT_BYTES = prepareQuery<{ uuid: string }, { data: Uint8Array }>(['uuid'], (db, p) =>
  db.selectFrom('font_files as ff').where('ff.font_uuid', '=', p.uuid).select('ff.data'),
);

/** A family name as text layers may spell it: case, outer and repeated spaces do not matter. */
export function normaliseFamily(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, ' ');
}

/**
 * Font uuids are newId()s: lowercase letters and digits. A key with any other character can only
 * name a family (render/ leaves bundled family names such as "DejaVu Sans" out of the keys).
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
export class SqlFontStore implements FontStore {
  private readonly bytes: FontBytesCache;

  /** `fontCacheBytes`: budget of the font file cache (IMPRINT_FONT_CACHE_MB). */
  private readonly db: Database;
  constructor(db: Database, opts: { fontCacheBytes?: number } = {}) {
    this.db = db;
    this.bytes = new FontBytesCache(opts.fontCacheBytes);
  }

  /** Size of the font file cache (GET /metrics). */
  fontCacheStats(): CacheStats {
    return this.bytes.stats();
  }

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
      weight: font.weight ?? 400,
      style: font.style ?? 'normal',
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

  async loadFontSources(projectId: string, refs: string[]): Promise<FontSource[]> {
    const faces = new Map<string, FaceRow>();
    for (const ref of new Set(refs.filter((r) => typeof r === 'string' && r.trim() !== ''))) {
      // A uuid names one font (and through it its family); any other key may name a family.
      const [font] = POSSIBLE_FONT_UUID.test(ref)
        ? (await FONT_FACE.rows(this.db, { uuid: ref, projectId })).slice(0, 1)
        : [];
      if (font) faces.set(font.uuid, font);
      const members = font
        ? font.family === ''
          ? []
          : await FAMILY_FACES.rows(this.db, { family: font.family, projectId })
        : (
            await FAMILY_FACES_ANY_CASE.rows(this.db, { family: normaliseFamily(ref), projectId })
          ).filter((f) => normaliseFamily(f.family) === normaliseFamily(ref));
      for (const m of members) faces.set(m.uuid, m);
    }
    const sources: FontSource[] = [];
    for (const face of faces.values()) {
      let data = this.bytes.get(face.uuid);
      if (!data) {
        const [row] = await FONT_BYTES.rows(this.db, { uuid: face.uuid });
        if (!row) continue; // deleted meanwhile
        data = Buffer.from(row.data);
        this.bytes.set(face.uuid, data);
      }
      sources.push({
        key: face.uuid,
        data,
        family: face.family,
        weight: face.weight,
        style: face.style,
      });
    }
    return sources;
  }
}
