/** Kysely implementation of the CollectionStore port. */
import type { Selectable } from 'kysely';
import type { Collection, CollectionPatch, NewCollection } from '../core/collections.ts';
import type { CollectionStore } from '../core/ports/collection-store.ts';
import { newId } from '../core/ids.ts';
import type { Page, PageRequest } from '../core/pagination.ts';
import type { Database } from './database.ts';
import { monotonicNow } from './monotonic-now.ts';
import { paginate } from './paginate.ts';
import type { CollectionsTable } from './schema.ts';

type Row = Selectable<CollectionsTable>;

function parseCustomData(text: string | null): Collection['custom_data'] {
  if (text === null) return null;
  try {
    return JSON.parse(text) as Collection['custom_data'];
  } catch {
    return null;
  }
}

/** Collections in the SQL database; membership lives in collection_templates with a position. */
export class SqlCollectionStore implements CollectionStore {
  private readonly db: Database;
  constructor(db: Database) {
    this.db = db;
  }

  async listAll(projectId: string): Promise<Collection[]> {
    const rows = await this.db
      .selectFrom('collections')
      .selectAll()
      .where('project_id', '=', projectId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return this.withTemplates(rows);
  }

  async listPage(projectId: string, page: PageRequest): Promise<Page<Collection>> {
    const q = this.db
      .selectFrom('collections as c')
      .selectAll('c')
      .where('c.project_id', '=', projectId);
    const result = await paginate(
      q,
      {
        column: 'c.created_at',
        idColumn: 'c.id',
        direction: 'asc',
        valueOf: (row: Row) => row.created_at,
        idOf: (row: Row) => row.id,
      },
      page,
    );
    return { ...result, items: await this.withTemplates(result.items) };
  }

  async find(projectId: string, id: string): Promise<Collection | undefined> {
    const row = await this.db
      .selectFrom('collections')
      .selectAll()
      .where('id', '=', id)
      .where('project_id', '=', projectId)
      .executeTakeFirst();
    if (!row) return undefined;
    const [collection] = await this.withTemplates([row]);
    return collection;
  }

  async templateCounts(projectId: string, ids: string[]): Promise<Map<string, number>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('collections as c')
      .leftJoin('collection_templates as ct', 'ct.collection_id', 'c.id')
      .select(['c.id', (eb) => eb.fn.count<number>('ct.template_uuid').as('n')])
      .where('c.project_id', '=', projectId)
      .where('c.id', 'in', ids)
      .groupBy('c.id')
      .execute();
    return new Map(rows.map((r) => [r.id, Number(r.n)]));
  }

  async create(projectId: string, input: NewCollection): Promise<Collection> {
    const now = monotonicNow();
    const row: Row = {
      id: newId(),
      project_id: projectId,
      title: input.title,
      custom_data: input.custom_data === null ? null : JSON.stringify(input.custom_data),
      created_at: now,
      updated_at: now,
    };
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('collections').values(row).execute();
      await insertMembers(trx, row.id, input.template_uuids);
    });
    return {
      id: row.id,
      title: row.title,
      custom_data: input.custom_data,
      template_uuids: input.template_uuids,
    };
  }

  async update(
    projectId: string,
    id: string,
    patch: CollectionPatch,
  ): Promise<Collection | undefined> {
    const updated = await this.db.transaction().execute(async (trx) => {
      const changes: Partial<Row> = { updated_at: monotonicNow() };
      if (patch.title !== undefined) changes.title = patch.title;
      if (patch.custom_data !== undefined) {
        changes.custom_data = patch.custom_data === null ? null : JSON.stringify(patch.custom_data);
      }
      const res = await trx
        .updateTable('collections')
        .set(changes)
        .where('id', '=', id)
        .where('project_id', '=', projectId)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 0) return false;
      if (patch.members) {
        // The UPDATE above holds the collection's row lock until commit (PostgreSQL; SQLite runs
        // one write transaction at a time), so this read-modify-write cannot lose a concurrent add.
        const stored = await trx
          .selectFrom('collection_templates')
          .select('template_uuid')
          .where('collection_id', '=', id)
          .orderBy('position')
          .execute();
        const next = patch.members(stored.map((r) => r.template_uuid));
        await trx.deleteFrom('collection_templates').where('collection_id', '=', id).execute();
        await insertMembers(trx, id, next);
      }
      return true;
    });
    return updated ? this.find(projectId, id) : undefined;
  }

  async delete(projectId: string, id: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const found = await trx
        .selectFrom('collections')
        .select('id')
        .where('id', '=', id)
        .where('project_id', '=', projectId)
        .executeTakeFirst();
      if (!found) return false;
      await trx.deleteFrom('collection_templates').where('collection_id', '=', id).execute();
      await trx.deleteFrom('collections').where('id', '=', id).execute();
      return true;
    });
  }

  /** Attaches each row's template uuids (one query for all rows). */
  private async withTemplates(rows: Row[]): Promise<Collection[]> {
    const members = new Map<string, string[]>(rows.map((r) => [r.id, []]));
    if (rows.length > 0) {
      const links = await this.db
        .selectFrom('collection_templates')
        .select(['collection_id', 'template_uuid'])
        .where(
          'collection_id',
          'in',
          rows.map((r) => r.id),
        )
        .orderBy('collection_id')
        .orderBy('position')
        .execute();
      for (const link of links) members.get(link.collection_id)?.push(link.template_uuid);
    }
    return rows.map((r) => ({
      id: r.id,
      title: r.title,
      custom_data: parseCustomData(r.custom_data),
      template_uuids: members.get(r.id) ?? [],
    }));
  }
}

/** Inserts memberships in list order, in chunks that stay under SQLite's parameter limit. */
async function insertMembers(trx: Database, collectionId: string, uuids: string[]): Promise<void> {
  for (let start = 0; start < uuids.length; start += 200) {
    await trx
      .insertInto('collection_templates')
      .values(
        uuids.slice(start, start + 200).map((template_uuid, i) => ({
          collection_id: collectionId,
          template_uuid,
          position: start + i,
        })),
      )
      .execute();
  }
}
