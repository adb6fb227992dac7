/**
 * Kysely adapter of the CreditLedger port. Finishing a row is one UPDATE: the ledger row of its
 * charge is inserted by a trigger in the same statement (migration 0021), and a second trigger
 * adds it to the project's total (0007), so the hot path of every render is one round trip and
 * needs no transaction.
 */
import { sql, type Selectable } from 'kysely';
import type { ChargeEntry, CreditLedger } from '../core/ports/credit-ledger.ts';
import type { CreditUsage, RenderRow, ResourceType } from '../core/generation/render-row.ts';
import { storedErrors } from '../core/generation/stored-errors.ts';
import { newId, nowIso } from '../core/ids.ts';
import type { Database } from './database.ts';
import { prepareQuery } from './prepared-query.ts';
import { perTable, TABLE, toRow } from './render-row-sql.ts';
import type { RenderTable } from './schema.ts';

const CREDIT_LIMIT = prepareQuery<{ projectId: string }, { credit_limit: number }>(
  ['projectId'],
  (db, p) =>
    db.selectFrom('credit_limits').select('credit_limit').where('project_id', '=', p.projectId),
);

const CHARGE = prepareQuery<{
  id: string;
  projectId: string;
  type: ResourceType;
  resourceId: number;
  credits: number;
  at: string;
}>(['id', 'projectId', 'type', 'resourceId', 'credits', 'at'], (db, p) =>
  db
    .insertInto('credit_ledger')
    .values({
      id: p.id,
      project_id: p.projectId,
      resource_type: p.type,
      resource_id: p.resourceId,
      credits: p.credits,
      created_at: p.at,
    })
    .onConflict((oc) => oc.columns(['resource_type', 'resource_id']).doNothing()),
);

const FINISH_ROW = perTable<
  { id: number; fileKey: string; warnings: string; at: string },
  Selectable<RenderTable>
>(['id', 'fileKey', 'warnings', 'at'], (db, table, p) =>
  db
    .updateTable(table)
    .set({
      status: 'finished',
      file_key: p.fileKey,
      warnings: p.warnings,
      updated_at: p.at,
      claim_until: null,
      transfer_sealed: null,
    })
    .where('id', '=', p.id)
    .where('status', '=', 'queued')
    .where('deleted_at', 'is', null)
    .returningAll(),
);

/** The project's credit limit, or null when unlimited. */
export async function creditLimitIn(db: Database, projectId: string): Promise<number | null> {
  const [r] = await CREDIT_LIMIT.rows(db, { projectId });
  return r ? Number(r.credit_limit) : null;
}

/** Credits charged to a project and held by its queued rows, read in `db` or a transaction. */
export async function usageIn(db: Database, projectId: string): Promise<CreditUsage> {
  // One statement, so one snapshot: finishing a row charges it in the same statement, and two
  // separate reads could see the row still queued-but-uncounted by the first read and already
  // finished by the second (on PostgreSQL each statement has its own snapshot), losing it.
  const held = (type: ResourceType) =>
    db
      .selectFrom(TABLE[type])
      .select(sql<number>`coalesce(sum(credits), 0)`.as('total'))
      .where('project_id', '=', projectId)
      .where('status', '=', 'queued')
      .where('deleted_at', 'is', null)
      .where('test_mode', '=', 0);
  const row = await db
    .selectNoFrom([
      db.selectFrom('credit_totals').select('used').where('project_id', '=', projectId).as('used'),
      held('image').as('held_images'),
      held('pdf').as('held_pdfs'),
      held('video').as('held_videos'),
    ])
    .executeTakeFirstOrThrow();
  return {
    used: Number(row.used),
    reserved: Number(row.held_images) + Number(row.held_pdfs) + Number(row.held_videos),
  };
}

/** Row endings and credits in the SQL database. */
export class SqlCreditLedger implements CreditLedger {
  private readonly db: Database;
  constructor(db: Database) {
    this.db = db;
  }

  async markFinished(
    type: ResourceType,
    id: number,
    fileKey: string,
    warnings: string[] = [],
  ): Promise<RenderRow | undefined> {
    const [r] = await FINISH_ROW[type].rows(this.db, {
      id,
      fileKey,
      warnings: JSON.stringify(warnings),
      at: nowIso(),
    });
    return r && toRow(type, r);
  }

  async markError(
    type: ResourceType,
    id: number,
    errors: string[],
  ): Promise<RenderRow | undefined> {
    const r = await this.db
      .updateTable(TABLE[type])
      .set({
        status: 'error',
        errors: JSON.stringify(storedErrors(errors)),
        updated_at: nowIso(),
        claim_until: null,
        transfer_sealed: null,
      })
      .where('id', '=', id)
      .where('status', '=', 'queued')
      .where('deleted_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
    return r && toRow(type, r);
  }

  async charge(entry: ChargeEntry): Promise<void> {
    await CHARGE.execute(this.db, {
      id: newId(16),
      projectId: entry.projectId,
      type: entry.type,
      resourceId: entry.id,
      credits: entry.credits,
      at: nowIso(),
    });
  }

  async setCredits(type: ResourceType, id: number, credits: number): Promise<boolean> {
    const r = await this.db
      .updateTable(TABLE[type])
      .set({ credits, updated_at: nowIso() })
      .where('id', '=', id)
      .where('status', '=', 'queued')
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  async usage(projectId: string): Promise<CreditUsage> {
    return usageIn(this.db, projectId);
  }

  async getCreditLimit(projectId: string): Promise<number | null> {
    return creditLimitIn(this.db, projectId);
  }

  async setCreditLimit(projectId: string, limit: number | null): Promise<void> {
    if (limit === null) {
      await this.db.deleteFrom('credit_limits').where('project_id', '=', projectId).execute();
      return;
    }
    await this.db
      .insertInto('credit_limits')
      .values({ project_id: projectId, credit_limit: limit, updated_at: nowIso() })
      .onConflict((oc) =>
        oc.column('project_id').doUpdateSet({ credit_limit: limit, updated_at: nowIso() }),
      )
      .execute();
  }
}
