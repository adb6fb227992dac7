/**
 * A real `imprint serve` for end-to-end tests and benchmarks: a free loopback port, a data
 * directory of its own, the environment both share with the CLI, waiting until /health answers,
 * the output of every process it started, and stopping them. One place, so every end-to-end test
 * starts the server the same way.
 */
import assert from 'node:assert/strict';
import type { ChildProcess, StdioOptions } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { runSync, spawnChild, stopChild, type TestOwner } from './child-processes.ts';

const ROOT = path.resolve(new URL('../..', import.meta.url).pathname);
const BIN = 'bin/imprint.mjs';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A TCP port free on 127.0.0.1 right now. */
export async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise((r) => srv.close(r));
  return port;
}

/** How to start the processes. */
export interface ServerProcessOptions {
  /** Prefix of the temporary IMPRINT_DATA_DIR. */
  prefix: string;
  /** Variables on top of the defaults (SQLite in the data dir, no Redis, private URLs allowed). */
  env?: Record<string, string>;
  /** stdio of spawned processes; stdout and stderr are kept in `logs` where they are piped. */
  stdio?: StdioOptions;
  /** Extra node flags for `serve`, e.g. --cpu-prof. */
  nodeArgs?: string[];
  /** How long `start` waits for /health (default 60 s: a busy machine loads slowly). */
  readyMs?: number;
  /** The test whose end stops every process started here (else the end of the test file). */
  t?: TestOwner;
}

/** `imprint serve` and CLI processes sharing one port, data directory and environment. */
export class ServerProcess {
  /** Output of every process started here, in arrival order. */
  readonly logs: string[] = [];
  /** Every background process started here (serve and workers). */
  readonly children: ChildProcess[] = [];
  /** The current `serve` process. */
  server: ChildProcess | null = null;

  readonly port: number;
  readonly dataDir: string;
  readonly env: NodeJS.ProcessEnv;
  private readonly options: ServerProcessOptions;
  private constructor(
    port: number,
    dataDir: string,
    env: NodeJS.ProcessEnv,
    options: ServerProcessOptions,
  ) {
    this.port = port;
    this.dataDir = dataDir;
    this.env = env;
    this.options = options;
  }

  /** Picks a port and a data directory; starts nothing yet. */
  static async create(options: ServerProcessOptions): Promise<ServerProcess> {
    const port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), options.prefix));
    const env = {
      ...process.env,
      DATABASE_URL: '',
      REDIS_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      IMPRINT_DATA_DIR: dataDir,
      IMPRINT_PUBLIC_URL: `http://127.0.0.1:${port}`,
      IMPRINT_ALLOW_PRIVATE_URLS: '1',
      ...options.env,
    };
    return new ServerProcess(port, dataDir, env, options);
  }

  /** The server's base URL (also its IMPRINT_PUBLIC_URL). */
  get base(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Runs `imprint <args>` to the end; asserts it succeeded and returns its trimmed stdout. */
  cli(...args: string[]): string {
    const res = runSync(process.execPath, [BIN, ...args], { env: this.env, cwd: ROOT });
    this.logs.push(res.stdout, res.stderr);
    assert.equal(res.status, 0, res.stderr);
    return res.stdout.trim();
  }

  /** Creates a project with the CLI; returns its id and API token. */
  createProject(name: string): { id: string; token: string } {
    return JSON.parse(this.cli('project', 'create', name, '--json')) as {
      id: string;
      token: string;
    };
  }

  /** Starts `imprint <args>` in the background with extra variables. */
  spawn(args: string[], extraEnv: Record<string, string> = {}, nodeArgs: string[] = []) {
    const child = spawnChild(process.execPath, [...nodeArgs, BIN, ...args], {
      env: { ...this.env, ...extraEnv },
      cwd: ROOT,
      stdio: this.options.stdio ?? 'pipe',
      t: this.options.t,
    });
    child.stdout?.on('data', (d: Buffer) => this.logs.push(d.toString()));
    child.stderr?.on('data', (d: Buffer) => this.logs.push(d.toString()));
    this.children.push(child);
    return child;
  }

  /** Starts `imprint serve` and resolves once /health answers; fails early if it exits. */
  async start(extraEnv: Record<string, string> = {}): Promise<ChildProcess> {
    const child = this.spawn(['serve'], extraEnv, this.options.nodeArgs);
    this.server = child;
    const until = Date.now() + (this.options.readyMs ?? 60_000);
    while (Date.now() < until && child.exitCode === null) {
      try {
        // A server that accepts but never answers would hold fetch for its 300 s default.
        const health = await fetch(`${this.base}/health`, { signal: AbortSignal.timeout(5000) });
        if (health.ok) return child;
      } catch {
        // not listening yet
      }
      await sleep(100);
    }
    throw new Error(`the server did not start:\n${this.logs.join('')}`);
  }

  /** Stops the current `serve` with `signal` and waits for it to exit. */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    const child = this.server;
    this.server = null;
    if (child) await stopChild(child, signal);
  }

  /** Stops every process still running (SIGTERM, or `signal`) and removes the data directory. */
  async close(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    for (const c of this.children) await stopChild(c, signal);
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON bodies of the API
type Json = any;

/** How long a test request may wait for its whole answer before it fails, naming the request. */
const REQUEST_LIMIT_MS = 120_000;

/** A JSON client of the REST API: status and parsed body (null when empty). */
export function restClient(base: string, token: string) {
  return async (
    method: string,
    url: string,
    body?: unknown,
  ): Promise<{ status: number; body: Json }> => {
    try {
      const res = await fetch(`${base}/api/rest${url}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(REQUEST_LIMIT_MS),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null };
    } catch (err) {
      // A hung request otherwise ends as the test's own timeout, which names no request.
      if ((err as Error).name !== 'TimeoutError') throw err;
      throw new Error(`${method} ${url} got no whole answer in ${REQUEST_LIMIT_MS / 1000} s`, {
        cause: err,
      });
    }
  };
}
