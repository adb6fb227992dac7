/**
 * PDF/X-4 merges: PDF/X-4 files for one print condition merge into a PDF/X-4 file (every check of
 * pdfx-check.ts); a file without an output intent, or for another profile, is refused naming it.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  RenderInputError,
  mergePdfs,
  renderPdf,
  type PdfOptions,
} from '../../../src/render/index.ts';
import { photoAssets, sampleDesign } from './output-kit.ts';
import { pdfX4Problems, qpdfObjects, text } from './pdfx-check.ts';

async function pdf(options: PdfOptions): Promise<Buffer> {
  const file = await renderPdf({
    pages: [{ design: sampleDesign() }],
    assets: await photoAssets(),
    options,
  });
  return file.bytes;
}

test('two PDF/X-4 files merge into a PDF/X-4 file with their output intent', async () => {
  const one = await pdf({ pdfStandard: 'x4', bleed: 4 });
  const two = await pdf({ pdfStandard: 'x4', colorProfile: 'rgb-profile-1' });
  const merged = await mergePdfs([one, two, one], { pdfStandard: 'x4', title: 'Bundle' });
  assert.equal(merged.pages, 3);
  assert.deepEqual(await pdfX4Problems(merged.bytes), []);
  const { objects, get } = await qpdfObjects(merged.bytes);
  const trailer = objects.trailer.value as Record<string, unknown>;
  const catalog = get(trailer['/Root']) as Record<string, unknown>;
  const intents = get(catalog['/OutputIntents']) as unknown[];
  assert.equal(intents.length, 1);
  const intent = get(intents[0]) as Record<string, unknown>;
  assert.equal(text(intent['/OutputConditionIdentifier']), 'sRGB IEC61966-2.1');
  assert.equal(text((get(trailer['/Info']) as Record<string, unknown>)['/Title']), 'Bundle');
});

test('a file that is not PDF/X, or for another profile, is refused naming it', async () => {
  const x4 = await pdf({ pdfStandard: 'x4' });
  const plain = await pdf({});
  const adobe = await pdf({ pdfStandard: 'x4', colorProfile: 'rgb-profile-2' });
  await assert.rejects(mergePdfs([x4, plain, adobe], { pdfStandard: 'x4' }), (err) => {
    assert.ok(err instanceof RenderInputError);
    assert.deepEqual(
      err.problems.map((p) => p.path),
      ['urls.1', 'urls.2'],
    );
    assert.match(err.problems[0].message, /not a PDF\/X file/);
    assert.match(err.problems[1].message, /another print condition/);
    return true;
  });
  // Without the standard the same files merge as before.
  const merged = await mergePdfs([x4, plain, adobe]);
  assert.equal(merged.pages, 3);
  assert.ok((await pdfX4Problems(merged.bytes)).length > 0);
});
