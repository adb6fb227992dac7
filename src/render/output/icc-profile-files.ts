/**
 * Reads the ICC files bundled in `assets/icc/` (like the bundled fonts, these ship with the code,
 * so reading them is allowed here and nowhere else in render/). Each file is read once per process.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

const ICC_DIR = new URL('../../../assets/icc/', import.meta.url);
const cache = new Map<string, Buffer>();

/** Absolute path of a bundled ICC file (for Ghostscript and sharp, which read it themselves). */
export function iccProfilePath(file: string): string {
  return fileURLToPath(new URL(file, ICC_DIR));
}

/** The bytes of a bundled ICC file. */
export function iccProfileBytes(file: string): Buffer {
  let bytes = cache.get(file);
  if (!bytes) {
    bytes = fs.readFileSync(iccProfilePath(file));
    cache.set(file, bytes);
  }
  return bytes;
}
