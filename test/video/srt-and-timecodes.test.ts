/** SubRip cues and `HH:MM:SS(.ff)` trims: what is read, and what is refused with its field. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseSrt } from '../../src/video/srt.ts';
import { parseTimecode } from '../../src/video/timecode.ts';
import { VideoInputError } from '../../src/core/ports/video-composer.ts';

const FIELD = 'clips.1.layers.subs.srt';

test('SRT: cues with their times and words (BOM, CRLF, tags, positions, no index)', () => {
  const text =
    '\uFEFF1\r\n00:00:01,500 --> 00:00:03,000 X1:10 X2:20\r\n<i>Hello</i>\r\nworld\r\n\r\n' +
    '00:01:02.250 --> 00:01:03.000\n{\\an8}Second\n\n\n';
  assert.deepEqual(parseSrt(text, FIELD), [
    { start: 1.5, end: 3, text: 'Hello\nworld' },
    { start: 62.25, end: 63, text: 'Second' },
  ]);
});

test('SRT: broken timings and empty files name the field and the cue', () => {
  const refused = (text: string, message: RegExp) =>
    assert.throws(
      () => parseSrt(text, FIELD),
      (err: unknown) =>
        err instanceof VideoInputError && err.field === FIELD && message.test(err.message),
    );
  refused('1\n00:00:01,000 --> 00:00:02,000\nok\n\n2\n00:00:03 -> 4\nbad\n', /cue 2 has no valid/);
  refused('1\n00:00:05,000 --> 00:00:02,000\nbackwards\n', /cue 1 has no valid/);
  refused('1\n00:61:00,000 --> 00:62:00,000\nminutes\n', /cue 1 has no valid/);
  refused('\n\n', /holds no cues/);
});

test('timecodes: HH:MM:SS with an optional fraction; anything else names the field', () => {
  assert.equal(parseTimecode('00:00:02', 'f'), 2);
  assert.equal(parseTimecode('01:02:03.50', 'f'), 3723.5);
  assert.equal(parseTimecode(' 00:00:00,25 ', 'f'), 0.25);
  for (const bad of ['2', '00:02', '00:60:00', 'aa:bb:cc', '00:00:01.5555', '-00:00:01']) {
    assert.throws(
      () => parseTimecode(bad, 'clips.0.audio_trim_start'),
      (err: unknown) =>
        err instanceof VideoInputError &&
        err.field === 'clips.0.audio_trim_start' &&
        err.message.includes('HH:MM:SS'),
      bad,
    );
  }
});
