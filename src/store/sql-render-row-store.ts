/** Kysely adapter of the RenderRowStore port: insert, read, list and delete image/PDF rows. */
import { sql, type Insertable, type Selectable } from 'kysely';
import type { RenderRowStore } from '../core/ports/render-row-store.ts';
import type {
  ClaimOptions,
  InsertResult,
  NewIdempotencyKey,
  NewRenderRow,
  RenderRow,
  ResourceType,
} from '../core/generation/render-row.ts';
import type { RenderListFilter } from '../core/generation/list-filter.ts';
import type { Page, PageRequest } from '../core/pagination.ts';
import { nowIso } from '../core/ids.ts';
import type { Database } from './database.ts';
import { bindKeyIn, forgetKeysOf, reserveKeyIn } from './idempotency-keys.ts';
import { listRenderRows } from './render-listing.ts';
import { leaseEnd, perTable, TABLE, toRow } from './render-row-sql.ts';
import type { RenderTable } from './schema.ts';
import { creditLimitIn, usageIn } from './sql-credit-ledger.ts';

type NewRowValues = Omit<Insertable<RenderTable>, 'id'>;
const INSERT_ROW = perTable<NewRowValues, Selectable<RenderTable>>(
  [
    'project_id',
    'status',
    'request',
    'passthrough',
    'webhook_success',
    'webhook_error',
    'errors',
    'warnings',
    'file_key',
    'test_mode',
    'credits',
    'has_transfer',
    'transfer_sealed',
    'claimed_by',
    'claim_until',
    'created_at',
    'updated_at',
    'deleted_at',
  ],
  (db, table, p) => db.insertInto(table).values(p).returningAll(),
);

const FIND_ROW = perTable<{ id: number }, Selectable<RenderTable>>(['id'], (db, table, p) =>
  db.selectFrom(table).selectAll().where('id', '=', p.id).where('deleted_at', 'is', null),
);

/** Thrown inside the insert transaction to roll back a keyed creation over the credit limit. */
class OverLimit extends Error {
  readonly over: { limit: number; left: number; used: number };
  constructor(over: { limit: number; left: number; used: number }) {
    super('over the credit limit');
    this.over = over;
  }
}

/** Image and PDF rows in the SQL database. */
export class SqlRenderRowStore implements RenderRowStore {
  private readonly db: Database;
  constructor(db: Database) {
    this.db = db;
  }

  async insert(
    type: ResourceType,
    row: NewRenderRow,
    how: { claim?: ClaimOptions; key?: NewIdempotencyKey; creditLimit?: number | null } = {},
  ): Promise<InsertResult> {
    const { claim, key } = how;
    // Free rows and projects without a limit (the default) need no lock: one plain insert.
    const limit =
      row.credits <= 0
        ? null
        : how.creditLimit !== undefined
          ? how.creditLimit
          : await creditLimitIn(this.db, row.project_id);
    if (limit === null && !key) return { row: await this.insertRow(this.db, type, row, claim) };
    try {
      return await this.db.transaction().execute(async (trx): Promise<InsertResult> => {
        // The key first: a retry finds its object even when the limit is now used up, and
        // every keyed creation takes the key's lock before the limit's (no lock-order cycle).
        const earlier = key ? await reserveKeyIn(trx, row.project_id, key) : undefined;
        if (earlier) return { replay: earlier };
        if (limit !== null) await checkLimitIn(trx, row);
        const inserted = await this.insertRow(trx, type, row, claim);
        if (key) await bindKeyIn(trx, row.project_id, key.key, type, inserted.id);
        return { row: inserted };
      });
    } catch (err) {
      if (err instanceof OverLimit) return { overLimit: err.over };
      throw err;
    }
  }

  private async insertRow(
    db: Database,
    type: ResourceType,
    row: NewRenderRow,
    claim?: ClaimOptions,
  ): Promise<RenderRow> {
    const now = nowIso();
    const [inserted] = await INSERT_ROW[type].rows(db, {
      project_id: row.project_id,
      status: 'queued',
      request: JSON.stringify(row.request),
      passthrough: row.passthrough === undefined ? null : JSON.stringify(row.passthrough),
      webhook_success: row.webhook_success,
      webhook_error: row.webhook_error,
      errors: '[]',
      warnings: JSON.stringify(row.warnings ?? []),
      file_key: null,
      test_mode: row.test_mode ? 1 : 0,
      credits: row.credits,
      has_transfer: row.has_transfer ? 1 : 0,
      transfer_sealed: row.transfer_sealed ?? null,
      claimed_by: claim?.owner ?? null,
      claim_until: claim ? leaseEnd(claim.leaseMs) : null,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    });
    if (!inserted) throw new Error(`inserting the ${type} row returned nothing`);
    return toRow(type, inserted);
  }

  async find(type: ResourceType, id: number): Promise<RenderRow | undefined> {
    const [r] = await FIND_ROW[type].rows(this.db, { id });
    return r && toRow(type, r);
  }

  async findForProject(
    type: ResourceType,
    projectId: string,
    id: number,
  ): Promise<RenderRow | undefined> {
    const r = await this.db
      .selectFrom(TABLE[type])
      .selectAll()
      .where('id', '=', id)
      .where('project_id', '=', projectId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return r && toRow(type, r);
  }

  async list(
    type: ResourceType,
    projectId: string,
    filter: RenderListFilter,
    page: PageRequest,
  ): Promise<Page<RenderRow>> {
    const found = await listRenderRows(this.db, TABLE[type], projectId, filter, page);
    return { ...found, items: found.items.map((r) => toRow(type, r)) };
  }

  async markDeleted(
    type: ResourceType,
    projectId: string,
    id: number,
  ): Promise<RenderRow | undefined> {
    const row = await this.findForProject(type, projectId, id);
    if (!row) return undefined;
    const now = nowIso();
    const res = await this.db
      .updateTable(TABLE[type])
      .set({ deleted_at: now, updated_at: now, transfer_sealed: null })
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0 ? row : undefined;
  }

  async remove(type: ResourceType, id: number): Promise<void> {
    await forgetKeysOf(this.db, type, id);
    await this.db.deleteFrom(TABLE[type]).where('id', '=', id).execute();
  }

  async sealedTransfer(type: ResourceType, id: number): Promise<string | null> {
    const r = await this.db
      .selectFrom(TABLE[type])
      .select('transfer_sealed')
      .where('id', '=', id)
      .where('status', '=', 'queued')
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return r?.transfer_sealed ?? null;
  }
}

/** Throws OverLimit (rolling the transaction back) when `row` does not fit the limit. */
async function checkLimitIn(trx: Database, row: NewRenderRow): Promise<void> {
  // A no-op UPDATE locks the project's limit row until commit (PostgreSQL row lock; SQLite
  // takes its write lock at this first statement, before anything is read), so concurrent
  // creations of the project, in any process, check and reserve one after the other.
  const locked = await trx
    .updateTable('credit_limits')
    .set({ credit_limit: sql<number>`credit_limit` })
    .where('project_id', '=', row.project_id)
    .returning('credit_limit')
    .executeTakeFirst();
  if (!locked) return;
  const limitNow = Number(locked.credit_limit);
  const { used, reserved } = await usageIn(trx, row.project_id);
  const left = limitNow - used - reserved;
  if (row.credits > left) throw new OverLimit({ limit: limitNow, left: Math.max(0, left), used });
}
