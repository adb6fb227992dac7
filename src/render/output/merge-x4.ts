/**
 * PDF/X-4 merges: a merged file can only be as PDF/X as its parts. Each input must be a PDF/X
 * file (an output intent /GTS_PDFX) for the same print condition (the same ICC profile); the
 * merge takes that output intent over and makes the whole PDF/X-4 (pdf-x4.ts: XMP, Info, TrimBox
 * on every page, no annotations on the page, header 1.6). The inputs' content (fonts embedded,
 * colours in the intent's space) is trusted as their PDF/X declaration says, not checked again.
 */
import { createHash } from 'node:crypto';
import {
  PDFArray,
  PDFDict,
  PDFName,
  PDFObjectCopier,
  PDFRawStream,
  decodePDFRawStream,
  type PDFDocument,
} from 'pdf-lib';
import type { RenderProblem } from '../types.ts';

/** The /GTS_PDFX output intent of a document, or undefined. */
function pdfxIntent(doc: PDFDocument): PDFDict | undefined {
  const intents = doc.catalog.lookup(PDFName.of('OutputIntents'));
  if (!(intents instanceof PDFArray)) return undefined;
  for (let i = 0; i < intents.size(); i++) {
    const intent = intents.lookup(i);
    if (intent instanceof PDFDict && intent.get(PDFName.of('S')) === PDFName.of('GTS_PDFX')) {
      return intent;
    }
  }
  return undefined;
}

/** A hash of the decoded ICC profile of an output intent (the print condition it names). */
function profileHash(intent: PDFDict): string | undefined {
  const profile = intent.lookup(PDFName.of('DestOutputProfile'));
  if (!(profile instanceof PDFRawStream)) return undefined;
  return createHash('sha256').update(decodePDFRawStream(profile).decode()).digest('hex');
}

/**
 * Problems that keep the inputs from making a PDF/X-4 merge (`urls.<i>`), or the output intent
 * the merged file takes over, copied into `out`.
 */
export function mergeIntent(
  inputs: readonly PDFDocument[],
  out: PDFDocument,
): { problems: RenderProblem[]; intent?: PDFDict } {
  const problems: RenderProblem[] = [];
  let first: { hash: string; intent: PDFDict; doc: PDFDocument } | undefined;
  inputs.forEach((doc, i) => {
    const intent = pdfxIntent(doc);
    const hash = intent && profileHash(intent);
    if (!intent || !hash) {
      problems.push({
        path: `urls.${i}`,
        message: `file ${i + 1} is not a PDF/X file (it has no GTS_PDFX output intent with an ICC profile); a PDF/X-4 merge needs PDF/X files, such as PDFs made with pdf_standard "x4"`,
      });
      return;
    }
    if (!first) first = { hash, intent, doc };
    else if (hash !== first.hash) {
      problems.push({
        path: `urls.${i}`,
        message: `file ${i + 1} is for another print condition than file 1 (its output intent has another ICC profile); a PDF/X-4 file has one output intent`,
      });
    }
  });
  if (problems.length > 0 || !first) return { problems };
  const copied = PDFObjectCopier.for(first.doc.context, out.context).copy(first.intent);
  out.catalog.set(PDFName.of('OutputIntents'), out.context.obj([copied]));
  return { problems, intent: copied };
}
