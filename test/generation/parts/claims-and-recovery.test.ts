/**
 * Claims and recovery, without HTTP: a claim keeps other owners out until its lease ends, a dead
 * owner of this host gives its claim up at once, renewal keeps a lease alive, and the recovery
 * sweep queues exactly the rows whose job may be lost, under job ids that make it idempotent.
 */
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import os from 'node:os';
import { RenderClaims } from '../../../src/core/generation/render-claims.ts';
import { ClaimRecovery } from '../../../src/core/generation/claim-recovery.ts';
import { testDbKinds } from '../../helpers/databases.ts';
import { imageRow, openStores } from './_stores.ts';

/** A pid no process of this host has (checked), so its owner is dead. */
function deadPid(): number {
  for (let pid = 4_000_000; ; pid++) {
    try {
      process.kill(pid, 0);
    } catch {
      return pid;
    }
  }
}

/** Polls until `check` holds; fails after `ms`. */
async function until(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) assert.fail('condition not reached in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

for (const { kind, skip } of testDbKinds()) {
  describe(`claims and recovery on ${kind}`, { skip }, () => {
    const cleanups: Array<() => Promise<void>> = [];
    after(async () => {
      for (const c of cleanups.reverse()) await c();
    });

    it('keeps another owner out until the lease ends, then lets it in', async () => {
      const { stores, projectId } = await openStores(kind, cleanups);
      const r = await stores.rows.insert('image', imageRow(projectId));
      assert.ok('row' in r);
      const id = r.row.id;
      // Long enough that a loaded machine's pause cannot end it before the checks below.
      const a = { owner: 'elsewhere:1:a', leaseMs: 2000 };
      const b = { owner: 'elsewhere:1:b', leaseMs: 60_000 };
      assert.equal(await stores.claims.claim('image', id, a), 'claimed');
      assert.equal(await stores.claims.claim('image', id, a), 'claimed', 'its own claim again');
      assert.equal(await stores.claims.claim('image', id, b), 'held');
      assert.deepEqual(await stores.claims.expiredClaims(10), []);
      await until(async () => (await stores.claims.claim('image', id, b)) === 'claimed');
      assert.equal(await stores.claims.claim('image', id, a), 'held', 'now b holds it');
      await stores.ledger.markError('image', id, ['x']);
      assert.equal(await stores.claims.claim('image', id, a), 'gone', 'an ended row');
    });

    it('renewal keeps a short lease alive; expiry makes the row recoverable', async () => {
      const { stores, projectId } = await openStores(kind, cleanups);
      const r = await stores.rows.insert('image', imageRow(projectId));
      assert.ok('row' in r);
      // A lease of 1 s renewed every third of it: a pause of a loaded machine under 2/3 s
      // (not 200 ms, as with a 300 ms lease) cannot let it lapse.
      const claims = new RenderClaims({ claims: stores.claims, rows: stores.rows }, 1000);
      assert.equal(await claims.claimRow('image', r.row.id, 0), true);
      claims.keepRenewing();
      // Three leases long: renewal (every lease/3) keeps it valid the whole time.
      const start = Date.now();
      while (Date.now() - start < 3000) {
        assert.deepEqual(await stores.claims.expiredClaims(10), []);
        await new Promise((res) => setTimeout(res, 50));
      }
      claims.close();
      await until(async () => (await stores.claims.expiredClaims(10)).length === 1);
      const [expired] = await stores.claims.expiredClaims(10);
      assert.equal(expired.id, r.row.id);
      assert.equal(expired.claimed_by, claims.owner);
    });

    it('takes the claim of a dead process of this host at once', async () => {
      const { stores, projectId } = await openStores(kind, cleanups);
      const r = await stores.rows.insert('image', imageRow(projectId));
      assert.ok('row' in r);
      const dead = `${os.hostname()}:${deadPid()}:x`;
      assert.equal(
        await stores.claims.claim('image', r.row.id, { owner: dead, leaseMs: 600_000 }),
        'claimed',
      );
      const claims = new RenderClaims({ claims: stores.claims, rows: stores.rows }, 60_000);
      assert.equal(await claims.claimRow('image', r.row.id, 0), true);
      const live = `${os.hostname()}:${process.pid}:y`;
      const r2 = await stores.rows.insert('image', imageRow(projectId));
      assert.ok('row' in r2);
      await stores.claims.claim('image', r2.row.id, { owner: live, leaseMs: 600_000 });
      const other = new RenderClaims({ claims: stores.claims, rows: stores.rows }, 60_000);
      assert.equal(await other.claimRow('image', r2.row.id, 0), false, 'a live owner keeps it');
    });

    it('recovery queues unclaimed rows, expired claims and dead owners, with idempotent job ids', async () => {
      const { stores, projectId } = await openStores(kind, cleanups);
      const ids: number[] = [];
      for (let i = 0; i < 4; i++) {
        const r = await stores.rows.insert('image', imageRow(projectId));
        assert.ok('row' in r);
        ids.push(r.row.id);
      }
      const [unclaimed, expired, deadOwned, live] = ids;
      await stores.claims.claim('image', expired, { owner: 'elsewhere:1:e', leaseMs: 1 });
      const dead = `${os.hostname()}:${deadPid()}:d`;
      await stores.claims.claim('image', deadOwned, { owner: dead, leaseMs: 600_000 });
      await stores.claims.claim('image', live, { owner: 'elsewhere:1:l', leaseMs: 600_000 });
      await until(async () => (await stores.claims.expiredClaims(10)).length === 1);
      const queued: Array<{ id: number; jobId: string; group?: string }> = [];
      const recovery = new ClaimRecovery({
        claims: stores.claims,
        queue: {
          enqueue: async (_kind, payload, opts) => {
            queued.push({ id: payload.id as number, jobId: opts!.jobId!, group: opts?.group });
          },
        },
      });
      await recovery.sweep();
      const byId = new Map(queued.map((q) => [q.id, q]));
      assert.equal(byId.get(unclaimed)?.jobId, `image:${unclaimed}`, 'the first job id');
      assert.match(byId.get(expired)?.jobId ?? '', new RegExp(`^image:${expired}:`));
      assert.match(byId.get(deadOwned)?.jobId ?? '', new RegExp(`^image:${deadOwned}:`));
      assert.equal(byId.has(live), false, 'a live claim is left alone');
      assert.ok(
        queued.every((q) => q.group === projectId),
        'the project is the job group',
      );
    });
  });
}
