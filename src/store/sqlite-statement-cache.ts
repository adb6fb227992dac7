/**
 * Reuses better-sqlite3 prepared statements by SQL text. Kysely's SQLite driver calls
 * `prepare` for every query it runs, and preparing (parsing and planning) costs more than
 * running the small statements the service issues; the same few dozen SQL texts repeat for
 * every request, so a bounded cache removes almost all of that work.
 */
import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** How many distinct SQL texts are kept (least recently used ones are dropped). */
export const STATEMENT_CACHE_SIZE = 256;

/**
 * The database as Kysely's SqliteDialect sees it, with `prepare` answered from the cache.
 * A cached statement that is still busy (an unfinished `iterate`) is never handed out twice:
 * that caller gets a fresh statement instead.
 */
export function withStatementCache(
  db: SQLite.Database,
  max = STATEMENT_CACHE_SIZE,
): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    prepare(sql: string): SqliteStatement {
      const cached = cache.get(sql);
      if (cached) {
        if (cached.busy) return db.prepare(sql);
        // Map order is insertion order: re-inserting makes it the most recently used.
        cache.delete(sql);
        cache.set(sql, cached);
        return cached;
      }
      const stmt = db.prepare(sql);
      cache.set(sql, stmt);
      if (cache.size > max) cache.delete(cache.keys().next().value!);
      return stmt;
    },
    close(): void {
      cache.clear();
      db.close();
    },
  };
}
