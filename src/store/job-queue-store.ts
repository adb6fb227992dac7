/**
 * SQL side of the embedded job queue: every state change is one conditional statement, so any
 * number of processes sharing one SQLite file or PostgreSQL database never take the same job.
 */
import { sql } from 'kysely';
import { isPostgres, type Database } from './database.ts';
import { prepareQuery } from './prepared-query.ts';
import type { JobsTable } from './schema.ts';

/** A job row as the queue reads it. */
export type JobRow = JobsTable;

/** Job statuses of the jobs table. */
export type JobStatus = JobsTable['status'];

const iso = (ms: number) => new Date(ms).toISOString();

// The statements every job runs, compiled once (see prepared-query.ts).
const INSERT = prepareQuery<{
  id: string;
  kind: string;
  payload: string;
  group: string | null;
  at: string;
}>(['id', 'kind', 'payload', 'group', 'at'], (db, p) =>
  db
    .insertInto('jobs')
    .values({
      id: p.id,
      kind: p.kind,
      payload: p.payload,
      group_key: p.group,
      status: 'queued',
      attempt: 0,
      run_after: p.at,
      lease_until: null,
      locked_by: null,
      last_error: null,
      created_at: p.at,
      updated_at: p.at,
    })
    .onConflict((oc) => oc.column('id').doNothing()),
);

/**
 * The claim for up to `limit` jobs. Its cost must not grow with the backlog: the candidates come
 * in the order of the index (status, run_after, created_at), so the LIMIT stops the scan (ordering
 * by created_at alone made SQLite sort every due job on each claim; run_after is the enqueue time,
 * so the order is the same); on SQLite the outer UPDATE finds them by primary key (a `status` test
 * there made SQLite walk every queued row instead, and a single statement is atomic anyway).
 * The limit is written into the SQL, one compiled statement per value (a consumer uses at most
 * its concurrency's worth): SQLite plans with the value of a bound LIMIT, so binding it marks the
 * statement stale and every claim parsed and planned it again, which cost more than the claim.
 * A claim that skips groups or kinds is compiled once per number of each (g0…, k0… are their
 * parameters): built per call, it cost the main thread more than running it.
 */
export function claimQuery(limit: number, skippedGroups = 0, skippedKinds = 0) {
  const key = `${limit}/${skippedGroups}/${skippedKinds}`;
  let query = CLAIMS.get(key);
  if (!query) {
    // Only valid shapes are ever cached, so checking on a miss checks every call.
    for (const [name, n, min] of [
      ['claim limit', limit, 1],
      ['skipped groups', skippedGroups, 0],
      ['skipped kinds', skippedKinds, 0],
    ] as const) {
      if (!Number.isSafeInteger(n) || n < min) {
        throw new RangeError(`${name} must be a whole number ≥ ${min}, got ${n}`);
      }
    }
    query = buildClaim(limit, skippedGroups, skippedKinds);
    CLAIMS.set(key, query);
  }
  return query;
}

/** Claim parameters: the owner, the times, and g0… / k0… for the skipped groups and kinds. */
type ClaimParams = { owner: string; now: string; until: string } & Record<string, string>;

const CLAIMS = new Map<string, ReturnType<typeof buildClaim>>();

function buildClaim(limit: number, skippedGroups: number, skippedKinds: number) {
  const groups = Array.from({ length: skippedGroups }, (_, i) => `g${i}`);
  const kinds = Array.from({ length: skippedKinds }, (_, i) => `k${i}`);
  return prepareQuery<ClaimParams, JobRow>(
    ['owner', 'now', 'until', ...groups, ...kinds],
    (db, p) =>
      claimStatement(db, p, limit, {
        skipGroups: groups.map((g) => p[g]),
        skipKinds: kinds.map((k) => p[k]),
      }),
  );
}

/** What a claim passes over: the jobs of groups and kinds at their limit in this consumer. */
export interface ClaimSkips {
  skipGroups?: readonly string[];
  skipKinds?: readonly string[];
}

/**
 * The claim statement; skipped groups and kinds stay queued. Skipping walks past their queued
 * jobs in the index (which holds group_key, so no row is read for a skipped group; a skipped
 * kind reads the row): the one cost that grows with a backlog, and only while one is capped.
 */
function claimStatement(
  db: Database,
  p: { owner: string; now: string; until: string },
  limit: number,
  { skipGroups = [], skipKinds = [] }: ClaimSkips,
) {
  // Constants are literals, not bound values: SQLite plans a statement again on every run when
  // a bound value is compared with the first column of the index it walks (see prepared-query.ts).
  let candidates = db
    .selectFrom('jobs')
    .select('id')
    .where('status', '=', sql.lit('queued'))
    .where('run_after', '<=', p.now);
  if (skipGroups.length > 0) {
    candidates = candidates.where((eb) =>
      eb.or([eb('group_key', 'is', null), eb('group_key', 'not in', [...skipGroups])]),
    );
  }
  if (skipKinds.length > 0) candidates = candidates.where('kind', 'not in', [...skipKinds]);
  candidates = candidates.orderBy('run_after').orderBy('created_at').limit(sql.lit(limit));
  const claim = db.updateTable('jobs').set((eb) => ({
    status: sql.lit('running'),
    attempt: eb('attempt', '+', sql.lit(1)),
    locked_by: p.owner,
    lease_until: p.until,
    updated_at: p.now,
  }));
  if (!isPostgres(db)) return claim.where('id', 'in', candidates).returningAll();
  // PostgreSQL may run an `IN (subquery)` again per row, and with SKIP LOCKED each run can
  // return other rows, claiming more than `limit`; ARRAY(subquery) is evaluated once. Under
  // READ COMMITTED the status test makes a row claimed meanwhile drop out.
  return claim
    .where('id', '=', sql<string>`any(array(${candidates.forUpdate().skipLocked()}))`)
    .where('status', '=', sql.lit('queued'))
    .returningAll();
}

const SETTLE = prepareQuery<{
  owner: string;
  id: string;
  status: 'done' | 'failed';
  error: string | null;
  at: string;
}>(['owner', 'id', 'status', 'error', 'at'], (db, p) =>
  db
    .updateTable('jobs')
    .set({ status: p.status, last_error: p.error, lease_until: null, updated_at: p.at })
    .where('id', '=', p.id)
    .where('status', '=', 'running')
    .where('locked_by', '=', p.owner),
);

/** Kysely queries of the jobs table. */
export class JobQueueStore {
  private readonly db: Database;
  constructor(db: Database) {
    this.db = db;
  }

  /** Inserts a queued job; false when a job with this id already exists (any status). */
  async insert(
    job: { id: string; kind: string; payload: string; group?: string | null },
    now = Date.now(),
  ): Promise<boolean> {
    const at = iso(now);
    const changed = await INSERT.changes(this.db, { ...job, group: job.group ?? null, at });
    return changed > 0;
  }

  /**
   * Takes up to `limit` queued jobs, oldest first, for `owner` with a lease of `leaseMs`,
   * leaving the jobs of the groups and kinds in `skip` queued. The status check in the UPDATE
   * makes the claim atomic; PostgreSQL also skips rows another claimer has locked instead of
   * waiting for it.
   */
  async claim(
    owner: string,
    limit: number,
    leaseMs: number,
    now = Date.now(),
    skip: ClaimSkips = {},
  ): Promise<JobRow[]> {
    if (limit <= 0) return [];
    const groups = skip.skipGroups ?? [];
    const kinds = skip.skipKinds ?? [];
    const params: ClaimParams = { owner, now: iso(now), until: iso(now + leaseMs) };
    groups.forEach((g, i) => (params[`g${i}`] = g));
    kinds.forEach((k, i) => (params[`k${i}`] = k));
    const rows = await claimQuery(limit, groups.length, kinds.length).rows(this.db, params);
    return rows.sort(
      (a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id),
    );
  }

  /**
   * Puts jobs `owner` claimed but will not run back in the queue as they were before the claim
   * (the attempt the claim counted is taken back), so another consumer or a later claim takes
   * them; returns how many.
   */
  async release(owner: string, ids: readonly string[], now = Date.now()): Promise<number> {
    if (ids.length === 0) return 0;
    const res = await this.db
      .updateTable('jobs')
      .set((eb) => ({
        status: 'queued',
        attempt: eb('attempt', '-', 1),
        locked_by: null,
        lease_until: null,
        updated_at: iso(now),
      }))
      .where('id', 'in', [...ids])
      .where('status', '=', 'running')
      .where('locked_by', '=', owner)
      .executeTakeFirst();
    return Number(res.numUpdatedRows);
  }

  /** Extends the leases of `ids` still held by `owner`; returns the ids it still holds. */
  async renew(owner: string, ids: string[], leaseMs: number, now = Date.now()): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .updateTable('jobs')
      .set({ lease_until: iso(now + leaseMs), updated_at: iso(now) })
      .where('id', 'in', ids)
      .where('status', '=', 'running')
      .where('locked_by', '=', owner)
      .returning('id')
      .execute();
    return rows.map((r) => r.id);
  }

  /** running → done or failed, only while `owner` still holds the job. */
  async settle(
    owner: string,
    id: string,
    status: 'done' | 'failed',
    error: string | null,
    now = Date.now(),
  ): Promise<boolean> {
    const changed = await SETTLE.changes(this.db, { owner, id, status, error, at: iso(now) });
    return changed > 0;
  }

  /** Puts running jobs whose lease has expired back in the queue; returns how many. */
  async requeueExpired(now = Date.now()): Promise<number> {
    const res = await this.db
      .updateTable('jobs')
      .set({ status: 'queued', locked_by: null, lease_until: null, updated_at: iso(now) })
      .where('status', '=', 'running')
      .where('lease_until', '<', iso(now))
      .executeTakeFirst();
    return Number(res.numUpdatedRows);
  }

  /** Puts the running jobs of owners known to be dead back in the queue; returns how many. */
  async requeueOwners(owners: string[], now = Date.now()): Promise<number> {
    if (owners.length === 0) return 0;
    const res = await this.db
      .updateTable('jobs')
      .set({ status: 'queued', locked_by: null, lease_until: null, updated_at: iso(now) })
      .where('status', '=', 'running')
      .where('locked_by', 'in', owners)
      .executeTakeFirst();
    return Number(res.numUpdatedRows);
  }

  /** The distinct owners of running jobs. */
  async runningOwners(): Promise<string[]> {
    const rows = await this.db
      .selectFrom('jobs')
      .select('locked_by')
      .distinct()
      .where('status', '=', 'running')
      .execute();
    return rows.map((r) => r.locked_by).filter((o): o is string => o !== null);
  }

  /** Deletes done and failed jobs last changed before `before` (dedupe holds until then). */
  async prune(before: number): Promise<number> {
    const res = await this.db
      .deleteFrom('jobs')
      .where('status', 'in', ['done', 'failed'])
      .where('updated_at', '<', iso(before))
      .executeTakeFirst();
    return Number(res.numDeletedRows);
  }

  /** One job by id (for tests and diagnostics). */
  async find(id: string): Promise<JobRow | undefined> {
    return this.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Queued jobs and the enqueue time of the oldest (one indexed aggregate). */
  async queuedStats(): Promise<{ queued: number; oldestQueuedAt: number | null }> {
    const row = await this.db
      .selectFrom('jobs')
      .select([sql<number>`count(*)`.as('n'), sql<string | null>`min(created_at)`.as('oldest')])
      .where('status', '=', 'queued')
      .executeTakeFirst();
    const oldest = row?.oldest ? Date.parse(row.oldest) : NaN;
    return { queued: Number(row?.n ?? 0), oldestQueuedAt: Number.isNaN(oldest) ? null : oldest };
  }

  /** Number of jobs per status. */
  async counts(): Promise<Record<JobStatus, number>> {
    const rows = await this.db
      .selectFrom('jobs')
      .select(['status', sql<number>`count(*)`.as('n')])
      .groupBy('status')
      .execute();
    const out: Record<JobStatus, number> = { queued: 0, running: 0, done: 0, failed: 0 };
    for (const r of rows) out[r.status] = Number(r.n);
    return out;
  }
}
