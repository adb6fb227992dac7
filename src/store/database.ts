/**
 * Opens the database named by the config: an embedded SQLite file (default) or PostgreSQL.
 * Both run the same migrations and the same queries.
 */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresAdapter, SqliteDialect, sql, type SqliteDatabase } from 'kysely';
import { OwnSchemaPostgresDialect } from './own-schema-introspector.ts';
import type { DB } from './schema.ts';
import { withStatementCache } from './sqlite-statement-cache.ts';

/** Where to connect: a SQLite file (or ':memory:') or a PostgreSQL URL, optionally in one schema. */
export type DatabaseTarget =
  | {
      kind: 'sqlite';
      file: string;
      /**
       * Create the file's folder when it is missing (default true). False for a DATABASE_URL that
       * names its own file: a missing folder there is more likely a typo or an unmounted volume
       * than a wish for a fresh installation.
       */
      createFolder?: boolean;
    }
  | { kind: 'postgres'; url: string; schema?: string; poolSize?: number };

// COUNT(*) and BIGINT come back as strings by default; our counts and ids fit in a double.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

/** Raised when a SQLite file's folder does not exist and may not be created. */
export class MissingFolderError extends Error {
  readonly code = 'ENOENT';
  readonly folder: string;
  constructor(folder: string) {
    super(`the folder ${folder} does not exist (create it first, or fix the path)`);
    this.folder = folder;
    this.name = 'MissingFolderError';
  }
}

/** The Kysely handle used by every SQL store. */
export type Database = Kysely<DB>;

/** The better-sqlite3 connection behind a SQLite Database, and its statement cache. */
export interface SqliteHandle {
  raw: SQLite.Database;
  statements: SqliteDatabase;
}

const sqliteHandles = new WeakMap<Database, SqliteHandle>();

/**
 * The SQLite connection of a database opened by openDatabase (not of a transaction's handle, nor
 * of PostgreSQL): prepared-query.ts runs its statements on it directly when no transaction is
 * open on the connection.
 */
export function sqliteHandleOf(db: Database): SqliteHandle | undefined {
  return sqliteHandles.get(db);
}

/** Opens (and for SQLite creates) the database. Call migrateToLatest before use. */
export function openDatabase(target: DatabaseTarget): Database {
  if (target.kind === 'sqlite') {
    if (target.file !== ':memory:') {
      const folder = path.dirname(target.file);
      if (target.createFolder !== false) fs.mkdirSync(folder, { recursive: true });
      else if (!fs.existsSync(folder)) throw new MissingFolderError(folder);
    }
    const sqlite = new SQLite(target.file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('synchronous = NORMAL');
    const statements = withStatementCache(sqlite);
    const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: statements }) });
    sqliteHandles.set(db, { raw: sqlite, statements });
    return db;
  }
  const pool = new pg.Pool({
    connectionString: target.url,
    max: target.poolSize ?? 10,
    // An unreachable server fails a request within seconds (a 503) instead of holding it.
    connectionTimeoutMillis: 5000,
    ...(target.schema ? { options: `-c search_path=${target.schema}` } : {}),
  });
  // A connection dropped by the server (restart, network loss) emits 'error' on its client and
  // on the pool; pg discards that connection, and an 'error' event without a listener would end
  // the process (a client can emit twice: a reset, then "Connection terminated unexpectedly").
  // Queries on it still fail, and a request then answers 503.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return new Kysely<DB>({ dialect: new OwnSchemaPostgresDialect({ pool }) });
}

/** True when the handle talks to PostgreSQL (for the few dialect-specific statements). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema
export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** Cheap round trip used by /ready. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema
export async function pingDatabase(db: Kysely<any>): Promise<void> {
  await sql`select 1`.execute(db);
}
