/**
 * The bar of issue 24: while an attacker project sends any of the requests that once stalled the
 * service (test/helpers/stall-attacks.ts) in a bounded loop on loopback, GET /health p99 stays
 * under 250 ms and another project's create_now p99 under 1 s — on SQLite with the local queue
 * and on PostgreSQL with BullMQ. Each attack gets a fresh `imprint serve` (test/helpers/
 * stall-target.ts) and a phase of about 10–15 s (test/helpers/stall-phase.ts); the figures of
 * every phase are printed, and a table of all of them at the end. `npm run fuzz:stall` runs the
 * same attacks longer, with varied sizes.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DEFAULT_SEED } from '../fuzz/fuzz-settings.ts';
import { testDbKinds } from '../helpers/databases.ts';
import { redisReachable, TEST_REDIS_URL } from '../helpers/redis.ts';
import { STALL_ATTACKS, startAttackAssets, type AttackAssets } from '../helpers/stall-attacks.ts';
import { describePhase, phaseTable, TEST_PHASE, type PhaseResult } from '../helpers/stall-phase.ts';
import { StallRunner } from '../helpers/stall-runner.ts';
import type { StallDatabase } from '../helpers/stall-target.ts';

const pgSkip = testDbKinds().find((k) => k.kind === 'postgres')?.skip ?? 'PostgreSQL not wanted';
const redisSkip = (await redisReachable()) ? false : `Redis not reachable at ${TEST_REDIS_URL}`;
const sqliteSkip = testDbKinds().some((k) => k.kind === 'sqlite') ? false : 'SQLite not wanted';
const DATABASES: Array<{ database: StallDatabase; skip: string | false }> = [
  { database: 'sqlite', skip: sqliteSkip },
  { database: 'postgres+bullmq', skip: pgSkip || redisSkip },
];

for (const { database, skip } of DATABASES) {
  describe(`no attack stalls the service, on ${database}`, { skip }, () => {
    let assets: AttackAssets | undefined;
    let runner: StallRunner | undefined;
    const results: PhaseResult[] = [];

    before(async () => {
      assets = await startAttackAssets();
      runner = new StallRunner(database, assets, TEST_PHASE, (line) => console.log(line));
    });
    after(async () => {
      await runner?.close();
      await assets?.close();
      if (results.length) console.log(`\nstall figures on ${database}:\n${phaseTable(results)}`);
    });

    for (const attack of STALL_ATTACKS) {
      it(
        `${attack.name} (finding ${attack.finding}): ${attack.description}`,
        { timeout: 300_000 },
        async (t) => {
          const verdict = await runner!.run(attack, DEFAULT_SEED);
          results.push(...verdict.runs);
          const accounts = verdict.runs.map(describePhase).join('\n');
          for (const line of accounts.split('\n')) t.diagnostic(line);
          assert.deepEqual(
            verdict.missed,
            [],
            `${attack.name} stalls the service (every run missed the bar):\n${accounts}`,
          );
        },
      );
    }
  });
}
