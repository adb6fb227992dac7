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

/** The video, audio and subtitle formats a video's sources may have (POST /media, /videos). */
export type VideoSourceFormat = 'mp4' | 'mov' | 'webm' | 'm4a' | 'mp3' | 'aac' | 'wav' | 'srt';

/**
 * The video, audio or subtitle format of some bytes by their first bytes, or null. ffprobe
 * judges the file itself when a video uses it; this only keeps other files out of /media.
 */
export function sniffVideoSource(bytes: Buffer): VideoSourceFormat | null {
  const head = bytes.subarray(0, 16).toString('latin1');
  if (head.slice(4, 8) === 'ftyp') {
    const brand = head.slice(8, 12);
    if (brand === 'qt  ') return 'mov';
    if (brand.startsWith('M4A') || brand.startsWith('M4B')) return 'm4a';
    return isAvifBrand(bytes) ? null : 'mp4';
  }
  if (bytes.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]))) return 'webm';
  if (head.startsWith('RIFF') && head.slice(8, 12) === 'WAVE') return 'wav';
  if (head.startsWith('ID3')) return 'mp3';
  if (bytes.length >= 2 && bytes[0] === 0xff) {
    // MPEG audio frame sync: layer bits 00 are ADTS (AAC), anything else MP3.
    if ((bytes[1] & 0xf6) === 0xf0) return 'aac';
    if ((bytes[1] & 0xe0) === 0xe0) return 'mp3';
  }
  if (
    SRT_START.test(
      bytes
        .subarray(0, 512)
        .toString('utf8')
        .replace(/^\ufeff/, ''),
    )
  )
    return 'srt';
  return null;
}

/** An SRT file starts with a cue number and a `HH:MM:SS,mmm --> HH:MM:SS,mmm` line. */
const SRT_START = /^\s*\d+\s*\r?\n\s*\d{1,2}:\d{2}:\d{2}[,.]\d{1,3}\s*-->/;
