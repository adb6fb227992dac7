/**
 * Line breaking against Chromium: each case of fixtures/line-breaks.json is laid out by Imprint
 * and compared with the lines Chromium made of the same text, font files, size and width
 * (recorded in the fixture; re-checked live when Chromium is installed, and re-recorded with
 * UPDATE_CHROMIUM_LINES=1). A case whose lines differ on purpose carries `imprint` (Imprint's
 * lines) and `why`.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { resolveFontFamily } from '../../../src/render/fonts/index.ts';
import { textBlockOf } from '../../../src/render/layers/text/index.ts';
import { hyphenateText, type HyphenationLang } from '../../../src/render/text/hyphenate.ts';
import { layoutText } from '../../../src/render/text/index.ts';
import { validateDesign } from '../../../src/render/index.ts';
import { chromiumBinary, chromiumLines, type LineCase } from './chromium-lines.ts';

interface Recorded extends LineCase {
  hyphenate?: boolean;
  lang?: HyphenationLang;
  chromium: string[];
  imprint?: string[];
  why?: string;
}

const FIXTURE = path.join(import.meta.dirname, 'fixtures', 'line-breaks.json');
const cases = JSON.parse(fs.readFileSync(FIXTURE, 'utf8')) as Recorded[];

/** The text Chromium is given: with `hyphenate`, Imprint's soft hyphens (Chromium on Linux has no patterns). */
const chromiumText = (c: Recorded) =>
  c.hyphenate ? hyphenateText(c.text, c.lang ?? 'en') : c.text;

/** A line as drawn: trailing spaces dropped, a final soft hyphen drawn as "-", other invisible characters gone. */
function drawn(line: string): string {
  return line
    .replace(/[ \u3000]+$/, '')
    .replace(/\u00ad$/, '-')
    .replace(/[\u00ad\u200b]/g, '');
}

/** Imprint's lines for a case. */
function imprintLines(c: Recorded): string[] {
  const layer = {
    name: c.name,
    type: 'text',
    x: 0,
    y: 0,
    width: c.width,
    height: 10_000,
    text: c.text,
    font_size: c.font_size,
    hyphenate: c.hyphenate ?? false,
    lang: c.lang ?? 'en',
  };
  const layout = layoutText(textBlockOf(layer, (ref) => resolveFontFamily(ref)));
  return layout.lines.map((l) => drawn(l.pieces.map((p) => p.text).join('')));
}

const chromium = chromiumBinary();

describe('line breaking compared with Chromium', () => {
  for (const c of cases) {
    it(`${c.name}${c.why ? ' (differs, explained)' : ''}`, () => {
      const expected = c.imprint ?? c.chromium.map(drawn);
      assert.deepEqual(imprintLines(c), expected);
      if (c.imprint) assert.notDeepEqual(c.imprint, c.chromium.map(drawn), 'no longer differs');
    });
  }

  it('the recorded lines are what Chromium makes now', { skip: !chromium && 'no chromium' }, () => {
    const live = chromiumLines(
      cases.map((c) => ({ ...c, text: chromiumText(c) })),
      chromium,
    );
    if (process.env.UPDATE_CHROMIUM_LINES === '1') {
      for (const c of cases) c.chromium = live[c.name];
      fs.writeFileSync(FIXTURE, `${JSON.stringify(cases, null, 2)}\n`);
    }
    for (const c of cases) assert.deepEqual(live[c.name], c.chromium, c.name);
  });
});

describe('hyphenation', () => {
  const one = (extra: Record<string, unknown>) => ({
    ...cases[0],
    name: 'h',
    text: 'internationalization',
    width: 80,
    chromium: [],
    ...extra,
  });

  it('is off by default: a long word is broken where it overflows, without a hyphen', () => {
    const lines = imprintLines(one({}));
    assert.ok(lines.length > 1);
    assert.ok(
      lines.every((l) => !l.endsWith('-')),
      lines.join('|'),
    );
  });

  it('with hyphenate, lines end at hyphenation points with a hyphen', () => {
    const lines = imprintLines(one({ hyphenate: true, lang: 'en' }));
    assert.deepEqual(lines.join('').replace(/-/g, ''), 'internationalization');
    assert.ok(
      lines.slice(0, -1).every((l) => l.endsWith('-')),
      lines.join('|'),
    );
  });

  it('refuses an unknown language, naming the field', () => {
    const { problems } = validateDesign({
      width: 10,
      height: 10,
      layers: [
        {
          name: 't',
          type: 'text',
          x: 0,
          y: 0,
          width: 5,
          height: 5,
          text: 'x',
          hyphenate: true,
          lang: 'klingon',
        },
      ],
    });
    assert.equal(problems[0].path, 'layers.0.lang');
    assert.match(problems[0].message, /"en".*received "klingon"/);
  });
});

describe('hyphenateText', () => {
  it('only inserts soft hyphens, also around "<" (text is never read as HTML)', () => {
    const text = 'a <b>international</b> & x<y internationalization';
    const out = hyphenateText(text, 'en');
    assert.equal(out.replace(/\u00ad/g, ''), text);
    assert.match(out, /x<y in\u00adter\u00adna\u00adtion\u00adal\u00adiza\u00adtion$/);
  });
});
