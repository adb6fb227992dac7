/**
 * `rendering_intent` of CMYK PDFs: Ghostscript converts with it (read back from the plates with
 * tiffsep). The reference inks were computed with lcms (`transicc`, Ghostscript's default_rgb.icc
 * to generic-cmyk.icc) for the dark colour #1e1419:
 *   relative without black-point compensation  C 0.459 M 0.456 Y 0.900 K 0.910
 *   relative with it                            C 0.334 M 0.251 Y 0.644 K 0.896
 *   perceptual (lcms compensates black too)     C 0.406 M 0.312 Y 0.801 K 0.909
 * The generic profile has one table for every intent, so perceptual and saturation agree there;
 * the intents still differ by the black point and, for absolute, by the paper white.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { renderPdf, type Design, type PdfOptions } from '../../../src/render/index.ts';
import { valid } from './output-kit.ts';
import { separations, type Plate } from './separations.ts';

const PLATES: Plate[] = ['Cyan', 'Magenta', 'Yellow', 'Black'];
const COLOURS = { blue: '#0000ff', dark: '#1e1419', white: '#ffffff' };

function swatches(): Design {
  return valid({
    width: 300,
    height: 100,
    background: '#ffffff',
    layers: Object.entries(COLOURS).map(([name, colour], i) => ({
      name,
      type: 'shape',
      x: i * 100,
      y: 0,
      width: 100,
      height: 100,
      background_color: colour,
    })),
  });
}

/** The inks (0–1) of each swatch's centre in a CMYK PDF made with `options`. */
async function inks(options: PdfOptions): Promise<Record<string, number[]>> {
  const pdf = await renderPdf({
    pages: [{ design: swatches() }],
    assets: { files: new Map(), fonts: [] },
    options: { colorMode: 'cmyk', ...options },
  });
  const seps = await separations(pdf.bytes);
  return Object.fromEntries(
    Object.keys(COLOURS).map((name, i) => [name, PLATES.map((p) => seps.ink(p, i * 100 + 50, 50))]),
  );
}

const near = (a: number, b: number, tolerance = 0.03) => Math.abs(a - b) <= tolerance;

test('the default is relative colorimetric with black-point compensation', async () => {
  const [byDefault, relative] = [await inks({}), await inks({ renderingIntent: 'relative' })];
  assert.deepEqual(byDefault, relative);
  const [c, m, y, k] = relative.dark;
  assert.ok(
    near(c, 0.334) && near(m, 0.251) && near(y, 0.644) && near(k, 0.896),
    `${relative.dark}`,
  );
  // Without compensation the yellow would be 0.900.
  assert.ok(y < 0.8, `${relative.dark}`);
  assert.deepEqual(relative.white, [0, 0, 0, 0]);
});

test('perceptual and absolute give other inks than relative', async () => {
  const relative = await inks({ renderingIntent: 'relative' });
  const perceptual = await inks({ renderingIntent: 'perceptual' });
  const absolute = await inks({ renderingIntent: 'absolute' });
  assert.ok(near(perceptual.dark[2], 0.801), `${perceptual.dark}`);
  assert.ok(perceptual.dark[2] - relative.dark[2] > 0.1, `${perceptual.dark} vs ${relative.dark}`);
  assert.notDeepEqual(perceptual.blue, relative.blue);
  // Absolute colorimetric prints the paper white of the profile: a trace of yellow on white.
  assert.ok(absolute.white[2] > 0, `${absolute.white}`);
  assert.ok(absolute.dark[2] - relative.dark[2] > 0.2, `${absolute.dark} vs ${relative.dark}`);
});
