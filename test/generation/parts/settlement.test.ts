/**
 * Settlement, without HTTP: a file is stored, transferred, and its row finished and charged in
 * that order; a failing transfer or store ends the row in error with its failure code, deletes
 * the stored copy and charges nothing; a run of a row that ended already transfers nothing again
 * and only completes the webhook, once.
 */
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { RenderedFile } from '../../../src/render/index.ts';
import { failRow, finishRow, settleRow } from '../../../src/core/generation/settlement.ts';
import { classifyFailure, RenderJobFailure } from '../../../src/core/generation/job-failure.ts';
import { FetchError } from '../../../src/net/fetch-error.ts';
import { TransferError } from '../../../src/storage/transfer/s3-transfer.ts';
import type { Transfer } from '../../../src/storage/transfer/transfer.ts';
import { testDbKinds } from '../../helpers/databases.ts';
import { imageRow, openStores } from './_stores.ts';

const file: RenderedFile = {
  bytes: Buffer.from('jpeg'),
  mime: 'image/jpeg',
  ext: 'jpg',
  width: 1,
  height: 1,
  warnings: [],
} as unknown as RenderedFile;

const transfer = { bucket: 'b', key: 'k' } as unknown as Transfer;

/** Settlement's ports with a storage, transfer and webhook queue that record what they do. */
function fakes(stores: Awaited<ReturnType<typeof openStores>>['stores'], failing = '') {
  const stored = new Map<string, Buffer>();
  const transfers: string[] = [];
  const webhooks: string[] = [];
  const deps = {
    ledger: stores.ledger,
    publicUrl: 'http://imprint.test',
    storage: {
      put: async (key: string, bytes: Buffer) => {
        if (failing === 'storage') throw new Error('disk full');
        stored.set(key, bytes);
      },
      delete: async (key: string) => void stored.delete(key),
    },
    transfer: async (t: Transfer) => {
      transfers.push(t.key);
      if (failing === 'transfer') throw new TransferError('bucket b: access denied');
    },
    webhooks: { enqueue: async (d: { event: string }) => void webhooks.push(d.event) },
  };
  return { deps: deps as unknown as Parameters<typeof finishRow>[0], stored, transfers, webhooks };
}

describe('job failure codes', () => {
  it('reads the code an adapter put on its error, never a class name', () => {
    const fetch = new FetchError('https://x.test/a.png', 'http_status', 'the server answered 404');
    assert.equal(classifyFailure(fetch).code, 'asset_fetch');
    assert.deepEqual(classifyFailure(new TransferError('denied')), {
      code: 'transfer',
      messages: ['transfer: denied'],
    });
    const logged: unknown[] = [];
    const named = Object.assign(new Error('secret internals'), { name: 'FetchError' });
    const internal = classifyFailure(named, { error: (o) => void logged.push(o) });
    assert.equal(internal.code, 'internal', 'a look-alike name is not a code');
    assert.doesNotMatch(internal.messages[0], /secret/);
    assert.equal(logged.length, 1);
    assert.equal(classifyFailure(new RenderJobFailure('credits', ['c'])).code, 'credits');
  });
});

for (const { kind, skip } of testDbKinds()) {
  describe(`settlement on ${kind}`, { skip }, () => {
    const cleanups: Array<() => Promise<void>> = [];
    after(async () => {
      for (const c of cleanups.reverse()) await c();
    });

    it('stores, transfers, finishes and charges; a second run only completes the webhook', async () => {
      const { stores, projectId } = await openStores(kind, cleanups);
      const r = await stores.rows.insert(
        'image',
        imageRow(projectId, 2, { has_transfer: true, webhook_success: 'https://hook.test/' }),
      );
      assert.ok('row' in r);
      const f = fakes(stores);
      const done = await finishRow(f.deps, r.row, file, transfer);
      assert.equal(done?.status, 'finished');
      assert.equal(f.stored.size, 1);
      assert.deepEqual(f.transfers, ['k']);
      assert.deepEqual(await stores.ledger.usage(projectId), { used: 2, reserved: 0 });
      await settleRow(f.deps, done!, true);
      // A re-delivered job finds the row finished: settles again (charge and webhook are
      // idempotent downstream) and never transfers a second time.
      const again = await stores.rows.find('image', r.row.id);
      await settleRow(f.deps, again!);
      assert.deepEqual(f.transfers, ['k']);
      assert.deepEqual(await stores.ledger.usage(projectId), { used: 2, reserved: 0 });
      assert.deepEqual(f.webhooks, ['success', 'success']);
    });

    it('a failing transfer ends the row in error, deletes the stored copy, charges nothing', async () => {
      const { stores, projectId } = await openStores(kind, cleanups);
      const r = await stores.rows.insert(
        'image',
        imageRow(projectId, 2, { has_transfer: true, webhook_error: 'https://hook.test/' }),
      );
      assert.ok('row' in r);
      const f = fakes(stores, 'transfer');
      const err = await finishRow(f.deps, r.row, file, transfer).catch((e: unknown) => e);
      assert.ok(err instanceof TransferError);
      assert.equal(f.stored.size, 0, 'the stored copy is deleted');
      const failed = await failRow(f.deps, r.row, err);
      assert.equal(failed.failure, 'transfer');
      assert.deepEqual(failed.row?.errors, ['transfer: bucket b: access denied']);
      await settleRow(f.deps, failed.row!);
      assert.deepEqual(f.webhooks, ['error']);
      assert.deepEqual(await stores.ledger.usage(projectId), { used: 0, reserved: 0 });
    });

    it('a failing store is a storage failure; a row deleted meanwhile keeps no file', async () => {
      const { stores, projectId } = await openStores(kind, cleanups);
      const r = await stores.rows.insert('image', imageRow(projectId, 1));
      assert.ok('row' in r);
      const broken = fakes(stores, 'storage');
      const err = await finishRow(broken.deps, r.row, file).catch((e: unknown) => e);
      assert.ok(err instanceof RenderJobFailure && err.failure === 'storage');
      const f = fakes(stores);
      await stores.rows.markDeleted('image', projectId, r.row.id);
      assert.equal(await finishRow(f.deps, r.row, file), undefined);
      assert.equal(f.stored.size, 0);
      assert.deepEqual(await stores.ledger.usage(projectId), { used: 0, reserved: 0 });
    });
  });
}
