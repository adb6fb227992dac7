import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { decodeCursor, encodeCursor, type Page } from '../../src/core/pagination.ts';
import { AppError } from '../../src/core/errors.ts';
import { openDatabase, type Database } from '../../src/store/database.ts';
import { migrateToLatest } from '../../src/store/migrations/index.ts';
import { paginate } from '../../src/store/paginate.ts';
import { freshDatabase, testDbKinds } from '../helpers/databases.ts';

describe('cursor encoding', () => {
  it('round-trips and is opaque', () => {
    const c = encodeCursor({ dir: 'next', value: 'Title, with "quotes"', id: 'abc' });
    assert.match(c, /^[A-Za-z0-9_-]+$/);
    assert.deepEqual(decodeCursor(c), { dir: 'next', value: 'Title, with "quotes"', id: 'abc' });
  });
  it('refuses garbage with a 422 naming the field', () => {
    for (const bad of [
      'x',
      '',
      Buffer.from('[1,2]').toString('base64url'),
      Buffer.from('["n",{},1]').toString('base64url'),
    ]) {
      assert.throws(
        () => decodeCursor(bad),
        (e: unknown) => e instanceof AppError && e.status === 422 && 'cursor' in (e.fields ?? {}),
      );
    }
  });
});

for (const { kind, skip } of testDbKinds()) {
  describe(`keyset pagination on ${kind}`, { skip }, () => {
    let db: Database;
    let drop: () => Promise<void>;
    before(async () => {
      const fresh = await freshDatabase(kind);
      drop = fresh.drop;
      db = openDatabase(fresh.target);
      await migrateToLatest(db);
      const account = { id: 'acc', title: 'A', created_at: '2026-01-01T00:00:00.000Z' };
      await db.insertInto('accounts').values(account).execute();
      // Duplicate titles make the id tie-breaker matter.
      for (let i = 0; i < 47; i++) {
        await db
          .insertInto('projects')
          .values({
            id: `p${String(i).padStart(3, '0')}`,
            account_id: 'acc',
            title: `t${i % 5}`,
            created_at: account.created_at,
          })
          .execute();
      }
    });
    after(async () => {
      await db?.destroy();
      await drop?.();
    });

    const walk = async (direction: 'asc' | 'desc') => {
      const order = {
        column: 'title',
        idColumn: 'id',
        direction,
        valueOf: (r: { title: string }) => r.title,
        idOf: (r: { id: string }) => r.id,
      };
      const seen: string[] = [];
      const pages: Array<{ ids: string[]; prev: string | null }> = [];
      let cursor: string | null = null;
      do {
        const page: Page<{ id: string; title: string }> = await paginate(
          db.selectFrom('projects').selectAll(),
          order,
          { perPage: 10, cursor: cursor ? decodeCursor(cursor) : undefined },
        );
        seen.push(...page.items.map((r) => r.id));
        pages.push({ ids: page.items.map((r) => r.id), prev: page.prevCursor });
        cursor = page.nextCursor;
      } while (cursor);
      return { seen, pages, order };
    };

    it('visits every row exactly once, in order, in both directions', async () => {
      for (const direction of ['asc', 'desc'] as const) {
        const { seen, pages } = await walk(direction);
        assert.equal(seen.length, 47);
        assert.equal(new Set(seen).size, 47);
        assert.equal(pages.length, 5);
        assert.equal(pages[0].prev, null);
        const rows = await db.selectFrom('projects').selectAll().execute();
        const key = (id: string) => {
          const r = rows.find((x) => x.id === id)!;
          return `${r.title}\u0000${r.id}`;
        };
        const sorted = [...seen].sort((a, b) => (key(a) < key(b) ? -1 : 1));
        assert.deepEqual(seen, direction === 'asc' ? sorted : sorted.reverse());
      }
    });

    it('walks back with prev cursors to the same pages', async () => {
      const { pages, order } = await walk('asc');
      const third = pages[2];
      const back = await paginate(db.selectFrom('projects').selectAll(), order, {
        perPage: 10,
        cursor: decodeCursor(third.prev!),
      });
      assert.deepEqual(
        back.items.map((r) => r.id),
        pages[1].ids,
      );
      assert.ok(back.prevCursor);
      assert.ok(back.nextCursor);
    });

    it('stays stable when rows are inserted and deleted mid-walk', async () => {
      const order = {
        column: 'title',
        idColumn: 'id',
        direction: 'asc' as const,
        valueOf: (r: { title: string }) => r.title,
        idOf: (r: { id: string }) => r.id,
      };
      const first = await paginate(db.selectFrom('projects').selectAll(), order, { perPage: 10 });
      // Delete a row already seen and the first row of the next page; insert one before the cursor.
      await db.deleteFrom('projects').where('id', '=', first.items[0].id).execute();
      await db
        .insertInto('projects')
        .values({
          id: 'a-new',
          account_id: 'acc',
          title: 't0',
          created_at: '2026-01-01T00:00:00.000Z',
        })
        .execute();
      const seen = new Set(first.items.map((r) => r.id));
      let cursor = first.nextCursor;
      while (cursor) {
        const page = await paginate(db.selectFrom('projects').selectAll(), order, {
          perPage: 10,
          cursor: decodeCursor(cursor),
        });
        for (const r of page.items) {
          assert.equal(seen.has(r.id), false, `row ${r.id} visited twice`);
          seen.add(r.id);
        }
        cursor = page.nextCursor;
      }
      assert.equal(seen.size, 47);
    });
  });
}
