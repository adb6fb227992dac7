/**
 * Reads the ICC files bundled in `assets/icc/` (like the bundled fonts, these ship with the code,
 * so reading them is allowed here and nowhere else in render/). Each file is read once per process.
 * Ghostscript reads profiles only from files, and its pdfwrite device ignores
 * `-sOutputICCProfile`: it converts to CMYK with the `default_cmyk.icc` of its profile folder.
 * So each CMYK profile gets a folder of its own in the temporary folder, named by the profile's
 * hash: Ghostscript's own profiles linked in, and the profile as `default_cmyk.icc`.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runProcess } from './run-process.ts';

const ICC_DIR = new URL('../../../assets/icc/', import.meta.url);
const cache = new Map<string, Buffer>();
const written = new Map<string, string>();

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

let gsIccDir: Promise<string> | undefined;

/** Ghostscript's own ICC profile folder (its ICCProfilesDir user parameter), asked once. */
function ghostscriptIccDir(): Promise<string> {
  gsIccDir ??= runProcess(
    'gs',
    ['-q', '-dNODISPLAY', '-dBATCH', '-c', 'currentuserparams /ICCProfilesDir get print', '-'],
    Buffer.alloc(0),
  ).then((out) => {
    const dir = out.toString().trim();
    if (!fs.existsSync(path.join(dir, 'default_rgb.icc'))) {
      throw new Error(
        `Ghostscript's ICC profile folder ${JSON.stringify(dir)} has no default_rgb.icc`,
      );
    }
    return dir;
  });
  gsIccDir.catch(() => (gsIccDir = undefined));
  return gsIccDir;
}

/**
 * A Ghostscript ICC profile folder (for `-sICCProfilesDir`, with the trailing slash Ghostscript
 * wants) whose `default_cmyk.icc` is `cmyk`: made once per profile and machine, reused after.
 */
export async function ghostscriptProfileDir(cmyk: Uint8Array): Promise<string> {
  const source = await ghostscriptIccDir();
  // Named by the profile and Ghostscript's folder, so an upgraded Ghostscript gets new links.
  const hash = createHash('sha256').update(source).update(cmyk).digest('hex').slice(0, 32);
  const known = written.get(hash);
  if (known && fs.existsSync(known)) return `${known}/`;
  const dir = path.join(os.tmpdir(), `imprint-gs-icc-${hash}`);
  if (!fs.existsSync(path.join(dir, 'default_cmyk.icc'))) {
    // Built under another name and renamed, so a concurrent render never sees half a folder.
    const partial = fs.mkdtempSync(`${dir}.partial-`);
    for (const name of fs.readdirSync(source)) {
      if (name !== 'default_cmyk.icc') {
        fs.symlinkSync(path.join(source, name), path.join(partial, name));
      }
    }
    fs.writeFileSync(path.join(partial, 'default_cmyk.icc'), cmyk);
    try {
      fs.renameSync(partial, dir);
    } catch {
      fs.rmSync(partial, { recursive: true, force: true }); // another render made it first
    }
  }
  written.set(hash, dir);
  return `${dir}/`;
}
