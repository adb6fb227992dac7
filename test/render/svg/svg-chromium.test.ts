/**
 * SVG golden tests against Chromium: every feature fixture (test/render/svg/fixtures/) drawn by
 * a shape layer, every preserveAspectRatio value in a wide and a tall box, and SVG pictures with
 * each object_fit, rendered to PNG and to PDF and compared with Chromium's rendering of the same
 * SVG in a box of the same size. At most CHROMIUM_TOLERANCE of the pixels may differ
 * (pixelmatch, threshold 0.1): anti-aliasing and text rasterisation differ slightly, a wrong
 * gradient, clip, transform or placement does not pass. The PNGs are also golden images
 * (test/render/svg/golden/, 0.1%), and PNG and PDF must agree.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { assertMatchesGolden } from '../../helpers/golden.ts';
import type { Design } from '../../../src/render/index.ts';
import { keep, valid } from '../output/output-kit.ts';
import {
  ChromiumSvg,
  crop,
  diffShare,
  fixtureSvgs,
  pdfPagePng,
  renderSvgPdf,
  renderSvgPng,
  svgDesign,
} from './svg-kit.ts';

/**
 * Most pixels that may differ from Chromium's rendering. Measured: at most 0.56% (the PDF of
 * opacity-mask, whose 300 ppi bitmap pdftoppm resamples), text 0.18%, the rest under 0.2%.
 */
const CHROMIUM_TOLERANCE = 0.01;
/** Most pixels that may differ between the PNG and the PDF page of the same SVG. */
const PDF_TOLERANCE = 0.01;

const GOLDEN = path.join(import.meta.dirname, 'golden');

/** Renders `svg` to PNG and PDF and checks both against Chromium's `chrome` and each other. */
async function compare(
  name: string,
  design: Parameters<typeof renderSvgPng>[0],
  svg: Buffer,
  chrome: Buffer,
  golden = true,
): Promise<void> {
  const png = await renderSvgPng(design, svg);
  const pdfPng = await pdfPagePng(await renderSvgPdf(design, svg), design.width, design.height);
  keep(`svg-${name}.png`, png);
  keep(`svg-${name}.pdf.png`, pdfPng);
  keep(`svg-${name}.chromium.png`, chrome);
  const vsChrome = await diffShare(png, chrome);
  const pdfVsChrome = await diffShare(pdfPng, chrome);
  const pngVsPdf = await diffShare(png, pdfPng);
  assert.ok(
    vsChrome <= CHROMIUM_TOLERANCE,
    `${name}: PNG differs from Chromium on ${pct(vsChrome)}`,
  );
  assert.ok(
    pdfVsChrome <= CHROMIUM_TOLERANCE,
    `${name}: PDF differs from Chromium on ${pct(pdfVsChrome)}`,
  );
  assert.ok(pngVsPdf <= PDF_TOLERANCE, `${name}: PNG and PDF differ on ${pct(pngVsPdf)}`);
  if (golden) await assertMatchesGolden(path.join(GOLDEN, `${name}.png`), png);
}

const pct = (share: number): string => `${(share * 100).toFixed(2)}% of pixels`;

/** An asymmetric drawing in a 100×50 viewBox with the given preserveAspectRatio. */
function aspectSvg(par: string): Buffer {
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="10 5 100 50" preserveAspectRatio="${par}">
  <rect x="10" y="5" width="100" height="50" fill="#a8dadc"/>
  <circle cx="30" cy="30" r="18" fill="#e63946"/>
  <path d="M60 50 L85 10 L105 50 Z" fill="#1d3557"/>
  <rect x="-20" y="20" width="160" height="4" fill="#f4a261"/>
</svg>`);
}

const ALIGNS = ['Min', 'Mid', 'Max'].flatMap((x) => ['Min', 'Mid', 'Max'].map((y) => `x${x}Y${y}`));
const ASPECT_VALUES = ['none', ...ALIGNS.flatMap((a) => [a, `${a} slice`])];

describe('SVG rendering compared with Chromium', () => {
  let chromium: ChromiumSvg;
  before(async () => {
    chromium = await ChromiumSvg.start();
  });
  after(async () => {
    await chromium?.close();
  });

  for (const [name, svg] of fixtureSvgs()) {
    it(`${name} as a shape`, async () => {
      const [w, h] = name === 'viewbox' ? [300, 200] : [300, 180];
      const chrome = await chromium.screenshot(svg, w, h);
      await compare(name, svgDesign(w, h, 'shape'), svg, chrome);
    });
  }

  it('every preserveAspectRatio value, in a wide and a tall box', async () => {
    // One page: a column of wide boxes and a grid of tall ones, each cell compared on its own.
    const cells = ASPECT_VALUES.flatMap((par, i) => [
      { par, x: 10, y: 10 + i * 70, width: 240, height: 60 },
      { par, x: 270 + (i % 5) * 100, y: 10 + Math.floor(i / 5) * 160, width: 90, height: 150 },
    ]);
    const files = new Map(
      cells.map((c) => [`https://fixtures.test/${c.par.replace(' ', '-')}.svg`, aspectSvg(c.par)]),
    );
    const design = valid({
      width: 770,
      height: 1340,
      background: '#ffffff',
      layers: cells.map((c, i) => ({
        name: `cell${i}`,
        type: 'shape',
        svg: `https://fixtures.test/${c.par.replace(' ', '-')}.svg`,
        x: c.x,
        y: c.y,
        width: c.width,
        height: c.height,
      })),
    } as Design);
    const chrome = await chromium.screenshotHtml(
      cells.map((c) => ({ ...c, svg: aspectSvg(c.par) })),
      design.width,
      design.height,
    );
    const png = await renderSvgPng(design, files);
    const pdfPng = await pdfPagePng(await renderSvgPdf(design, files), design.width, design.height);
    keep('svg-aspect.png', png);
    keep('svg-aspect.pdf.png', pdfPng);
    keep('svg-aspect.chromium.png', chrome);
    for (const c of cells) {
      const name = `${c.par} in ${c.width}×${c.height}`;
      const [a, b, d] = await Promise.all([png, pdfPng, chrome].map((img) => crop(img, c)));
      assert.ok(
        (await diffShare(a, d)) <= CHROMIUM_TOLERANCE,
        `${name}: PNG differs from Chromium`,
      );
      assert.ok(
        (await diffShare(b, d)) <= CHROMIUM_TOLERANCE,
        `${name}: PDF differs from Chromium`,
      );
    }
    await assertMatchesGolden(path.join(GOLDEN, 'aspect.png'), png);
  });

  for (const [fit, position] of [
    ['cover', 'left top'],
    ['cover', 'right bottom'],
    ['contain', 'center'],
    ['contain', 'right top'],
    ['fill', 'center'],
  ]) {
    it(`a picture with object_fit ${fit} at ${position}`, async () => {
      // Intrinsic 300×150 with a 2:1 viewBox; the box is taller than that.
      const svg = fixtureSvgs().get('viewbox')!;
      const [w, h] = [160, 140];
      const chrome = await chromium.screenshotImg(svg, w, h, fit, position);
      const design = svgDesign(w, h, 'picture', { object_fit: fit, object_position: position });
      await compare(`picture-${fit}-${position.replace(' ', '-')}`, design, svg, chrome);
    });
  }

  it('keeps the goldens it compares against', () => {
    for (const name of fixtureSvgs().keys()) {
      assert.ok(fs.existsSync(path.join(GOLDEN, `${name}.png`)), `${name}.png is missing`);
    }
  });
});
