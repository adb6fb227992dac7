/**
 * Runs a helper program (Ghostscript) with bytes on stdin and collects stdout, without touching
 * the file system. A missing program or a failure becomes an Error whose message names the
 * program and the tail of its stderr (for logs; the API shows clients a generic 500).
 */
import { spawn } from 'node:child_process';

/** Pipes `input` through `command args…` and resolves with its stdout. */
export function runProcess(
  command: string,
  args: string[],
  input: Buffer,
  timeoutMs = 120_000,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let err = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      if (err.length < 8192) err += chunk.toString();
    });
    child.on('error', (e: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(
        new Error(
          e.code === 'ENOENT'
            ? `${command} is not installed (Debian package "ghostscript"; see README)`
            : `${command}: ${e.message}`,
        ),
      );
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(Buffer.concat(out));
      else
        reject(
          new Error(`${command} failed (${signal ?? `exit ${code}`}): ${err.trim().slice(-500)}`),
        );
    });
    // A child that exits early closes stdin; the 'close' handler reports why.
    child.stdin.on('error', () => {});
    child.stdin.end(input);
  });
}
