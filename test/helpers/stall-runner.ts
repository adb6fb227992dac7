/**
 * Runs stall phases (test/helpers/stall-phase.ts) one after another on one database, sharing a
 * server while it stays clean. Starting `imprint serve` costs 4–20 s on a loaded machine, so a
 * phase reuses the previous phase's server when that one has settled: every image the attack
 * created has left `queued` within a few seconds and /health answered in time to the end. A
 * server left busy is replaced by a fresh one, so what an attack leaves running is counted
 * against that attack and not the next. A phase that misses the bar is measured once more (a
 * loaded machine can miss it for a moment on its own): the attack misses the bar only when both
 * runs do, and both runs' figures are kept. Runs never overlap, even when a caller gave up
 * waiting for the previous one.
 */
import type { AttackAssets, StallAttack } from './stall-attacks.ts';
import {
  missedBar,
  runStallPhase,
  STALL_BAR,
  type PhaseResult,
  type PhaseSettings,
} from './stall-phase.ts';
import { startStallTarget, type StallDatabase, type StallTarget } from './stall-target.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** How long the attack's images get to leave `queued` before the server counts as busy. */
const SETTLE_MS = 3000;

/** An attack's verdict: its runs (one, or two when the first missed the bar). */
export interface AttackVerdict {
  runs: PhaseResult[];
  /** The reasons of the last run, empty when the attack met the bar. */
  missed: string[];
}

export class StallRunner {
  private target: StallTarget | undefined;
  private clean = false;
  private queue: Promise<unknown> = Promise.resolve();

  readonly database: StallDatabase;
  private readonly assets: AttackAssets;
  private readonly settings: PhaseSettings;
  private readonly log: (line: string) => void;
  constructor(
    database: StallDatabase,
    assets: AttackAssets,
    settings: PhaseSettings,
    log: (line: string) => void = () => undefined,
  ) {
    this.database = database;
    this.assets = assets;
    this.settings = settings;
    this.log = log;
  }

  /** Runs `attack` (twice if it misses the bar), after any run still going. */
  run(attack: StallAttack, seed: number): Promise<AttackVerdict> {
    const run = this.queue.then(() => this.runNow(attack, seed));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Stops the current server, after any run still going. */
  async close(): Promise<void> {
    await this.queue;
    await this.stopServer();
  }

  private async runNow(attack: StallAttack, seed: number): Promise<AttackVerdict> {
    const runs: PhaseResult[] = [];
    let missed: string[] = [];
    for (let attempt = 0; attempt < 2; attempt++) {
      const result = await this.phase(attack, seed);
      runs.push(result);
      missed = missedBar(result);
      if (missed.length === 0) break;
      this.log(`${attack.name} missed the bar on ${this.database}: ${missed.join('; ')}`);
    }
    return { runs, missed };
  }

  private async stopServer(): Promise<void> {
    const target = this.target;
    this.target = undefined;
    await target?.close();
  }

  private async phase(attack: StallAttack, seed: number): Promise<PhaseResult> {
    if (!this.clean) await this.stopServer();
    const reused = this.target !== undefined;
    if (!this.target) {
      const started = Date.now();
      this.target = await startStallTarget(this.database, this.assets);
      this.log(`fresh imprint serve on ${this.database} in ${Date.now() - started} ms`);
    }
    const target = this.target;
    target.attacker.created.length = 0;
    this.clean = false;
    const result = await runStallPhase(target, attack, this.database, this.settings, seed);
    result.server = reused ? 'reused' : 'fresh';
    this.clean = await settled(target, result);
    if (!this.clean)
      this.log(`${attack.name} left the server busy: the next phase gets a fresh one`);
    return result;
  }
}

/** Whether the phase left the server idle: no stall at its end, no attack image still queued. */
async function settled(target: StallTarget, result: PhaseResult): Promise<boolean> {
  if (result.health.unanswered > 0 || result.lastSecondHealthMax >= STALL_BAR.healthP99Ms)
    return false;
  const until = Date.now() + SETTLE_MS;
  const waiting = new Set(target.attacker.created);
  while (waiting.size > 0 && Date.now() < until) {
    for (const id of waiting) {
      const res = await fetch(`${target.server.base}/api/rest/images/${id}`, {
        headers: { authorization: `Bearer ${target.attacker.token}` },
        signal: AbortSignal.timeout(2000),
      }).catch(() => null);
      const body = res?.ok ? ((await res.json()) as { status: string }) : null;
      if (body && body.status !== 'queued') waiting.delete(id);
    }
    if (waiting.size > 0) await sleep(200);
  }
  return waiting.size === 0;
}
