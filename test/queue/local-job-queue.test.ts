/** The JobQueue contract on the embedded queue, on SQLite and PostgreSQL. */
import { LocalJobQueue } from '../../src/queue/local/local-job-queue.ts';
import { openDatabase, type Database } from '../../src/store/database.ts';
import { migrateToLatest } from '../../src/store/migrations/index.ts';
import { freshDatabase, testDbKinds } from '../helpers/databases.ts';
import { jobQueueContract } from './job-queue.contract.ts';

const LEASE_MS = 600;

for (const { kind, skip } of testDbKinds()) {
  jobQueueContract(`local queue on ${kind}`, skip, async () => {
    const fresh = await freshDatabase(kind);
    const dbs: Database[] = [];
    const first = openDatabase(fresh.target);
    await migrateToLatest(first);
    dbs.push(first);
    return {
      leaseMs: LEASE_MS,
      // Each queue gets its own connection(s), as a separate process would.
      open: async () => {
        const db = openDatabase(fresh.target);
        dbs.push(db);
        return new LocalJobQueue(db, { leaseMs: LEASE_MS, maxPollMs: 100, onError: () => {} });
      },
      teardown: async () => {
        for (const db of dbs) await db.destroy();
        await fresh.drop();
      },
    };
  });
}
