#!/usr/bin/env node
// `npm run fuzz`: the font and picture fuzz suites of test/fuzz/ with many more mutants than
// `npm test` runs, and a random seed printed first and last so a failure can be replayed:
//   FUZZ_SEED=123456 npm run fuzz      the same mutants again
//   FUZZ_SCALE=40 npm run fuzz         40× the default counts (default here: 10×)
import { spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import fs from 'node:fs';

const seed = process.env.FUZZ_SEED || String(randomInt(0, 2 ** 31));
const scale = process.env.FUZZ_SCALE || '10';
const files = fs
  .readdirSync('test/fuzz')
  .filter((f) => f.endsWith('.test.ts'))
  .map((f) => `test/fuzz/${f}`);
console.log(`fuzz: FUZZ_SEED=${seed} FUZZ_SCALE=${scale}`);
const child = spawn(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-concurrency=1', '--test-reporter=spec', ...files],
  { stdio: 'inherit', env: { ...process.env, FUZZ_SEED: seed, FUZZ_SCALE: scale } },
);
child.on('close', (code) => {
  console.log(
    `fuzz: ${code === 0 ? 'passed' : 'FAILED'}; replay with FUZZ_SEED=${seed} FUZZ_SCALE=${scale} npm run fuzz`,
  );
  process.exit(code ?? 1);
});
