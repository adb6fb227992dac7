/**
 * Helpers for the output proof tests: small designs, a photo-like test picture, and the poppler /
 * Ghostscript tools that look at the files we make (each run on a temp copy of the bytes).
 */
import { runChecked } from '../../helpers/child-processes.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { validateDesign, type Design, type RenderAssets } from '../../../src/render/index.ts';

const run = runChecked;

/** Where tests keep files worth a look (PNG outputs, rasterised PDF pages). */
export const LOOK_DIR = path.join(os.tmpdir(), 'imprint-output-tests');
fs.mkdirSync(LOOK_DIR, { recursive: true });

/** Writes bytes to LOOK_DIR/<name> and returns the path. */
export function keep(name: string, bytes: Buffer): string {
  const file = path.join(LOOK_DIR, name);
  fs.writeFileSync(file, bytes);
  return file;
}

/**
 * Runs a tool on the bytes saved as a temp file; resolves with stdout. The tool runs inside that
 * temp dir: poppler tools given `-` as an output root write a file named `-.png` into the working
 * directory (not stdout), which used to be the repository root.
 */
export async function tool(
  cmd: string,
  args: (file: string) => string[],
  bytes: Buffer,
  ext = 'pdf',
): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-tool-'));
  const file = path.join(dir, `in.${ext}`);
  fs.writeFileSync(file, bytes);
  try {
    const { stdout } = await run(cmd, args(file), { cwd: dir });
    return stdout;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Text of a PDF (pdftotext). */
export const pdfText = (pdf: Buffer): Promise<string> => tool('pdftotext', (f) => [f, '-'], pdf);
/** Font table of a PDF (pdffonts). */
export const pdfFonts = (pdf: Buffer): Promise<string> => tool('pdffonts', (f) => [f], pdf);
/** Image list of a PDF (pdfimages -list). */
export const pdfImages = (pdf: Buffer): Promise<string> =>
  tool('pdfimages', (f) => ['-list', f], pdf);
/** Document info (pdfinfo). */
export const pdfInfo = (pdf: Buffer): Promise<string> => tool('pdfinfo', (f) => [f], pdf);

/** Rasterises page 1 of a PDF with pdftoppm at `dpi` and returns the PNG. */
export async function rasterisePdf(pdf: Buffer, dpi = 96, page = 1): Promise<Buffer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-ppm-'));
  try {
    fs.writeFileSync(path.join(dir, 'in.pdf'), pdf);
    await run('pdftoppm', [
      '-r',
      String(dpi),
      '-f',
      String(page),
      '-l',
      String(page),
      '-png',
      '-singlefile',
      path.join(dir, 'in.pdf'),
      path.join(dir, 'out'),
    ]);
    return fs.readFileSync(path.join(dir, 'out.png'));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A deterministic photo-like JPEG: smooth gradients plus fine noise (no flat areas). */
export async function makePhoto(width: number, height: number, quality = 90): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  let seed = 12345;
  const rand = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32) * 2 - 1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const n = rand() * 24;
      raw[i] = Math.max(0, Math.min(255, 60 + (150 * x) / width + 40 * Math.sin(y / 37) + n));
      raw[i + 1] = Math.max(0, Math.min(255, 90 + (120 * y) / height + 30 * Math.cos(x / 53) + n));
      raw[i + 2] = Math.max(0, Math.min(255, 200 - (120 * (x + y)) / (width + height) + n));
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality })
    .toBuffer();
}

/** URL of the test picture in test designs. */
export const PHOTO_URL = 'https://pictures.test/photo.jpg';

/** Assets holding the test photo under PHOTO_URL. */
export async function photoAssets(width = 800, height = 600): Promise<RenderAssets> {
  return { files: new Map([[PHOTO_URL, await makePhoto(width, height)]]), fonts: [] };
}

/** A design as stored: validated and normalised (defaults filled in); throws on problems. */
export function valid(design: Design): Design {
  const { design: normalised, problems } = validateDesign(design);
  if (!normalised || problems.length > 0)
    throw new Error(`invalid test design: ${JSON.stringify(problems)}`);
  return normalised;
}

/** A 400×300 card: dark background, an amber rounded box (linked), a picture, a title and a QR code. */
export function sampleDesign(overrides: Partial<Design> = {}): Design {
  return valid({
    width: 400,
    height: 300,
    background: '#1e293b',
    layers: [
      {
        name: 'box',
        type: 'shape',
        x: 20,
        y: 20,
        width: 150,
        height: 90,
        background_color: '#f59e0b',
        border_radius: 12,
        link_target: 'https://example.com/box',
      },
      {
        name: 'photo',
        type: 'picture',
        x: 190,
        y: 20,
        width: 190,
        height: 130,
        image: PHOTO_URL,
        object_fit: 'cover',
      },
      {
        name: 'title',
        type: 'text',
        x: 20,
        y: 160,
        width: 250,
        height: 90,
        text: 'Quarterly results are in',
        font: 'DejaVu Sans',
        font_weight: 'bold',
        font_size: 28,
        text_color: '#ffffff',
        line_height: 1.2,
      },
      {
        name: 'qr',
        type: 'barcode',
        x: 290,
        y: 170,
        width: 100,
        height: 100,
        value: 'https://example.com/r/123',
      },
    ],
    ...overrides,
  });
}

/**
 * Raw RGB pixels of the top-left width×height of an encoded image after a downscale by `factor`.
 * Cropped, not stretched: pdftoppm makes a 97.5 pt (130 px) page 131 px tall, and stretching that
 * extra row into the comparison would shift everything below by up to a pixel.
 */
export async function downscaled(
  image: Buffer,
  width: number,
  height: number,
  factor: number,
): Promise<Buffer> {
  const { data, info } = await sharp(image)
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .extract({ left: 0, top: 0, width, height })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return sharp(data, { raw: info })
    .resize(Math.round(width / factor), Math.round(height / factor), {
      kernel: 'cubic',
      fit: 'fill',
    })
    .raw()
    .toBuffer();
}

/** Share of pixels whose channels all differ by at most `tolerance` (two same-size RGB buffers). */
export function agreement(a: Buffer, b: Buffer, tolerance: number): number {
  if (a.length !== b.length) throw new Error(`sizes differ: ${a.length} vs ${b.length}`);
  let same = 0;
  for (let i = 0; i < a.length; i += 3) {
    if (
      Math.abs(a[i] - b[i]) <= tolerance &&
      Math.abs(a[i + 1] - b[i + 1]) <= tolerance &&
      Math.abs(a[i + 2] - b[i + 2]) <= tolerance
    )
      same++;
  }
  return same / (a.length / 3);
}

/** The watermark's red over any background: red well above green and blue, green ≈ blue. */
export function isWatermarkRed(r: number, g: number, b: number): boolean {
  return r - Math.max(g, b) > 50 && Math.abs(g - b) < 40;
}

/** Share of pixels that are watermark red. */
export async function redShare(image: Buffer): Promise<number> {
  const { data, info } = await sharp(image)
    .flatten({ background: '#ffffff' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  let red = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    if (isWatermarkRed(data[i], data[i + 1], data[i + 2])) red++;
  }
  return red / (info.width * info.height);
}
