/**
 * How a video's time is divided: arrays shown in equal parts, a shorter video looping until the
 * longest ends, clips one after another (a clip without video lasting clipSeconds), clips of
 * another size fitted onto the canvas (colour, blur), subtitles during their cues. Each checked
 * on frames taken at chosen times.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { writeFile } from 'node:fs/promises';
import { test } from 'node:test';
import { FfmpegVideoComposer } from '../../src/video/index.ts';
import type { Design, LayerSpec } from '../../src/render/index.ts';
import {
  brightIn,
  clip,
  colorPng,
  composeInput,
  ffmpeg,
  frameAt,
  makeVideo,
  near,
  probe,
  tempDir,
} from './_media.ts';

const composer = new FfmpegVideoComposer();

/** A white text line of big letters at the top of a 320×240 black canvas. */
const words = (name: string, type = 'text'): LayerSpec => ({
  name,
  type,
  x: 0,
  y: 0,
  width: 320,
  height: 90,
  text: '',
  font_size: 72,
  text_color: '#ffffff',
});
const TEXT_BOX = { x: 60, y: 10, width: 250, height: 70 };

test('arrays: text and picture values shown in turn, in equal parts of the clip', async (t) => {
  const work = await tempDir(t);
  const design: Design = {
    width: 320,
    height: 240,
    background: '#000000',
    layers: [
      words('title'),
      { name: 'photo', type: 'picture', x: 0, y: 120, width: 320, height: 120 },
    ],
  };
  const files = new Map([
    ['https://x.test/red.png', await colorPng('#ff0000')],
    ['https://x.test/green.png', await colorPng('#00ff00')],
  ]);
  const input = composeInput(
    work,
    [
      clip(design, {
        title: { text: ['I', 'MMMM', 'I'] },
        photo: { image: ['https://x.test/red.png', 'https://x.test/green.png'] },
      }),
    ],
    {},
    { options: { clipSeconds: 3 }, files },
  );
  const out = await composer.compose(input);
  assert.equal(out.durationSeconds, 3);
  const at = async (s: number) => frameAt(out.path, s, 320, 240);
  const [f05, f15, f25] = [await at(0.5), await at(1.4), await at(2.5)];
  assert.ok(near(f05(160, 200), [255, 0, 0]), `first picture ${f05(160, 200)}`);
  assert.ok(near(f15(160, 200), [255, 0, 0]), `still the first picture at 1.4 s ${f15(160, 200)}`);
  assert.ok(near(f25(160, 200), [0, 255, 0]), `second picture ${f25(160, 200)}`);
  assert.ok(near((await at(1.6))(160, 200), [0, 255, 0]), 'the picture switches at half time');
  assert.equal(brightIn(f05, TEXT_BOX), 0, 'the first text is a thin letter at the left');
  assert.ok(brightIn(f15, TEXT_BOX) > 20, 'the second text fills the box');
  assert.equal(brightIn(f25, TEXT_BOX), 0, 'the third text');
});

test('a shorter video loops until the longest video of its clip ends', async (t) => {
  const dir = await tempDir(t);
  const long = await makeVideo(dir, 'long.mp4', { seconds: 2, width: 64, height: 48 });
  // 1 s: red for half a second, then green.
  const short = join(dir, 'short.mp4');
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    'color=c=red:s=64x48:r=25:d=0.5',
    '-f',
    'lavfi',
    '-i',
    'color=c=lime:s=64x48:r=25:d=0.5',
    '-filter_complex',
    '[0:v][1:v]concat=n=2:v=1[v]',
    '-map',
    '[v]',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    short,
  ]);
  const design: Design = {
    width: 320,
    height: 240,
    background: '#000000',
    layers: [
      { name: 'a', type: 'picture', x: 0, y: 0, width: 160, height: 120 },
      { name: 'b', type: 'picture', x: 160, y: 120, width: 160, height: 120 },
    ],
  };
  const work = await tempDir(t);
  const out = await composer.compose(
    composeInput(work, [clip(design, { a: { video: 'u:long' }, b: { video: 'u:short' } })], {
      'u:long': long,
      'u:short': short,
    }),
  );
  assert.equal(out.durationSeconds, 2, 'the clip lasts as long as its longest video');
  const p = await probe(out.path);
  assert.ok(Math.abs(p.duration - 2) < 0.1, `duration ${p.duration}`);
  for (const [s, colour] of [
    [0.25, [255, 0, 0]],
    [0.75, [0, 255, 0]],
    [1.25, [255, 0, 0]],
    [1.75, [0, 255, 0]],
  ] as const) {
    const px = (await frameAt(out.path, s, 320, 240))(240, 180);
    assert.ok(near(px, [...colour]), `at ${s} s the short video shows ${colour}: ${px}`);
  }
});

test('clips play in order; a clip without video lasts clipSeconds; other sizes are fitted', async (t) => {
  const dir = await tempDir(t);
  const video = await makeVideo(dir, 'v.mp4', { seconds: 1, width: 64, height: 48, sound: false });
  const first: Design = {
    width: 320,
    height: 240,
    background: '#000000',
    layers: [{ name: 'v', type: 'picture', x: 0, y: 0, width: 320, height: 240 }],
  };
  const tall: Design = { width: 120, height: 240, background: '#ff0000', layers: [] };
  const work = await tempDir(t);
  const out = await composer.compose(
    composeInput(
      work,
      [clip(first, { v: { video: 'u:v' } }), clip(tall), clip(tall)],
      { 'u:v': video },
      {
        options: { clipSeconds: 1, canvas_background: '#0000ff' },
      },
    ),
  );
  assert.equal(out.durationSeconds, 3);
  const p = await probe(out.path);
  assert.ok(Math.abs(p.duration - 3) < 0.1, `duration ${p.duration}`);
  assert.equal(p.audioCodec, 'aac', 'a silent track when nothing sounds');
  const f = await frameAt(out.path, 1.5, 320, 240);
  assert.ok(near(f(160, 120), [255, 0, 0]), `the fitted clip in the middle ${f(160, 120)}`);
  assert.ok(near(f(20, 120), [0, 0, 255]), `canvas_background at the sides ${f(20, 120)}`);
  const first05 = await frameAt(out.path, 0.5, 320, 240);
  assert.ok(!near(first05(160, 120), [255, 0, 0]), 'the first clip comes first');
});

test('canvas_background blur: the clip itself, blurred, behind the fitted clip', async (t) => {
  const tall: Design = {
    width: 120,
    height: 240,
    background: '#00ff00',
    layers: [
      {
        name: 'top',
        type: 'shape',
        x: 0,
        y: 0,
        width: 120,
        height: 120,
        background_color: '#ff00ff',
      },
    ],
  };
  const work = await tempDir(t);
  const out = await composer.compose(
    composeInput(
      work,
      [clip(tall)],
      {},
      {
        options: { width: 320, height: 240, clipSeconds: 1, canvas_background: 'blur' },
      },
    ),
  );
  const f = await frameAt(out.path, 0.5, 320, 240);
  // Cover-scaled, the clip's top (magenta) fills the sides' upper part; blur mixes the edge.
  assert.ok(near(f(10, 20), [255, 0, 255], 40), `blurred top at the side ${f(10, 20)}`);
  assert.ok(near(f(310, 20), [255, 0, 255], 40), `blurred top at the other side ${f(310, 20)}`);
  assert.ok(near(f(160, 200), [0, 255, 0]), `the clip itself ${f(160, 200)}`);
});

test('subtitles: each cue during its time, nothing between cues', async (t) => {
  const dir = await tempDir(t);
  const srt = join(dir, 'subs.srt');
  await writeFile(
    srt,
    '1\n00:00:00,500 --> 00:00:01,000\nMMMM\n\n2\n00:00:01,500 --> 00:00:01,900\nI\n',
  );
  const design: Design = {
    width: 320,
    height: 240,
    background: '#000000',
    layers: [words('subs', 'subtitle')],
  };
  const work = await tempDir(t);
  const out = await composer.compose(
    composeInput(
      work,
      [clip(design, { subs: { srt: 'u:srt' } })],
      { 'u:srt': srt },
      {
        options: { clipSeconds: 2 },
      },
    ),
  );
  const bright = async (s: number) => brightIn(await frameAt(out.path, s, 320, 240), TEXT_BOX);
  assert.equal(await bright(0.3), 0, 'before the first cue');
  assert.ok((await bright(0.75)) > 20, 'during the first cue');
  assert.equal(await bright(1.25), 0, 'between the cues');
  const f = await frameAt(out.path, 1.7, 320, 240);
  assert.ok(brightIn(f, { x: 0, y: 10, width: 40, height: 70 }) > 0, 'the second cue');
});
