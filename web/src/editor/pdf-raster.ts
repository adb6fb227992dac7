/**
 * Rasterises the first page of a PDF in the browser with pdf.js, for the canvas's PDF view. This
 * module is only ever imported dynamically, so pdf.js (and its worker, an asset of its own served
 * from the editor's origin) is a separate chunk outside the first load.
 */
import { getDocument, GlobalWorkerOptions, PDFWorker } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

GlobalWorkerOptions.workerSrc = workerUrl;

/**
 * One worker for every preview: without it pdf.js starts a worker per document and ends it with
 * the document, loading and compiling its script again at each change. A worker passed in is
 * left running when the document is destroyed.
 */
let worker: PDFWorker | undefined;

/** The PDF's first page as a PNG blob `width` px wide (the height follows the page). */
export async function rasterisePdf(bytes: ArrayBuffer, width: number): Promise<Blob> {
  const task = getDocument({
    data: new Uint8Array(bytes),
    worker: (worker ??= new PDFWorker()),
    // The strict CSP allows no eval; Imprint's PDFs embed their fonts, so no font data is fetched.
    isEvalSupported: false,
    useSystemFonts: false,
  });
  const pdf = await task.promise;
  try {
    const page = await pdf.getPage(1);
    const base = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: width / base.width });
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(viewport.width);
    canvas.height = Math.round(viewport.height);
    await page.render({ canvas, viewport }).promise;
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob(
        (b) => (b ? resolve(b) : reject(new Error('The PDF could not be drawn.'))),
        'image/png',
      ),
    );
  } finally {
    await task.destroy();
  }
}
