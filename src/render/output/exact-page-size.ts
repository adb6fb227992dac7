/**
 * Exact PDF page sizes. Skia keeps a page's size in whole points (an SkISize): a 1200×630 px page
 * at 96 dpi, 900×472.5 pt, came out 900×473 pt, and the content is flipped with that rounded
 * height. This rewrites each page's MediaBox to the exact size around the content where Skia drew
 * it, `[0, H − h, w, H]` (H: Skia's rounded height), then moves the xref offsets by the bytes added.
 * Anything unexpected in the file leaves it untouched (the rounded size is still a valid PDF).
 */

/** A page size in points. */
export interface PageSize {
  width: number;
  height: number;
}

const MEDIA_BOX = /\/MediaBox \[0 0 (\d+) (\d+)\]/g;

/** A PDF number: at most 4 decimals, no exponent, no trailing zeros. */
function pdfNumber(n: number): string {
  const s = n.toFixed(4).replace(/\.?0+$/, '');
  return s === '-0' ? '0' : s;
}

/** Returns `pdf` (as written by Skia, pages in order) with exact MediaBoxes for `sizes`. */
export function setExactPageSizes(pdf: Buffer, sizes: PageSize[]): Buffer {
  if (sizes.every((s) => Number.isInteger(s.width) && Number.isInteger(s.height))) return pdf;
  const text = pdf.toString('latin1');
  const boxes = [...text.matchAll(MEDIA_BOX)];
  if (boxes.length !== sizes.length) return pdf;

  const edits: Array<{ at: number; length: number; text: string }> = [];
  for (const [i, box] of boxes.entries()) {
    const [W, H] = [Number(box[1]), Number(box[2])];
    const { width: w, height: h } = sizes[i];
    if (Math.round(w) !== W || Math.round(h) !== H) return pdf; // not the page we think it is
    if (w === W && h === H) continue;
    edits.push({
      at: box.index,
      length: box[0].length,
      text: `/MediaBox [0 ${pdfNumber(H - h)} ${pdfNumber(w)} ${H}]`,
    });
  }

  // The classic cross-reference table Skia writes: "xref\n0 N\n" then N 20-byte entries.
  const start = /startxref\n(\d+)\n%%EOF\s*$/.exec(text);
  if (!start) return pdf;
  const xrefAt = Number(start[1]);
  const head = /^xref\n0 (\d+)\n/.exec(text.slice(xrefAt, xrefAt + 32));
  if (!head || edits.some((e) => e.at > xrefAt)) return pdf;
  const count = Number(head[1]);
  const entriesAt = xrefAt + head[0].length;
  const shift = (offset: number): number =>
    offset + edits.reduce((d, e) => (e.at < offset ? d + e.text.length - e.length : d), 0);

  let entries = '';
  for (let i = 0; i < count; i++) {
    const entry = text.slice(entriesAt + i * 20, entriesAt + (i + 1) * 20);
    const m = /^(\d{10}) (\d{5}) ([nf])( \n|\r\n| \r)$/.exec(entry);
    if (!m) return pdf;
    const offset = m[3] === 'n' ? String(shift(Number(m[1]))).padStart(10, '0') : m[1];
    entries += `${offset} ${m[2]} ${m[3]}${m[4]}`;
  }

  let out = '';
  let at = 0;
  for (const e of edits) {
    out += text.slice(at, e.at) + e.text;
    at = e.at + e.length;
  }
  out += text.slice(at, entriesAt) + entries;
  const tail = text.slice(entriesAt + count * 20, start.index);
  out += `${tail}startxref\n${shift(xrefAt)}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
