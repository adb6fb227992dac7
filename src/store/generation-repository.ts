/** Kysely implementation of the GenerationRepository port (images, pdfs, credit ledger, limits). */
import { sql, type Compilable, type Insertable, type Selectable } from 'kysely';
import type {
  ClaimOptions,
  ClaimResult,
  CreditUsage,
  GenerationRepository,
  InsertResult,
  KeyedResource,
  NewIdempotencyKey,
  NewRenderRow,
  RenderRequest,
  RenderRow,
  ResourceType,
} from '../core/generation/generation-repository.ts';
import type { RenderListFilter } from '../core/generation/list-filter.ts';
import { storedErrors } from '../core/generation/stored-errors.ts';
import type { Page, PageRequest } from '../core/pagination.ts';
import { newId, nowIso } from '../core/ids.ts';
import type { Database } from './database.ts';
import {
  bindKeyIn,
  findKeyIn,
  forgetKeysOf,
  pruneKeysIn,
  reserveKeyIn,
} from './idempotency-keys.ts';
import { prepareQuery } from './prepared-query.ts';
import { listRenderRows } from './render-listing.ts';
import type { RenderTable } from './schema.ts';

const TABLE = { image: 'images', pdf: 'pdfs' } as const;
const TYPES: ResourceType[] = ['image', 'pdf'];

function toRow(type: ResourceType, r: Selectable<RenderTable>): RenderRow {
  return {
    type,
    id: Number(r.id),
    project_id: r.project_id,
    status: r.status,
    request: JSON.parse(r.request) as RenderRequest,
    passthrough: r.passthrough === null ? undefined : JSON.parse(r.passthrough),
    webhook_success: r.webhook_success,
    webhook_error: r.webhook_error,
    errors: JSON.parse(r.errors) as string[],
    warnings: JSON.parse(r.warnings) as string[],
    file_key: r.file_key,
    file_expired: Number(r.file_expired) === 1,
    test_mode: Number(r.test_mode) === 1,
    credits: Number(r.credits),
    has_transfer: Number(r.has_transfer) === 1,
    claimed_by: r.claimed_by,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

/** One resource's charge. */
interface ChargeEntry {
  projectId: string;
  type: ResourceType;
  id: number;
  credits: number;
}

/**
 * Records a charge once per resource (later calls do nothing), in `db` or a transaction. A
 * trigger adds each new ledger row to the project's total (migration 0007).
 */
async function chargeIn(db: Database, entry: ChargeEntry): Promise<void> {
  await CHARGE.execute(db, {
    id: newId(16),
    projectId: entry.projectId,
    type: entry.type,
    resourceId: entry.id,
    credits: entry.credits,
    at: nowIso(),
  });
}

/** Credits charged to a project and held by its queued rows, read in `db` or a transaction. */
async function usageIn(db: Database, projectId: string): Promise<CreditUsage> {
  // One statement, so one snapshot: finishing a row charges it in the same transaction, and two
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
    ])
    .executeTakeFirstOrThrow();
  return {
    used: Number(row.used),
    reserved: Number(row.held_images) + Number(row.held_pdfs),
  };
}

// Read by every creation that costs credits.
const CREDIT_LIMIT = prepareQuery<{ projectId: string }, { credit_limit: number }>(
  ['projectId'],
  (db, p) =>
    db.selectFrom('credit_limits').select('credit_limit').where('project_id', '=', p.projectId),
);

// The statements of every render, compiled once per table (see prepared-query.ts).
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

/** One prepared query per table (images, pdfs). */
function perTable<P extends object, R>(
  names: readonly (keyof P & string)[],
  build: (db: Database, table: 'images' | 'pdfs', p: P) => Compilable<R>,
) {
  return {
    image: prepareQuery<P, R>(names, (db, p) => build(db, 'images', p)),
    pdf: prepareQuery<P, R>(names, (db, p) => build(db, 'pdfs', p)),
  };
}

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

const CLAIM_ROW = perTable<{ id: number; owner: string; until: string; now: string }, never>(
  ['id', 'owner', 'until', 'now'],
  (db, table, p) =>
    db
      .updateTable(table)
      .set({ claimed_by: p.owner, claim_until: p.until })
      .where('id', '=', p.id)
      .where('status', '=', 'queued')
      .where('deleted_at', 'is', null)
      .where((eb) =>
        eb.or([
          eb('claim_until', 'is', null),
          eb('claim_until', '<', p.now),
          eb('claimed_by', '=', p.owner),
        ]),
      ),
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

/** Thrown inside the insert transaction to roll back a keyed creation over the credit limit. */
class OverLimit extends Error {
  constructor(readonly over: { limit: number; left: number; used: number }) {
    super('over the credit limit');
  }
}

function until(leaseMs: number): string {
  return new Date(Date.now() + leaseMs).toISOString();
}

/** Images, PDFs and credits in the SQL database. */
export class SqlGenerationRepository implements GenerationRepository {
  constructor(private readonly db: Database) {}

  async insert(
    type: ResourceType,
    row: NewRenderRow,
    claim?: ClaimOptions,
    key?: NewIdempotencyKey,
  ): Promise<InsertResult> {
    // Free rows and projects without a limit (the default) need no lock: one plain insert.
    const limit = row.credits > 0 ? await this.getCreditLimit(row.project_id) : null;
    if (limit === null && !key) return { row: await this.insertRow(this.db, type, row, claim) };
    try {
      return await this.db.transaction().execute(async (trx): Promise<InsertResult> => {
        // The key first: a retry finds its object even when the limit is now used up, and
        // every keyed creation takes the key's lock before the limit's (no lock-order cycle).
        const earlier = key ? await reserveKeyIn(trx, row.project_id, key) : undefined;
        if (earlier) return { replay: earlier };
        if (limit !== null) await this.checkLimitIn(trx, row);
        const inserted = await this.insertRow(trx, type, row, claim);
        if (key) await bindKeyIn(trx, row.project_id, key.key, type, inserted.id);
        return { row: inserted };
      });
    } catch (err) {
      if (err instanceof OverLimit) return { overLimit: err.over };
      throw err;
    }
  }

  /** Throws OverLimit (rolling the transaction back) when `row` does not fit the limit. */
  private async checkLimitIn(trx: Database, row: NewRenderRow): Promise<void> {
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

  async findIdempotencyKey(
    projectId: string,
    key: string,
    notBefore: string,
  ): Promise<KeyedResource | undefined> {
    return findKeyIn(this.db, projectId, key, notBefore);
  }

  async pruneIdempotencyKeys(before: string): Promise<number> {
    return pruneKeysIn(this.db, before);
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
      claim_until: claim ? until(claim.leaseMs) : null,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    });
    if (!inserted) throw new Error(`inserting the ${type} row returned nothing`);
    return toRow(type, inserted);
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

  async claim(
    type: ResourceType,
    id: number,
    claim: ClaimOptions,
    takeOverFrom?: string,
  ): Promise<ClaimResult> {
    const now = nowIso();
    const claimed = takeOverFrom
      ? await this.takeOver(type, id, claim, takeOverFrom, now)
      : await CLAIM_ROW[type].changes(this.db, {
          id,
          owner: claim.owner,
          until: until(claim.leaseMs),
          now,
        });
    if (claimed > 0) return 'claimed';
    const row = await this.find(type, id);
    return row && row.status === 'queued' ? 'held' : 'gone';
  }

  /** The rare claim that may also take over a dead owner's: built per call. */
  private async takeOver(
    type: ResourceType,
    id: number,
    claim: ClaimOptions,
    takeOverFrom: string,
    now: string,
  ): Promise<number> {
    const res = await this.db
      .updateTable(TABLE[type])
      .set({ claimed_by: claim.owner, claim_until: until(claim.leaseMs) })
      .where('id', '=', id)
      .where('status', '=', 'queued')
      .where('deleted_at', 'is', null)
      .where((eb) =>
        eb.or([
          eb('claim_until', 'is', null),
          eb('claim_until', '<', now),
          eb('claimed_by', '=', claim.owner),
          eb('claimed_by', '=', takeOverFrom),
        ]),
      )
      .executeTakeFirst();
    return Number(res.numUpdatedRows);
  }

  async renewClaims(claim: ClaimOptions): Promise<void> {
    for (const type of TYPES) {
      await this.db
        .updateTable(TABLE[type])
        .set({ claim_until: until(claim.leaseMs) })
        .where('claimed_by', '=', claim.owner)
        .where('status', '=', 'queued')
        .execute();
    }
  }

  async markFinished(
    type: ResourceType,
    id: number,
    fileKey: string,
    warnings: string[] = [],
  ): Promise<RenderRow | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const [r] = await FINISH_ROW[type].rows(trx, {
        id,
        fileKey,
        warnings: JSON.stringify(warnings),
        at: nowIso(),
      });
      if (!r) return undefined;
      const row = toRow(type, r);
      if (!row.test_mode && row.credits > 0) {
        await chargeIn(trx, { projectId: row.project_id, type, id, credits: row.credits });
      }
      return row;
    });
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

  async liveFileKeys(keys: string[]): Promise<Set<string>> {
    const live = new Set<string>();
    if (keys.length === 0) return live;
    for (const type of TYPES) {
      const rows = await this.db
        .selectFrom(TABLE[type])
        .select('file_key')
        .where('file_key', 'in', keys)
        .where('deleted_at', 'is', null)
        .execute();
      for (const r of rows) if (r.file_key) live.add(r.file_key);
    }
    return live;
  }

  async expireFiles(before: string, limit: number): Promise<string[]> {
    const keys: string[] = [];
    for (const type of TYPES) {
      const due = await this.db
        .selectFrom(TABLE[type])
        .select(['id', 'file_key'])
        .where('status', '=', 'finished')
        .where('file_key', 'is not', null)
        .where('deleted_at', 'is', null)
        .where('updated_at', '<', before)
        .limit(limit)
        .execute();
      for (const r of due) {
        // Only the process that clears the key reports it, so two sweeps never both count one.
        const res = await this.db
          .updateTable(TABLE[type])
          .set({ file_key: null, file_expired: 1 })
          .where('id', '=', r.id)
          .where('file_key', '=', r.file_key)
          .executeTakeFirst();
        if (Number(res.numUpdatedRows) > 0 && r.file_key) keys.push(r.file_key);
      }
    }
    return keys;
  }

  async remove(type: ResourceType, id: number): Promise<void> {
    await forgetKeysOf(this.db, type, id);
    await this.db.deleteFrom(TABLE[type]).where('id', '=', id).execute();
  }

  async expiredClaims(limit: number): ReturnType<GenerationRepository['expiredClaims']> {
    const now = nowIso();
    const out: Awaited<ReturnType<GenerationRepository['expiredClaims']>> = [];
    for (const type of TYPES) {
      const rows = await this.db
        .selectFrom(TABLE[type])
        .select(['id', 'project_id', 'claim_until'])
        .where('status', '=', 'queued')
        .where('deleted_at', 'is', null)
        .where('claim_until', 'is not', null)
        .where('claim_until', '<', now)
        .orderBy('id')
        .limit(limit)
        .execute();
      for (const r of rows)
        out.push({
          type,
          id: Number(r.id),
          project_id: r.project_id,
          claim_until: r.claim_until ?? '',
        });
    }
    return out;
  }

  async claimedQueued(limit: number): ReturnType<GenerationRepository['claimedQueued']> {
    const out: Awaited<ReturnType<GenerationRepository['claimedQueued']>> = [];
    for (const type of TYPES) {
      const rows = await this.db
        .selectFrom(TABLE[type])
        .select(['id', 'project_id', 'claimed_by', 'claim_until'])
        .where('status', '=', 'queued')
        .where('deleted_at', 'is', null)
        .where('claimed_by', 'is not', null)
        .orderBy('id')
        .limit(limit)
        .execute();
      for (const r of rows)
        out.push({
          type,
          id: Number(r.id),
          project_id: r.project_id,
          claimed_by: r.claimed_by ?? '',
          claim_until: r.claim_until ?? '',
        });
    }
    return out;
  }

  async unclaimedQueued(limit: number): ReturnType<GenerationRepository['unclaimedQueued']> {
    const out: Awaited<ReturnType<GenerationRepository['unclaimedQueued']>> = [];
    for (const type of TYPES) {
      const rows = await this.db
        .selectFrom(TABLE[type])
        .select(['id', 'project_id'])
        .where('status', '=', 'queued')
        .where('deleted_at', 'is', null)
        .where('claimed_by', 'is', null)
        .orderBy('id')
        .limit(limit)
        .execute();
      for (const r of rows) out.push({ type, id: Number(r.id), project_id: r.project_id });
    }
    return out;
  }

  async charge(entry: ChargeEntry): Promise<void> {
    await chargeIn(this.db, entry);
  }

  async usage(projectId: string): Promise<CreditUsage> {
    return usageIn(this.db, projectId);
  }

  async getCreditLimit(projectId: string): Promise<number | null> {
    const [r] = await CREDIT_LIMIT.rows(this.db, { projectId });
    return r ? Number(r.credit_limit) : null;
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
