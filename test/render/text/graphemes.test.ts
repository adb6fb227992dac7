/** Our fast grapheme clustering agrees with Intl.Segmenter on the text a line must never split. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { clusterStarts } from '../../../src/render/text/graphemes.ts';

const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });
const reference = (s: string) => [...[...segmenter.segment(s)].map((g) => g.index), s.length];

const SAMPLES = {
  ascii: 'Hello, world! 123 #*',
  accents: 'Cafe\u0301 nai\u0308ve e\u0300\u0323 Ångström',
  emoji: '😀 👍🏽 👨‍👩‍👧 🏳️‍🌈 ❤️ 1️⃣ #️⃣',
  flags: '🇫🇷🇩🇪🇯🇵 🇺🇸x',
  arabic: 'مَرْحَبًا بِالْعَالَمِ',
  hebrew: 'שָׁלוֹם עוֹלָם',
  devanagari: 'क्षत्रिय हिन्दी श्री द्ध संयुक्ताक्षर',
  hangul: '한국어 \u1100\u1161\u11a8 \u1112\u1161',
  cjk: '中文日本語のテキスト、句読点。𠀋',
  thai: 'ภาษาไทย',
};

describe('clusterStarts', () => {
  for (const [name, text] of Object.entries(SAMPLES)) {
    it(`matches Intl.Segmenter: ${name}`, () => {
      assert.deepEqual(clusterStarts(text), reference(text));
    });
  }

  it('handles the empty string', () => {
    assert.deepEqual(clusterStarts(''), [0]);
  });
});
