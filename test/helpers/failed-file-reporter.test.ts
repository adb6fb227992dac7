/**
 * A test file whose process fails outside its tests is named by node with only "test failed";
 * `npm test` then says how the process ended, node's note on it and what it last wrote to stderr.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { run } from './child-processes.ts';

// The inner run is a run of its own: not part of this one, nor writing to its times file.
const { NODE_TEST_CONTEXT: _, TEST_FILE_TIMES: __, ...ENV } = process.env;

it(
  'reports how a test file that failed after its tests ended, and why',
  { timeout: 60_000 },
  async () => {
    const result = await run(
      process.execPath,
      [
        'scripts/run-tests.mjs',
        '--only-tests',
        'test/helpers/fixtures/_dies-after-tests.test.ts',
        'test/helpers/fixtures/_throws-after-tests.test.ts',
      ],
      { env: ENV, limitMs: 50_000 },
    );
    const output = result.stdout + result.stderr;
    assert.notEqual(result.status, 0, output);
    // Killed by a signal: the signal and its last stderr line.
    assert.match(
      output,
      /== test\/helpers\/fixtures\/_dies-after-tests\.test\.ts: its process was killed by SIGKILL\n {3}its last stderr lines:\n {3}last words before the signal\n/,
      output,
    );
    // An error after its test ended: the exit code and node's note naming the error.
    assert.match(
      output,
      /== test\/helpers\/fixtures\/_throws-after-tests\.test\.ts: its process exited with code 1\n {3}node: .*"Error: thrown by a leftover timer".*\n {3}it wrote nothing to stderr\n/,
      output,
    );
    assert.match(output, /tests: 2 passed, 2 failed/, output);
  },
);
