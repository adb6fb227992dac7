/**
 * The weight of a PDF render in the pixel budget: its largest page at 300 ppi, the most one
 * resampled picture of the page can hold, and never more than one picture's limit.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { pdfPixels } from '../../src/core/generation/render-pixels.ts';
import { MAX_PDF_PICTURE_PIXELS } from '../../src/render/images/pdf-picture.ts';
import type { Design } from '../../src/render/types.ts';

const page = (d: Partial<Design>): Design => ({
  width: 1200,
  height: 630,
  background: null,
  layers: [],
  ...d,
});

describe('pdfPixels', () => {
  it('weighs the largest page at 300 ppi of its placed size', () => {
    // 1200×630 px at 96 dpi is 12.5×6.5625 in: 3750×1968.75 px at 300 ppi.
    assert.equal(pdfPixels([page({})], {}), Math.round(3750 * 1968.75));
    // At 300 dpi the same page is 4×2.1 in: its own pixels.
    assert.equal(pdfPixels([page({})], { dpi: 300 }), 1200 * 630);
    // An A4 page (210×297 mm) at 300 ppi is about 2480×3508, whatever the dpi.
    const a4 = page({ unit: 'mm', width: 210, height: 297 });
    const expected = (210 / 25.4) * 300 * ((297 / 25.4) * 300);
    assert.ok(Math.abs(pdfPixels([a4], { dpi: 150 }) - expected) < 10);
    assert.equal(pdfPixels([page({ width: 100, height: 100 }), a4], {}), pdfPixels([a4], {}));
    // A poster-size page weighs one picture's limit.
    assert.equal(pdfPixels([page({ width: 16000, height: 16000 })], {}), MAX_PDF_PICTURE_PIXELS);
  });
});
