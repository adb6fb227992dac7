/**
 * Delivery leases on both databases: a restarted dispatcher takes back at once the leases of a
 * dead process of this host (another pid, or its own pid in an earlier life), leaves a live
 * process's lease alone, and an attempt that outlasts its lease is not sent a second time.
 */
import assert from 'node:assert/strict';
import os from 'node:os';
import { after, afterEach, before, describe, it } from 'node:test';
import { createProjectWithTokens } from '../../src/core/projects.ts';
import type { WebhookDelivery, WebhookRequest } from '../../src/core/webhooks.ts';
import { openDatabase, type Database } from '../../src/store/database.ts';
import { migrateToLatest } from '../../src/store/migrations/index.ts';
import { SqlProjectStore } from '../../src/store/sql-project-store.ts';
import { SqlWebhookStore } from '../../src/store/sql-webhook-store.ts';
import {
  WebhookDispatcher,
  type WebhookDispatcherOptions,
} from '../../src/webhooks/webhook-dispatcher.ts';
import { freshDatabase, testDbKinds } from '../helpers/databases.ts';
import { startReceiver, waitFor, type Receiver } from './receiver.ts';

/** The default lease (10 s timeout + 30 s): what a redelivery used to wait for. */
const LEASE_MS = 40_000;
/** How long the slow receiver takes to answer: three times the short lease of that test. */
const SLOW_MS = 3000;

for (const { kind, skip } of testDbKinds()) {
  describe(`webhook delivery leases (${kind})`, { skip }, () => {
    let db: Database;
    let drop: () => Promise<void>;
    let projectId: string;
    let receiver: Receiver;
    let store: SqlWebhookStore;
    let nextId = 1;
    const dispatchers: WebhookDispatcher[] = [];

    const make = (opts: Partial<WebhookDispatcherOptions> = {}) => {
      const d = new WebhookDispatcher(new SqlWebhookStore(db), {
        allowPrivate: true,
        retryBaseMs: 40,
        ...opts,
      });
      dispatchers.push(d);
      return d;
    };
    const request = (path: string): WebhookRequest => ({
      projectId,
      resourceType: 'image',
      resourceId: nextId++,
      event: 'success',
      url: receiver.url(path),
      payload: { id: 0, status: 'finished' },
    });
    const settled = (d: WebhookDispatcher, r: WebhookRequest, timeoutMs: number) =>
      waitFor<WebhookDelivery>(async () => {
        const [row] = await d.listDeliveries(r.projectId, r.resourceType, r.resourceId);
        return row && row.status !== 'pending' ? row : undefined;
      }, timeoutMs);
    /** A pending delivery whose first attempt `owner` claimed, leased for the next 40 s. */
    const leasedTo = async (owner: string, r: WebhookRequest) => {
      await make().enqueue(r); // a dispatcher that never started: the row waits unleased
      const [row] = await store.listDeliveries(projectId, 'image', r.resourceId);
      const now = new Date();
      const until = new Date(now.getTime() + LEASE_MS).toISOString();
      assert.ok(await store.claim(row.id, 0, owner, now.toISOString(), until));
    };

    before(async () => {
      const fresh = await freshDatabase(kind);
      drop = fresh.drop;
      db = openDatabase(fresh.target);
      await migrateToLatest(db);
      store = new SqlWebhookStore(db);
      projectId = (await createProjectWithTokens(new SqlProjectStore(db), 'Leases')).project.id;
      receiver = await startReceiver({}, { '/slow': SLOW_MS });
    });
    afterEach(async () => {
      for (const d of dispatchers.splice(0)) await d.stop();
    });
    after(async () => {
      await receiver.close();
      await db.destroy();
      await drop();
    });

    it('a new dispatcher sends at once a delivery leased by a dead process of this host', async () => {
      // pid 2^22+1 is above Linux's largest pid: no such process.
      const r = request('/dead-pid');
      await leasedTo(`${os.hostname()}:4194305:crashed`, r);
      const started = Date.now();
      const d = make();
      d.start();
      // Far less than the 40 s lease: taken back at start, not when the lease runs out.
      const row = await settled(d, r, 15_000);
      assert.equal(row.status, 'succeeded');
      assert.equal(row.attempts, 2, 'the crashed attempt counts');
      assert.equal(receiver.to('/dead-pid').length, 1);
      assert.ok(Date.now() - started < 15_000);
    });

    it('also when the dead process had this process pid (a restarted container)', async () => {
      const r = request('/same-pid');
      await leasedTo(`${os.hostname()}:${process.pid}:earlier-life`, r);
      const d = make();
      d.start();
      assert.equal((await settled(d, r, 15_000)).status, 'succeeded');
      assert.equal(receiver.to('/same-pid').length, 1);
    });

    it('leaves alone the lease of a live process of this host, and of another host', async () => {
      const live = request('/live-pid');
      await leasedTo(`${os.hostname()}:${process.ppid}:alive`, live);
      const remote = request('/other-host');
      await leasedTo(`elsewhere.example:4194305:unknown`, remote);
      const d = make({ pollIntervalMs: 20 });
      d.start();
      // A control sent by the same dispatcher proves its polls ran in the meantime.
      const control = request('/control');
      await make().enqueue(control);
      await settled(d, control, 15_000);
      await new Promise((res) => setTimeout(res, 200));
      assert.equal(receiver.to('/live-pid').length, 0);
      assert.equal(receiver.to('/other-host').length, 0);
    });

    it('an attempt that outlasts its lease is not sent again by another process', async () => {
      const lease = { leaseMs: SLOW_MS / 3, pollIntervalMs: 20 };
      const first = make(lease);
      first.start();
      const r = request('/slow');
      await first.enqueue(r); // sent at once by `first`, answered after three leases
      await waitFor(async () => (receiver.to('/slow').length > 0 ? true : undefined), 15_000);
      const second = make(lease);
      second.start();
      const row = await settled(first, r, 30_000);
      assert.equal(row.status, 'succeeded');
      assert.equal(row.attempts, 1);
      // Let `second` poll a while longer: the lease it could have taken ended with the attempt.
      await new Promise((res) => setTimeout(res, lease.leaseMs));
      assert.equal(receiver.to('/slow').length, 1, 'one POST: the lease was renewed in flight');
    });
  });
}
