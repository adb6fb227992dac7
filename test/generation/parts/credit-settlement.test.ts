/**
 * The credit ledger, without HTTP: finishing a row charges it in the same statement, once however
 * many runs race to finish it; an error releases what the row reserved; test rows are free; and
 * concurrent creations against a credit limit never admit more than it.
 */
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { testDbKinds } from '../../helpers/databases.ts';
import { imageRow, openStores } from './_stores.ts';

for (const { kind, skip } of testDbKinds()) {
  describe(`credit settlement on ${kind}`, { skip }, () => {
    const cleanups: Array<() => Promise<void>> = [];
    after(async () => {
      for (const c of cleanups.reverse()) await c();
    });

    it('charges a row once when many runs finish it at the same time', async () => {
      const { db, stores, projectId } = await openStores(kind, cleanups);
      const r = await stores.rows.insert('image', imageRow(projectId, 3));
      assert.ok('row' in r);
      assert.deepEqual(await stores.ledger.usage(projectId), { used: 0, reserved: 3 });
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          stores.ledger.markFinished('image', r.row.id, `images/${i}.png`),
        ),
      );
      assert.equal(results.filter(Boolean).length, 1, 'one run finishes it');
      // A re-delivered job settling again records nothing new.
      await stores.ledger.charge({ projectId, type: 'image', id: r.row.id, credits: 3 });
      assert.deepEqual(await stores.ledger.usage(projectId), { used: 3, reserved: 0 });
      const ledger = await db
        .selectFrom('credit_ledger')
        .selectAll()
        .where('project_id', '=', projectId)
        .execute();
      assert.equal(ledger.length, 1);
      assert.equal(Number(ledger[0].credits), 3);
    });

    it('releases the reservation of a row that fails, and never charges test rows', async () => {
      const { stores, projectId } = await openStores(kind, cleanups);
      const failed = await stores.rows.insert('image', imageRow(projectId, 2));
      const test = await stores.rows.insert('image', imageRow(projectId, 0, { test_mode: true }));
      assert.ok('row' in failed && 'row' in test);
      assert.deepEqual(await stores.ledger.usage(projectId), { used: 0, reserved: 2 });
      await stores.ledger.markError('image', failed.row.id, ['layers.photo: 404']);
      await stores.ledger.markFinished('image', test.row.id, 'images/t.png');
      assert.deepEqual(await stores.ledger.usage(projectId), { used: 0, reserved: 0 });
      assert.equal(await stores.ledger.markFinished('image', failed.row.id, 'x'), undefined);
    });

    it('never admits more than the limit, however many creations race', async () => {
      const { stores, projectId } = await openStores(kind, cleanups);
      await stores.ledger.setCreditLimit(projectId, 10);
      const tries = await Promise.all(
        Array.from({ length: 12 }, () =>
          stores.rows.insert('image', imageRow(projectId, 2), { creditLimit: 10 }),
        ),
      );
      const admitted = tries.filter((t) => 'row' in t);
      assert.equal(admitted.length, 5, 'five rows of 2 credits fit in 10');
      for (const t of tries) if ('overLimit' in t) assert.equal(t.overLimit.limit, 10);
      for (const t of admitted)
        if ('row' in t) await stores.ledger.markFinished('image', t.row.id, `k${t.row.id}`);
      assert.deepEqual(await stores.ledger.usage(projectId), { used: 10, reserved: 0 });
      const more = await stores.rows.insert('image', imageRow(projectId, 1), { creditLimit: 10 });
      assert.ok('overLimit' in more && more.overLimit.left === 0);
    });

    it('checks a limit the caller did not see (read with the token before it was set)', async () => {
      const { stores, projectId } = await openStores(kind, cleanups);
      await stores.ledger.setCreditLimit(projectId, 1);
      // undefined: the caller did not read it, so insert reads it itself.
      const r = await stores.rows.insert('image', imageRow(projectId, 2));
      assert.ok('overLimit' in r);
    });
  });
}
