/**
 * The golden-image rules the render tests rely on: a small difference passes (pixel tolerance),
 * a real one fails and leaves actual.png and diff.png next to the golden for a look, a pass
 * removes them again, and only UPDATE_GOLDEN=1 rewrites a golden.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import sharp from 'sharp';
import { assertMatchesGolden } from '../helpers/golden.ts';

/** A 100×100 PNG: white with a black square of `size` px at the top-left. */
const square = (size: number): Promise<Buffer> =>
  sharp({ create: { width: 100, height: 100, channels: 3, background: '#ffffff' } })
    .composite([
      {
        input: { create: { width: size, height: size, channels: 3, background: '#000000' } },
        left: 0,
        top: 0,
      },
    ])
    .png()
    .toBuffer();

describe('assertMatchesGolden', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-golden-'));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const golden = path.join(dir, 'golden.png');
  const actual = path.join(dir, 'golden.actual.png');
  const diff = path.join(dir, 'golden.diff.png');

  it('tolerates a few pixels, fails on more and keeps actual and diff images', async () => {
    fs.writeFileSync(golden, await square(20));
    await assertMatchesGolden(golden, await square(20));
    // 20×20 → 20×20 plus 3 px: 3 pixels of 10,000 differ (0.03% < 0.1%).
    const nearly = await sharp(await square(20))
      .composite([
        {
          input: { create: { width: 3, height: 1, channels: 3, background: '#000000' } },
          left: 50,
          top: 50,
        },
      ])
      .png()
      .toBuffer();
    await assertMatchesGolden(golden, nearly);
    await assert.rejects(assertMatchesGolden(golden, await square(30)), /pixels differ/);
    assert.ok(fs.existsSync(actual) && fs.existsSync(diff), 'actual and diff kept');
    // The golden itself is left alone.
    await assertMatchesGolden(golden, await square(20));
    assert.ok(!fs.existsSync(actual) && !fs.existsSync(diff), 'cleared after a pass');
  });

  it('rewrites the golden only with UPDATE_GOLDEN=1', async () => {
    fs.writeFileSync(golden, await square(20));
    const saved = process.env.UPDATE_GOLDEN;
    process.env.UPDATE_GOLDEN = '1';
    try {
      await assertMatchesGolden(golden, await square(40));
    } finally {
      if (saved === undefined) delete process.env.UPDATE_GOLDEN;
      else process.env.UPDATE_GOLDEN = saved;
    }
    await assertMatchesGolden(golden, await square(40));
    await assert.rejects(assertMatchesGolden(golden, await square(20)), /pixels differ/);
  });
});
