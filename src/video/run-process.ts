/**
 * Runs ffmpeg or ffprobe as a child process under the job's bounds: a wall-clock limit and the
 * job's abort signal both kill the child's whole process group (it runs detached, in a group of
 * its own), stdin is closed, stdout is collected (ffprobe's JSON) and only the tail of stderr is
 * kept, for error messages, so a chatty or hostile input cannot grow memory.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';

/**
 * util-linux's setpriv (Debian's essential packages have it) starts the child with a parent-death
 * signal: if this process dies without killing its children (SIGKILL, a crash), the kernel kills
 * ffmpeg too instead of letting it encode on for nobody. Where it is missing, ffmpeg runs as is.
 */
const SETPRIV = ['/usr/bin/setpriv', '/bin/setpriv'].find((p) => fs.existsSync(p));

/** The command line that runs `command args`, ended by the kernel if this process dies. */
export function boundToParent(command: string, args: string[]): [string, string[]] {
  return SETPRIV ? [SETPRIV, ['--pdeathsig', 'KILL', '--', command, ...args]] : [command, args];
}

/** How much of stderr an error keeps (its last characters: ffmpeg says what went wrong last). */
const STDERR_TAIL = 4_000;
/** ffprobe's JSON of one file is small; more than this is not a media file's description. */
const STDOUT_LIMIT = 4 * 1024 * 1024;

/** A run that did not end with status 0: killed, timed out or failed. */
export class ProcessError extends Error {
  readonly stderrTail: string;
  readonly reason: 'exit' | 'timeout' | 'aborted' | 'spawn';
  constructor(
    message: string,
    stderrTail: string,
    reason: 'exit' | 'timeout' | 'aborted' | 'spawn',
  ) {
    super(message);
    this.stderrTail = stderrTail;
    this.reason = reason;
    this.name = 'ProcessError';
  }
}

export interface RunOptions {
  timeoutMs: number;
  signal?: AbortSignal;
}

/** Signals the child's process group, or the child alone when the group is gone. */
function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // the group has already exited
  }
}

/** Runs `command args` and resolves with its stdout when it exits with status 0. */
export function runProcess(
  command: string,
  args: string[],
  options: RunOptions,
): Promise<{ stdout: string; stderrTail: string }> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new ProcessError(`${command} was not started: the job was cancelled`, '', 'aborted'));
      return;
    }
    const [file, argv] = boundToParent(command, args);
    const child = spawn(file, argv, {
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let stdout = '';
    let stdoutBytes = 0;
    let stderr = '';
    let ended: ProcessError['reason'] | undefined;
    const stop = (reason: ProcessError['reason']): void => {
      ended ??= reason;
      killGroup(child.pid);
    };
    const timer = setTimeout(() => stop('timeout'), options.timeoutMs);
    const onAbort = (): void => stop('aborted');
    options.signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      stdoutBytes += chunk.length;
      if (stdoutBytes > STDOUT_LIMIT) stop('exit');
      else stdout += chunk;
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_TAIL);
    });
    const finish = (): void => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    };
    child.on('error', (err) => {
      finish();
      reject(new ProcessError(`${command} could not be started: ${err.message}`, '', 'spawn'));
    });
    child.on('close', (code, sig) => {
      finish();
      // ffmpeg never leaves children, but a group kill also catches anything it may have forked.
      if (code !== 0) killGroup(child.pid);
      if (code === 0 && !ended) {
        resolve({ stdout, stderrTail: stderr });
        return;
      }
      const reason = ended ?? 'exit';
      const why =
        reason === 'timeout'
          ? `was stopped after ${options.timeoutMs} ms`
          : reason === 'aborted'
            ? 'was stopped: the job was cancelled'
            : `failed (${sig ?? `status ${code}`})`;
      reject(new ProcessError(`${command} ${why}`, stderr.trim(), reason));
    });
  });
}
