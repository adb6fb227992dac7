/**
 * PDF/X-4 (ISO 15930-7): what a file needs beyond its output intent (cmyk-pdf.ts adds that), set
 * on a pdf-lib document before it is saved:
 * - XMP metadata on the catalog with the PDF/X version, and Producer, dates and title equal to
 *   the Info dictionary's (one producer, one instant: a PDF date there, ISO 8601 here);
 * - Info: GTS_PDFXVersion (PDF/X-4), Trapped /False (no trap annotations are made), a Title;
 * - a TrimBox on every page (the MediaBox when the page has no bleed);
 * - no annotations inside the page but printer's marks: PDF/X allows others only outside the
 *   BleedBox (TrimBox), and a link of `link_target` lies on the page, so links are left out;
 * - a trailer /ID; and, after saving, the header `%PDF-1.6` (pdfX4Header).
 * The header names 1.6 for a file whose pages Skia writes as PDF 1.4 (Ghostscript's CMYK
 * conversion declares 1.7 but writes the same kind of objects); pdf-lib saves it without object
 * streams.
 */
import { randomUUID } from 'node:crypto';
import { PDFDict, PDFHexString, PDFName, PDFString, type PDFDocument, type PDFPage } from 'pdf-lib';
import type { DocInfo } from './skia-pdf-edit.ts';

/** The PDF/X version written into Info and XMP. */
export const PDFX_VERSION = 'PDF/X-4';

/** The title of a PDF/X-4 file whose options give none (PDF/X needs one). */
export const UNTITLED = 'Untitled';

/** Escapes text for an XML element or attribute. */
function xml(s: string): string {
  return s.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );
}

/** ISO 8601 to the second, UTC: the instant the Info dictionary's PDF date names. */
export function xmpDate(d: Date): string {
  return `${d.toISOString().slice(0, 19)}Z`;
}

/** The XMP packet of a PDF/X-4 file. */
export function xmpPacket(info: DocInfo, title: string, documentId: string): string {
  const date = xmpDate(info.created);
  const instance = `uuid:${randomUUID()}`;
  const author = info.author
    ? `\n   <dc:creator><rdf:Seq><rdf:li>${xml(info.author)}</rdf:li></rdf:Seq></dc:creator>`
    : '';
  return `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about=""
    xmlns:dc="http://purl.org/dc/elements/1.1/"
    xmlns:pdf="http://ns.adobe.com/pdf/1.3/"
    xmlns:xmp="http://ns.adobe.com/xap/1.0/"
    xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"
    xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/">
   <dc:format>application/pdf</dc:format>
   <dc:title><rdf:Alt><rdf:li xml:lang="x-default">${xml(title)}</rdf:li></rdf:Alt></dc:title>${author}
   <pdf:Producer>${xml(info.producer)}</pdf:Producer>
   <pdf:Trapped>False</pdf:Trapped>
   <xmp:CreatorTool>${xml(info.creator)}</xmp:CreatorTool>
   <xmp:CreateDate>${date}</xmp:CreateDate>
   <xmp:ModifyDate>${date}</xmp:ModifyDate>
   <xmp:MetadataDate>${date}</xmp:MetadataDate>
   <xmpMM:DocumentID>${documentId}</xmpMM:DocumentID>
   <xmpMM:InstanceID>${instance}</xmpMM:InstanceID>
   <xmpMM:VersionID>1</xmpMM:VersionID>
   <xmpMM:RenditionClass>default</xmpMM:RenditionClass>
   <pdfxid:GTS_PDFXVersion>${PDFX_VERSION}</pdfxid:GTS_PDFXVersion>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`;
}

/** Sets a TrimBox equal to the MediaBox on a page without one. */
function ensureTrimBox(page: PDFPage): void {
  if (page.node.get(PDFName.of('TrimBox'))) return;
  const media = page.node.MediaBox();
  page.node.set(PDFName.of('TrimBox'), page.doc.context.obj(media.asArray()));
}

/** Drops every annotation but printer's marks; returns how many were dropped. */
function dropAnnotations(page: PDFPage): number {
  const annots = page.node.Annots();
  if (!annots) return 0;
  const kept = annots.asArray().filter((ref) => {
    const annot = page.doc.context.lookup(ref);
    return (
      annot instanceof PDFDict && annot.get(PDFName.of('Subtype')) === PDFName.of('PrinterMark')
    );
  });
  if (kept.length === 0) page.node.delete(PDFName.of('Annots'));
  else page.node.set(PDFName.of('Annots'), page.doc.context.obj(kept));
  return annots.size() - kept.length;
}

/**
 * Makes `doc` (with its output intent and document information already set) a PDF/X-4 file;
 * returns the number of annotations it dropped. Save it with useObjectStreams: false, then pass
 * the bytes through pdfX4Header.
 */
export function applyPdfX4(doc: PDFDocument, info: DocInfo): number {
  const title = info.title || UNTITLED;
  doc.setTitle(title, { showInWindowTitleBar: true });
  // setTitle made the Info dictionary when the file had none.
  const infoDict = doc.context.lookup(doc.context.trailerInfo.Info, PDFDict);
  infoDict.set(PDFName.of('GTS_PDFXVersion'), PDFString.of(PDFX_VERSION));
  infoDict.set(PDFName.of('Trapped'), PDFName.of('False'));
  const id = randomUUID().replace(/-/g, '');
  const packet = new TextEncoder().encode(xmpPacket(info, title, `uuid:${formatUuid(id)}`));
  const xmp = doc.context.stream(packet, {
    Type: 'Metadata',
    Subtype: 'XML',
  });
  // Replaces the XMP Ghostscript writes (its own Producer and dates).
  doc.catalog.set(PDFName.of('Metadata'), doc.context.register(xmp));
  doc.catalog.delete(PDFName.of('Version')); // the header's 1.6 is the version
  let dropped = 0;
  for (const page of doc.getPages()) {
    ensureTrimBox(page);
    dropped += dropAnnotations(page);
  }
  // Both halves equal: the file is a first version (ISO 32000 14.4).
  const fileId = PDFHexString.of(id);
  doc.context.trailerInfo.ID = doc.context.obj([fileId, fileId]);
  return dropped;
}

/** A 32-digit hex id as a UUID (8-4-4-4-12). */
function formatUuid(hex: string): string {
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * `%PDF-1.6` in place of the `%PDF-1.7` pdf-lib always writes (same length: no offset moves).
 * PDF/X-4 is based on PDF 1.6.
 */
export function pdfX4Header(pdf: Uint8Array): Buffer {
  const out = Buffer.from(pdf);
  if (out.subarray(0, 8).toString('latin1') !== '%PDF-1.7') {
    throw new Error('expected the %PDF-1.7 header pdf-lib writes');
  }
  out.write('%PDF-1.6', 0, 'latin1');
  return out;
}
