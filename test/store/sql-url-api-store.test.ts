/**
 * The URL API's store on both databases: the unique key of a URL render lets exactly one
 * concurrent caller start it (the others wait), an expired lease can be taken over, only the
 * holder finishes or drops a render, and signing settings default to "no secret, refuse unsigned".
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openDatabase, type Database } from '../../src/store/database.ts';
import { migrateToLatest } from '../../src/store/migrations/index.ts';
import { SqlProjectStore } from '../../src/store/sql-project-store.ts';
import { SqlUrlApiStore } from '../../src/store/sql-url-api-store.ts';
import { freshDatabase, testDbKinds } from '../helpers/databases.ts';

const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();

for (const { kind, skip } of testDbKinds()) {
  describe(`URL API store on ${kind}`, { skip }, () => {
    let db: Database;
    let drop: () => Promise<void>;
    let store: SqlUrlApiStore;
    let projectId: string;
    before(async () => {
      const fresh = await freshDatabase(kind);
      drop = fresh.drop;
      db = openDatabase(fresh.target);
      await migrateToLatest(db);
      store = new SqlUrlApiStore(db);
      const projects = new SqlProjectStore(db);
      const account = await projects.createAccount('A');
      projectId = (await projects.createProject(account.id, 'P')).id;
    });
    after(async () => {
      await db?.destroy();
      await drop?.();
    });

    it('lets exactly one of many concurrent callers start a render of a key', async () => {
      const started = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          store.startRender(projectId, 'key-1', 'tpl', `owner-${i}`, inMs(10_000)),
        ),
      );
      assert.equal(started.filter(Boolean).length, 1);
      const row = await store.findRender(projectId, 'key-1');
      assert.equal(row?.status, 'rendering');
      const winner = `owner-${started.indexOf(true)}`;
      assert.equal(row?.status === 'rendering' && row.owner, winner);

      // Nobody else finishes, drops or takes over a live render.
      const file = { imageId: 7, fileKey: 'images/abc/x.png', contentType: 'image/png', etag: 'e' };
      assert.equal(await store.finishRender(projectId, 'key-1', 'intruder', file), false);
      await store.dropRender(projectId, 'key-1', 'intruder');
      await store.dropRender(projectId, 'key-1');
      const now = new Date().toISOString();
      assert.equal(
        await store.takeOverRender(projectId, 'key-1', 'intruder', inMs(1000), now),
        false,
      );
      assert.equal((await store.findRender(projectId, 'key-1'))?.status, 'rendering');

      assert.equal(await store.finishRender(projectId, 'key-1', winner, file), true);
      assert.deepEqual(await store.findRender(projectId, 'key-1'), { status: 'finished', ...file });
      // A finished render is dropped without an owner (its file is gone) and can start anew.
      await store.dropRender(projectId, 'key-1');
      assert.equal(await store.findRender(projectId, 'key-1'), undefined);
    });

    it('hands a render whose lease ran out to one new owner', async () => {
      assert.equal(await store.startRender(projectId, 'key-2', 'tpl', 'dead', inMs(-1000)), true);
      const now = new Date().toISOString();
      const taken = await Promise.all(
        ['a', 'b', 'c'].map((o) => store.takeOverRender(projectId, 'key-2', o, inMs(10_000), now)),
      );
      assert.equal(taken.filter(Boolean).length, 1);
      await store.dropRender(projectId, 'key-2', 'dead');
      assert.equal(
        (await store.findRender(projectId, 'key-2'))?.status,
        'rendering',
        'not dead’s any more',
      );
    });

    it('keeps signing settings per project: no secret and unsigned refused until set', async () => {
      assert.deepEqual(await store.signing(projectId), { secret: null, allowUnsigned: false });
      await store.setAllowUnsigned(projectId, true);
      const secret = await store.getOrCreateSecret(projectId, () => 'first');
      assert.equal(secret, 'first');
      const unused = () => assert.fail('a project with a secret makes no new one');
      assert.equal(await store.getOrCreateSecret(projectId, unused), 'first');
      assert.deepEqual(await store.signing(projectId), { secret: 'first', allowUnsigned: true });
      await store.setSecret(projectId, 'third');
      await store.setAllowUnsigned(projectId, false);
      assert.deepEqual(await store.signing(projectId), { secret: 'third', allowUnsigned: false });
    });
  });
}
