/**
 * Edits of the PDF Skia writes, in place, without parsing and saving the whole file again (pdf-lib
 * doubles a small PDF's render time):
 * - exact page sizes: Skia keeps a page's size in whole points (an SkISize, Math.round): a 1200×630
 *   px page at 96 dpi, 900×472.5 pt, came out 900×473 pt, with the content flipped with that
 *   rounded height. The renderer draws each page lifted by `skiaLift(h)`, so the content sits on
 *   `[0, h]` from the bottom, and each MediaBox becomes exactly `[0 0 w h]` (a print shop's
 *   preflight expects the page to start at the origin); TrimBox and BleedBox are added when asked;
 * - the document information (Title, Author, Creator, Producer, dates) and the catalog's Lang;
 * - font subset tags from the subsets' content (subset-tags.ts) instead of Skia's AAAAAA+.
 * Then the xref offsets move by the bytes added. Anything unexpected in the file leaves it
 * untouched (the rounded size and Skia's own information are still a valid PDF).
 */
import { readXref, xrefSection } from './pdf-objects.ts';
import { subsetTagEdits } from './subset-tags.ts';

/** A page size in points. */
export interface PageSize {
  width: number;
  height: number;
}

/** A box inside a page, in points from the page's top-left corner. */
export interface PageBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What one page gets: its exact size, and the print boxes when the page has any. */
export interface PageBoxes extends PageSize {
  trim?: PageBox;
  bleed?: PageBox;
}

/** The document information written into the PDF. */
export interface DocInfo {
  title?: string;
  author?: string;
  creator: string;
  producer: string;
  created: Date;
  /** BCP 47 language tag of the text, the catalog's /Lang. */
  lang?: string;
}

const MEDIA_BOX = /\/MediaBox \[0 0 (\d+) (\d+)\]/g;

/**
 * How far down (in points, canvas y grows downwards) to draw a page `h` points high so that it
 * lands on `[0, h]` in PDF space: Skia flips the page with its rounded height, `Math.round(h)`.
 */
export function skiaLift(h: number): number {
  return Math.round(h) - h;
}

/** A PDF number: at most 4 decimals, no exponent, no trailing zeros. */
export function pdfNumber(n: number): string {
  const s = n.toFixed(4).replace(/\.?0+$/, '');
  return s === '-0' ? '0' : s;
}

/** A PDF text string: a literal when it is printable ASCII, else UTF-16BE hex with a BOM. */
export function pdfText(s: string): string {
  if (/^[\x20-\x7e]*$/.test(s)) return `(${s.replace(/[\\()]/g, (c) => `\\${c}`)})`;
  let hex = 'FEFF';
  for (let i = 0; i < s.length; i++) hex += s.charCodeAt(i).toString(16).padStart(4, '0');
  return `<${hex.toUpperCase()}>`;
}

/** A PDF date in UTC: (D:YYYYMMDDHHmmSSZ). */
export function pdfDate(d: Date): string {
  const iso = d.toISOString(); // 2026-01-02T03:04:05.678Z
  return `(D:${iso.slice(0, 19).replace(/[-T:]/g, '')}Z)`;
}

/** The Info dictionary of `info`. */
export function infoDictionary(info: DocInfo): string {
  const entries: string[] = [];
  if (info.title) entries.push(`/Title ${pdfText(info.title)}`);
  if (info.author) entries.push(`/Author ${pdfText(info.author)}`);
  entries.push(`/Creator ${pdfText(info.creator)}`, `/Producer ${pdfText(info.producer)}`);
  const date = pdfDate(info.created);
  entries.push(`/CreationDate ${date}`, `/ModDate ${date}`);
  return `<<${entries.join('\n')}>>`;
}

interface Edit {
  at: number;
  length: number;
  text: string;
}

/** `[x1, y1, x2, y2]` of a box given from the top-left of a page `height` pt high. */
export function boxCorners(box: PageBox, height: number): [number, number, number, number] {
  const y1 = height - box.y - box.height;
  return [box.x, y1, box.x + box.width, y1 + box.height];
}

/** `[x1 y1 x2 y2]` of a box given from the page's top-left, on a page `height` pt high. */
function boxArray(box: PageBox, height: number): string {
  return `[${boxCorners(box, height).map(pdfNumber).join(' ')}]`;
}

/** The page edits (MediaBox, TrimBox, BleedBox), or undefined when the pages are not as expected. */
function pageEdits(text: string, pages: PageBoxes[]): Edit[] | undefined {
  const boxes = [...text.matchAll(MEDIA_BOX)];
  if (boxes.length !== pages.length) return undefined;
  const edits: Edit[] = [];
  for (const [i, box] of boxes.entries()) {
    const [W, H] = [Number(box[1]), Number(box[2])];
    const { width: w, height: h, trim, bleed } = pages[i];
    if (Math.round(w) !== W || Math.round(h) !== H) return undefined; // not the page we think it is
    if (w === W && h === H && !trim && !bleed) continue;
    // The page was drawn lifted by skiaLift(h): its content is on [0, h].
    let entry = `/MediaBox [0 0 ${pdfNumber(w)} ${pdfNumber(h)}]`;
    if (trim) entry += `\n/TrimBox ${boxArray(trim, h)}`;
    if (bleed) entry += `\n/BleedBox ${boxArray(bleed, h)}`;
    edits.push({ at: box.index, length: box[0].length, text: entry });
  }
  return edits;
}

/** The Info and catalog edits, or undefined when the objects are not where the trailer says. */
function documentEdits(text: string, trailer: string, info: DocInfo): Edit[] | undefined {
  const infoRef = /\/Info (\d+) 0 R/.exec(trailer);
  const rootRef = /\/Root (\d+) 0 R/.exec(trailer);
  if (!infoRef || !rootRef) return undefined;
  const infoObj = new RegExp(`(?:^|\\n)${infoRef[1]} 0 obj\\n(<<[^]*?>>)\\nendobj`).exec(text);
  const catalog = new RegExp(`(?:^|\\n)${rootRef[1]} 0 obj\\n<</Type /Catalog`).exec(text);
  if (!infoObj || !catalog) return undefined;
  const edits: Edit[] = [
    {
      at: infoObj.index + infoObj[0].length - infoObj[1].length - '\nendobj'.length,
      length: infoObj[1].length,
      text: infoDictionary(info),
    },
  ];
  if (info.lang) {
    edits.push({
      at: catalog.index + catalog[0].length,
      length: 0,
      text: `\n/Lang ${pdfText(info.lang)}`,
    });
  }
  return edits;
}

/**
 * Returns `pdf` (as written by Skia, pages in order) with exact page boxes for `pages` and, when
 * given, the document information `info`.
 */
export function editSkiaPdf(pdf: Buffer, pages: PageBoxes[], info?: DocInfo): Buffer {
  // The classic cross-reference table Skia writes.
  const xref = readXref(pdf);
  if (!xref) return pdf;
  const text = pdf.toString('latin1');
  const edits = pageEdits(text, pages) ?? [];
  const docEdits = info ? documentEdits(text, xref.trailer, info) : [];
  if (docEdits) edits.push(...docEdits);
  edits.push(...subsetTagEdits(pdf, text, xref));
  edits.sort((a, b) => a.at - b.at);
  if (edits.length === 0 || edits.some((e) => e.at > xref.xrefAt)) return pdf;
  const shift = (offset: number): number =>
    offset + edits.reduce((d, e) => (e.at < offset ? d + e.text.length - e.length : d), 0);

  let out = '';
  let at = 0;
  for (const e of edits) {
    out += text.slice(at, e.at) + e.text;
    at = e.at + e.length;
  }
  out += text.slice(at, xref.xrefAt);
  const offsets = xref.offsets.map((o) => (o === undefined ? undefined : shift(o)));
  out += xrefSection(offsets, xref.trailer, shift(xref.xrefAt));
  return Buffer.from(out, 'latin1');
}
