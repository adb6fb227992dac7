/**
 * THE agreement test: one design rendered to PNG and to PDF (rasterised by pdftoppm at 4 × 96 dpi,
 * four pixels per design pixel, then reduced by sharp like the PNG, so that pictures embedded at
 * up to 300 ppi are not judged by poppler's own low-resolution downsampling) agrees in layout.
 * Rasterisers differ at glyph and curve edges, so both are downscaled to a quarter of the design's
 * pixels and compared with a per-channel tolerance of 15% (38/255); at least 98% of pixels must
 * agree (headless Chromium's own PNG and PDF of the reference card agree on 99.5% by this measure).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import sharp from 'sharp';
import { renderImage, renderPdf, type Design, type LayerData } from '../../../src/render/index.ts';
import { fixtureFiles } from '../layers/fixtures.ts';
import {
  agreement,
  downscaled,
  keep,
  photoAssets,
  rasterisePdf,
  sampleDesign,
  valid,
} from './output-kit.ts';

const TOLERANCE = 38;

describe('PNG and PDF agree in layout', async () => {
  const assets = await photoAssets(1600, 1200);

  /** Renders both outputs, keeps them for a look, and returns the agreement share. */
  async function compare(
    name: string,
    design: Design,
    layers?: LayerData,
    files = assets,
  ): Promise<number> {
    const png = await renderImage({ design, layers, assets: files, options: { format: 'png' } });
    const pdf = await renderPdf({ pages: [{ design, layers }], assets: files });
    const page = await rasterisePdf(pdf.bytes, 4 * 96);
    keep(`agreement-${name}.png`, png.bytes);
    keep(`agreement-${name}.pdf.png`, page);
    const a = await downscaled(png.bytes, design.width, design.height, 4);
    const b = await downscaled(page, 4 * design.width, 4 * design.height, 16);
    return agreement(a, b, TOLERANCE);
  }

  it('on the sample card (shape, picture, wrapped text, QR code)', async () => {
    const share = await compare('card', sampleDesign());
    console.log(`card agreement: ${(share * 100).toFixed(2)}%`);
    assert.ok(share >= 0.98, `${(share * 100).toFixed(2)}% of pixels agree`);
  });

  it('with rotation, opacity and a transparent canvas', async () => {
    const design = valid({
      width: 320,
      height: 240,
      background: null,
      layers: [
        {
          name: 'bg',
          type: 'shape',
          x: 0,
          y: 0,
          width: 320,
          height: 240,
          background_color: '#e2e8f0',
        },
        {
          name: 'r',
          type: 'shape',
          x: 60,
          y: 50,
          width: 140,
          height: 80,
          background_color: '#7c3aed',
          rotation: 30,
          opacity: 60,
        },
        {
          name: 't',
          type: 'text',
          x: 20,
          y: 150,
          width: 280,
          height: 80,
          text: 'Rotated and faded',
          font_size: 26,
          text_color: '#0f172a',
          align: 'center',
        },
      ],
    });
    const share = await compare('rotated', design);
    console.log(`rotated agreement: ${(share * 100).toFixed(2)}%`);
    assert.ok(share >= 0.98, `${(share * 100).toFixed(2)}% of pixels agree`);
  });

  it('is a real check: a moved layer makes them disagree', async () => {
    const design = sampleDesign();
    const moved = valid({
      ...design,
      layers: design.layers.map((l) => (l.name === 'box' ? { ...l, x: 200, y: 160 } : l)),
    });
    const png = await renderImage({ design, assets, options: { format: 'png' } });
    const page = await rasterisePdf(
      (await renderPdf({ pages: [{ design: moved }], assets })).bytes,
      96,
    );
    const share = agreement(
      await downscaled(png.bytes, 400, 300, 4),
      await downscaled(page, 400, 300, 4),
      TOLERANCE,
    );
    assert.ok(share < 0.98, `moved box still agrees on ${(share * 100).toFixed(2)}%`);
  });

  it(
    'on every golden scene (each layer type, text feature, fit mode, rotation, opacity)',
    { timeout: 120_000 },
    async () => {
      const cases = path.join(import.meta.dirname, '..', 'cases');
      const files = { files: await fixtureFiles(), fonts: [] };
      const read = (dir: string, file: string) =>
        fs.existsSync(path.join(cases, dir, file))
          ? JSON.parse(fs.readFileSync(path.join(cases, dir, file), 'utf8'))
          : undefined;
      const below: string[] = [];
      for (const name of fs.readdirSync(cases).sort()) {
        if (read(name, 'fonts.json')) continue; // project fonts: covered by the text tests
        const share = await compare(
          `case-${name}`,
          valid(read(name, 'design.json')),
          read(name, 'data.json'),
          files,
        );
        if (share < 0.98) below.push(`${name}: ${(share * 100).toFixed(2)}%`);
      }
      assert.deepEqual(below, [], 'scenes whose PNG and PDF agree on < 98% of pixels');
    },
  );

  it('draws a QR code at the same size in the PNG as in the PDF', async () => {
    // Box sizes where the module is a fraction of a pixel: 110 px / 33 modules = 3.33 px.
    for (const size of [97, 110, 120, 133]) {
      const design = valid({
        width: 160,
        height: 160,
        background: '#ffffff',
        layers: [
          {
            name: 'qr',
            type: 'barcode',
            x: 13,
            y: 17,
            width: size,
            height: size,
            value: 'https://example.com/r/123',
          },
        ],
      });
      const png = await renderImage({ design, assets, options: { format: 'png' } });
      const page = await rasterisePdf((await renderPdf({ pages: [{ design }], assets })).bytes);
      const [a, b] = [await inkBox(png.bytes), await inkBox(page)];
      for (let i = 0; i < 4; i++) {
        assert.ok(
          Math.abs(a[i] - b[i]) <= 1,
          `box ${size}: PNG ink ${a.join(',')} vs PDF ink ${b.join(',')}`,
        );
      }
    }
  });
});

/** [left, top, right, bottom] of the dark pixels of an image on white. */
async function inkBox(image: Buffer): Promise<number[]> {
  const { data, info } = await sharp(image)
    .flatten({ background: '#ffffff' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const box = [Infinity, Infinity, -Infinity, -Infinity];
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      if (data[y * info.width + x] >= 128) continue;
      box[0] = Math.min(box[0], x);
      box[1] = Math.min(box[1], y);
      box[2] = Math.max(box[2], x);
      box[3] = Math.max(box[3], y);
    }
  }
  return box;
}
