/**
 * Reads a PDF's ink separations back with Ghostscript's `tiffsep` device: one 8-bit plate per
 * process ink (cyan, magenta, yellow, black) and per spot colour, as a print shop's RIP would
 * make them.
 */
import { runChecked } from '../../helpers/child-processes.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

const run = runChecked;

/** The ink plates of page 1; `ink` is 0 (none) to 1 (solid) at a pixel. */
export interface Separations {
  width: number;
  height: number;
  ink(plate: Plate, x: number, y: number): number;
  /** The most ink of `plate` anywhere in the box. */
  maxInk(plate: Plate, box: Box): number;
  /** How many pixels of the box carry any ink of `plate`. */
  inked(plate: Plate, box: Box): number;
  /** The plates tiffsep wrote (process inks first, then spots by name). */
  plates: string[];
}

/** A process ink, or a spot colour's name (its plate must exist). */
export type Plate = 'Cyan' | 'Magenta' | 'Yellow' | 'Black' | (string & {});
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Separates page 1 of `pdf` at `dpi` (96: one pixel per design pixel of a 96 dpi PDF). */
export async function separations(pdf: Buffer, dpi = 96): Promise<Separations> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-sep-'));
  try {
    fs.writeFileSync(path.join(dir, 'in.pdf'), pdf);
    await run('gs', ['-q', '-sDEVICE=tiffsep', `-r${dpi}`, '-o', 'sep.tif', 'in.pdf'], {
      cwd: dir,
    });
    const plates = new Map<
      Plate,
      { data: Buffer; width: number; height: number; channels: number }
    >();
    const process = ['Cyan', 'Magenta', 'Yellow', 'Black'];
    // tiffsep names each plate file sep(<colorant>).tif.
    const spots = fs
      .readdirSync(dir)
      .map((f) => /^sep\((.*)\)\.tif$/.exec(f)?.[1])
      .filter((n): n is string => n !== undefined && !process.includes(n))
      .sort();
    for (const plate of [...process, ...spots]) {
      const { data, info } = await sharp(path.join(dir, `sep(${plate}).tif`))
        .raw()
        .toBuffer({ resolveWithObject: true });
      plates.set(plate, { data, ...info });
    }
    const k = plates.get('Black')!;
    // tiffsep plates are negatives: 0 is solid ink, 255 none.
    const ink = (plate: Plate, x: number, y: number): number => {
      const p = plates.get(plate);
      if (!p) throw new Error(`no ${plate} plate; tiffsep made ${[...plates.keys()].join(', ')}`);
      return 1 - p.data[(Math.round(y) * p.width + Math.round(x)) * p.channels] / 255;
    };
    const each = (box: Box, f: (v: number) => void, plate: Plate) => {
      for (let y = box.y; y < box.y + box.height; y++)
        for (let x = box.x; x < box.x + box.width; x++) f(ink(plate, x, y));
    };
    return {
      width: k.width,
      height: k.height,
      plates: [...plates.keys()],
      ink,
      maxInk(plate, box) {
        let max = 0;
        each(box, (v) => (max = Math.max(max, v)), plate);
        return max;
      },
      inked(plate, box) {
        let n = 0;
        each(box, (v) => (n += v > 0 ? 1 : 0), plate);
        return n;
      },
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
