/**
 * The facts a PDF needs to embed a JPEG file's own bytes (/DCTDecode): pixel size, components and
 * precision from the frame header, and whether an Adobe APP14 marker says the CMYK samples are
 * stored inverted (Photoshop's convention, which PDF readers undo only through /Decode).
 */

/** A JPEG a PDF reader can decode as it is. */
export interface JpegHeader {
  width: number;
  height: number;
  /** 1 (grey), 3 (YCbCr/RGB) or 4 (CMYK/YCCK). */
  components: 1 | 3 | 4;
  /** An Adobe APP14 marker is present (4 components: samples stored inverted). */
  adobe: boolean;
}

/**
 * Start-of-frame markers PDF's DCTDecode reads: baseline, extended sequential and progressive
 * Huffman JPEGs. Lossless, hierarchical and arithmetic-coded ones are not embedded as they are.
 */
const DCT_FRAMES = new Set([0xc0, 0xc1, 0xc2]);

/**
 * Reads the markers before the first scan; undefined when the bytes are not an 8-bit JPEG with 1,
 * 3 or 4 components that PDF readers decode.
 */
export function readJpegHeader(bytes: Buffer): JpegHeader | undefined {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return undefined;
  let adobe = false;
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1];
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return undefined; // end or scan before any frame
    const length = bytes.readUInt16BE(at + 2);
    const body = at + 4;
    if (length < 2 || body + length - 2 > bytes.length) return undefined;
    if (marker === 0xee && bytes.toString('latin1', body, body + 5) === 'Adobe') adobe = true;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (!DCT_FRAMES.has(marker) || length < 8) return undefined;
      const precision = bytes[body];
      const height = bytes.readUInt16BE(body + 1);
      const width = bytes.readUInt16BE(body + 3);
      const components = bytes[body + 5];
      if (precision !== 8 || !width || !height) return undefined;
      if (components !== 1 && components !== 3 && components !== 4) return undefined;
      // APP14 may follow the frame header in odd files; look on until the scan.
      return { width, height, components, adobe: adobe || hasAdobeBefore(bytes, at) };
    }
    at = body + length - 2;
  }
  return undefined;
}

/** An Adobe APP14 marker between `from` and the first scan. */
function hasAdobeBefore(bytes: Buffer, from: number): boolean {
  let at = from;
  while (at + 4 <= bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1];
    if (marker === 0xda || marker === 0xd9) return false;
    const length = bytes.readUInt16BE(at + 2);
    if (marker === 0xee && bytes.toString('latin1', at + 4, at + 9) === 'Adobe') return true;
    at += 2 + length;
  }
  return false;
}
