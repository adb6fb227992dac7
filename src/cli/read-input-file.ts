/** Reads a file named on the command line; a missing or unreadable one is a one-line error. */
import fs from 'node:fs';

export function readInputFile(file: string): Buffer {
  try {
    return fs.readFileSync(file);
  } catch (err) {
    throw new Error(`Cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? err}`, {
      cause: err,
    });
  }
}
