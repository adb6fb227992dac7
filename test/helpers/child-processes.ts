/**
 * Every process a test starts goes through here, so that none outlives its test:
 * - each child runs in a process group of its own (detached), and stopping it signals the whole
 *   group, so grandchildren (a CLI's own children, a shell's commands) go with it;
 * - stopping escalates: SIGTERM, then SIGKILL when the child has not exited after a grace period;
 * - a child is stopped when the test that passed itself as `t` ends (passes, fails or times out),
 *   at the latest when the test file's tests are over (a file-level `after` hook), and, as a last
 *   resort, with SIGKILL when the test process exits or is told to stop (SIGTERM, SIGINT);
 * - a child's stdout and stderr are piped or ignored, never inherited: a child holding the test
 *   runner's output open keeps `node --test` waiting for it.
 * Short synchronous runs (`runSync`) get a time limit and SIGKILL instead, since nothing else can
 * run while they block.
 */
import {
  spawn,
  spawnSync,
  type ChildProcess,
  type SpawnOptions,
  type SpawnSyncOptions,
  type SpawnSyncReturns,
  type StdioOptions,
} from 'node:child_process';
import { after } from 'node:test';
import type { Browser, LaunchOptions } from 'playwright-core';

/** How long a child has to exit after SIGTERM before it gets SIGKILL (TEST_STOP_GRACE_MS). */
export const STOP_GRACE_MS = Number(process.env.TEST_STOP_GRACE_MS) || 5_000;
/** Default limit of `runSync` and `run`. */
export const RUN_LIMIT_MS = 120_000;

/** Something that runs a function when a test ends: node's TestContext (`t`). */
export interface TestOwner {
  after(fn: () => unknown): void;
}

const live = new Set<ChildProcess>();

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/** Signals the child's process group (or the child alone when it has none). */
function signal(child: ChildProcess, sig: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, sig);
  } catch {
    // No such group (already gone, or not detached): signal the child itself.
    try {
      child.kill(sig);
    } catch {
      // already gone
    }
  }
}

function groupAlive(child: ChildProcess): boolean {
  if (child.pid === undefined) return false;
  try {
    process.kill(-child.pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** SIGKILLs every group still running; synchronous, for the process's last moments. */
function killAllNow(): void {
  for (const child of live) signal(child, 'SIGKILL');
  live.clear();
}

/** The grandchildren of a group leader survive it: the group is signalled whatever its state. */
function killGroupNow(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // the group is empty
  }
}

let installed = false;
function installLastResorts(): void {
  if (installed) return;
  installed = true;
  process.on('exit', killAllNow);
  for (const sig of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
    process.once(sig, () => {
      killAllNow();
      // Then die of the signal as without this handler, unless another handler (playwright's)
      // takes care of it.
      if (process.listenerCount(sig) === 0) process.kill(process.pid, sig);
    });
  }
}

// Under node's test runner: whatever a test file started is stopped once its tests are over,
// even when a test timed out with its own clean-up still pending. (Benchmarks import the same
// helpers outside the runner; they rely on the exit handler.)
if (process.env.NODE_TEST_CONTEXT || process.execArgv.includes('--test')) {
  after(() => stopAll());
}

/**
 * Stops a child and its group: SIGTERM (or `sig`), then SIGKILL after `graceMs`; resolves once it
 * has exited. Grandchildren still in the group when the child has exited get SIGKILL.
 */
export async function stopChild(
  child: ChildProcess,
  sig: NodeJS.Signals = 'SIGTERM',
  graceMs = STOP_GRACE_MS,
): Promise<void> {
  if (!exited(child)) {
    const gone = new Promise((r) => child.once('exit', r));
    signal(child, sig);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((r) => (timer = setTimeout(() => r('late'), graceMs)));
    if ((await Promise.race([gone, late])) === 'late') {
      signal(child, 'SIGKILL');
      await gone;
    }
    clearTimeout(timer);
  }
  killGroupNow(child);
  live.delete(child);
}

/** Stops every child (and closes every browser) started here that still runs. */
export async function stopAll(sig: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  await Promise.all([
    ...[...live].map((c) => stopChild(c, sig)),
    ...[...browsers].map((b) => closeBrowser(b)),
  ]);
}

/** spawn's options, without inherited output; `t` ties the child's life to that test. */
export interface ChildOptions extends Omit<SpawnOptions, 'stdio' | 'detached'> {
  /** 'pipe' (default) or 'ignore' per stream; a stdin may be 'inherit'. */
  stdio?: StdioOptions;
  /** The test whose end stops the child. */
  t?: TestOwner;
}

function checkStdio(stdio: StdioOptions | undefined): void {
  const streams = Array.isArray(stdio) ? stdio.slice(1, 3) : [stdio, stdio];
  if (streams.some((s) => s === 'inherit' || s === process.stdout || s === process.stderr)) {
    throw new Error("a test's child must not inherit the runner's stdout or stderr: pipe it");
  }
}

/**
 * Starts a child in a process group of its own, registered so that it is stopped when its test
 * (or, at the latest, its test file) ends.
 */
export function spawnChild(command: string, args: string[], options: ChildOptions = {}) {
  const { t, ...rest } = options;
  checkStdio(rest.stdio);
  installLastResorts();
  const child = spawn(command, args, { stdio: 'pipe', ...rest, detached: true });
  live.add(child);
  child.once('exit', () => {
    // Its grandchildren may outlive the child in its group: keep it listed while the group has
    // members, so that stopping it (or the end of the file) still reaches them.
    if (!groupAlive(child)) live.delete(child);
  });
  child.once('error', () => live.delete(child));
  t?.after(() => stopChild(child));
  return child;
}

/** What a finished `run` gives back. */
export interface RunResult {
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** True when the limit was reached and the child was stopped. */
  timedOut: boolean;
}

/**
 * Runs a child to its end without blocking, its output collected; after `limitMs` it is stopped
 * (SIGTERM, then SIGKILL), so a hung child fails the test instead of hanging it.
 */
export async function run(
  command: string,
  args: string[],
  options: ChildOptions & { input?: string; limitMs?: number } = {},
): Promise<RunResult> {
  const { input, limitMs = RUN_LIMIT_MS, ...rest } = options;
  const child = spawnChild(command, args, {
    ...rest,
    stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  if (input !== undefined) child.stdin!.end(input);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    void stopChild(child);
  }, limitMs);
  const [status, sig] = await new Promise<[number | null, NodeJS.Signals | null]>(
    (resolve, reject) => {
      child.once('error', reject);
      child.once('close', (code, s) => resolve([code, s]));
    },
  );
  clearTimeout(timer);
  await stopChild(child);
  return { status, signal: sig, stdout, stderr, timedOut };
}

/**
 * spawnSync with a time limit (default RUN_LIMIT_MS) and SIGKILL when it is reached: a blocking
 * run stops the test's own timers, so only its own limit can end it.
 */
export function runSync(
  command: string,
  args: string[],
  options: SpawnSyncOptions = {},
): SpawnSyncReturns<string> {
  checkStdio(options.stdio);
  return spawnSync(command, args, {
    encoding: 'utf8',
    timeout: RUN_LIMIT_MS,
    killSignal: 'SIGKILL',
    ...options,
  }) as SpawnSyncReturns<string>;
}

const browsers = new Set<Browser>();

async function closeBrowser(browser: Browser): Promise<void> {
  browsers.delete(browser);
  await browser.close().catch(() => undefined);
}

/**
 * Launches Chromium with playwright, closed when test `t` (at the latest the test file) ends.
 * Playwright starts the browser in a process group of its own and SIGKILLs that group when the
 * test process exits, which is the last resort here.
 */
export async function launchChromium(options: LaunchOptions, t?: TestOwner): Promise<Browser> {
  installLastResorts();
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch(options);
  browsers.add(browser);
  t?.after(() => closeBrowser(browser));
  return browser;
}

/** A failed `runChecked`/`runCheckedSync`: the command, its status and its stderr. */
function failure(
  command: string,
  args: string[],
  res: Omit<RunResult, 'timedOut'>,
  timedOut = false,
) {
  const how = timedOut ? 'ran out of time' : `ended with ${res.status ?? res.signal}`;
  return Object.assign(new Error(`${command} ${args.join(' ')} ${how}:\n${res.stderr}`), res);
}

/** `run` that rejects unless the child exits with status 0 (as promisified execFile). */
export async function runChecked(
  command: string,
  args: string[],
  options: ChildOptions & { input?: string; limitMs?: number } = {},
): Promise<{ stdout: string; stderr: string }> {
  const res = await run(command, args, options);
  if (res.status !== 0) throw failure(command, args, res, res.timedOut);
  return { stdout: res.stdout, stderr: res.stderr };
}

/** `runSync` that throws unless the child exits with status 0 and returns its stdout (as execFileSync). */
export function runCheckedSync(command: string, args: string[], options: SpawnSyncOptions = {}) {
  const res = runSync(command, args, options);
  if (res.error) throw res.error;
  if (res.status !== 0) throw failure(command, args, res);
  return res.stdout;
}
