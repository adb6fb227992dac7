/**
 * After Skia has written a PDF, replaces each picture placeholder's image XObject (see
 * images/pdf-picture.ts) with the picture chosen for it: the JPEG's own bytes or the resampled
 * pixels, with their colour space, an ICC profile object when they carry one, and the alpha as
 * the soft mask Skia already made for the (half-transparent) placeholder. The page's matrix and
 * clip stay as Skia wrote them, so the picture lands where the placeholder was drawn.
 */
import { inflateSync, deflateSync } from 'node:zlib';
import {
  PLACEHOLDER_RGB,
  PLACEHOLDER_WIDTH,
  type PdfImage,
  type PdfPictureSink,
} from '../images/pdf-picture.ts';
import { DEFAULT_CMYK_PROFILE } from './icc-profiles.ts';
import { iccProfileBytes } from './icc-profile-files.ts';
import { objects, readXref, rewriteObjects } from './pdf-objects.ts';

/** What Skia wrote for a placeholder. */
interface Placeholder {
  num: number;
  index: number;
  /** The sRGB colour space Skia gives images, e.g. "[/ICCBased 5 0 R]". */
  colorSpace: string;
  smask?: number;
}

/** The image dictionary and stream of an object, when it is one. */
function imageObject(bytes: Buffer): { dict: string; data: Buffer } | undefined {
  const head = bytes.toString('latin1', 0, Math.min(bytes.length, 600));
  const m = /^\d+ 0 obj\s*(<<[^]*?>>)\s*stream\r?\n/.exec(head);
  if (!m || !/\/Subtype\s*\/Image\b/.test(m[1])) return undefined;
  const length = /\/Length (\d+)(?!\s+\d+\s+R)/.exec(m[1]);
  if (!length) return undefined;
  return { dict: m[1], data: bytes.subarray(m[0].length, m[0].length + Number(length[1])) };
}

/**
 * The placeholder an object is, checked by its size and pixels; undefined for any other object.
 * Every picture on a PDF page is a placeholder, so an image of a placeholder's size whose pixels
 * are not one means Skia wrote it in a way this module does not know: that throws rather than
 * leaving a placeholder in the page.
 */
function asPlaceholder(num: number, bytes: Buffer, count: number): Placeholder | undefined {
  const image = imageObject(bytes);
  if (!image) return undefined;
  const num_ = (key: string) => Number(new RegExp(`/${key} (\\d+)`).exec(image.dict)?.[1]);
  const [width, height] = [num_('Width'), num_('Height')];
  if (width !== PLACEHOLDER_WIDTH || !(height >= 1 && height <= count)) return undefined;
  if (/\/ColorSpace \/DeviceGray/.test(image.dict)) return undefined; // a placeholder's soft mask
  if (!isPlaceholderImage(image, height)) {
    throw new Error(
      `PDF pictures: image object ${num} has a placeholder's size but not its pixels`,
    );
  }
  const colorSpace = /\/ColorSpace (\[[^\]]*\]|\/\w+)/.exec(image.dict)?.[1] ?? '/DeviceRGB';
  const smask = num_('SMask');
  return { num, index: height - 1, colorSpace, smask: smask >= 0 ? smask : undefined };
}

/** Whether the image's samples are the placeholder's pattern (Flate-compressed RGB). */
function isPlaceholderImage(image: { dict: string; data: Buffer }, height: number): boolean {
  if (!/\/Filter \/FlateDecode/.test(image.dict)) return false;
  let pixels: Buffer;
  try {
    pixels = inflateSync(image.data);
  } catch {
    return false;
  }
  if (pixels.length !== PLACEHOLDER_WIDTH * height * 3) return false;
  // Skia stores the colour un-premultiplied again: allow its rounding.
  return pixels.every((v, i) => Math.abs(v - PLACEHOLDER_RGB[i % 6]) <= 3);
}

/** An image XObject's content: dictionary and stream. */
function streamObject(entries: string[], data: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(`<<${entries.join('\n')}\n/Length ${data.length}>>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream', 'latin1'),
  ]);
}

/**
 * Returns `pdf` with every placeholder of `sink` replaced by its picture. A PDF without
 * placeholders is returned as it is.
 */
export function swapPdfPictures(pdf: Buffer, sink: PdfPictureSink): Buffer {
  if (sink.images.length === 0) return pdf;
  const xref = readXref(pdf);
  if (!xref) throw new Error('PDF pictures: the PDF has no cross-reference table to edit');
  const found: Placeholder[] = [];
  for (const { num, bytes } of objects(pdf, xref)) {
    const p = asPlaceholder(num, bytes, sink.images.length);
    if (p) found.push(p);
  }
  const replaced = new Map<number, Buffer>();
  const added: Buffer[] = [];
  const profiles = new Map<string, number>();
  /** The object number of an ICC profile stream, added once per profile. */
  const iccObject = (profile: Buffer, n: number): number => {
    const key = profile.toString('latin1');
    let num = profiles.get(key);
    if (num === undefined) {
      num = xref.offsets.length + added.length;
      added.push(streamObject([`/N ${n}`, '/Filter /FlateDecode'], deflateSync(profile)));
      profiles.set(key, num);
    }
    return num;
  };
  const colorSpace = (image: PdfImage, srgb: string): string => {
    const c = image.color;
    if (c.kind === 'srgb') return srgb;
    if (c.kind === 'gray') return '/DeviceGray';
    if (c.kind === 'cmyk') return `[/ICCBased ${iccObject(cmykProfile(), 4)} 0 R]`;
    return `[/ICCBased ${iccObject(c.profile, c.n)} 0 R]`;
  };
  for (const p of found) {
    const image = sink.images[p.index];
    const entries = [
      '/Type /XObject',
      '/Subtype /Image',
      `/Width ${image.width}`,
      `/Height ${image.height}`,
      `/ColorSpace ${colorSpace(image, p.colorSpace)}`,
      '/BitsPerComponent 8',
      `/Filter /${image.filter}`,
    ];
    if (image.decode) entries.push(`/Decode [${image.decode.join(' ')}]`);
    if (image.alpha && p.smask !== undefined) {
      entries.push(`/SMask ${p.smask} 0 R`);
      replaced.set(
        p.smask,
        streamObject(
          [
            '/Type /XObject',
            '/Subtype /Image',
            `/Width ${image.width}`,
            `/Height ${image.height}`,
            '/ColorSpace /DeviceGray',
            '/BitsPerComponent 8',
            '/Filter /FlateDecode',
          ],
          image.alpha,
        ),
      );
    } else if (p.smask !== undefined) {
      replaced.set(p.smask, Buffer.from('null', 'latin1')); // the placeholder's mask, unused now
    }
    replaced.set(p.num, streamObject(entries, image.data));
  }
  if (replaced.size === 0) return pdf;
  return rewriteObjects(pdf, xref, replaced, added);
}

/** The profile CMYK JPEGs without their own are read with (libvips' generic CMYK, as sharp does). */
const cmykProfile = (): Buffer => iccProfileBytes(DEFAULT_CMYK_PROFILE.file!); // read once, cached
