/**
 * RateCounter on the SQL database (when there is no Redis): one row per key and window,
 * incremented by a single upsert (atomic on SQLite and PostgreSQL); rows of past windows are
 * deleted now and then.
 */
import { sql } from 'kysely';
import type { RateCounter } from '../core/ports/rate-counter.ts';
import type { Database } from './database.ts';
import { prepareQuery } from './prepared-query.ts';

const HIT = prepareQuery<{ key: string; start: number }, { hits: number }>(
  ['key', 'start'],
  (db, p) =>
    db
      .insertInto('rate_limit_counters')
      .values({ token_id: p.key, window_start: p.start, hits: 1 })
      .onConflict((oc) =>
        oc
          .columns(['token_id', 'window_start'])
          .doUpdateSet({ hits: sql<number>`rate_limit_counters.hits + 1` }),
      )
      .returning('hits'),
);

/** Request counters in the rate_limit_counters table. */
export class SqlRateCounter implements RateCounter {
  private lastPrune = 0;

  private readonly db: Database;
  constructor(db: Database) {
    this.db = db;
  }

  async hit(key: string, windowStart: number, windowMs: number): Promise<number> {
    const [row] = await HIT.rows(this.db, { key, start: windowStart });
    if (windowStart !== this.lastPrune) {
      // Once per window and process: the table keeps only current counters.
      this.lastPrune = windowStart;
      await this.db
        .deleteFrom('rate_limit_counters')
        .where('window_start', '<', windowStart - windowMs)
        .execute();
    }
    return Number(row?.hits ?? 1);
  }

  async close(): Promise<void> {}
}
