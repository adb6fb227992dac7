/**
 * `npm run fuzz:stall`: the stall attacks of test/e2e/no-stall.test.ts (test/helpers/
 * stall-attacks.ts) as a longer campaign: every attack FUZZ_SCALE times (default 3) per database,
 * in a random order and with sizes drawn from a random seed printed first and last, each phase
 * attacking for 10 s with twice the test's requests. It prints every phase's figures and a table,
 * and exits 1 when an attack misses the bar (GET /health p99 < 250 ms, another project's
 * create_now p99 < 1 s) on both of its runs.
 *   FUZZ_SEED=123456 npm run fuzz:stall        the same order and sizes again
 *   FUZZ_SCALE=1 npm run fuzz:stall            one round
 *   TEST_DATABASES=sqlite npm run fuzz:stall   SQLite only (default: SQLite, and PostgreSQL with
 *                                              BullMQ when both are reachable)
 *   FUZZ_STALL_ATTACKS=dripping-pictures,deep-or-large-json npm run fuzz:stall   some attacks only
 */
import { randomInt } from 'node:crypto';
import { Rng } from '../test/fuzz/fuzz-settings.ts';
import { testDbKinds } from '../test/helpers/databases.ts';
import { redisReachable, TEST_REDIS_URL } from '../test/helpers/redis.ts';
import { STALL_ATTACKS, startAttackAssets } from '../test/helpers/stall-attacks.ts';
import {
  describePhase,
  phaseTable,
  type PhaseResult,
  type PhaseSettings,
} from '../test/helpers/stall-phase.ts';
import { StallRunner } from '../test/helpers/stall-runner.ts';
import type { StallDatabase } from '../test/helpers/stall-target.ts';

const CAMPAIGN_PHASE: PhaseSettings = {
  quietMs: 2000,
  windowMs: 10_000,
  tailMs: 2000,
  graceMs: 5000,
  concurrency: 2,
  requestsScale: 2,
};

const seed = Number(process.env.FUZZ_SEED || randomInt(0, 2 ** 31));
const rounds = Number(process.env.FUZZ_SCALE || 3);
if (!Number.isSafeInteger(seed) || seed < 0) throw new Error('FUZZ_SEED must be an integer ≥ 0');
if (!Number.isInteger(rounds) || rounds < 1) throw new Error('FUZZ_SCALE must be an integer ≥ 1');
const replay = `FUZZ_SEED=${seed} FUZZ_SCALE=${rounds} npm run fuzz:stall`;
console.log(`fuzz:stall: FUZZ_SEED=${seed} FUZZ_SCALE=${rounds}`);

const wanted = (process.env.FUZZ_STALL_ATTACKS ?? '').split(',').filter(Boolean);
const attacks = STALL_ATTACKS.filter((a) => wanted.length === 0 || wanted.includes(a.name));
const unknown = wanted.filter((name) => !STALL_ATTACKS.some((a) => a.name === name));
if (unknown.length)
  throw new Error(
    `FUZZ_STALL_ATTACKS: no attack ${unknown.join(', ')} (there are ${STALL_ATTACKS.map((a) => a.name).join(', ')})`,
  );

const databases: StallDatabase[] = [];
for (const { kind, skip } of testDbKinds()) {
  if (kind === 'sqlite') databases.push('sqlite');
  else if (skip) console.log(`fuzz:stall: PostgreSQL skipped: ${skip}`);
  else if (!(await redisReachable()))
    console.log(
      `fuzz:stall: PostgreSQL + BullMQ skipped: Redis not reachable at ${TEST_REDIS_URL}`,
    );
  else databases.push('postgres+bullmq');
}

const assets = await startAttackAssets();
const results: PhaseResult[] = [];
const misses: string[] = [];
let runner: StallRunner | undefined;
// Ctrl-C stops the servers this campaign started before leaving.
process.once('SIGINT', () => {
  void (runner?.close() ?? Promise.resolve()).finally(() => process.exit(130));
});
try {
  for (const database of databases) {
    runner = new StallRunner(database, assets, CAMPAIGN_PHASE, (line) => console.log(`  ${line}`));
    try {
      for (let round = 0; round < rounds; round++) {
        const rng = new Rng(seed, 1000 + round);
        const order = [...attacks];
        for (let i = order.length - 1; i > 0; i--) {
          const j = rng.int(i + 1);
          [order[i], order[j]] = [order[j], order[i]];
        }
        for (const attack of order) {
          const verdict = await runner.run(attack, seed + round);
          results.push(...verdict.runs);
          for (const run of verdict.runs) console.log(describePhase(run));
          if (verdict.missed.length)
            misses.push(`${attack.name} on ${database}, round ${round + 1}: ${verdict.missed[0]}`);
        }
      }
    } finally {
      await runner.close();
    }
  }
} finally {
  await assets.close();
}

console.log(`\n${phaseTable(results)}\n`);
for (const miss of misses) console.log(`MISSED: ${miss}`);
console.log(
  `fuzz:stall: ${misses.length ? `FAILED (${misses.length} attack runs missed the bar)` : 'passed'}; replay with ${replay}`,
);
process.exit(misses.length ? 1 : 0);
