#!/usr/bin/env node
// The whole suite behind `npm test`: type-check, lint, format, import rules, then every test file
// under test/ with node's test runner (SQLite always, PostgreSQL when reachable).
//   --only-checks   just the static checks      --only-tests   just the tests
//   any other args  test files or folders to run instead of all of test/
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
const onlyChecks = args.includes('--only-checks');
const onlyTests = args.includes('--only-tests');
const targets = args.filter((a) => !a.startsWith('--'));
const bin = (name) => path.join('node_modules', '.bin', name);

function run(title, cmd, cmdArgs) {
  const started = Date.now();
  process.stdout.write(`\n== ${title}\n`);
  const res = spawnSync(cmd, cmdArgs, { stdio: 'inherit' });
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  if (res.status !== 0) {
    console.error(`== ${title}: FAILED (${secs}s)`);
    return false;
  }
  console.log(`== ${title}: ok (${secs}s)`);
  return true;
}

function testFiles(roots) {
  const out = [];
  const walk = (p) => {
    const stat = fs.statSync(p);
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(p).sort()) {
        if (name === 'node_modules' || name.startsWith('_')) continue;
        walk(path.join(p, name));
      }
    } else if (/\.test\.ts$/.test(p)) out.push(p);
  };
  roots.forEach(walk);
  return out;
}

let ok = true;
if (!onlyTests && targets.length === 0) {
  ok = run('types (tsc --noEmit)', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']) && ok;
  ok =
    run('editor types (tsc --noEmit)', bin('tsc'), ['--noEmit', '-p', 'web/tsconfig.json']) && ok;
  ok = run('lint (eslint)', bin('eslint'), ['.', '--max-warnings=0']) && ok;
  ok =
    run('format (prettier --check)', bin('prettier'), ['--check', '.', '--log-level=warn']) && ok;
  ok =
    run('imports (dependency-cruiser)', bin('depcruise'), [
      'src',
      '--config',
      '.dependency-cruiser.cjs',
    ]) && ok;
}
/** Test files that run alone, after the others (see below). */
const SOLO_TESTS = ['test/e2e/no-stall.test.ts'];

/**
 * The test runner running now, and the signal that stopped `npm test`, if one did. The runner runs
 * in a process group of its own (so that a signal reaches all its test-file processes at once);
 * a signal to `npm test` (Ctrl+C, a CI job's SIGTERM) is passed on to that group and escalates to
 * SIGKILL after 10 s, so no runner or test file outlives `npm test` (the test files stop the
 * processes they started themselves: test/helpers/child-processes.ts).
 */
let current = null;
let stoppedBy = null;
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => {
    if (stoppedBy) return;
    stoppedBy = sig;
    console.error(`\n== ${sig}: stopping the tests`);
    if (!current) process.exit(1);
    const group = -current.pid;
    const signalGroup = (s) => {
      try {
        process.kill(group, s);
      } catch {
        // already gone
      }
    };
    signalGroup(sig);
    setTimeout(() => signalGroup('SIGKILL'), 10_000).unref();
  });
}

/** Runs node's test runner, echoing its output and keeping its pass/fail counts. */
function runTests(files, concurrency, label) {
  const started = Date.now();
  process.stdout.write(`\n== tests (${files.length} files, ${concurrency} at a time)\n`);
  // 30 s per test, so that a hang fails the test that hangs within half a minute; a test that
  // needs longer names its own `timeout`, and hooks get theirs from hook-time-limits.ts (see
  // docs/development.md).
  // Node strips the types of the test files itself (tsconfig's erasableSyntaxOnly keeps the
  // sources within what it can strip): a file's process starts in about half the time it takes
  // through tsx's loader. `imprint-source` resolves @imprint/client to its TypeScript sources.
  const args = [
    '--conditions=imprint-source',
    '--import',
    './test/helpers/hook-time-limits.ts',
    '--test',
    `--test-concurrency=${concurrency}`,
    '--test-timeout=30000',
  ];
  // Reporters and where each writes: node's spec reporter; the files whose process failed outside
  // any test, with how it ended (failed-file-reporter.mjs); with TEST_FILE_TIMES=<file>, each test
  // file's time, slowest first.
  const reporters = [
    ['spec', 'stdout'],
    ['./scripts/failed-file-reporter.mjs', 'stdout'],
  ];
  const timesFile = process.env.TEST_FILE_TIMES && `${process.env.TEST_FILE_TIMES}${label}`;
  if (timesFile) reporters.push(['./scripts/file-times-reporter.mjs', timesFile]);
  const reporting = reporters.flatMap(([reporter, destination]) => [
    `--test-reporter=${reporter}`,
    `--test-reporter-destination=${destination}`,
  ]);
  const child = spawn(process.execPath, [...args, ...reporting, ...files], {
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  current = child;
  // node prints its totals as `ℹ pass N` lines before the list of failures, which can be long:
  // read them line by line as they stream past rather than from the end of the output.
  const counts = { pass: 0, fail: 0, cancelled: 0, skipped: 0 };
  let partial = '';
  child.stdout.on('data', (chunk) => {
    process.stdout.write(chunk);
    const lines = (partial + chunk.toString('utf8')).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      const m = /^ℹ (pass|fail|cancelled|skipped) (\d+)$/.exec(line);
      if (m) counts[m[1]] = Number(m[2]);
    }
  });
  return new Promise((resolve) => {
    child.on('close', (code) => {
      current = null;
      const secs = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`== tests: ${code === 0 ? 'ok' : 'FAILED'} (${secs}s)`);
      resolve({ ok: code === 0, counts });
    });
  });
}

let counts = null;
if (!onlyChecks) {
  // The tests look at PDFs and QR codes with poppler, qpdf and zbar, and CMYK needs Ghostscript.
  // setup.sh installs them; doing it here too (a no-op when present) keeps `npm test` whole on a
  // fresh machine where only `npm install` was run.
  ok =
    run('system tools (scripts/install-system-deps.sh)', 'bash', [
      'scripts/install-system-deps.sh',
    ]) && ok;
  const files = testFiles(targets.length ? targets : ['test', 'clients/typescript/test']);
  if (files.length === 0) {
    console.error('No test files found.');
    ok = false;
  } else {
    // Latency tests measure how long the service keeps others waiting: they run alone, after the
    // rest, so that other test files rendering on the same cores do not decide their figures.
    const solo = files.filter((f) => SOLO_TESTS.includes(f.split(path.sep).join('/')));
    const shared = files.filter((f) => !solo.includes(f));
    counts = { pass: 0, fail: 0, cancelled: 0, skipped: 0 };
    for (const [group, concurrency, label] of [
      [shared, 3, ''],
      [solo, 1, '.solo'],
    ]) {
      if (group.length === 0 || stoppedBy) continue;
      const result = await runTests(group, concurrency, label);
      for (const k of Object.keys(counts)) counts[k] += result.counts[k];
      ok = result.ok && ok;
    }
  }
}
if (stoppedBy) ok = false;
if (!ok) {
  console.error('\nnpm test: FAILED');
}
if (counts) {
  const skipped = counts.skipped ? `, ${counts.skipped} skipped` : '';
  // The plain closing line CI reads: node's counts (a cancelled test counts as failed), plus a
  // failure for any failed check.
  const failed = counts.fail + counts.cancelled + (ok || counts.fail + counts.cancelled ? 0 : 1);
  console.log(`tests: ${counts.pass} passed, ${failed} failed${skipped}`);
}
process.exit(ok ? 0 : 1);
