/**
 * Subset tags from the subset's content. Skia names its font subsets `AAAAAA+`, `BAAAAA+`, … in
 * the order it meets them, so every PDF has its own `AAAAAA+DejaVuSans` and a merge of two holds
 * two different subsets of the same name, which preflight flags and some RIPs mix up (they cache
 * a font by name). The tag becomes six letters of a hash of the embedded font program: equal
 * subsets keep equal names, different ones differ. Tags keep their length, so the edits move no
 * byte and the cross-reference table stays as it is.
 */
import { createHash } from 'node:crypto';
import { objectSpans, type PdfXref } from './pdf-objects.ts';

/** A same-length replacement at `at` in the file. */
export interface TagEdit {
  at: number;
  length: number;
  text: string;
}

/** A subset name after `/FontName ` or `/BaseFont `: six capitals, `+`, the font's name. */
const SUBSET_NAME = /^\/([A-Z]{6})\+([^\s/<>[\]()]+)/;
/** The embedded font program of a descriptor. */
const FONT_FILE = /\/FontFile[23]? (\d+) 0 R/;

/** A subset name entry found in a dictionary object. */
interface NameEntry {
  key: '/FontName ' | '/BaseFont ';
  /** Offset of the tag in the file. */
  at: number;
  tag: string;
  /** `TAG+FontName`. */
  name: string;
  /** The dictionary object's text from the entry on. */
  rest: string;
}

/**
 * The subset name entries of the file's dictionary objects. Streams (pictures, font programs,
 * content) are skipped by their header: scanning them would cost most of the time.
 */
function nameEntries(text: string, xref: PdfXref): NameEntry[] {
  const found: NameEntry[] = [];
  for (const { from, to } of objectSpans(xref)) {
    const head = text.slice(from, Math.min(to, from + 64));
    if (head.includes('stream') || !head.includes('/Type /Font')) continue;
    const obj = text.slice(from, to);
    for (const key of ['/FontName ', '/BaseFont '] as const) {
      const i = obj.indexOf(key);
      if (i < 0) continue;
      const m = SUBSET_NAME.exec(obj.slice(i + key.length, i + key.length + 128));
      if (m) {
        const at = from + i + key.length + 1;
        found.push({ key, at, tag: m[1], name: m[0].slice(1), rest: obj.slice(i) });
      }
    }
  }
  return found;
}

/** Six letters A–Z from the hash of the bytes. */
export function contentTag(bytes: Buffer): string {
  const digest = createHash('sha256').update(bytes).digest();
  let tag = '';
  for (let i = 0; i < 6; i++) tag += String.fromCharCode(65 + (digest[i] % 26));
  return tag;
}

/** The stream data of object `num` (between `stream` and `endstream`), or undefined. */
function streamData(pdf: Buffer, text: string, xref: PdfXref, num: number): Buffer | undefined {
  const at = xref.offsets[num];
  if (at === undefined) return undefined;
  const start = text.indexOf('stream', at);
  const end = text.indexOf('endstream', start);
  if (start < 0 || end < 0) return undefined;
  const dataAt = start + (text[start + 6] === '\r' ? 8 : 7);
  return pdf.subarray(dataAt, end);
}

/**
 * The edits that rename each embedded subset (`/BaseFont` and `/FontName` entries) with a tag
 * from its font program's bytes. `text` is `pdf` as latin1.
 */
export function subsetTagEdits(pdf: Buffer, text: string, xref: PdfXref): TagEdit[] {
  const entries = nameEntries(text, xref);
  const renamed = new Map<string, string>();
  for (const { key, name, rest } of entries) {
    const file = key === '/FontName ' ? FONT_FILE.exec(rest) : null;
    const data = file && streamData(pdf, text, xref, Number(file[1]));
    if (data) renamed.set(name, contentTag(data));
  }
  const edits: TagEdit[] = [];
  for (const { at, tag, name } of entries) {
    const wanted = renamed.get(name);
    if (wanted && wanted !== tag) edits.push({ at, length: 6, text: wanted });
  }
  return edits;
}
