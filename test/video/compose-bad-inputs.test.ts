/**
 * Bad sources and limits: each a VideoInputError naming the field, and no ffmpeg or ffprobe left
 * running after a failure, a time limit or a cancelled job.
 */
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { FfmpegVideoComposer } from '../../src/video/index.ts';
import { VideoInputError } from '../../src/core/ports/video-composer.ts';
import type { Design } from '../../src/render/index.ts';
import { runChecked, runCheckedSync } from '../helpers/child-processes.ts';
import { clip, colorPng, composeInput, makeVideo, tempDir } from './_media.ts';

const composer = new FfmpegVideoComposer();
const DESIGN: Design = {
  width: 160,
  height: 120,
  background: '#000000',
  layers: [{ name: 'bg', type: 'picture', x: 0, y: 0, width: 160, height: 120 }],
};
const SUBTITLED: Design = {
  ...DESIGN,
  layers: [
    ...DESIGN.layers,
    { name: 'subs', type: 'subtitle', x: 0, y: 80, width: 160, height: 40, font_size: 20 },
  ],
};

/** This process's ffmpeg/ffprobe children. */
async function mediaChildren(): Promise<string[]> {
  const { stdout } = await runChecked('ps', [
    '-o',
    'pid=,comm=',
    '--ppid',
    String(process.pid),
  ]).catch(() => ({ stdout: '' }));
  return stdout.split('\n').filter((l) => /ffmpeg|ffprobe/.test(l));
}

/** Polls until no ffmpeg/ffprobe child remains (a killed child is reaped shortly after). */
async function noMediaChildren(): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if ((await mediaChildren()).length === 0) return;
    await new Promise((r) => setImmediate(r));
  }
  assert.deepEqual(await mediaChildren(), [], 'no ffmpeg/ffprobe child is left');
}

const inputError = (field: string, message: RegExp) => (err: unknown) => {
  assert.ok(err instanceof VideoInputError, `a VideoInputError: ${String(err)}`);
  assert.equal(err.field, field);
  assert.match(err.message, message);
  assert.ok(err.message.startsWith(field), `the message names ${field}: ${err.message}`);
  return true;
};

test('sources that are not videos, corrupt, or too long name their field', async (t) => {
  const dir = await tempDir(t);
  const good = await makeVideo(dir, 'good.mp4', { seconds: 2, width: 64, height: 48 });
  const png = join(dir, 'picture.png');
  await writeFile(png, await colorPng('#ff0000'));
  const text = join(dir, 'page.html');
  await writeFile(text, '<html><body>not a video</body></html>');
  const corrupt = join(dir, 'corrupt.mp4');
  const bytes = await readFile(good);
  await writeFile(corrupt, bytes.subarray(0, Math.floor(bytes.length / 2)));
  const sources = { 'u:png': png, 'u:text': text, 'u:corrupt': corrupt, 'u:good': good };
  const field = 'clips.0.layers.bg.video';
  for (const url of ['u:png', 'u:text', 'u:corrupt']) {
    await assert.rejects(
      composer.compose(
        composeInput(await tempDir(t), [clip(DESIGN, { bg: { video: url } })], sources),
      ),
      inputError(field, /not a (readable )?video/),
      url,
    );
  }
  await assert.rejects(
    composer.compose(
      composeInput(
        await tempDir(t),
        [clip(DESIGN, { bg: { video: ['u:good', 'u:good'] } })],
        sources,
      ),
    ),
    inputError(field, /a list of videos in one layer is not supported/),
  );
  await assert.rejects(
    composer.compose(
      composeInput(await tempDir(t), [clip(DESIGN, { bg: { video: 'u:good' } })], sources, {
        limits: { maxSourceSeconds: 1 },
      }),
    ),
    inputError(field, /lasts 2\.0 s; at most 1 s/),
  );
  await assert.rejects(
    composer.compose(
      composeInput(
        await tempDir(t),
        [clip(DESIGN, { bg: { video: 'u:good' } }), clip(DESIGN)],
        sources,
        {
          limits: { maxSeconds: 3 },
          options: { clipSeconds: 2 },
        },
      ),
    ),
    inputError('clips', /would last 4\.00 s; at most 3 s/),
  );
  await noMediaChildren();
});

test('subtitles: a broken SRT and a missing one name the field', async (t) => {
  const dir = await tempDir(t);
  const broken = join(dir, 'broken.srt');
  await writeFile(broken, '1\n00:00:01,000 --> 00:00:02,000\nfine\n\n2\n00:00:03 -> 4\nbroken\n');
  await assert.rejects(
    composer.compose(
      composeInput(await tempDir(t), [clip(SUBTITLED, { subs: { srt: 'u:srt' } })], {
        'u:srt': broken,
      }),
    ),
    inputError('clips.0.layers.subs.srt', /cue 2 has no valid timing line/),
  );
  await assert.rejects(
    composer.compose(composeInput(await tempDir(t), [clip(SUBTITLED)], {})),
    inputError('clips.0.layers.subs.srt', /automatic transcription is not available/),
  );
});

test('a time limit or a cancelled job kills ffmpeg', async (t) => {
  const dir = await tempDir(t);
  // A named pipe nobody writes to, handed over as the download: ffprobe blocks on it for as long
  // as it is let, on a quiet machine as on a busy one (a real file is probed in time on a fast one).
  const never = join(dir, 'never.mp4');
  runCheckedSync('mkfifo', [never]);
  const blocked = (over: Parameters<typeof composeInput>[3]) => ({
    ...composeInput(dir, [clip(DESIGN, {}, { audio: 'u:never' })], {}, over),
    download: async () => never,
  });
  await assert.rejects(
    composer.compose(blocked({ limits: { processTimeoutMs: 1_000 } })),
    /(ffmpeg|ffprobe) was stopped after 1000 ms/,
  );
  await noMediaChildren();
  const controller = new AbortController();
  const job = composer.compose(blocked({ signal: controller.signal }));
  // Cancels once the child runs.
  const started = Date.now();
  while ((await mediaChildren()).length === 0 && Date.now() - started < 20_000) {
    await new Promise((r) => setImmediate(r));
  }
  controller.abort();
  await assert.rejects(job, /(ffmpeg|ffprobe) was stopped: the job was cancelled/);
  await noMediaChildren();
});

test('availability: ffmpeg and ffprobe found, or why not', async () => {
  assert.deepEqual(await composer.availability(), { available: true });
  const missing = await new FfmpegVideoComposer({ ffmpeg: '/nonexistent/ffmpeg' }).availability();
  assert.equal(missing.available, false);
  assert.match(missing.detail ?? '', /\/nonexistent\/ffmpeg cannot run .*install Debian's ffmpeg/);
});
