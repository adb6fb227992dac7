/**
 * The deployment examples start what they say. Every shell block of README.md and docs/*.md that
 * starts a server or a worker (`npm start`, `node bin/imprint.mjs serve`, `… worker`) runs here
 * as written, in one bash: its other commands (exports, a generated key) run in order, and each
 * command that starts a process runs in the background. The test then checks that what it started
 * serves: every process answers `/ready`, an image created through every API process finishes,
 * and, when the block starts workers, a worker ran a job. Then it sends SIGTERM to each started
 * process and checks that each exits 0, that no process of the block is left and that every port
 * is free again.
 *
 * What the test changes, and only this: the addresses of PostgreSQL, Redis, the S3 bucket and the
 * public URL that the block sets (DATABASE_URL, REDIS_URL, IMPRINT_S3_*, AWS credentials,
 * IMPRINT_PUBLIC_URL) become the test services' (a database of its own per block, a Redis key
 * prefix of its own, s3rver); each started process gets its own PORT, HOST=127.0.0.1,
 * IMPRINT_DATA_DIR and, for a worker, IMPRINT_WORKER_PORT, in front of the block's own variables
 * (which win). The machine's environment has the S3 endpoint and credentials (as an instance
 * role would) and one render thread per process.
 *
 * A block that starts what cannot run here (containers, systemd) must say so: `sh no-test: <why>`.
 * A block that starts something without that mark, and that this file cannot run, fails.
 */
import assert from 'node:assert/strict';
import { type ChildProcess } from 'node:child_process';
import { spawnChild, runSync } from '../helpers/child-processes.ts';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, test, type TestContext } from 'node:test';
import { Redis } from 'ioredis';
import pg from 'pg';
import { TEST_POSTGRES_URL, testDbKinds } from '../helpers/databases.ts';
import { redisReachable, TEST_REDIS_URL } from '../helpers/redis.ts';
import { S3RVER_CREDENTIALS, startS3, type TestS3 } from '../helpers/s3rver.ts';
import { freePort, restClient } from '../helpers/server-process.ts';
import {
  docFiles,
  extractBlocks,
  ROOT,
  shellCommands,
  skipReason,
  startsSomething,
  startsWhat,
  type CodeBlock,
} from './doc-files.ts';

const SHELLS = ['sh', 'bash', 'shell', 'console', 'zsh', ''];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A sleep that does not keep the process alive: the bound of a race, not something to wait for. */
const unrefSleep = (ms: number) => new Promise((r) => setTimeout(r, ms).unref());

/** Polls `check` every 100 ms until it returns a value, or fails naming `what` after `ms`. */
async function until<T>(
  what: string,
  ms: number,
  check: () => Promise<T | undefined> | T | undefined,
) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await sleep(100);
  }
}

/** `value` as one single-quoted shell word. */
const shQuote = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`;

/** Replaces the values of `VAR=value` assignments (also after `export`) of the named variables. */
function rewriteAssignments(command: string, values: Record<string, string>): string {
  return command.replace(
    /(^|[\s;])([A-Z][A-Z0-9_]*)=("(?:[^"\\]|\\.)*"|'[^']*'|[^\s;'"]*)/g,
    (match, before: string, name: string) =>
      name in values ? `${before}${name}=${shQuote(values[name]!)}` : match,
  );
}

/** True when a command is one simple command: no `;`, `&&`, `||`, `|` or `&` outside quotes. */
function isSimple(command: string): boolean {
  return !/[;&|]/.test(command.replace(/"(?:[^"\\]|\\.)*"|'[^']*'/g, ''));
}

/** True while any process of the process group `pgid` exists. */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function portFree(port: number): Promise<boolean> {
  const srv = net.createServer();
  return new Promise((resolve) => {
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/** The environment a running process was started with (Linux). */
function environOf(pid: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const entry of fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0')) {
    const eq = entry.indexOf('=');
    if (eq > 0) env[entry.slice(0, eq)] = entry.slice(eq + 1);
  }
  return env;
}

/** Every shell block of the docs that starts something, with where it is. */
function startingBlocks(): Array<{ file: string; block: CodeBlock }> {
  const found: Array<{ file: string; block: CodeBlock }> = [];
  for (const file of docFiles())
    for (const block of extractBlocks(fs.readFileSync(path.join(ROOT, file), 'utf8')))
      if (SHELLS.includes(block.lang) && startsSomething(block.code)) found.push({ file, block });
  return found;
}

/** Why this file cannot run a block, or null when it can. */
function cannotRun(block: CodeBlock): string | null {
  if (!['sh', 'bash'].includes(block.lang))
    return `its language is "${block.lang}"; shell examples are \`sh\` or \`bash\``;
  for (const command of shellCommands(block.code)) {
    const starts = startsWhat(command);
    if (starts === 'container' || starts === 'service-manager')
      return `\`${command}\` needs a ${starts === 'container' ? 'container engine' : 'service manager'}`;
    if (starts && !isSimple(command))
      return `\`${command}\` starts a process inside a compound command; start it on a line of its own`;
  }
  return null;
}

const pgSkip = testDbKinds().find((k) => k.kind === 'postgres')?.skip ?? 'PostgreSQL tests are off';
const redisSkip = (await redisReachable()) ? false : `Redis not reachable at ${TEST_REDIS_URL}`;
const servicesSkip = pgSkip || redisSkip;

describe('documentation examples that start processes', () => {
  test('every block that starts something is run here, or marked no-test with a reason', () => {
    const problems: string[] = [];
    for (const { file, block } of startingBlocks()) {
      const where = `${file}:${block.line}`;
      if (block.skip) {
        if (!skipReason(block.info))
          problems.push(`${where}: say why it is not run, e.g. \`\`\`sh no-test: needs Docker`);
        continue;
      }
      const why = cannotRun(block);
      if (why)
        problems.push(`${where}: not run here, because ${why}; mark it \`sh no-test: <why>\``);
    }
    assert.deepEqual(problems, []);
  });

  const runnable = startingBlocks().filter(({ block }) => !block.skip && !cannotRun(block));
  for (const { file, block } of runnable) {
    test(
      `${file}:${block.line} starts processes that serve and stop on SIGTERM`,
      { skip: servicesSkip, timeout: 240_000 },
      (t) => runStartingBlock(t, `${file}:${block.line}`, block.code),
    );
  }

  // A systemd unit cannot run without systemd; what it runs can: its ExecStart, in its
  // WorkingDirectory (the repository), with no shell in between, stopped by systemd's SIGTERM.
  const units = docFiles().flatMap((file) =>
    extractBlocks(fs.readFileSync(path.join(ROOT, file), 'utf8'))
      .filter((b) => b.lang === 'ini' && /^\[Service\]$/m.test(b.code))
      .map((block) => ({ file, block })),
  );
  test('the docs have a systemd unit', () => assert.ok(units.length > 0));
  for (const { file, block } of units) {
    test(
      `${file}:${block.line}: the systemd unit's ExecStart serves and stops within TimeoutStopSec`,
      {
        timeout: 120_000,
      },
      (t) => runUnit(t, `${file}:${block.line}`, block.code),
    );
  }
});

/** Runs a documented systemd unit's ExecStart as systemd would, and stops it the same way. */
async function runUnit(t: TestContext, where: string, unit: string): Promise<void> {
  const setting = (key: string) => new RegExp(`^${key}=(.*)$`, 'm').exec(unit)?.[1]?.trim();
  const execStart = setting('ExecStart') ?? assert.fail(`${where}: no ExecStart`);
  const [program, ...args] = execStart.split(/\s+/);
  assert.match(program!, /^\/\S*\/node$/, `${where}: ExecStart runs Node.js by its absolute path`);
  assert.deepEqual(
    args.slice(0, 2),
    ['bin/imprint.mjs', 'serve'],
    `${where}: runs the server directly`,
  );
  assert.ok(setting('WorkingDirectory'), `${where}: WorkingDirectory is the installation's folder`);
  const stopSec = Number(setting('TimeoutStopSec'));
  // Longer than the drain (IMPRINT_SHUTDOWN_TIMEOUT_MS, 30 s by default), so it is never cut short.
  assert.ok(stopSec > 30, `${where}: TimeoutStopSec (${stopSec}) exceeds the 30 s drain`);
  assert.ok(!setting('KillSignal') || setting('KillSignal') === 'SIGTERM', `${where}: SIGTERM`);

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-doc-unit-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env))
    if (!/^(IMPRINT_|DATABASE_URL$|REDIS_URL$|PORT$|HOST$)/.test(k)) env[k] = v;
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    IMPRINT_DATA_DIR: dataDir,
    IMPRINT_RENDER_THREADS: '1',
  });
  const child = spawnChild(process.execPath, args, {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const pgid = child.pid!;
  t.after(() => {
    if (groupAlive(pgid)) process.kill(-pgid, 'SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  let log = '';
  child.stdout!.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (log += d.toString()));
  const exited = new Promise<number | null>((r) => child.once('exit', (c) => r(c)));
  await until(`${where}: /ready`, 90_000, async () => {
    if (child.exitCode !== null) assert.fail(`${where}: exited ${child.exitCode}\n${log}`);
    const res = await fetch(`http://127.0.0.1:${port}/ready`).catch(() => null);
    return res?.status === 200 ? true : undefined;
  });
  child.kill('SIGTERM');
  const code = await Promise.race([exited, unrefSleep(stopSec * 1000).then(() => 'timeout')]);
  assert.equal(code, 0, `${where}: exits 0 within TimeoutStopSec after SIGTERM\n${log}`);
  await until('no process of the unit left', 10_000, () => (groupAlive(pgid) ? undefined : true));
  assert.ok(await portFree(port), `port ${port} is free`);
}

/** One process the block starts. */
interface Started {
  command: string;
  role: 'serve' | 'worker';
  port: number;
  dataDir: string;
  log: string;
  pid?: number;
}

async function runStartingBlock(t: TestContext, where: string, code: string): Promise<void> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-doc-deploy-'));
  const t0 = Date.now();
  const phase = (what: string) =>
    t.diagnostic(`${what}: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const cleanups: Array<() => unknown> = [() => fs.rmSync(work, { recursive: true, force: true })];
  t.after(async () => {
    for (const fn of cleanups.reverse()) await fn();
  });

  const s3: TestS3 = await startS3();
  cleanups.push(() => s3.close());
  const database = `imprint_docs_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  await admin.query(`create database ${database}`);
  await admin.end();
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await c.connect();
    await c.query(`drop database if exists ${database} with (force)`);
    await c.end();
  });
  const redisPrefix = `imprint-docs-${randomBytes(6).toString('hex')}`;
  cleanups.push(async () => {
    const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
    try {
      const keys: string[] = [];
      for await (const batch of redis.scanStream({ match: `${redisPrefix}:*`, count: 500 }))
        keys.push(...(batch as string[]));
      if (keys.length) await redis.del(...keys);
    } finally {
      redis.disconnect();
    }
  });
  const dbUrl = new URL(TEST_POSTGRES_URL);
  dbUrl.pathname = `/${database}`;

  // The script: the block's commands in order, each starting one in the background.
  const started: Started[] = [];
  const lines = ['set -e -o pipefail', `cd ${shQuote(ROOT)}`, 'pids=()'];
  const commands = shellCommands(code);
  const firstServePort = await freePort();
  const locations: Record<string, string> = {
    DATABASE_URL: dbUrl.toString(),
    REDIS_URL: TEST_REDIS_URL,
    IMPRINT_S3_ENDPOINT: s3.endpoint,
    IMPRINT_S3_BUCKET: s3.bucket,
    AWS_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
    IMPRINT_PUBLIC_URL: `http://127.0.0.1:${firstServePort}`,
  };
  for (const command of commands) {
    const role = startsWhat(command);
    const rewritten = rewriteAssignments(command, locations);
    if (role !== 'serve' && role !== 'worker') {
      lines.push(rewritten);
      continue;
    }
    const n = started.length;
    const port =
      role === 'serve' && !started.some((s) => s.role === 'serve')
        ? firstServePort
        : await freePort();
    const proc: Started = {
      command,
      role,
      port,
      dataDir: fs.mkdtempSync(path.join(work, `data-${n}-`)),
      log: path.join(work, `process-${n}.log`),
    };
    started.push(proc);
    const own = {
      HOST: '127.0.0.1',
      IMPRINT_DATA_DIR: proc.dataDir,
      ...(role === 'serve' ? { PORT: String(port) } : { IMPRINT_WORKER_PORT: String(port) }),
    };
    const prefix = Object.entries(own)
      .map(([k, v]) => `${k}=${shQuote(v)}`)
      .join(' ');
    lines.push(
      `${prefix} ${rewritten} >${shQuote(proc.log)} 2>&1 &`,
      `pids+=($!)`,
      `echo "started ${n} $!"`,
    );
  }
  lines.push(
    'echo all-started',
    'set +e',
    'for i in "${!pids[@]}"; do wait "${pids[$i]}"; echo "exited $i $?"; done',
  );
  assert.ok(started.length > 0, `${where} starts nothing`);

  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env))
    if (!/^(IMPRINT_|DATABASE_URL$|REDIS_URL$|AWS_|PORT$|HOST$|LOG_LEVEL$)/.test(k)) env[k] = v;
  Object.assign(env, {
    IMPRINT_S3_ENDPOINT: s3.endpoint,
    AWS_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
    IMPRINT_REDIS_PREFIX: redisPrefix,
    IMPRINT_RENDER_THREADS: '1',
    npm_config_update_notifier: 'false',
  });

  // Its own process group: whatever the block starts stays in it, so one kill ends all of it.
  const bash: ChildProcess = spawnChild('bash', ['-c', lines.join('\n')], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const pgid = bash.pid!;
  cleanups.push(() => {
    if (groupAlive(pgid)) process.kill(-pgid, 'SIGKILL');
  });
  let out = '';
  bash.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  bash.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const bashExit = new Promise<number | null>((r) => bash.once('exit', (c) => r(c)));
  let bashDone = false;
  void bashExit.then(() => (bashDone = true));
  const logs = () =>
    `--- script\n${lines.join('\n')}\n--- bash\n${out}\n` +
    started
      .map(
        (s, i) =>
          `--- process ${i}: ${s.command}\n${fs.existsSync(s.log) ? fs.readFileSync(s.log, 'utf8') : ''}`,
      )
      .join('\n');

  await until('the block to start its processes', 60_000, () =>
    out.includes('all-started')
      ? true
      : bashDone
        ? assert.fail(`${where} stopped early\n${logs()}`)
        : undefined,
  );
  for (const m of out.matchAll(/^started (\d+) (\d+)$/gm))
    started[Number(m[1])]!.pid = Number(m[2]);

  phase('processes started');
  // Every process answers /ready.
  for (const [i, proc] of started.entries()) {
    await until(`process ${i} (${proc.command}) to answer /ready`, 120_000, async () => {
      if (!alive(proc.pid!)) assert.fail(`${where}: process ${i} exited\n${logs()}`);
      try {
        const res = await fetch(`http://127.0.0.1:${proc.port}/ready`);
        return res.status === 200 ? true : undefined;
      } catch {
        return undefined;
      }
    });
  }

  phase('every process ready');
  // An image created through every API process finishes.
  for (const [i, proc] of started.entries()) {
    if (proc.role !== 'serve') continue;
    const cli = runSync(
      process.execPath,
      ['bin/imprint.mjs', 'project', 'create', 'Docs', '--json'],
      {
        cwd: ROOT,
        env: environOf(proc.pid!),
        encoding: 'utf8',
      },
    );
    assert.equal(cli.status, 0, `project create for process ${i}: ${cli.stderr}`);
    const { token } = JSON.parse(cli.stdout) as { token: string };
    const rest = restClient(`http://127.0.0.1:${proc.port}`, token);
    const tpl = await rest('POST', '/templates', { title: 'Docs', width: 120, height: 80 });
    assert.equal(tpl.status, 201, JSON.stringify(tpl.body));
    const image = await rest('POST', '/images', { template_uuid: tpl.body.uuid });
    assert.ok(image.status < 300, JSON.stringify(image.body));
    const finished = await until(
      `the image made through process ${i} to finish`,
      120_000,
      async () => {
        const got = await rest('GET', `/images/${image.body.id}`);
        if (got.body?.status === 'error')
          assert.fail(`image ended in error: ${JSON.stringify(got.body)}`);
        return got.body?.status === 'finished' ? got.body : undefined;
      },
    ).catch((err: Error) => assert.fail(`${err.message}\n${logs()}`));
    assert.match(String(finished.image_url), /^http/);
  }

  // A worker ran a job.
  const workers = started.filter((s) => s.role === 'worker');
  if (workers.length) {
    let ran = 0;
    for (const w of workers) {
      const metrics = await (await fetch(`http://127.0.0.1:${w.port}/metrics`)).text();
      for (const m of metrics.matchAll(
        /^imprint_jobs_total\{[^}]*outcome="finished"[^}]*\} (\d+)/gm,
      ))
        ran += Number(m[1]);
    }
    assert.ok(ran >= 1, `no worker of ${where} ran a job\n${logs()}`);
  }

  phase('images finished');
  // SIGTERM to each started process: each exits 0, nothing of the block is left, ports are free.
  for (const proc of started) process.kill(proc.pid!, 'SIGTERM');
  const stopping = Date.now();
  const bashCode = await Promise.race([
    bashExit,
    unrefSleep(90_000).then(() =>
      assert.fail(`${where}: processes still running 90 s after SIGTERM\n${logs()}`),
    ),
  ]);
  assert.equal(bashCode, 0, logs());
  t.diagnostic(`stopped ${((Date.now() - stopping) / 1000).toFixed(1)} s after SIGTERM`);
  const exits = [...out.matchAll(/^exited (\d+) (\d+)$/gm)].map((m) => Number(m[2]));
  assert.deepEqual(
    exits,
    started.map(() => 0),
    `every process exits 0 on SIGTERM\n${logs()}`,
  );
  await until('every process of the block to be gone', 10_000, () =>
    groupAlive(pgid) ? undefined : true,
  );
  for (const proc of started)
    assert.ok(await portFree(proc.port), `port ${proc.port} is free again`);
}
