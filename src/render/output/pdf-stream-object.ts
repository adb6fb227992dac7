/**
 * Stream objects of a PDF read and written as bytes (pdf-objects.ts): the dictionary and data of
 * an object `N 0 obj << … >> stream … endstream`, its decoded content when it is unfiltered or
 * Flate, and the object again with new content. Also which objects are page content streams and
 * form XObjects.
 */
import { deflateSync, inflateSync } from 'node:zlib';

/** A stream object's dictionary and (undecoded) data. */
export interface StreamObject {
  dict: string;
  data: Buffer;
}

/**
 * The stream of object bytes `N 0 obj …`; undefined when it is none. An indirect length
 * (Ghostscript writes them) is read through `object`.
 */
export function streamObject(
  bytes: Buffer,
  object?: (num: number) => Buffer | undefined,
): StreamObject | undefined {
  const head = bytes.toString('latin1', 0, Math.min(bytes.length, 4096));
  const m = /^\d+ 0 obj\s*(<<[^]*?>>)\s*stream\r?\n/.exec(head);
  if (!m) return undefined;
  const direct = /\/Length\s*(\d+)(?!\d|\s+\d+\s+R)/.exec(m[1])?.[1];
  const ref = /\/Length\s*(\d+)\s+0\s+R/.exec(m[1])?.[1];
  const indirect = ref && object?.(Number(ref))?.toString('latin1', 0, 64);
  const length = direct ?? (indirect ? /^\d+ 0 obj\s*(\d+)/.exec(indirect)?.[1] : undefined);
  if (length === undefined) return undefined;
  return { dict: m[1], data: bytes.subarray(m[0].length, m[0].length + Number(length)) };
}

const flated = (dict: string): boolean => /\/Filter\s*\/FlateDecode/.test(dict);

/** A stream's decoded content; undefined for filters other than Flate. */
export function decodeStream(s: StreamObject): string | undefined {
  if (flated(s.dict)) return inflateSync(s.data).toString('latin1');
  return /\/Filter/.test(s.dict) ? undefined : s.data.toString('latin1');
}

/** The object body (between `N 0 obj` and `endobj`) of `s` with `content` as its data. */
export function withContent(s: StreamObject, content: string): Buffer {
  const raw = Buffer.from(content, 'latin1');
  const data = flated(s.dict) ? deflateSync(raw) : raw;
  const dict = s.dict.replace(/\/Length\s*\d+(\s+\d+\s+R)?/, `/Length ${data.length}`);
  return Buffer.concat([
    Buffer.from(`${dict}\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream'),
  ]);
}

/** The numbers of the page content streams and form XObjects among `all` objects. */
export function contentNumbers(all: Map<number, Buffer>): number[] {
  const found = new Set<number>();
  for (const [num, bytes] of all) {
    const head = bytes.toString('latin1', 0, Math.min(bytes.length, 4096));
    if (/\/Type\s*\/Page(?![s\w])/.test(head)) {
      const contents = /\/Contents\s*(\[[^\]]*\]|\d+\s+0\s+R)/.exec(head)?.[1] ?? '';
      for (const ref of contents.matchAll(/(\d+)\s+0\s+R/g)) found.add(Number(ref[1]));
    } else if (/\/Subtype\s*\/Form/.test(head.slice(0, head.indexOf('stream') + 1 || undefined))) {
      found.add(num);
    }
  }
  return [...found];
}
