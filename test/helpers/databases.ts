/**
 * The databases every store and API test runs against: SQLite always, PostgreSQL when reachable.
 * TEST_DATABASES=sqlite|postgres|sqlite,postgres picks (default both); TEST_POSTGRES_URL points at
 * the server (default postgres://postgres@127.0.0.1:5432/test). Each test database is a fresh
 * SQLite file or a fresh PostgreSQL schema, dropped afterwards.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { newId } from '../../src/core/ids.ts';
import type { DatabaseTarget } from '../../src/store/database.ts';

/** A database kind under test. */
export type TestDbKind = 'sqlite' | 'postgres';

/** URL of the PostgreSQL server used by tests. */
export const TEST_POSTGRES_URL =
  process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const wanted = (process.env.TEST_DATABASES ?? 'sqlite,postgres').split(',').map((s) => s.trim());

async function postgresReachableOnce(): Promise<boolean> {
  const client = new pg.Client({
    connectionString: TEST_POSTGRES_URL,
    connectionTimeoutMillis: 10_000,
  });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

// A loaded machine can be slow to accept a connection: try three times before skipping.
async function postgresReachable(): Promise<boolean> {
  for (let attempt = 0; attempt < 3; attempt++) {
    if (await postgresReachableOnce()) return true;
  }
  return false;
}

const pgOk = wanted.includes('postgres') ? await postgresReachable() : false;
if (wanted.includes('postgres') && !pgOk && process.env.TEST_REQUIRE_POSTGRES === '1') {
  throw new Error(
    `PostgreSQL at ${TEST_POSTGRES_URL} is not reachable and TEST_REQUIRE_POSTGRES=1`,
  );
}
if (wanted.includes('postgres') && !pgOk) {
  console.warn(
    `NOTICE: PostgreSQL at ${TEST_POSTGRES_URL} is not reachable; PostgreSQL tests are skipped.`,
  );
}

/** The kinds to run, each with a skip reason when it cannot run here. */
export function testDbKinds(): Array<{ kind: TestDbKind; skip: string | false }> {
  const kinds: Array<{ kind: TestDbKind; skip: string | false }> = [];
  if (wanted.includes('sqlite')) kinds.push({ kind: 'sqlite', skip: false });
  if (wanted.includes('postgres'))
    kinds.push({
      kind: 'postgres',
      skip: pgOk ? false : `PostgreSQL not reachable at ${TEST_POSTGRES_URL}`,
    });
  return kinds;
}

/** A fresh, empty database of the given kind, and how to drop it. */
export async function freshDatabase(
  kind: TestDbKind,
): Promise<{ target: DatabaseTarget; drop(): Promise<void> }> {
  if (kind === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-test-'));
    return {
      target: { kind: 'sqlite', file: path.join(dir, 'test.sqlite') },
      drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  const schema = `t_${newId(10)}`;
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  return {
    target: { kind: 'postgres', url: TEST_POSTGRES_URL, schema, poolSize: 4 },
    drop: async () => {
      const c = new pg.Client({ connectionString: TEST_POSTGRES_URL });
      await c.connect();
      await c.query(`drop schema if exists ${schema} cascade`);
      await c.end();
    },
  };
}
