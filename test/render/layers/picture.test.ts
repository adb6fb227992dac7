/** Picture decoding: errors name layer and URL, decode size follows the output, the cache works. */
import { createCanvas } from '@napi-rs/canvas';
import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import sharp from 'sharp';
import {
  clearPictureCache,
  fitPicture,
  parseObjectPosition,
  pictureCacheStats,
  setPictureCacheLimit,
  DEFAULT_PICTURE_CACHE_BYTES,
} from '../../../src/render/images/index.ts';
import { paintDesign } from '../../../src/render/paint/index.ts';
import { RenderInputError } from '../../../src/render/types.ts';
import type { DrawEnv } from '../../../src/render/types.ts';
import { pngClaimingSize } from '../../helpers/claimed-size-png.ts';
import { FIXTURE_BASE } from './fixtures.ts';
import { designOf, testEnv } from './render-scene.ts';

const photo = (image: string, extra: Record<string, unknown> = {}) =>
  designOf({
    width: 200,
    height: 200,
    layers: [
      { name: 'photo', type: 'picture', x: 0, y: 0, width: 100, height: 75, image, ...extra },
    ],
  });

async function paint(design: ReturnType<typeof designOf>, env?: DrawEnv): Promise<void> {
  const canvas = createCanvas(design.width, design.height);
  await paintDesign(canvas.getContext('2d'), design, env ?? (await testEnv()));
}

describe('picture decoding', () => {
  beforeEach(() => {
    setPictureCacheLimit(DEFAULT_PICTURE_CACHE_BYTES);
    clearPictureCache();
  });

  it('a missing picture is a RenderInputError naming the layer and the URL', async () => {
    const url = 'https://elsewhere.test/missing.jpg';
    await assert.rejects(paint(photo(url)), (err: unknown) => {
      assert.ok(err instanceof RenderInputError);
      assert.equal(err.problems[0].path, 'layers.photo.image');
      assert.match(err.problems[0].message, /missing\.jpg/);
      return true;
    });
  });

  it('bytes that are not a picture are a RenderInputError naming the layer and the URL', async () => {
    const url = `${FIXTURE_BASE}not-a-picture.jpg`;
    await assert.rejects(paint(photo(url)), (err: unknown) => {
      assert.ok(err instanceof RenderInputError);
      assert.equal(err.problems[0].path, 'layers.photo.image');
      assert.match(err.problems[0].message, /not-a-picture\.jpg.*jpg, png, webp, gif, avif or svg/);
      return true;
    });
  });

  it('a picture over the decoder’s pixel limit is called too large, not undecodable', async () => {
    // A 1×1 PNG whose header claims 20000×20000: libvips refuses it at the header.
    const png = await pngClaimingSize(20_000, 20_000);
    const url = 'https://a.test/huge.png';
    const env = await testEnv();
    env.files = new Map([[url, png]]);
    await assert.rejects(paint(photo(url), env), (err: unknown) => {
      assert.ok(err instanceof RenderInputError);
      assert.match(err.problems[0].message, /huge\.png is a picture too large to decode/);
      return true;
    });
  });

  it('refuses an SVG that declares entities instead of expanding them', async () => {
    // Found by the picture fuzz suite: 1 KB of entities expanding to 30,000 characters of text
    // kept librsvg busy for minutes.
    const svg = Buffer.from(
      '<!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>' +
        '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"><text y="10">&b;</text></svg>',
    );
    const url = 'https://a.test/entities.svg';
    const env = await testEnv();
    env.files = new Map([[url, svg]]);
    await assert.rejects(paint(photo(url), env), (err: unknown) => {
      assert.ok(err instanceof RenderInputError);
      assert.equal(err.problems[0].path, 'layers.photo.image');
      assert.match(err.problems[0].message, /entities\.svg is an SVG that declares entities/);
      return true;
    });
  });

  it('decodes a large photo at the drawn size and keeps it from its second use on', async () => {
    const big = await sharp({
      create: { width: 1600, height: 1200, channels: 3, background: '#336699' },
    })
      .jpeg()
      .toBuffer();
    const url = 'https://a.test/big.jpg';
    const env = await testEnv();
    env.files = new Map([[url, big]]);
    const design = photo(url, { width: 400, height: 300 });
    await paint(design, env);
    assert.equal(pictureCacheStats().entries, 0, 'seen once: not kept');
    await paint(design, env);
    assert.deepEqual(
      { entries: pictureCacheStats().entries, bytes: pictureCacheStats().bytes },
      { entries: 1, bytes: 400 * 300 * 4 },
    );
    await paint(design, env);
    assert.equal(pictureCacheStats().hits, 1);
    // At 2× output the picture is decoded at 800×600; for PDFs, one px per design px.
    await paint(design, { ...env, scale: 2 });
    await paint(design, { ...env, scale: 2 });
    assert.equal(pictureCacheStats().bytes, (400 * 300 + 800 * 600) * 4);
    clearPictureCache();
    await paint(design, { ...env, target: 'pdf', scale: 0.75 });
    await paint(design, { ...env, target: 'pdf', scale: 0.75 });
    assert.equal(pictureCacheStats().bytes, 400 * 300 * 4);
  });

  it('the cache stays within its byte budget and can be disabled', async () => {
    const env = await testEnv();
    setPictureCacheLimit(150 * 75 * 4 + 10); // room for one 150×75 bitmap (400×200 covering 100×75)
    for (let i = 0; i < 2; i++) {
      await paint(photo(`${FIXTURE_BASE}quadrants.png`), env);
      await paint(photo(`${FIXTURE_BASE}quadrants.jpg`), env);
    }
    assert.equal(pictureCacheStats().entries, 1);
    assert.ok(pictureCacheStats().bytes <= pictureCacheStats().limit);
    setPictureCacheLimit(0);
    await paint(photo(`${FIXTURE_BASE}quadrants.png`), env);
    await paint(photo(`${FIXTURE_BASE}quadrants.png`), env);
    assert.equal(pictureCacheStats().entries, 0);
  });

  /** The RGBA of pixel (x, y) of a design painted with `files`. */
  async function pixelsOf(
    layer: Record<string, unknown>,
    size: { width: number; height: number },
    files: Map<string, Buffer>,
    points: Array<[number, number]>,
  ): Promise<number[][]> {
    const canvas = createCanvas(size.width, size.height);
    const design = designOf({ ...size, background: '#ffffff', layers: [layer] });
    await paintDesign(canvas.getContext('2d'), design, { ...(await testEnv()), files });
    const ctx = canvas.getContext('2d');
    return points.map(([x, y]) => [...ctx.getImageData(x, y, 1, 1).data]);
  }

  it('turns a JPEG by its EXIF orientation and draws one without a turn as stored', async () => {
    // Stored 20×40: red above blue. Orientation 6 shows it turned a quarter clockwise (40×20,
    // blue left of red); orientation 1 and no orientation show it as stored.
    const plain = await sharp({
      create: { width: 20, height: 40, channels: 3, background: '#ff0000' },
    })
      .composite([
        {
          input: { create: { width: 20, height: 20, channels: 3, background: '#0000ff' } },
          top: 20,
          left: 0,
        },
      ])
      .jpeg({ quality: 95 })
      .toBuffer();
    const files = new Map([
      [
        'https://a.test/turned.jpg',
        await sharp(plain).withMetadata({ orientation: 6 }).jpeg().toBuffer(),
      ],
      [
        'https://a.test/upright.jpg',
        await sharp(plain).withMetadata({ orientation: 1 }).jpeg().toBuffer(),
      ],
      ['https://a.test/plain.jpg', plain],
    ]);
    const red = [4, 0, 0];
    const blue = [0, 0, 4];
    const leftAndRight: Array<[number, number]> = [
      [5, 20],
      [35, 20],
    ];
    const topAndBottom: Array<[number, number]> = [
      [20, 5],
      [20, 35],
    ];
    const layer = { name: 'p', type: 'picture', x: 0, y: 0, width: 40, height: 40 };
    for (const [url, points, expected] of [
      ['https://a.test/turned.jpg', leftAndRight, [blue, red]],
      ['https://a.test/upright.jpg', topAndBottom, [red, blue]],
      ['https://a.test/plain.jpg', topAndBottom, [red, blue]],
    ] as const) {
      const got = await pixelsOf(
        { ...layer, image: url, object_fit: 'fill' },
        { width: 40, height: 40 },
        files,
        [...points],
      );
      // Each channel in quarters of its range: JPEG moves colours by a few levels.
      const quarters = got.map((px) => px.slice(0, 3).map((v) => Math.round(v / 64)));
      assert.deepEqual(quarters, expected, url);
    }
  });

  it('draws an opaque picture opaque and keeps the transparency of one with alpha', async () => {
    const half = await sharp({
      create: { width: 10, height: 10, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    const grey = await sharp({
      create: { width: 10, height: 10, channels: 3, background: '#404040' },
    })
      .greyscale()
      .toColourspace('b-w')
      .png()
      .toBuffer();
    assert.equal((await sharp(grey).metadata()).channels, 1);
    const files = new Map([
      ['https://a.test/half.png', half],
      ['https://a.test/grey.png', grey],
    ]);
    const at = (image: string) =>
      pixelsOf(
        { name: 'p', type: 'picture', x: 0, y: 0, width: 10, height: 10, image },
        { width: 10, height: 10 },
        files,
        [[5, 5]],
      );
    // Black at half opacity over the white background.
    const [[r, g, b, a]] = await at('https://a.test/half.png');
    assert.ok(Math.abs(r - 128) <= 2 && r === g && g === b && a === 255, `${[r, g, b, a]}`);
    assert.deepEqual(await at('https://a.test/grey.png'), [[0x40, 0x40, 0x40, 255]]);
  });

  it('same URL with new bytes is decoded again (the cache keys on content)', async () => {
    const url = 'https://a.test/changing.png';
    const env = await testEnv();
    const red = await sharp({
      create: { width: 10, height: 10, channels: 3, background: '#ff0000' },
    })
      .png()
      .toBuffer();
    const blue = await sharp({
      create: { width: 10, height: 10, channels: 3, background: '#0000ff' },
    })
      .png()
      .toBuffer();
    const canvas = createCanvas(10, 10);
    const design = designOf({
      width: 10,
      height: 10,
      layers: [{ name: 'p', type: 'picture', x: 0, y: 0, width: 10, height: 10, image: url }],
    });
    await paintDesign(canvas.getContext('2d'), design, { ...env, files: new Map([[url, red]]) });
    await paintDesign(canvas.getContext('2d'), design, { ...env, files: new Map([[url, blue]]) });
    assert.deepEqual([...canvas.getContext('2d').getImageData(5, 5, 1, 1).data], [0, 0, 255, 255]);
  });
});

describe('fitPicture and object_position', () => {
  it('cover crops around the focal point; contain aligns; fill stretches', () => {
    const cover = fitPicture(
      { width: 100, height: 100 },
      { width: 400, height: 200 },
      'cover',
      { x: 0, y: 0.5 },
      1,
    );
    assert.deepEqual(
      [cover.decodeWidth, cover.decodeHeight, cover.sx, cover.sw],
      [200, 100, 0, 100],
    );
    const right = fitPicture(
      { width: 100, height: 100 },
      { width: 400, height: 200 },
      'cover',
      { x: 1, y: 0.5 },
      1,
    );
    assert.equal(right.sx, 100);
    const contain = fitPicture(
      { width: 100, height: 100 },
      { width: 400, height: 200 },
      'contain',
      { x: 0.5, y: 1 },
      1,
    );
    assert.deepEqual([contain.dw, contain.dh, contain.dy], [100, 50, 50]);
    const fill = fitPicture(
      { width: 100, height: 30 },
      { width: 400, height: 200 },
      'fill',
      { x: 0.5, y: 0.5 },
      2,
    );
    assert.deepEqual([fill.decodeWidth, fill.decodeHeight], [200, 60]);
  });

  it('never decodes beyond the source size', () => {
    const plan = fitPicture(
      { width: 1000, height: 1000 },
      { width: 50, height: 40 },
      'cover',
      { x: 0.5, y: 0.5 },
      3,
    );
    assert.deepEqual([plan.decodeWidth, plan.decodeHeight], [50, 40]);
  });

  it('parses keywords and percentages like CSS', () => {
    assert.deepEqual(parseObjectPosition('center'), { x: 0.5, y: 0.5 });
    assert.deepEqual(parseObjectPosition('left top'), { x: 0, y: 0 });
    assert.deepEqual(parseObjectPosition('top left'), { x: 0, y: 0 });
    assert.deepEqual(parseObjectPosition('right'), { x: 1, y: 0.5 });
    assert.deepEqual(parseObjectPosition('bottom'), { x: 0.5, y: 1 });
    assert.deepEqual(parseObjectPosition('25% 75%'), { x: 0.25, y: 0.75 });
    assert.deepEqual(parseObjectPosition('right 10%'), { x: 1, y: 0.1 });
    for (const bad of ['', 'left right', 'up', '120% 0%', '1 2 3'])
      assert.equal(parseObjectPosition(bad), undefined, bad);
  });
});
