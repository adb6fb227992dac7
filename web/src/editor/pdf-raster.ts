/**
 * Rasterises pages of a PDF in the browser with pdf.js, for the canvas's PDF view and its page
 * thumbnails. This module is only ever imported dynamically, so pdf.js (and its worker, an asset
 * of its own served from the editor's origin) is a separate chunk outside the first load.
 */
import { getDocument, GlobalWorkerOptions, PDFWorker, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

GlobalWorkerOptions.workerSrc = workerUrl;

/**
 * One worker for every preview: without it pdf.js starts a worker per document and ends it with
 * the document, loading and compiling its script again at each change. A worker passed in is
 * left running when the document is destroyed.
 */
let worker: PDFWorker | undefined;

/**
 * The document last opened, by the blob it was read from: the canvas's page and the thumbnails
 * of the same PDF share it. A new PDF replaces it, and the old one is let go.
 */
let open: { blob: Blob; doc: Promise<PDFDocumentProxy> } | undefined;

function openPdf(blob: Blob): Promise<PDFDocumentProxy> {
  if (open?.blob === blob) return open.doc;
  const previous = open;
  const doc = blob.arrayBuffer().then(
    (bytes) =>
      getDocument({
        data: new Uint8Array(bytes),
        worker: (worker ??= new PDFWorker()),
        // The strict CSP allows no eval; Imprint's PDFs embed their fonts, so no font data is
        // fetched.
        isEvalSupported: false,
        useSystemFonts: false,
      }).promise,
  );
  open = { blob, doc };
  doc.catch(() => {
    if (open?.doc === doc) open = undefined;
  });
  // Drawing of the previous document still under way ends with an error its caller ignores.
  previous?.doc.then((d) => d.destroy()).catch(() => undefined);
  return doc;
}

/** The number of pages of the PDF in `blob`. */
export async function pageCount(blob: Blob): Promise<number> {
  return (await openPdf(blob)).numPages;
}

/**
 * Page `page` (1-based; beyond the last is the last) of the PDF in `blob` as a PNG blob `width`
 * px wide (the height follows the page), with the number of pages and the page drawn.
 */
export async function rasterisePage(
  blob: Blob,
  page: number,
  width: number,
): Promise<{ png: Blob; pages: number; page: number }> {
  const pdf = await openPdf(blob);
  const n = Math.min(Math.max(1, Math.round(page)), pdf.numPages);
  const p = await pdf.getPage(n);
  const base = p.getViewport({ scale: 1 });
  const viewport = p.getViewport({ scale: width / base.width });
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(viewport.width));
  canvas.height = Math.max(1, Math.round(viewport.height));
  await p.render({ canvas, viewport }).promise;
  const png = await new Promise<Blob>((resolve, reject) =>
    canvas.toBlob(
      (b) => (b ? resolve(b) : reject(new Error('The PDF could not be drawn.'))),
      'image/png',
    ),
  );
  return { png, pages: pdf.numPages, page: n };
}
