/** Content sniffing by magic bytes: a "picture" must really be an image, a "PDF" a PDF. */

/** The picture formats the renderer accepts. */
export type PictureFormat = 'jpeg' | 'png' | 'gif' | 'webp' | 'avif' | 'svg';

/** The image format of some bytes, judged by their first bytes (SVG by its text), or null. */
export function sniffPicture(bytes: Buffer): PictureFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return 'jpeg';
  }
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png';
  }
  const head = bytes.subarray(0, 16).toString('latin1');
  if (head.startsWith('GIF87a') || head.startsWith('GIF89a')) return 'gif';
  if (head.startsWith('RIFF') && head.slice(8, 12) === 'WEBP') return 'webp';
  if (head.slice(4, 8) === 'ftyp' && isAvifBrand(bytes)) return 'avif';
  if (looksLikeSvg(bytes)) return 'svg';
  return null;
}

// An ISO-BMFF ftyp box: major brand at 8, compatible brands after the minor version at 16.
function isAvifBrand(bytes: Buffer): boolean {
  const size = Math.min(bytes.readUInt32BE(0), bytes.length, 64);
  for (let at = 8; at + 4 <= size; at += at === 8 ? 8 : 4) {
    const brand = bytes.subarray(at, at + 4).toString('latin1');
    if (brand === 'avif' || brand === 'avis') return true;
  }
  return false;
}

const SVG_START =
  /^(?:\s|<\?xml[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(?:\[[\s\S]*?\])?\s*>)*<svg[\s>/]/i;

function looksLikeSvg(bytes: Buffer): boolean {
  let text = bytes.subarray(0, 8192).toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  return SVG_START.test(text);
}

/** True when the bytes start like a PDF file ("%PDF-"). */
export function isPdf(bytes: Buffer): boolean {
  return bytes.subarray(0, 5).toString('latin1') === '%PDF-';
}
