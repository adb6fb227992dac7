/**
 * Merges existing PDFs (the merge endpoint) with pdf-lib: every page of every file, in order.
 * A buffer that is not a readable PDF is a RenderInputError naming its index (`urls.<i>`, the
 * merge request's field), never a 500.
 */
import { PDFDocument } from 'pdf-lib';
import { RenderInputError, type RenderProblem } from '../types.ts';
import type { RenderedFile } from './options.ts';

/** Points per inch over design pixels per inch at the PDF default of 96 dpi. */
const PX_PER_PT = 96 / 72;

/** Loads one input or describes why it cannot be merged. */
async function loadPdf(bytes: Buffer, i: number): Promise<PDFDocument | RenderProblem> {
  const head = bytes.subarray(0, 1024).toString('latin1');
  if (!head.includes('%PDF-')) {
    return {
      path: `urls.${i}`,
      message: `file ${i + 1} is not a PDF (it does not start with %PDF-)`,
    };
  }
  try {
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    if (doc.getPageCount() === 0) {
      return { path: `urls.${i}`, message: `file ${i + 1} is a PDF without pages` };
    }
    return doc;
  } catch (err) {
    const encrypted = err instanceof Error && /encrypt/i.test(err.message);
    return {
      path: `urls.${i}`,
      message: encrypted
        ? `file ${i + 1} is an encrypted PDF; encrypted PDFs cannot be merged`
        : `file ${i + 1} is not a readable PDF (it is damaged or uses features that cannot be parsed)`,
    };
  }
}

/** Concatenates the PDFs' pages in order into one new PDF. */
export async function mergePdfFiles(files: Buffer[]): Promise<RenderedFile> {
  if (files.length === 0) {
    throw new RenderInputError([{ path: 'urls', message: 'at least one PDF is needed to merge' }]);
  }
  const loaded = await Promise.all(files.map((f, i) => loadPdf(f, i)));
  const problems = loaded.filter((d): d is RenderProblem => !(d instanceof PDFDocument));
  if (problems.length > 0) throw new RenderInputError(problems);
  const out = await PDFDocument.create({ updateMetadata: false });
  out.setProducer('Imprint (pdf-lib)');
  for (const doc of loaded as PDFDocument[]) {
    const pages = await out.copyPages(doc, doc.getPageIndices());
    for (const page of pages) out.addPage(page);
  }
  const bytes = Buffer.from(await out.save());
  const first = out.getPage(0).getSize();
  return {
    bytes,
    mime: 'application/pdf',
    ext: 'pdf',
    width: Math.round(first.width * PX_PER_PT),
    height: Math.round(first.height * PX_PER_PT),
    pages: out.getPageCount(),
  };
}
