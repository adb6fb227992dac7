/**
 * `imprint render` end to end: a design file with a picture path relative to it and a layer data
 * file, to PNG (as a user runs it: a child process, no server) and PDF; bad input prints the
 * problem paths and exits non-zero. The later cases run the same CLI in-process (runCliInProcess) to keep
 * the suite fast: a child process costs seconds of TypeScript loading.
 */
import assert from 'node:assert/strict';
import { runChecked } from '../../helpers/child-processes.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import sharp from 'sharp';
import { runCliInProcess } from '../../helpers/cli-in-process.ts';
import { keep, makePhoto, pdfInfo, pdfText } from './output-kit.ts';

const run = runChecked;
const BIN = path.resolve('bin/imprint.mjs');

/** Runs the CLI in this process from `cwd`, capturing its output and the exit code. */
function imprintInProcess(args: string[], cwd: string) {
  return runCliInProcess(args, { cwd });
}

/** Runs the CLI; resolves with its exit code and output (never rejects on a non-zero exit). */
async function imprint(
  args: string[],
  cwd: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, ...args], { cwd });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('imprint render', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-cli-'));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.mkdirSync(path.join(dir, 'img'));
  fs.writeFileSync(path.join(dir, 'img', 'photo.jpg'), await makePhoto(640, 480));
  const design = {
    width: 360,
    height: 240,
    background: '#0f172a',
    layers: [
      {
        name: 'photo',
        type: 'picture',
        x: 200,
        y: 20,
        width: 140,
        height: 100,
        image: 'img/photo.jpg',
      },
      {
        name: 'headline',
        type: 'text',
        x: 20,
        y: 140,
        width: 320,
        height: 80,
        text: 'Stored text',
        font_size: 30,
        text_color: '#ffffff',
      },
    ],
  };
  fs.writeFileSync(path.join(dir, 'design.json'), JSON.stringify(design));
  fs.writeFileSync(
    path.join(dir, 'data.json'),
    JSON.stringify({ headline: { text: 'Hello from the CLI' }, other: { text: 'ignored' } }),
  );

  it('renders a PNG with the layer data, scaled by --width', async () => {
    const res = await imprint(
      ['render', 'design.json', '--layers', 'data.json', '--out', 'card.png', '--width', '720'],
      dir,
    );
    assert.equal(res.code, 0, res.stderr);
    assert.match(res.stdout, /card\.png: image\/png, 720×480 px/);
    // Data for a layer the design does not have is ignored, with a warning on stderr.
    assert.match(res.stderr, /warning: layers\.other: the template has no layer "other"/);
    const png = fs.readFileSync(path.join(dir, 'card.png'));
    keep('cli-card.png', png);
    const meta = await sharp(png).metadata();
    assert.deepEqual([meta.format, meta.width, meta.height], ['png', 720, 480]);
    // The picture (read from the path relative to the design file) is drawn: not the background.
    const { data } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    const i = (140 * 720 + 540) * 3;
    assert.notDeepEqual([...data.subarray(i, i + 3)], [15, 23, 42]);
  });

  it('renders a PDF whose text is the layer data', async () => {
    const res = await imprint(
      ['render', 'design.json', '--layers', 'data.json', '--out', 'card.pdf', '--title', 'CLI'],
      dir,
    );
    assert.equal(res.code, 0, res.stderr);
    const text = await pdfText(fs.readFileSync(path.join(dir, 'card.pdf')));
    assert.match(text.replace(/\s+/g, ' '), /Hello from the CLI/);
  });

  it('prints problem paths and exits non-zero for bad input', async () => {
    fs.writeFileSync(
      path.join(dir, 'bad.json'),
      JSON.stringify({ ...design, layers: [{ ...design.layers[1], font_size: 'huge' }] }),
    );
    const bad = await imprintInProcess(['render', 'bad.json', '--out', 'bad.png'], dir);
    assert.notEqual(bad.code, 0);
    assert.match(bad.stderr, /design\.layers\.0\.font_size: /);
    const cmyk = await imprint(
      ['render', 'design.json', '--out', 'x.png', '--color-mode', 'cmyk'],
      dir,
    );
    assert.notEqual(cmyk.code, 0);
    assert.match(cmyk.stderr, /modifications\.color_mode: cmyk is only available for jpg/);
    assert.equal(fs.existsSync(path.join(dir, 'x.png')), false);
  });

  it('--format, --dpi and --color-mode: a 300 dpi CMYK JPEG, a WebP, a 150 dpi PDF', async () => {
    const jpg = await imprintInProcess(
      ['render', 'design.json', '--out', 'print.jpg', '--dpi', '300', '--color-mode', 'cmyk'],
      dir,
    );
    assert.equal(jpg.code, 0, jpg.stderr);
    const meta = await sharp(fs.readFileSync(path.join(dir, 'print.jpg'))).metadata();
    assert.deepEqual(
      [meta.format, meta.width, meta.height, meta.space, meta.density, Boolean(meta.icc)],
      ['jpeg', 1500, 1000, 'cmyk', 300, true],
    );

    const webp = await imprintInProcess(
      ['render', 'design.json', '--out', 'card.webp', '--format', 'webp', '--height', '120'],
      dir,
    );
    assert.equal(webp.code, 0, webp.stderr);
    const wmeta = await sharp(fs.readFileSync(path.join(dir, 'card.webp'))).metadata();
    assert.deepEqual([wmeta.format, wmeta.width, wmeta.height], ['webp', 180, 120]);

    const pdf = await imprintInProcess(
      ['render', 'design.json', '--out', 'card.pdf', '--dpi', '150'],
      dir,
    );
    assert.equal(pdf.code, 0, pdf.stderr);
    // 360×240 px at 150 dpi is 172.8×115.2 pt.
    assert.match(await pdfInfo(fs.readFileSync(path.join(dir, 'card.pdf'))), /172\.8 x 115\.2 pts/);
  });

  it('--format wins over an extension-less --out, and must agree with an extension (auto too)', async () => {
    const ok = await imprintInProcess(
      ['render', 'design.json', '--out', 'plain', '--format', 'png'],
      dir,
    );
    assert.equal(ok.code, 0, ok.stderr);
    const meta = await sharp(fs.readFileSync(path.join(dir, 'plain'))).metadata();
    assert.equal(meta.format, 'png');
    const clash = await imprintInProcess(
      ['render', 'design.json', '--out', 'clash.jpg', '--format', 'png'],
      dir,
    );
    assert.notEqual(clash.code, 0);
    assert.match(clash.stderr, /--format: --format png does not match the --out extension \.jpg/);
    assert.equal(fs.existsSync(path.join(dir, 'clash.jpg')), false);
    // auto picks png for a transparent canvas: a .jpg name would then hold PNG bytes.
    fs.writeFileSync(
      path.join(dir, 'clear.json'),
      JSON.stringify({ ...design, background: null, layers: [] }),
    );
    const auto = await imprintInProcess(
      ['render', 'clear.json', '--out', 'auto.jpg', '--format', 'auto'],
      dir,
    );
    assert.notEqual(auto.code, 0);
    assert.match(auto.stderr, /--format: --format auto chose png .*\.jpg/);
    assert.equal(fs.existsSync(path.join(dir, 'auto.jpg')), false);
    const autoPng = await imprintInProcess(
      ['render', 'clear.json', '--out', 'auto.png', '--format', 'auto'],
      dir,
    );
    assert.equal(autoPng.code, 0, autoPng.stderr);
    const autoMeta = await sharp(fs.readFileSync(path.join(dir, 'auto.png'))).metadata();
    assert.equal(autoMeta.format, 'png');
    const bad = await imprintInProcess(['render', 'design.json', '--out', 'x.gif'], dir);
    assert.notEqual(bad.code, 0);
    assert.match(bad.stderr, /--format: .*received "gif"/);
  });
});
