/**
 * Sound: the clip's track cut to the clip (`audio_duration: "auto"`) or setting its length,
 * trimmed by audio_trim_start/_end, mixed with the sound of the source videos.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { FfmpegVideoComposer } from '../../src/video/index.ts';
import { VideoInputError } from '../../src/core/ports/video-composer.ts';
import type { Design } from '../../src/render/index.ts';
import {
  clip,
  composeInput,
  ffmpeg,
  loudness,
  makeTone,
  makeVideo,
  probe,
  tempDir,
} from './_media.ts';

const composer = new FfmpegVideoComposer();
const PLAIN: Design = { width: 160, height: 120, background: '#202020', layers: [] };

/** 1 s of silence, then 1 s of a tone: where the sound starts shows where the track was cut. */
async function silenceThenTone(dir: string): Promise<string> {
  const file = join(dir, 'late.wav');
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    'anullsrc=r=44100:cl=mono:d=1',
    '-f',
    'lavfi',
    '-i',
    'sine=f=500:d=1',
    '-filter_complex',
    '[0:a][1:a]concat=n=2:v=0:a=1[a]',
    '-map',
    '[a]',
    file,
  ]);
  return file;
}

test('audio_duration auto cuts the track to the clip; otherwise the clip lasts as the track', async (t) => {
  const dir = await tempDir(t);
  const tone = await makeTone(dir, 'tone.wav', 3);
  const auto = await composer.compose(
    composeInput(
      await tempDir(t),
      [clip(PLAIN, {}, { audio: 'u:tone', audio_duration: 'auto' })],
      {
        'u:tone': tone,
      },
      { options: { clipSeconds: 1 } },
    ),
  );
  assert.equal(auto.durationSeconds, 1);
  assert.ok(Math.abs((await probe(auto.path)).duration - 1) < 0.1);
  assert.ok((await loudness(auto.path, 0.2, 0.5)) > -30, 'the track sounds');
  const full = await composer.compose(
    composeInput(
      await tempDir(t),
      [clip(PLAIN, {}, { audio: 'u:tone' })],
      { 'u:tone': tone },
      {
        options: { clipSeconds: 1 },
      },
    ),
  );
  assert.equal(full.durationSeconds, 3);
  assert.ok(Math.abs((await probe(full.path)).duration - 3) < 0.1);
  assert.ok((await loudness(full.path, 2.2, 0.5)) > -30, 'the track plays to its end');
});

test('audio_trim_start/_end cut the track; a bad time names its field', async (t) => {
  const dir = await tempDir(t);
  const late = await silenceThenTone(dir);
  const untrimmed = await composer.compose(
    composeInput(await tempDir(t), [clip(PLAIN, {}, { audio: 'u:late' })], { 'u:late': late }),
  );
  assert.ok((await loudness(untrimmed.path, 0.1, 0.6)) < -60, 'the first second is silent');
  const trimmed = await composer.compose(
    composeInput(
      await tempDir(t),
      [
        clip(
          PLAIN,
          {},
          { audio: 'u:late', audio_trim_start: '00:00:01', audio_trim_end: '00:00:01.60' },
        ),
      ],
      { 'u:late': late },
    ),
  );
  assert.equal(trimmed.durationSeconds, 0.6, 'the clip lasts as the trimmed track');
  assert.ok((await loudness(trimmed.path, 0.05, 0.4)) > -30, 'the tone starts at once');
  await assert.rejects(
    composer.compose(
      composeInput(
        await tempDir(t),
        [clip(PLAIN, {}, { audio: 'u:late', audio_trim_end: '1:5' })],
        {
          'u:late': late,
        },
      ),
    ),
    (err: unknown) =>
      err instanceof VideoInputError &&
      err.field === 'clips.0.audio_trim_end' &&
      /HH:MM:SS/.test(err.message),
  );
});

test("the source videos' sound is mixed with the clip's track", async (t) => {
  const dir = await tempDir(t);
  const video = await makeVideo(dir, 'v.mp4', { seconds: 1, width: 64, height: 48 });
  const late = await silenceThenTone(dir);
  const design: Design = {
    ...PLAIN,
    layers: [{ name: 'v', type: 'picture', x: 0, y: 0, width: 160, height: 120 }],
  };
  const out = await composer.compose(
    composeInput(await tempDir(t), [clip(design, { v: { video: 'u:v' } }, { audio: 'u:late' })], {
      'u:v': video,
      'u:late': late,
    }),
  );
  assert.equal(out.durationSeconds, 2, 'the full track (2 s) outlasts the video (1 s)');
  assert.ok(
    (await loudness(out.path, 0.1, 0.6)) > -30,
    "the video's own sound in the first second",
  );
  assert.ok((await loudness(out.path, 1.2, 0.6)) > -30, "the track's tone in the second");
});
