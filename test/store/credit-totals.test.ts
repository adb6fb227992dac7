/**
 * Credits used come from a running total kept with the ledger, not from summing the ledger on
 * every request (which grew with a project's history); an upgraded database gets its totals from
 * the ledger it already holds.
 */
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { openDatabase, type Database } from '../../src/store/database.ts';
import { migrateTo, migrateToLatest } from '../../src/store/migrations/index.ts';
import { sqlGenerationStores } from '../../src/store/sql-generation-stores.ts';
import { SqlProjectStore } from '../../src/store/sql-project-store.ts';
import { freshDatabase, testDbKinds } from '../helpers/databases.ts';

for (const { kind, skip } of testDbKinds()) {
  describe(`credit totals on ${kind}`, { skip }, () => {
    const cleanups: Array<() => Promise<void>> = [];
    after(async () => {
      for (const c of cleanups.reverse()) await c();
    });
    async function open(migrate: (db: Database) => Promise<void>) {
      const fresh = await freshDatabase(kind);
      const db = openDatabase(fresh.target);
      cleanups.push(fresh.drop, () => db.destroy());
      await migrate(db);
      const projects = new SqlProjectStore(db);
      const account = await projects.createAccount('A');
      const p1 = await projects.createProject(account.id, 'One');
      const p2 = await projects.createProject(account.id, 'Two');
      return { db, repo: sqlGenerationStores(db).ledger, p1: p1.id, p2: p2.id };
    }

    it('adds each charge to its project once, however often it is recorded', async () => {
      const { repo, p1, p2 } = await open(migrateToLatest);
      assert.equal((await repo.usage(p1)).used, 0);
      await repo.charge({ projectId: p1, type: 'image', id: 1, credits: 1 });
      await repo.charge({ projectId: p1, type: 'pdf', id: 1, credits: 4 });
      await repo.charge({ projectId: p1, type: 'image', id: 1, credits: 1 }); // a re-delivery
      await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          repo.charge({ projectId: p2, type: 'image', id: 100 + (i % 10), credits: 8 }),
        ),
      );
      assert.equal((await repo.usage(p1)).used, 5);
      assert.equal((await repo.usage(p2)).used, 80, 'ten distinct images of 8 credits');
    });

    it('counts ledger rows written by any code, such as a process on the previous version', async () => {
      const { db, repo, p1 } = await open(migrateToLatest);
      await repo.charge({ projectId: p1, type: 'image', id: 7, credits: 16 });
      // The previous version inserted ledger rows only; the database keeps the total with them.
      const old = (id: string, resourceId: number) =>
        db
          .insertInto('credit_ledger')
          .values({
            id,
            project_id: p1,
            resource_type: 'image',
            resource_id: resourceId,
            credits: 2,
            created_at: new Date().toISOString(),
          })
          .onConflict((oc) => oc.columns(['resource_type', 'resource_id']).doNothing())
          .execute();
      await old('old-1', 8);
      await old('old-2', 8); // the same resource again: not inserted, not counted
      assert.equal((await repo.usage(p1)).used, 18);
    });

    it('reads usage from the total, without summing the ledger', async () => {
      const { db, repo, p1 } = await open(migrateToLatest);
      await repo.charge({ projectId: p1, type: 'image', id: 9, credits: 5 });
      // A probe of where the figure comes from: were usage a sum, this would zero it.
      await db.deleteFrom('credit_ledger').execute();
      assert.equal((await repo.usage(p1)).used, 5);
    });

    it('fills the totals from the existing ledger when an older database is upgraded', async () => {
      // 0006: the last schema without running totals.
      const { db, repo, p1, p2 } = await open((db) => migrateTo(db, '0006-generation'));
      const at = new Date().toISOString();
      const rows = [
        { project_id: p1, resource_type: 'image' as const, resource_id: 1, credits: 1 },
        { project_id: p1, resource_type: 'pdf' as const, resource_id: 1, credits: 6 },
        { project_id: p2, resource_type: 'image' as const, resource_id: 2, credits: 32 },
      ];
      for (const [i, r] of rows.entries()) {
        await db
          .insertInto('credit_ledger')
          .values({ ...r, id: `old-${i}`, created_at: at })
          .execute();
      }
      await migrateToLatest(db);
      assert.equal((await repo.usage(p1)).used, 7);
      assert.equal((await repo.usage(p2)).used, 32);
      await repo.charge({ projectId: p2, type: 'image', id: 3, credits: 1 });
      assert.equal((await repo.usage(p2)).used, 33);
    });
  });
}
