/**
 * CMYK PDFs: Ghostscript's pdfwrite converts every colour (vectors, text, images) to DeviceCMYK
 * through the chosen CMYK profile (DeviceCMYK colours pass unchanged), then pdf-lib adds the PDF/X-style OutputIntent carrying the
 * profile, so a print shop's RIP knows the intended print condition. Not `-dPDFX`: that needs a
 * PostScript prologue and refuses some inputs; the output intent is all printers read.
 */
import { PDFDocument, PDFName, PDFNumber, PDFString, rgb } from 'pdf-lib';
import type { PdfOptions, RenderingIntent } from './options.ts';
import { applyPdfX4, pdfX4Header } from './pdf-x4.ts';
import type { ProfileSource } from './profile-source.ts';
import { runProcess } from './run-process.ts';
import {
  boxCorners,
  pdfNumber,
  type DocInfo,
  type PageBox,
  type PageBoxes,
} from './skia-pdf-edit.ts';

/** Writes `info` into a pdf-lib document (Info dictionary and catalog Lang). */
export function setDocInfo(doc: PDFDocument, info: DocInfo): void {
  if (info.title) doc.setTitle(info.title, { showInWindowTitleBar: true });
  if (info.author) doc.setAuthor(info.author);
  doc.setCreator(info.creator);
  doc.setProducer(info.producer);
  doc.setCreationDate(info.created);
  doc.setModificationDate(info.created);
  if (info.lang) doc.setLanguage(info.lang);
}

/**
 * Ghostscript's numbers of the rendering intents. pdfwrite ignores the device's -dRenderIntent
 * (and -dBlackPtComp): it converts with the intent of the graphics state, which the prologue sets
 * for every page (a document's own `ri` operators would still win; Skia writes none). Its
 * black-point compensation is on by default, so `relative` is relative colorimetric with BPC.
 */
const GS_INTENT: Record<RenderingIntent, number> = {
  perceptual: 0,
  relative: 1,
  saturation: 2,
  absolute: 3,
};

/** JPEG QFactor of Ghostscript's DCT encoder per image_quality (Acrobat's Maximum/High/Medium). */
const QFACTOR = { high: 0.15, medium: 0.4, low: 0.76 } as const;

/** Converts a PDF to DeviceCMYK with Ghostscript (stdin → stdout). */
export async function convertPdfToCmyk(
  pdf: Buffer,
  profile: ProfileSource,
  imageQuality: keyof typeof QFACTOR,
  intent: RenderingIntent = 'relative',
): Promise<Buffer> {
  const q = QFACTOR[imageQuality];
  const args = [
    '-q',
    '-dSAFER',
    '-dBATCH',
    '-dNOPAUSE',
    '-sDEVICE=pdfwrite',
    '-sColorConversionStrategy=CMYK',
    '-sProcessColorModel=DeviceCMYK',
    // pdfwrite converts with the folder's default_cmyk.icc (it ignores -sOutputICCProfile).
    `-sICCProfilesDir=${await profile.ghostscriptDir()}`,
    '-dAutoRotatePages=/None',
    '-dAutoFilterColorImages=false',
    '-dColorImageFilter=/DCTEncode',
    '-dDownsampleColorImages=false',
    '-sstdout=%stderr',
    '-sOutputFile=-',
    '-c',
    `<< /ColorImageDict << /QFactor ${q} /Blend 1 /HSamples [1 1 1 1] /VSamples [1 1 1 1] >> >> setdistillerparams ${GS_INTENT[intent]} .setrenderingintent`,
    '-f',
    '-',
  ];
  const out = await runProcess('gs', args, pdf);
  if (out.subarray(0, 5).toString('latin1') !== '%PDF-') {
    throw new Error('gs produced no PDF');
  }
  return out;
}

/**
 * Writes each page's MediaBox `[0 0 w h]` (and TrimBox/BleedBox) to 1/10000 pt: Ghostscript
 * rounds the boxes it writes to 1/100 pt.
 */
export function setPageBoxes(doc: PDFDocument, boxes: readonly PageBoxes[]): void {
  const pages = doc.getPages();
  if (pages.length !== boxes.length) return; // not the pages we drew: leave Ghostscript's
  const array = (corners: number[]) =>
    doc.context.obj(corners.map((v) => PDFNumber.of(Number(pdfNumber(v)))));
  pages.forEach((page, i) => {
    const { width, height, trim, bleed } = boxes[i];
    const box = (b: PageBox) => array(boxCorners(b, height));
    page.node.set(PDFName.of('MediaBox'), array([0, 0, width, height]));
    // Ghostscript writes a CropBox equal to its rounded MediaBox when the input had none.
    page.node.delete(PDFName.of('CropBox'));
    if (trim) page.node.set(PDFName.of('TrimBox'), box(trim));
    if (bleed) page.node.set(PDFName.of('BleedBox'), box(bleed));
  });
}

/**
 * Adds an OutputIntent with the profile's ICC, and the document information `info`; with
 * `boxes`, the exact page boxes too (after Ghostscript); with `standard` x4, what else PDF/X-4
 * asks (pdf-x4.ts).
 */
export async function addOutputIntent(
  pdf: Buffer,
  source: ProfileSource,
  info: DocInfo,
  boxes?: readonly PageBoxes[],
  standard?: PdfOptions['pdfStandard'],
): Promise<Buffer> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  if (boxes) setPageBoxes(doc, boxes);
  const profile = source.profile;
  const icc = doc.context.flateStream(source.bytes, {
    N: profile.space === 'cmyk' ? 4 : 3,
  });
  const iccRef = doc.context.register(icc);
  const intent = doc.context.obj({
    Type: 'OutputIntent',
    S: 'GTS_PDFX',
    OutputConditionIdentifier: PDFString.of(profile.condition),
    Info: PDFString.of(profile.title),
    DestOutputProfile: iccRef,
  });
  doc.catalog.set(PDFName.of('OutputIntents'), doc.context.obj([intent]));
  setDocInfo(doc, info);
  if (standard === 'x4') applyPdfX4(doc, info);
  const saved = await doc.save({ useObjectStreams: false });
  return standard === 'x4' ? pdfX4Header(saved) : Buffer.from(saved);
}

/**
 * Converts a one-rectangle PDF through `profile` with Ghostscript, which refuses some profiles
 * that lcms accepts: a profile that passes is one CMYK renders can use. Throws when it fails.
 */
export async function tryCmykConversion(profile: ProfileSource): Promise<void> {
  const doc = await PDFDocument.create();
  doc
    .addPage([10, 10])
    .drawRectangle({ x: 0, y: 0, width: 10, height: 10, color: rgb(0.2, 0.4, 0.9) });
  await convertPdfToCmyk(Buffer.from(await doc.save()), profile, 'high');
}
