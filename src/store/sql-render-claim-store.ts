/** Kysely adapter of the RenderClaimStore port: leases on queued image and PDF rows. */
import type {
  ClaimedRowRef,
  QueuedRowRef,
  RenderClaimStore,
} from '../core/ports/render-claim-store.ts';
import type { ClaimOptions, ClaimResult, ResourceType } from '../core/generation/render-row.ts';
import { nowIso } from '../core/ids.ts';
import type { Database } from './database.ts';
import { leaseEnd, perTable, TABLE, TYPES } from './render-row-sql.ts';

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

/** Render claims in the SQL database. */
export class SqlRenderClaimStore implements RenderClaimStore {
  private readonly db: Database;
  constructor(db: Database) {
    this.db = db;
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
          until: leaseEnd(claim.leaseMs),
          now,
        });
    if (claimed > 0) return 'claimed';
    const row = await this.db
      .selectFrom(TABLE[type])
      .select('status')
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return row?.status === 'queued' ? 'held' : 'gone';
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
      .set({ claimed_by: claim.owner, claim_until: leaseEnd(claim.leaseMs) })
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
        .set({ claim_until: leaseEnd(claim.leaseMs) })
        .where('claimed_by', '=', claim.owner)
        .where('status', '=', 'queued')
        .execute();
    }
  }

  async expiredClaims(limit: number): Promise<ClaimedRowRef[]> {
    const now = nowIso();
    const out: ClaimedRowRef[] = [];
    for (const type of TYPES) {
      const rows = await this.db
        .selectFrom(TABLE[type])
        .select(['id', 'project_id', 'claimed_by', 'claim_until'])
        .where('status', '=', 'queued')
        .where('deleted_at', 'is', null)
        .where('claim_until', 'is not', null)
        .where('claim_until', '<', now)
        .orderBy('id')
        .limit(limit)
        .execute();
      for (const r of rows) out.push(claimedRef(type, r));
    }
    return out;
  }

  async claimedQueued(limit: number): Promise<ClaimedRowRef[]> {
    const out: ClaimedRowRef[] = [];
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
      for (const r of rows) out.push(claimedRef(type, r));
    }
    return out;
  }

  async unclaimedQueued(limit: number): Promise<QueuedRowRef[]> {
    const out: QueuedRowRef[] = [];
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
}

function claimedRef(
  type: ResourceType,
  r: { id: number; project_id: string; claimed_by: string | null; claim_until: string | null },
): ClaimedRowRef {
  return {
    type,
    id: Number(r.id),
    project_id: r.project_id,
    claimed_by: r.claimed_by ?? '',
    claim_until: r.claim_until ?? '',
  };
}
