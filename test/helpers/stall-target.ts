/**
 * A fresh `imprint serve` for one stall phase (test/helpers/stall-phase.ts): its own database
 * (a SQLite file, or a PostgreSQL schema with BullMQ on Redis under a key prefix of its own), an
 * attacker and a victim project, and their templates. Every phase gets its own, so what one
 * attack left running (downloads, queued jobs) cannot weigh on the next one's figures; `close`
 * SIGKILLs the process and removes the database, the data folder and the Redis keys.
 */
import assert from 'node:assert/strict';
import { Redis } from 'ioredis';
import { newId } from '../../src/core/ids.ts';
import { runCliInProcess } from './cli-in-process.ts';
import { freshDatabase } from './databases.ts';
import { TEST_REDIS_URL } from './redis.ts';
import { restClient, ServerProcess } from './server-process.ts';
import type { AttackAssets, AttackTarget } from './stall-attacks.ts';

/** Where a phase runs: SQLite with the local queue, or PostgreSQL with BullMQ. */
export type StallDatabase = 'sqlite' | 'postgres+bullmq';

/** A running server with its two projects. */
export interface StallTarget {
  server: ServerProcess;
  attacker: AttackTarget;
  victim: { token: string; template: string };
  close(): Promise<void>;
}

/** The victim's template: one text layer, the smallest thing a create_now can render. */
const VICTIM_DESIGN = {
  width: 400,
  height: 100,
  background: '#ffffff',
  layers: [{ name: 'title', type: 'text', x: 10, y: 10, width: 380, height: 80, text: 'Hello' }],
};

const CARD_DESIGN = {
  width: 400,
  height: 200,
  background: '#ffffff',
  layers: [
    { name: 'title', type: 'text', x: 10, y: 10, width: 380, height: 60, text: 'Hello' },
    { name: 'photo', type: 'picture', x: 10, y: 80, width: 100, height: 100, image: null },
  ],
};

const TABLE_DESIGN = {
  width: 800,
  height: 600,
  background: '#ffffff',
  layers: [
    {
      name: 'items',
      type: 'table',
      x: 10,
      y: 10,
      width: 780,
      height: 580,
      columns: ['A', 'B', 'C', 'D'].map((title) => ({ title })),
    },
  ],
};

/** Starts a server on `database` with settings on top of the defaults (`env`). */
export async function startStallTarget(
  database: StallDatabase,
  assets: AttackAssets,
  env: Record<string, string> = {},
): Promise<StallTarget> {
  const cleanups: Array<() => Promise<unknown>> = [];
  const close = async () => {
    for (const c of cleanups.reverse()) await c().catch(() => undefined);
  };
  try {
    const dbEnv: Record<string, string> = {};
    if (database === 'postgres+bullmq') {
      const db = await freshDatabase('postgres');
      cleanups.push(() => db.drop());
      const target = db.target as { url: string; schema: string };
      const url = new URL(target.url);
      url.searchParams.set('options', `-c search_path=${target.schema}`);
      const prefix = `imprint-stall-${newId(8)}`;
      cleanups.push(() => dropRedisKeys(prefix));
      Object.assign(dbEnv, {
        DATABASE_URL: url.toString(),
        REDIS_URL: TEST_REDIS_URL,
        IMPRINT_REDIS_PREFIX: prefix,
      });
    }
    const server = await ServerProcess.create({
      prefix: 'imprint-stall-',
      env: { LOG_LEVEL: 'error', ...dbEnv, ...env },
      readyMs: 120_000,
    });
    cleanups.push(() => server.close('SIGKILL'));

    // Projects through the CLI in this process: spawning it costs seconds per command.
    const cliEnv = {
      DATABASE_URL: server.env.DATABASE_URL ?? '',
      IMPRINT_DATA_DIR: String(server.env.IMPRINT_DATA_DIR),
      REDIS_URL: '',
      LOG_LEVEL: 'error',
    };
    const project = async (title: string) => {
      const run = await runCliInProcess(['project', 'create', title, '--json'], { env: cliEnv });
      assert.equal(run.code, 0, run.stderr);
      return JSON.parse(run.stdout.trim().split('\n').pop()!) as { token: string };
    };
    const attackerToken = (await project('Attacker')).token;
    const victimToken = (await project('Victim')).token;
    await server.start();

    const template = async (token: string, design: { width: number; height: number }) => {
      const api = restClient(server.base, token);
      const created = await api('POST', '/templates', {
        title: 'Stall',
        width: design.width,
        height: design.height,
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const put = await api('PUT', `/templates/${created.body.uuid}/design`, design);
      assert.equal(put.status, 200, JSON.stringify(put.body));
      return String(created.body.uuid);
    };
    return {
      server,
      attacker: {
        base: server.base,
        token: attackerToken,
        templates: {
          card: await template(attackerToken, CARD_DESIGN),
          table: await template(attackerToken, TABLE_DESIGN),
        },
        assets,
        created: [],
      },
      victim: { token: victimToken, template: await template(victimToken, VICTIM_DESIGN) },
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}

/** Removes the BullMQ keys of a phase from the shared test Redis. */
async function dropRedisKeys(prefix: string): Promise<void> {
  const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
