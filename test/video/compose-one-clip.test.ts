/**
 * One clip: a template whose picture layer gets a video, a red band below it and a white title
 * above it. The output is H.264/AAC at the template's size; the video moves inside its box;
 * the stills stay where the template puts them.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import sharp from 'sharp';
import { FfmpegVideoComposer } from '../../src/video/index.ts';
import type { Design } from '../../src/render/index.ts';
import { clip, composeInput, frameAt, makeVideo, near, probe, tempDir } from './_media.ts';

const composer = new FfmpegVideoComposer();

/** 320×240: a blue canvas, a red band (below the video), the video box, a white bar (above). */
export const DESIGN: Design = {
  width: 320,
  height: 240,
  background: '#0000ff',
  layers: [
    {
      name: 'band',
      type: 'shape',
      x: 0,
      y: 0,
      width: 320,
      height: 40,
      background_color: '#ff0000',
    },
    { name: 'bg', type: 'picture', x: 40, y: 60, width: 200, height: 120 },
    {
      name: 'title',
      type: 'shape',
      x: 100,
      y: 100,
      width: 40,
      height: 40,
      background_color: '#ffffff',
    },
  ],
};

test('one clip: the video in its box between the stills, H.264 yuv420p with AAC', async (t) => {
  const dir = await tempDir(t);
  const source = await makeVideo(dir, 'src.mp4', { seconds: 2, width: 160, height: 120 });
  const work = await tempDir(t);
  const input = composeInput(work, [clip(DESIGN, { bg: { video: 'https://x.test/a.mp4' } })], {
    'https://x.test/a.mp4': source,
  });
  const out = await composer.compose(input);
  assert.equal(out.width, 320);
  assert.equal(out.height, 240);
  assert.equal(out.durationSeconds, 2);
  const p = await probe(out.path);
  assert.equal(p.videoCodec, 'h264');
  assert.equal(p.pixFmt, 'yuv420p');
  assert.equal(p.audioCodec, 'aac');
  assert.equal(p.fps, 25);
  assert.equal(p.width, 320);
  assert.ok(Math.abs(p.duration - 2) < 0.1, `duration ${p.duration}`);
  const a = await frameAt(out.path, 0.5, 320, 240);
  const b = await frameAt(out.path, 1.5, 320, 240);
  assert.ok(near(a(10, 200), [0, 0, 255]), `canvas ${a(10, 200)}`);
  assert.ok(near(a(10, 10), [255, 0, 0]), `band ${a(10, 10)}`);
  assert.ok(near(a(120, 120), [255, 255, 255]), `title above the video ${a(120, 120)}`);
  // testsrc2 moves: the video's box differs between two times, the stills do not.
  let changed = 0;
  for (let x = 45; x < 235; x += 10) {
    for (let y = 150; y < 175; y += 5) if (!near(a(x, y), b(x, y), 30)) changed++;
  }
  assert.ok(changed > 5, `the video moves in its box (${changed} samples changed)`);
  assert.ok(near(b(10, 200), [0, 0, 255]));
});

test('video boxes: object_fit contain, border_radius, rotation and opacity', async (t) => {
  const dir = await tempDir(t);
  // A wide white video: contain leaves bands above and below it in a square box.
  const wide = await makeVideo(dir, 'wide.mp4', {
    seconds: 1,
    width: 160,
    height: 40,
    color: 'white',
    sound: false,
  });
  const design: Design = {
    width: 320,
    height: 240,
    background: '#0000ff',
    layers: [
      { name: 'fit', type: 'picture', x: 0, y: 0, width: 100, height: 100, object_fit: 'contain' },
      { name: 'round', type: 'picture', x: 120, y: 0, width: 100, height: 100, border_radius: 40 },
      { name: 'turn', type: 'picture', x: 200, y: 140, width: 100, height: 40, rotation: 90 },
      { name: 'fade', type: 'picture', x: 0, y: 140, width: 100, height: 100, opacity: 50 },
    ],
  };
  const work = await tempDir(t);
  const out = await composer.compose(
    composeInput(
      work,
      [
        clip(design, {
          fit: { video: 'u:w' },
          round: { video: 'u:w' },
          turn: { video: 'u:w' },
          fade: { video: 'u:w' },
        }),
      ],
      { 'u:w': wide },
    ),
  );
  const f = await frameAt(out.path, 0.5, 320, 240);
  const white: [number, number, number] = [255, 255, 255];
  const blue: [number, number, number] = [0, 0, 255];
  assert.ok(near(f(50, 50), white), `contain: the video in the middle ${f(50, 50)}`);
  assert.ok(near(f(50, 10), blue), `contain: the canvas above it ${f(50, 10)}`);
  assert.ok(near(f(170, 50), white), `rounded box: inside ${f(170, 50)}`);
  assert.ok(near(f(123, 3), blue), `rounded box: the corner is cut ${f(123, 3)}`);
  // Turned a quarter around its centre (250, 160): 40 wide and 100 tall.
  assert.ok(near(f(250, 115), white), `rotated: above the box's old top ${f(250, 115)}`);
  assert.ok(near(f(210, 160), blue), `rotated: the box's old left end is empty ${f(210, 160)}`);
  assert.ok(near(f(50, 190), [128, 128, 255]), `opacity 50: half over the canvas ${f(50, 190)}`);
});

test('the test watermark is laid once over the whole output, above the videos', async (t) => {
  const dir = await tempDir(t);
  const source = await makeVideo(dir, 'src.mp4', { seconds: 1, width: 160, height: 120 });
  const work = await tempDir(t);
  const input = composeInput(work, [clip(DESIGN, { bg: { video: 'https://x.test/a.mp4' } })], {
    'https://x.test/a.mp4': source,
  });
  const asked: Array<[number, number]> = [];
  // A stand-in mark that shows how often it is applied: half-transparent black over the red
  // band (once: dark red, twice: darker), opaque green over the video's box.
  input.renderWatermark = async (width, height) => {
    asked.push([width, height]);
    const svg =
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<rect x="0" y="0" width="80" height="40" fill="#000" fill-opacity="0.5"/>` +
      `<rect x="60" y="140" width="60" height="30" fill="#00ff00"/></svg>`;
    return sharp(Buffer.from(svg)).png().toBuffer();
  };
  const out = await composer.compose(input);
  assert.deepEqual(asked, [[320, 240]], 'drawn once, at the output size');
  const f = await frameAt(out.path, 0.5, 320, 240);
  assert.ok(near(f(20, 20), [128, 0, 0], 20), `the band under one mark ${f(20, 20)}`);
  assert.ok(near(f(200, 20), [255, 0, 0]), `the band beside it ${f(200, 20)}`);
  assert.ok(near(f(90, 155), [0, 255, 0]), `the mark above the video ${f(90, 155)}`);
});
