/**
 * The reference card's picture: a deterministic 1600×1200 photo-like JPEG of about 640 KB
 * (smooth gradients and shapes with fine grain, like a photograph: no flat areas for the JPEG
 * encoder to exploit). Generated at bench start rather than committed.
 */
import sharp from 'sharp';

/** Builds the photo; the same bytes on every run (fixed seed, fixed encoder settings). */
export async function makeReferencePhoto(width = 1600, height = 1200): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  let seed = 20261121;
  const rand = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32) * 2 - 1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const sky = y < height * 0.55;
      const hill = Math.sin(x / 180) * 60 + height * 0.55;
      const grain = rand() * 18;
      const r = sky ? 110 + (60 * y) / height : y > hill ? 70 + 40 * Math.sin(x / 23) : 150;
      const g = sky ? 160 + (50 * y) / height : y > hill ? 120 + 30 * Math.cos(y / 17) : 170;
      const b = sky ? 230 - (40 * y) / height : y > hill ? 60 + 20 * Math.sin((x + y) / 31) : 120;
      raw[i] = Math.max(0, Math.min(255, r + grain));
      raw[i + 1] = Math.max(0, Math.min(255, g + grain));
      raw[i + 2] = Math.max(0, Math.min(255, b + grain));
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 88, mozjpeg: false })
    .toBuffer();
}
