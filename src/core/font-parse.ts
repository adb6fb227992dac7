/**
 * Parses a font file with fontkit to prove it is usable. Only the font checker's child process
 * (worker/font-check-process.ts) may run this: fontkit allocates in proportion to numbers read
 * from the file (a cmap group of 169 million code points builds an array that size), which ends
 * the process it runs in. dependency-cruiser enforces that nothing else imports this module.
 */
import * as fontkit from 'fontkit';
import zlib from 'node:zlib';
import {
  precheckFontFile,
  unreadableFont,
  woff2Layout,
  type FontFileInfo,
  type FontFormat,
} from './font-file.ts';
import { readFontFaceInfo } from './font-face-info.ts';

/**
 * Decodes the compressed tables of a WOFF (zlib) or the stream of a WOFF2 (brotli) with node's
 * own decoders, to exactly the sizes the directory gives, and throws when they do not decode.
 * fontkit's pure-JavaScript decoders can spin for seconds on a damaged stream (the fuzz suite
 * found such a WOFF; docs/benchmarks.md); node's fail at once.
 */
function checkCompressedData(data: Buffer, format: FontFormat): void {
  if (format === 'woff') {
    const count = data.readUInt16BE(12);
    for (let i = 0; i < count; i++) {
      const entry = 44 + i * 20;
      const offset = data.readUInt32BE(entry + 4);
      const compLength = data.readUInt32BE(entry + 8);
      const origLength = data.readUInt32BE(entry + 12);
      if (compLength >= origLength) continue; // stored as is
      const out = zlib.inflateSync(data.subarray(offset, offset + compLength), {
        maxOutputLength: Math.max(1, origLength),
      });
      if (out.length !== origLength) throw new Error('table decodes to another size');
    }
  } else if (format === 'woff2') {
    const layout = woff2Layout(data);
    if (!layout) throw new Error('malformed directory'); // precheckFontFile refused it already
    const { streamStart, streamLength, decodedSize } = layout;
    const out = zlib.brotliDecompressSync(data.subarray(streamStart, streamStart + streamLength), {
      maxOutputLength: Math.max(1, decodedSize),
    });
    if (out.length !== decodedSize) throw new Error('stream decodes to another size');
  }
}

/**
 * Checks that `data` is a TTF, OTF, WOFF or WOFF2 font that can be read: a glyph table, a
 * character map and at least one outline that decodes. Throws a 422 on `file` otherwise.
 */
export function inspectFontFile(data: Buffer): FontFileInfo {
  const format = precheckFontFile(data);
  try {
    checkCompressedData(data, format);
    const parsed = fontkit.create(data);
    if (!('numGlyphs' in parsed)) throw new Error('collection');
    const font = parsed;
    if (!(font.numGlyphs > 0)) throw new Error('no glyphs');
    if (!(font.unitsPerEm >= 16 && font.unitsPerEm <= 16384)) throw new Error('bad unitsPerEm');
    const chars = font.characterSet;
    if (!Array.isArray(chars) || chars.length === 0) throw new Error('no character map');
    // Decoding one outline proves the glyph data (and, for WOFF/WOFF2, the compressed stream) is sound.
    const probe = chars.find((c) => c > 0x20) ?? chars[0];
    void font.glyphForCodePoint(probe).path.commands.length;
    // Family (typographic first), weight and style as Skia will see them when it draws the font.
    const face = readFontFaceInfo(data);
    const family = face.family || (typeof font.familyName === 'string' ? font.familyName : '');
    return { format, family, weight: face.weight, style: face.style, numGlyphs: font.numGlyphs };
  } catch {
    return unreadableFont(format);
  }
}
