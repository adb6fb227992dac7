/** The jobs table's claim: oldest first, exactly `limit`, and a cost that does not grow with the backlog. */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { openDatabase, type Database } from '../../src/store/database.ts';
import { migrateToLatest } from '../../src/store/migrations/index.ts';
import { claimQuery, JobQueueStore } from '../../src/store/job-queue-store.ts';
import { freshDatabase, testDbKinds } from '../helpers/databases.ts';

for (const { kind, skip } of testDbKinds()) {
  describe(`jobs claim on ${kind}`, { skip }, () => {
    let db: Database;
    let drop: () => Promise<void>;
    let store: JobQueueStore;
    const t0 = Date.parse('2026-01-01T00:00:00Z');

    before(async () => {
      const fresh = await freshDatabase(kind);
      drop = fresh.drop;
      db = openDatabase(fresh.target);
      await migrateToLatest(db);
      store = new JobQueueStore(db);
      // A backlog behind 300 finished jobs, enqueued out of id order.
      for (let i = 0; i < 300; i++) {
        await store.insert({ id: `done-${i}`, kind: 'k', payload: '{}' }, t0 + i);
      }
      await db.updateTable('jobs').set({ status: 'done' }).execute();
      for (let i = 0; i < 200; i++) {
        await store.insert(
          { id: `q-${String(199 - i).padStart(3, '0')}`, kind: 'k', payload: '{}' },
          t0 + 1000 + i,
        );
      }
    });
    after(async () => {
      await db.destroy();
      await drop();
    });

    it('claims the oldest queued jobs, exactly as many as asked, in enqueue order', async () => {
      const first = await store.claim('me', 3, 60_000, t0 + 5000);
      assert.deepEqual(
        first.map((j) => j.id),
        ['q-199', 'q-198', 'q-197'],
      );
      assert.ok(
        first.every((j) => j.status === 'running' && j.locked_by === 'me' && j.attempt === 1),
      );
      const next = await store.claim('other', 2, 60_000, t0 + 5000);
      assert.deepEqual(
        next.map((j) => j.id),
        ['q-196', 'q-195'],
      );
      assert.deepEqual(
        await store.claim('me', 5, 60_000, t0 + 500),
        [],
        'nothing is due before its run_after',
      );
    });

    it('never claims a job twice when many claimers race', async () => {
      const claims = await Promise.all(
        Array.from({ length: 20 }, (_, i) => store.claim(`c${i}`, 7, 60_000, t0 + 5000)),
      );
      const ids = claims.flat().map((j) => j.id);
      assert.equal(new Set(ids).size, ids.length);
      assert.ok(ids.length <= 195);
    });

    it('writes the limit into the SQL, one statement per limit', () => {
      // SQLite plans with a bound LIMIT's value, so binding it re-prepared the claim every time.
      const compiled = claimQuery(7).compiledFor(db);
      assert.match(compiled.sql, /limit 7\b/i);
      assert.ok(!compiled.parameters.includes(7), 'the limit is not a parameter');
      assert.equal(claimQuery(7), claimQuery(7));
      assert.throws(() => claimQuery(0), RangeError);
      assert.throws(() => claimQuery(2.5), RangeError);
    });

    it('compiles a claim that skips groups and kinds once per number of each', async () => {
      assert.equal(claimQuery(2, 2, 1), claimQuery(2, 2, 1));
      assert.notEqual(claimQuery(2, 2, 1), claimQuery(2, 1, 1));
      assert.throws(() => claimQuery(2, -1, 0), RangeError);
      const ids = async (id: string, group: string | null, kind = 'k') =>
        assert.ok(await store.insert({ id, kind, payload: '{}', group }, t0));
      await ids('skip-a', 'ga');
      await ids('skip-b', 'gb');
      await ids('skip-c', 'gc');
      await ids('skip-d', null, 'slow');
      await ids('skip-e', null);
      const claimed = await store.claim('skipper', 9, 60_000, t0 + 1, {
        skipGroups: ['ga', 'gb'],
        skipKinds: ['slow'],
      });
      const mine = claimed.map((j) => j.id).filter((id) => id.startsWith('skip-'));
      assert.deepEqual(mine.sort(), ['skip-c', 'skip-e']);
    });

    if (kind === 'sqlite') {
      it('reads the jobs it claims by index, without sorting or walking the backlog', async () => {
        const compiled = claimQuery(7).compiledFor(db);
        const rows = (
          await db.executeQuery<{ detail: string }>({
            ...compiled,
            sql: `explain query plan ${compiled.sql}`,
          })
        ).rows.map((r) => r.detail);
        assert.ok(
          !rows.some((d) => d.includes('TEMP B-TREE')),
          `no sort per claim: ${rows.join(' | ')}`,
        );
        assert.ok(
          rows.some((d) =>
            /SEARCH jobs USING (COVERING )?INDEX sqlite_autoindex_jobs_1 \(id=\?\)/.test(d),
          ),
          `the update finds the claimed rows by primary key: ${rows.join(' | ')}`,
        );
      });
    }
  });
}
