/**
 * Seed, size and random numbers of the fuzz suites. `npm test` runs them with a fixed seed and
 * the default counts; `npm run fuzz` (scripts/fuzz.mjs) sets FUZZ_SEED to a random seed it prints
 * and FUZZ_SCALE to run many more. Every mutant depends only on the seed and its number, so
 * `FUZZ_SEED=<seed> npm run fuzz` replays a failure.
 */

/** The seed of `npm test`. */
export const DEFAULT_SEED = 20261124;

/** FUZZ_SEED, or the fixed default. */
export function fuzzSeed(): number {
  const raw = process.env.FUZZ_SEED;
  if (raw === undefined || raw === '') return DEFAULT_SEED;
  const seed = Number(raw);
  if (!Number.isSafeInteger(seed) || seed < 0)
    throw new Error(`FUZZ_SEED must be an integer ≥ 0, got ${raw}`);
  return seed;
}

/** `base` times FUZZ_SCALE (default 1): how many mutants a suite runs. */
export function fuzzCount(base: number): number {
  const scale = Number(process.env.FUZZ_SCALE ?? 1);
  if (!(scale > 0))
    throw new Error(`FUZZ_SCALE must be a number > 0, got ${process.env.FUZZ_SCALE}`);
  return Math.max(1, Math.round(base * scale));
}

/** A small deterministic PRNG (mulberry32). */
export class Rng {
  private state: number;

  /** The generator of mutant `index` of a suite run with `seed`. */
  constructor(seed: number, index = 0) {
    this.state = (seed ^ Math.imul(index + 1, 0x9e3779b1)) >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** One element of `items`. */
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)];
  }
}

/** The line that replays a failed mutant. */
export function replayHint(seed: number): string {
  return `replay with FUZZ_SEED=${seed} npm run fuzz`;
}
