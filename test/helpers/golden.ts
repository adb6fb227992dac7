/**
 * Golden-image assertions for renderer tests: compares a PNG with the stored golden and fails when
 * more than `maxDiffRatio` (default 0.1%) of pixels differ. On failure, actual.png and diff.png are
 * written next to the golden for a look. UPDATE_GOLDEN=1 rewrites goldens (only on purpose: look
 * at every rewritten PNG before committing it).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import pixelmatch from 'pixelmatch';
import sharp from 'sharp';

/** Raw RGBA pixels of an encoded image. */
export async function decodeRgba(
  bytes: Buffer,
): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(bytes)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Asserts that `actualPng` matches the golden at `goldenPath` (a .png path). */
export async function assertMatchesGolden(
  goldenPath: string,
  actualPng: Buffer,
  opts: { maxDiffRatio?: number; threshold?: number } = {},
): Promise<void> {
  const dir = path.dirname(goldenPath);
  const base = path.basename(goldenPath, '.png');
  const actualPath = path.join(dir, `${base}.actual.png`);
  const diffPath = path.join(dir, `${base}.diff.png`);
  if (process.env.UPDATE_GOLDEN === '1' || !fs.existsSync(goldenPath)) {
    if (!fs.existsSync(goldenPath) && process.env.CI) {
      assert.fail(
        `Golden ${goldenPath} is missing; create it locally with UPDATE_GOLDEN=1 and commit it.`,
      );
    }
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(goldenPath, await sharp(actualPng).png().toBuffer());
    fs.rmSync(actualPath, { force: true });
    fs.rmSync(diffPath, { force: true });
    return;
  }
  const golden = await decodeRgba(fs.readFileSync(goldenPath));
  const actual = await decodeRgba(actualPng);
  if (golden.width !== actual.width || golden.height !== actual.height) {
    fs.writeFileSync(actualPath, actualPng);
    assert.fail(
      `${goldenPath}: size ${actual.width}×${actual.height} differs from golden ${golden.width}×${golden.height} (see ${actualPath})`,
    );
  }
  const diff = Buffer.alloc(golden.data.length);
  const changed = pixelmatch(golden.data, actual.data, diff, golden.width, golden.height, {
    threshold: opts.threshold ?? 0.1,
  });
  const ratio = changed / (golden.width * golden.height);
  const max = opts.maxDiffRatio ?? 0.001;
  if (ratio > max) {
    fs.writeFileSync(actualPath, await sharp(actualPng).png().toBuffer());
    fs.writeFileSync(
      diffPath,
      await sharp(diff, { raw: { width: golden.width, height: golden.height, channels: 4 } })
        .png()
        .toBuffer(),
    );
    assert.fail(
      `${goldenPath}: ${(ratio * 100).toFixed(3)}% of pixels differ (max ${(max * 100).toFixed(3)}%); see ${actualPath} and ${diffPath}`,
    );
  }
  fs.rmSync(actualPath, { force: true });
  fs.rmSync(diffPath, { force: true });
}
