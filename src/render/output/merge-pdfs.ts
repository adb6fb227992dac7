/**
 * Merges existing PDFs (the merge endpoint) with pdf-lib: every page of every file, in order.
 * A buffer that is not a readable PDF is a RenderInputError naming its index (`urls.<i>`, the
 * merge request's field), never a 500. Pages are counted as the files are read, one after the
 * other: once the count passes `maxPages` the merge stops (a RenderInputError naming the cap)
 * before reading the remaining files or copying any page.
 */
import { PDFDocument } from 'pdf-lib';
import { RenderInputError, type RenderProblem } from '../types.ts';
import type { RenderedFile } from './options.ts';
import { setDocInfo } from './cmyk-pdf.ts';
import { mergeIntent } from './merge-x4.ts';
import { applyPdfX4, pdfX4Header } from './pdf-x4.ts';
import type { DocInfo } from './skia-pdf-edit.ts';

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

/** Options of a merge. */
export interface MergeOptions {
  /** Most pages the merged PDF may have (IMPRINT_MERGE_MAX_PAGES); default: no cap. */
  maxPages?: number;
  /** Document information of the merged PDF (checked with checkMetadata). */
  title?: string;
  author?: string;
  lang?: string;
  /** `x4`: a PDF/X-4 merge of PDF/X files for one print condition (merge-x4.ts). */
  pdfStandard?: 'x4';
}

/** The problem of a merge whose page count passed the cap after reading file `i`. */
function tooManyPages(i: number, counted: number, maxPages: number): RenderProblem {
  return {
    path: 'urls',
    message: `the merged PDF would have more than ${maxPages} pages (the merge page limit, IMPRINT_MERGE_MAX_PAGES): ${i === 0 ? 'the first file alone has' : `the first ${i + 1} files already have`} ${counted}`,
  };
}

/** Concatenates the PDFs' pages in order into one new PDF. */
export async function mergePdfFiles(
  files: Buffer[],
  options: MergeOptions = {},
): Promise<RenderedFile> {
  if (files.length === 0) {
    throw new RenderInputError([{ path: 'urls', message: 'at least one PDF is needed to merge' }]);
  }
  const maxPages = options.maxPages ?? Infinity;
  const loaded: Array<PDFDocument | RenderProblem> = [];
  let counted = 0;
  for (const [i, file] of files.entries()) {
    const doc = await loadPdf(file, i);
    loaded.push(doc);
    if (doc instanceof PDFDocument) counted += doc.getPageCount();
    if (counted > maxPages) throw new RenderInputError([tooManyPages(i, counted, maxPages)]);
  }
  const problems = loaded.filter((d): d is RenderProblem => !(d instanceof PDFDocument));
  if (problems.length > 0) throw new RenderInputError(problems);
  const out = await PDFDocument.create({ updateMetadata: false });
  const info: DocInfo = {
    title: options.title || undefined,
    author: options.author || undefined,
    lang: options.lang || undefined,
    creator: 'Imprint',
    producer: 'Imprint (pdf-lib)',
    created: new Date(),
  };
  setDocInfo(out, info);
  const x4 = options.pdfStandard === 'x4';
  if (x4) {
    const { problems: notX } = mergeIntent(loaded as PDFDocument[], out);
    if (notX.length > 0) throw new RenderInputError(notX);
  }
  for (const doc of loaded as PDFDocument[]) {
    const pages = await out.copyPages(doc, doc.getPageIndices());
    for (const page of pages) out.addPage(page);
  }
  if (x4) applyPdfX4(out, info);
  const saved = await out.save({ useObjectStreams: !x4 });
  const bytes = x4 ? pdfX4Header(saved) : Buffer.from(saved);
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
