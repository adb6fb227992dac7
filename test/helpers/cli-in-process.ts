/**
 * Runs the `imprint` CLI inside the test's own process, through the real program: spawning it
 * costs a second or more of start-up per command. What it prints is captured as text, the
 * environment and working folder asked for are set for the run only, and the exit code is read
 * from (and reset on) `process.exitCode`.
 */
import { runCli } from '../../src/cli/index.ts';

export interface CliRun {
  code: number;
  /** console.log lines (each ending in a newline) and text written to process.stdout. */
  stdout: string;
  /** console.error lines (each ending in a newline) and text written to process.stderr. */
  stderr: string;
}

export async function runCliInProcess(
  args: string[],
  opts: { env?: Record<string, string>; cwd?: string } = {},
): Promise<CliRun> {
  const env = opts.env ?? {};
  const savedEnv = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  const saved = {
    log: console.log,
    error: console.error,
    out: process.stdout.write.bind(process.stdout),
    err: process.stderr.write.bind(process.stderr),
    cwd: process.cwd(),
  };
  let stdout = '';
  let stderr = '';
  // The CLI writes strings; node's test runner reports this file's results to its parent as
  // binary chunks on the same stdout, possibly meanwhile: those pass through untouched.
  type Write = typeof process.stdout.write;
  const capture = (original: Write, append: (text: string) => void) =>
    ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      if (typeof chunk !== 'string')
        return (original as (...a: unknown[]) => boolean)(chunk, ...rest);
      append(chunk);
      return true;
    }) as Write;
  console.log = (...a: unknown[]) => void (stdout += `${a.join(' ')}\n`);
  console.error = (...a: unknown[]) => void (stderr += `${a.join(' ')}\n`);
  process.stdout.write = capture(saved.out, (t) => (stdout += t));
  process.stderr.write = capture(saved.err, (t) => (stderr += t));
  Object.assign(process.env, env);
  if (opts.cwd) process.chdir(opts.cwd);
  process.exitCode = 0;
  try {
    await runCli(['node', 'imprint', ...args]);
    return { code: Number(process.exitCode ?? 0), stdout, stderr };
  } finally {
    console.log = saved.log;
    console.error = saved.error;
    process.stdout.write = saved.out;
    process.stderr.write = saved.err;
    for (const [k, v] of Object.entries(savedEnv)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    process.chdir(saved.cwd);
    process.exitCode = 0;
  }
}
