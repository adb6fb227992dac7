/** The video request's time codes and the credit rule (1 per started second). */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { timecodeSeconds, videoCredits } from '../../src/core/generation/video-setup.ts';

describe('video time codes and credits', () => {
  it('reads HH:MM:SS(.ff) and refuses anything else', () => {
    assert.equal(timecodeSeconds('00:00:05'), 5);
    assert.equal(timecodeSeconds('01:02:03.5'), 3723.5);
    assert.equal(timecodeSeconds('00:00:01.25'), 1.25);
    for (const bad of ['5', '1:2', '00:60:00', '00:00:61', '00:00:0x', '00:00:01.', ''])
      assert.equal(timecodeSeconds(bad), null, bad);
  });

  it('charges 1 credit per started second, at least 1', () => {
    assert.equal(videoCredits(0), 1);
    assert.equal(videoCredits(1), 1);
    assert.equal(videoCredits(1.04), 2);
    assert.equal(videoCredits(10), 10);
    assert.equal(videoCredits(180), 180);
  });
});
