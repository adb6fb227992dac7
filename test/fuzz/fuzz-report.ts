/**
 * What the fuzz suites share besides mutation: the list of broken expectations, kept with the
 * mutant's bytes on disk, and the final assertion that names the seed to replay.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { replayHint } from './fuzz-settings.ts';

/** One mutant that broke an expectation. */
export interface FuzzFailure {
  index: number;
  source: string;
  description: string;
  problem: string;
}

/** Collects failures of one suite run; `check` asserts there were none. */
export class FuzzReport {
  readonly failures: FuzzFailure[] = [];
  private readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-fuzz-'));

  readonly suite: string;
  readonly seed: number;
  constructor(suite: string, seed: number) {
    this.suite = suite;
    this.seed = seed;
  }

  /** Records a failure and keeps the mutant's bytes for a look at them. */
  fail(failure: FuzzFailure, bytes: Buffer): void {
    const file = path.join(this.dir, `${this.suite}-${this.seed}-${failure.index}.bin`);
    fs.writeFileSync(file, bytes);
    this.failures.push({ ...failure, problem: `${failure.problem} (bytes: ${file})` });
  }

  /** Fails the test listing every failure (at most 20) and the replay line; cleans up otherwise. */
  check(): void {
    if (this.failures.length === 0) fs.rmSync(this.dir, { recursive: true, force: true });
    const lines = this.failures
      .slice(0, 20)
      .map((f) => `#${f.index} ${f.source} [${f.description}]: ${f.problem}`);
    assert.equal(
      this.failures.length,
      0,
      `${this.failures.length} ${this.suite} mutants failed, ${replayHint(this.seed)}\n${lines.join('\n')}`,
    );
  }
}

/** Runs `work` on 0..count-1 with `parallel` at a time, in order of start. */
export async function forEachMutant(
  count: number,
  parallel: number,
  work: (index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: parallel }, async () => {
    while (next < count) await work(next++);
  });
  await Promise.all(lanes);
}
