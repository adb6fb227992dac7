import assert from 'node:assert/strict';
import { runSync } from '../helpers/child-processes.ts';
import fs from 'node:fs';
import { after, describe, it } from 'node:test';
import { AppError } from '../../src/core/errors.ts';
import { FontChecker } from '../../src/worker/font-checker.ts';
import { FONT_FIXTURE_FORMATS, fontFixture } from '../fixtures/fonts/font-fixtures.ts';
import { cmapBombTtf, woff2LengthBomb } from '../fixtures/fonts/hostile-fonts.ts';
import { fontMutant } from '../fuzz/font-mutants.ts';
import { Rng } from '../fuzz/fuzz-settings.ts';

/** The 422 message on `file` of a refused check. */
async function refusal(promise: Promise<unknown>): Promise<string> {
  const err = await promise.then(
    () => assert.fail('the font was accepted'),
    (e: unknown) => e,
  );
  assert.ok(err instanceof AppError, String(err));
  assert.equal(err.status, 422);
  const msg = err.fields?.file?.[0];
  assert.ok(msg, 'the error names the file field');
  return msg;
}

describe('the cmap bomb without the checker', () => {
  it('ends a process that parses it with fontkit (the behaviour before the fix)', () => {
    // In a child process with a small heap, so the failure is quick and cannot touch the runner.
    const script = `
      const fontkit = require('fontkit');
      const bytes = Buffer.from(require('node:fs').readFileSync(0));
      try { fontkit.create(bytes).characterSet; } catch (e) { console.log('caught', e.message); }
      console.log('survived');`;
    const res = runSync(process.execPath, ['--max-old-space-size=64', '-e', script], {
      input: cmapBombTtf(),
      encoding: 'utf8',
      timeout: 120_000,
    });
    assert.doesNotMatch(res.stdout, /survived/, 'no catch can stop it');
    assert.ok(res.status !== 0 || res.signal !== null, `exit ${res.status} ${res.signal}`);
    assert.match(res.stderr, /heap out of memory|invalid size|Fatal/i);
  });
});

describe('FontChecker', () => {
  const checker = new FontChecker();
  after(() => checker.close());

  it('accepts the four real formats and reads their family', async () => {
    for (const format of FONT_FIXTURE_FORMATS) {
      const info = await checker.inspect(fontFixture(format));
      assert.equal(info.format, format);
      assert.match(info.family, /DejaVu Sans/);
      assert.ok(info.numGlyphs > 100);
    }
  });

  it(
    'refuses the cmap bomb with a 422 on file, and keeps checking afterwards',
    { timeout: 90_000 },
    async () => {
      // A time limit far above the child's way to its memory limit, so that on a loaded machine
      // the refusal is still the memory's (the default 10 s could end the check first).
      const patient = new FontChecker({ timeoutMs: 60_000 });
      try {
        const msg = await refusal(patient.inspect(cmapBombTtf()));
        assert.match(msg, /starts like a ttf font but could not be read as one/);
        assert.match(msg, /128 MB/);
        // A fresh child took over: the next real font passes.
        assert.equal((await patient.inspect(fontFixture('ttf'))).format, 'ttf');
      } finally {
        await patient.close();
      }
    },
  );

  it('refuses a WOFF2 claiming gigabytes of tables before any parser sees it', async () => {
    const fresh = new FontChecker();
    try {
      const msg = await refusal(fresh.inspect(woff2LengthBomb()));
      assert.match(msg, /woff2 font but could not be read/);
      assert.equal(fresh.processCount(), 0, 'no child process was needed');
    } finally {
      await fresh.close();
    }
  });

  it('refuses non-fonts, collections and empty files on the main thread', async () => {
    const fresh = new FontChecker();
    try {
      assert.match(await refusal(fresh.inspect(Buffer.alloc(0))), /empty/);
      assert.match(await refusal(fresh.inspect(Buffer.from('ttcf'.padEnd(64, '\0')))), /\.ttc/);
      assert.match(
        await refusal(fresh.inspect(Buffer.from('%PDF-1.7'.padEnd(64)))),
        /must be a font/,
      );
      assert.equal(fresh.processCount(), 0);
    } finally {
      await fresh.close();
    }
  });

  it('refuses a WOFF whose damaged zlib stream kept fontkit busy past the time limit', async () => {
    // Found by the font fuzz suite: the name table's compressed bytes, mutated.
    const mutant = fontMutant(
      { name: 'woff', format: 'woff', data: fontFixture('woff') },
      new Rng(1, 4049),
    );
    assert.match(mutant.description, /^name \(compressed\)/);
    const msg = await refusal(checker.inspect(mutant.data));
    assert.match(msg, /damaged, cut short or not a font/, 'refused for its data, not for its time');
  });

  it('stops a check that runs out of time and refuses the file', async () => {
    const slow = new FontChecker({ timeoutMs: 1 });
    try {
      // A 4.7 MB CJK font takes the child 15-20 ms to receive and read, far beyond 1 ms: the
      // check is stopped, its child killed. (The 60 KB fixture takes about 5 ms, close enough
      // to 1 ms that a busy machine let its answer in before the timer once.)
      const big = fs.readFileSync(
        new URL('../../assets/fonts/nanum/NanumGothic.ttf', import.meta.url),
      );
      const msg = await refusal(slow.inspect(big));
      assert.match(msg, /took longer than 1 ms/);
    } finally {
      await slow.close();
    }
  });

  it('remembers the outcome per key (stored fonts are checked once per process)', async () => {
    const bomb = cmapBombTtf();
    await refusal(checker.inspect(bomb, 'font-a'));
    // Same key, other bytes: the remembered refusal answers without a child round trip.
    await refusal(checker.inspect(fontFixture('ttf'), 'font-a'));
    assert.equal((await checker.inspect(fontFixture('woff'), 'font-b')).format, 'woff');
    assert.equal((await checker.inspect(bomb, 'font-b')).format, 'woff');
  });

  it('checks several files at once in order, each getting its own answer', async () => {
    const inputs = [fontFixture('ttf'), cmapBombTtf(), fontFixture('woff2'), fontFixture('otf')];
    const results = await Promise.allSettled(inputs.map((d) => checker.inspect(d)));
    assert.deepEqual(
      results.map((r) => (r.status === 'fulfilled' ? r.value.format : 'refused')),
      ['ttf', 'refused', 'woff2', 'otf'],
    );
  });

  it('refuses checks after close', async () => {
    const closed = new FontChecker();
    await closed.close();
    await assert.rejects(closed.inspect(fontFixture('ttf')), /closed/);
  });
});
