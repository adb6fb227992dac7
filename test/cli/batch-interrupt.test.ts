/**
 * `imprint batch` and Ctrl-C: the real command runs as a child against an in-process server whose
 * renders wait on a picture server the test holds, so rows are in flight for as long as the test
 * wants. A first SIGINT starts no further row and waits for those in flight; a second leaves them,
 * recorded in the output folder's state file. Either way the summary ends with the command that
 * resumes, and resuming renders every missing row exactly once: no row repeated (the number of
 * images the server made), none lost (every file written).
 */
import assert from 'node:assert/strict';
import { type ChildProcess } from 'node:child_process';
import { spawnChild } from '../helpers/child-processes.ts';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, afterEach, before, describe, it } from 'node:test';
import { STATE_FILE } from '../../src/cli/batch/batch-state.ts';
import { startJobProcessing } from '../../src/main.ts';
import { freePort } from '../helpers/server-process.ts';
import { runCliInProcess } from '../helpers/cli-in-process.ts';
import { createTemplate, redPng } from '../generation/_helpers.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const ROOT = path.resolve(new URL('../..', import.meta.url).pathname);

/** A picture server that holds every request until `open()`. */
async function startGate() {
  const png = await redPng();
  const waiting: http.ServerResponse[] = [];
  let opened = false;
  const send = (res: http.ServerResponse) => {
    res.writeHead(200, { 'content-type': 'image/png' });
    res.end(png);
  };
  const server = http.createServer((_req, res) => (opened ? send(res) : waiting.push(res)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    held: () => waiting.length,
    open: () => {
      opened = true;
      for (const res of waiting.splice(0)) send(res);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Polls `check` every 20 ms until it is true; fails naming `what` after `ms`. */
async function until(what: string, check: () => boolean | Promise<boolean>, ms = 120_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The rows recorded in a state file (none when it does not exist). */
function recorded(out: string): Record<string, { id?: number; key: string }> {
  const file = path.join(out, STATE_FILE);
  if (!fs.existsSync(file)) return {};
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { rows: Record<string, never> }).rows;
}

describe('imprint batch interrupted with Ctrl-C', () => {
  let t: TestApp;
  let gate: Awaited<ReturnType<typeof startGate>>;
  let stop: (() => Promise<void>) | undefined;
  let base: string;
  let uuid: string;
  let work: string;
  const children = new Set<ChildProcess>();

  before(async () => {
    gate = await startGate();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await createTestApp('sqlite', {
      IMPRINT_PUBLIC_URL: base,
      IMPRINT_RENDER_THREADS: '1',
      IMPRINT_ALLOW_PRIVATE_URLS: '1',
      // The pictures wait for the test, however slow the machine: no fetch may time out meanwhile.
      IMPRINT_FETCH_TIMEOUT_MS: '600000',
    });
    stop = startJobProcessing(t.runtime, 4);
    await t.app.listen({ port, host: '127.0.0.1' });
    uuid = await createTemplate(t);
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-batch-int-'));
  });
  /** Kills the children still running: no child outlives its test, whatever happened to it. */
  const killChildren = () => {
    for (const child of children) child.kill('SIGKILL');
  };
  afterEach(killChildren);
  after(async () => {
    killChildren();
    gate?.open();
    await stop?.();
    await t?.close();
    await gate?.close();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  const images = async () =>
    (await t.runtime.db.selectFrom('images').select('id').execute()).length;

  /** Starts `imprint batch` as a child; `done` resolves with its exit code and output. */
  function startBatch(args: string[]) {
    const child = spawnChild(process.execPath, ['bin/imprint.mjs', 'batch', ...args], {
      cwd: ROOT,
      env: { ...process.env, IMPRINT_URL: base, IMPRINT_TOKEN: t.project.token },
    });
    children.add(child);
    const output = { stdout: '', stderr: '' };
    child.stdout!.on('data', (d: Buffer) => (output.stdout += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (output.stderr += d.toString()));
    const done = new Promise<{ code: number | null }>((resolve) =>
      child.on('close', (code) => {
        children.delete(child);
        resolve({ code });
      }),
    );
    return { child, output, done };
  }

  /** A data file of `n` rows, each with its own picture behind the gate (no shared download). */
  function rows(name: string, n: number): string {
    const file = path.join(work, `${name}.json`);
    const data = Array.from({ length: n }, (_, i) => ({
      title: `Row ${i + 1}`,
      'photo.image': `${gate.base}/${name}-${i + 1}.png`,
    }));
    fs.writeFileSync(file, JSON.stringify(data));
    return file;
  }

  /** Runs the printed resume command in-process (its arguments after `npx imprint`). */
  async function resume(printed: string) {
    const line = /resume with:\n {2}npx imprint (.+)\n/.exec(printed)?.[1];
    assert.ok(line, printed);
    const env = { IMPRINT_URL: base, IMPRINT_TOKEN: t.project.token };
    return runCliInProcess(line.split(' '), { env });
  }

  // Each spawns the command (a Node start) and renders a few rows: more than the default limit
  // on a loaded machine.
  const spawning = { timeout: 240_000 };

  it(
    'a second Ctrl-C leaves the rows in flight, recorded; the resume fetches them',
    spawning,
    async () => {
      const out = path.join(work, 'abandon');
      const before = await images();
      const data = rows('abandon', 6);
      const run = startBatch([
        '--template',
        uuid,
        '--data',
        data,
        '--out',
        out,
        '--concurrency',
        '2',
      ]);
      // Two rows in flight: created (their ids recorded) and rendering, held at their pictures.
      await until('two rows in flight', () => {
        const r = Object.values(recorded(out));
        return gate.held() === 2 && r.length === 2 && r.every((x) => typeof x.id === 'number');
      });
      run.child.kill('SIGINT');
      await until('the first Ctrl-C notice', () =>
        run.output.stderr.includes('waiting for the 2 rows in flight'),
      );
      run.child.kill('SIGINT');
      const { code } = await run.done;
      assert.equal(code, 130, run.output.stderr);
      assert.match(
        run.output.stdout,
        /^6 rows: 0 rendered, 0 skipped \(already in .*\), 0 failed, 2 left in flight, 4 not started in /m,
      );
      assert.match(run.output.stderr, /rows left in flight \(1, 2\) are recorded in /);
      assert.match(
        run.output.stderr,
        /interrupted; resume with:\n {2}npx imprint batch --template /,
      );
      // Each message once.
      for (const text of [
        'Ctrl-C again: leaving',
        'resume with',
        'Ctrl-C: starting no further row',
      ])
        assert.equal(run.output.stderr.split(text).length - 1, 1, text);
      assert.deepEqual(Object.keys(recorded(out)), ['1', '2']);
      assert.deepEqual(fs.existsSync(out) ? fs.readdirSync(out) : [], [STATE_FILE]);
      assert.equal((await images()) - before, 2);

      gate.open();
      const resumed = await resume(run.output.stderr);
      assert.equal(resumed.code, 0, resumed.stderr);
      assert.match(resumed.stdout, /6 rows: 6 rendered, 0 skipped .*, 0 failed in /);
      assert.equal((await images()) - before, 6, 'no row was rendered twice');
      assert.deepEqual(fs.readdirSync(out).sort(), [
        '0001.png',
        '0002.png',
        '0003.png',
        '0004.png',
        '0005.png',
        '0006.png',
      ]);
    },
  );

  it('a first Ctrl-C finishes the rows in flight and starts no other', spawning, async () => {
    await gate.close();
    gate = await startGate();
    const out = path.join(work, 'finish');
    const before = await images();
    const data = rows('finish', 5);
    const run = startBatch([
      '--template',
      uuid,
      '--data',
      data,
      '--out',
      out,
      '--concurrency',
      '2',
    ]);
    await until('two rows in flight', () => {
      const r = Object.values(recorded(out));
      return gate.held() === 2 && r.length === 2 && r.every((x) => typeof x.id === 'number');
    });
    run.child.kill('SIGINT');
    await until('the Ctrl-C notice', () =>
      run.output.stderr.includes('waiting for the 2 rows in flight'),
    );
    gate.open();
    const { code } = await run.done;
    assert.equal(code, 130, run.output.stderr);
    assert.match(
      run.output.stdout,
      /^5 rows: 2 rendered, 0 skipped .*, 0 failed, 3 not started in /m,
    );
    assert.doesNotMatch(run.output.stderr, /recorded in/);
    assert.deepEqual(fs.readdirSync(out).sort(), ['0001.png', '0002.png']);
    assert.equal((await images()) - before, 2);

    const resumed = await resume(run.output.stderr);
    assert.equal(resumed.code, 0, resumed.stderr);
    assert.match(resumed.stdout, /5 rows: 3 rendered, 2 skipped .*, 0 failed in /);
    assert.equal((await images()) - before, 5, 'no row was rendered twice');
    assert.equal(fs.readdirSync(out).length, 5);
  });
});
