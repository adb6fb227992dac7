/**
 * Object-level edits of a PDF with a classic cross-reference table (what Skia writes): read an
 * object by number, replace whole objects, append new ones, and write the cross-reference table
 * again. Binary streams are copied as bytes; nothing else of the file is parsed.
 */

/** A PDF's classic cross-reference table. */
export interface PdfXref {
  /** Byte offset of each object by number; undefined for free entries. */
  offsets: Array<number | undefined>;
  /** Where `xref` starts. */
  xrefAt: number;
  /** The text from the end of the table up to `startxref` ("trailer\n<<…>>\n"). */
  trailer: string;
}

/** Reads the cross-reference table; undefined when the file has none Imprint can read. */
export function readXref(pdf: Buffer): PdfXref | undefined {
  const end = pdf.toString('latin1', Math.max(0, pdf.length - 64));
  const start = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(end);
  if (!start) return undefined;
  const xrefAt = Number(start[1]);
  const head = /^xref\r?\n0 (\d+)\r?\n/.exec(pdf.toString('latin1', xrefAt, xrefAt + 32));
  if (!head) return undefined;
  const count = Number(head[1]);
  const entriesAt = xrefAt + head[0].length;
  const offsets: Array<number | undefined> = [];
  for (let i = 0; i < count; i++) {
    const entry = pdf.toString('latin1', entriesAt + i * 20, entriesAt + (i + 1) * 20);
    const m = /^(\d{10}) \d{5} ([nf])/.exec(entry);
    if (!m) return undefined;
    offsets.push(m[2] === 'n' ? Number(m[1]) : undefined);
  }
  const startxrefAt = pdf.lastIndexOf('startxref');
  const trailer = pdf.toString('latin1', entriesAt + count * 20, startxrefAt);
  if (!/\/Size \d+/.test(trailer)) return undefined;
  return { offsets, xrefAt, trailer };
}

/** Each in-use object's [start, end) in the file, by number. */
function extents(xref: PdfXref): Map<number, [number, number]> {
  const sorted = xref.offsets
    .map((offset, num) => ({ offset, num }))
    .filter((o): o is { offset: number; num: number } => o.offset !== undefined)
    .sort((a, b) => a.offset - b.offset);
  const out = new Map<number, [number, number]>();
  sorted.forEach((o, i) => out.set(o.num, [o.offset, sorted[i + 1]?.offset ?? xref.xrefAt]));
  return out;
}

/** Every in-use object's number and [from, to) in the file, in file order. */
export function objectSpans(xref: PdfXref): Array<{ num: number; from: number; to: number }> {
  return [...extents(xref)]
    .map(([num, [from, to]]) => ({ num, from, to }))
    .sort((a, b) => a.from - b.from);
}

/** Every in-use object's number and bytes, in file order. */
export function* objects(pdf: Buffer, xref: PdfXref): Generator<{ num: number; bytes: Buffer }> {
  for (const [num, [from, to]] of [...extents(xref)].sort((a, b) => a[1][0] - b[1][0])) {
    yield { num, bytes: pdf.subarray(from, to) };
  }
}

/**
 * Returns `pdf` with the objects of `replaced` (number → new content between "N 0 obj" and
 * "endobj") put in place, the `added` objects appended (numbered from the table's size on, in
 * order), and a new cross-reference table.
 */
export function rewriteObjects(
  pdf: Buffer,
  xref: PdfXref,
  replaced: Map<number, Buffer>,
  added: Buffer[],
): Buffer {
  const parts: Buffer[] = [];
  let length = 0;
  const push = (b: Buffer) => {
    parts.push(b);
    length += b.length;
  };
  const wrap = (num: number, body: Buffer) =>
    Buffer.concat([
      Buffer.from(`${num} 0 obj\n`, 'latin1'),
      body,
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
  const spans = [...extents(xref)].sort((a, b) => a[1][0] - b[1][0]);
  const offsets = [...xref.offsets];
  push(pdf.subarray(0, spans[0]?.[1][0] ?? xref.xrefAt));
  for (const [num, [from, to]] of spans) {
    offsets[num] = length;
    const body = replaced.get(num);
    push(body ? wrap(num, body) : pdf.subarray(from, to));
  }
  for (const body of added) {
    offsets.push(length);
    push(wrap(offsets.length - 1, body));
  }
  const trailer = xref.trailer.replace(/\/Size \d+/, `/Size ${offsets.length}`);
  push(Buffer.from(xrefSection(offsets, trailer, length), 'latin1'));
  return Buffer.concat(parts, length);
}

/**
 * The end of a PDF whose cross-reference table starts at `xrefAt`: the table of `offsets`
 * (undefined: a free entry), the trailer, startxref and %%EOF.
 */
export function xrefSection(
  offsets: Array<number | undefined>,
  trailer: string,
  xrefAt: number,
): string {
  let table = `xref\n0 ${offsets.length}\n`;
  offsets.forEach((offset, i) => {
    table +=
      offset === undefined
        ? `0000000000 ${i === 0 ? '65535' : '00000'} f \n`
        : `${String(offset).padStart(10, '0')} 00000 n \n`;
  });
  return `${table}${trailer}startxref\n${xrefAt}\n%%EOF\n`;
}
