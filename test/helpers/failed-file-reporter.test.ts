/**
 * A test file whose process dies outside its tests is named by node with only "test failed";
 * `npm test` then says how the process ended and what it last wrote to stderr.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { run } from './child-processes.ts';

const { NODE_TEST_CONTEXT: _, ...ENV } = process.env;

it(
  'reports the signal and the last stderr lines of a test file that died after its tests',
  { timeout: 60_000 },
  async () => {
    const result = await run(
      process.execPath,
      ['scripts/run-tests.mjs', '--only-tests', 'test/helpers/fixtures/_dies-after-tests.test.ts'],
      { env: ENV, limitMs: 50_000 },
    );
    const output = result.stdout + result.stderr;
    assert.notEqual(result.status, 0, output);
    assert.match(
      output,
      /== test\/helpers\/fixtures\/_dies-after-tests\.test\.ts: its process was killed by SIGKILL; its last stderr lines:\n {3}last words before the signal\n/,
      output,
    );
    assert.match(output, /tests: 1 passed, 1 failed/, output);
  },
);
