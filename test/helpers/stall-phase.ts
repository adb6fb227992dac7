/**
 * One stall phase: on a server of test/helpers/stall-target.ts, the victim's lanes run in a
 * worker thread (stall-probe-thread.mjs) — GET /health every 20 ms, create_now one after another,
 * a queued image polled to its end — first alone for a moment (the quiet figures), then while the
 * attacker sends one attack (stall-attacks.ts) in a bounded loop: at most `requests` requests,
 * `concurrency` at a time, none started after `windowMs`, each aborted at `windowMs` + 5 s. The
 * lanes go on for `tailMs` after the loop, for work the attack left running, then get `graceMs`
 * to answer. The figures are percentiles of the samples that ended after the attack's first
 * request was sent (a request held up by it counts, whenever it started); the bar of issue 24 is
 * health p99 < 250 ms and create_now p99 < 1 s.
 */
import { Worker } from 'node:worker_threads';
import { Rng } from '../fuzz/fuzz-settings.ts';
import type { AttackOutcome, StallAttack } from './stall-attacks.ts';
import type { StallTarget } from './stall-target.ts';

/** The bar of issue 24. */
export const STALL_BAR = { healthP99Ms: 250, createP99Ms: 1000 };

/** How long and how hard a phase attacks. */
export interface PhaseSettings {
  quietMs: number;
  windowMs: number;
  tailMs: number;
  graceMs: number;
  concurrency: number;
  /** Multiplies each attack's request count. */
  requestsScale: number;
}

/** The settings of the end-to-end test: about 10–15 s a phase. */
export const TEST_PHASE: PhaseSettings = {
  quietMs: 1000,
  windowMs: 6000,
  tailMs: 1500,
  graceMs: 3000,
  concurrency: 2,
  requestsScale: 1,
};

/** Percentiles of one lane's samples (ms); `unanswered` ran into the grace deadline. */
export interface LaneFigures {
  n: number;
  p50: number;
  p99: number;
  max: number;
  unanswered: number;
  /** Statuses other than 200, counted. */
  failures: Record<string, number>;
}

/** What a phase measured. */
export interface PhaseResult {
  attack: string;
  finding: number;
  database: string;
  quiet: { health: LaneFigures; create: LaneFigures };
  health: LaneFigures;
  create: LaneFigures;
  queued: LaneFigures;
  /** The attack requests' outcomes, counted ("200 ×3"). */
  outcomes: string;
  note: string;
  seconds: number;
  /** The slowest /health of the last second before the lanes stopped (for the settle check). */
  lastSecondHealthMax: number;
  /** Whether the phase had a server of its own or the previous phase's (stall-runner.ts). */
  server: 'fresh' | 'reused';
}

interface Sample {
  lane: 'health' | 'create' | 'queued';
  start: number;
  ms: number;
  status: string;
}

const PROBE_THREAD = new URL('./stall-probe-thread.mjs', import.meta.url);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function figures(samples: Sample[]): LaneFigures {
  const ms = samples.map((s) => s.ms).sort((a, b) => a - b);
  const failures: Record<string, number> = {};
  for (const s of samples)
    if (s.status !== '200') failures[s.status] = (failures[s.status] ?? 0) + 1;
  return {
    n: ms.length,
    p50: percentile(ms, 50),
    p99: percentile(ms, 99),
    max: ms.length ? ms[ms.length - 1] : NaN,
    unanswered: samples.filter((s) => s.status === 'unanswered').length,
    failures,
  };
}

/** "200 ×3, aborted ×1": outcomes counted in order of first appearance. */
function countOutcomes(outcomes: AttackOutcome[]): string {
  const counts = new Map<string, number>();
  for (const o of outcomes) counts.set(o, (counts.get(o) ?? 0) + 1);
  return [...counts].map(([o, n]) => `${o} ×${n}`).join(', ') || 'none sent';
}

/** Runs `attack` against `target` and measures the victims; `seed` picks the attack's sizes. */
export async function runStallPhase(
  target: StallTarget,
  attack: StallAttack,
  database: string,
  settings: PhaseSettings,
  seed: number,
): Promise<PhaseResult> {
  const began = Date.now();
  const rng = new Rng(seed, attack.finding);
  // Large bodies are built before the victims start, so building them cannot stall the test.
  const prepared = await attack.prepare(target.attacker, rng);
  // A first create_now warms the render threads (fonts, canvas): the victim is a steady client.
  await warmUp(target);

  const worker = new Worker(PROBE_THREAD, {
    workerData: {
      base: target.server.base,
      token: target.victim.token,
      template: target.victim.template,
      everyMs: 20,
      graceMs: settings.graceMs,
    },
  });
  let samples: Sample[] = [];
  let attackStart = 0;
  let stoppedAt = 0;
  const outcomes: AttackOutcome[] = [];
  try {
    await new Promise((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await sleep(settings.quietMs);
    attackStart = Date.now();
    const stopAt = attackStart + settings.windowMs;
    const abortAll = AbortSignal.timeout(settings.windowMs + 5000);
    const total = Math.max(1, Math.round(attack.requests * settings.requestsScale));
    let next = 0;
    const lane = async () => {
      while (next < total && Date.now() < stopAt) {
        const i = next++;
        outcomes.push(await prepared.send(i, abortAll));
      }
    };
    await Promise.all(Array.from({ length: settings.concurrency }, lane));
    await sleep(settings.tailMs);
    stoppedAt = Date.now();
    samples = await new Promise<Sample[]>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.postMessage('stop');
    });
  } finally {
    await worker.terminate();
  }
  const note = prepared.note ? await prepared.note().catch((e) => `note failed: ${e}`) : '';
  // A request still out when the attack began counts with the attack: it was held up by it.
  const lane = (name: Sample['lane'], attacked: boolean) =>
    figures(samples.filter((s) => s.lane === name && s.start + s.ms >= attackStart === attacked));
  return {
    attack: attack.name,
    finding: attack.finding,
    database,
    quiet: { health: lane('health', false), create: lane('create', false) },
    health: lane('health', true),
    create: lane('create', true),
    queued: lane('queued', true),
    outcomes: countOutcomes(outcomes),
    note,
    seconds: (Date.now() - began) / 1000,
    lastSecondHealthMax: Math.max(
      0,
      ...samples.filter((s) => s.lane === 'health' && s.start >= stoppedAt - 1000).map((s) => s.ms),
    ),
    server: 'fresh',
  };
}

async function warmUp(target: StallTarget): Promise<void> {
  for (let i = 0; i < 2; i++) {
    const res = await fetch(`${target.server.base}/api/rest/images`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${target.victim.token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ template_uuid: target.victim.template, create_now: true }),
      signal: AbortSignal.timeout(60_000),
    });
    if (res.status !== 200)
      throw new Error(`warm-up create_now: ${res.status} ${await res.text()}`);
  }
}

/** The ways a phase missed the bar, one sentence each; empty when it met it. */
export function missedBar(r: PhaseResult): string[] {
  const missed: string[] = [];
  if (!(r.health.p99 < STALL_BAR.healthP99Ms))
    missed.push(`GET /health p99 ${fmtLane(r.health)} is not under ${STALL_BAR.healthP99Ms} ms`);
  if (!(r.create.p99 < STALL_BAR.createP99Ms))
    missed.push(
      `the victim's create_now p99 ${fmtLane(r.create)} is not under ${STALL_BAR.createP99Ms} ms`,
    );
  const failed = Object.entries(r.create.failures).filter(([s]) => s !== 'unanswered');
  if (failed.length)
    missed.push(
      `the victim's create_now failed: ${failed.map(([s, n]) => `${s} ×${n}`).join(', ')}`,
    );
  return missed;
}

/** Whether the moment before the attack already missed the bar (a machine too loaded to judge). */
function quietMissed(r: PhaseResult): boolean {
  return !(
    r.quiet.health.p99 < STALL_BAR.healthP99Ms && r.quiet.create.p99 < STALL_BAR.createP99Ms
  );
}

function fmtLane(f: LaneFigures): string {
  const unanswered = f.unanswered ? `, ${f.unanswered} unanswered` : '';
  return `${f.p99} ms (p50 ${f.p50} ms, max ${f.max} ms, n ${f.n}${unanswered})`;
}

/** A multi-line account of a phase, for failure messages and logs. */
export function describePhase(r: PhaseResult): string {
  return [
    `${r.attack} (finding ${r.finding}) on ${r.database}, ${r.server} server, ${r.seconds.toFixed(1)} s:`,
    `  attack requests: ${r.outcomes}${r.note ? `; ${r.note}` : ''}`,
    `  quiet:  /health p99 ${fmtLane(r.quiet.health)}; create_now p99 ${fmtLane(r.quiet.create)}` +
      (quietMissed(r) ? ' — missed the bar before the attack: the machine is loaded' : ''),
    `  attack: /health p99 ${fmtLane(r.health)}`,
    `          victim create_now p99 ${fmtLane(r.create)}`,
    `          victim queued image p99 ${fmtLane(r.queued)} (figure only)`,
  ].join('\n');
}

/** A table of phases: one row each, the bar's figures first. */
export function phaseTable(results: PhaseResult[]): string {
  const head = [
    'database',
    'attack',
    '#',
    'health p50',
    'health p99',
    'n',
    'create p50',
    'create p99',
    'n',
    'queued p99',
    'server',
    'bar',
  ];
  const rows = results.map((r) => [
    r.database,
    r.attack,
    String(r.finding),
    `${r.health.p50}`,
    `${r.health.p99}${r.health.unanswered ? '+' : ''}`,
    String(r.health.n),
    `${r.create.p50}`,
    `${r.create.p99}${r.create.unanswered ? '+' : ''}`,
    String(r.create.n),
    `${r.queued.p99}${r.queued.unanswered ? '+' : ''}`,
    r.server,
    missedBar(r).length ? 'MISSED' : 'met',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join('  ');
  return [
    line(head),
    ...rows.map(line),
    '(ms; "+": some requests were still unanswered at the deadline)',
  ].join('\n');
}
