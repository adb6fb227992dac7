/**
 * A 1×1 PNG whose header claims another size (its IHDR rewritten, with a valid CRC): decoders
 * that trust headers refuse it, or are refused it, before anything is decoded.
 */
import zlib from 'node:zlib';
import sharp from 'sharp';

export async function pngClaimingSize(width: number, height: number): Promise<Buffer> {
  const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
    .png()
    .toBuffer();
  // IHDR: length at 8, type at 12, width at 16, height at 20, CRC over type + data at 29.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)), 29);
  return png;
}
