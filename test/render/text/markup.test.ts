/** The emphasis markup: pairs, escapes, literal odd asterisks, spans across line feeds. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { escapeEmphasis, parseEmphasis } from '../../../src/render/text/index.ts';

const show = (s: string) =>
  parseEmphasis(s)
    .map((p) => (p.alt ? `[${p.text}]` : p.text))
    .join('');

describe('parseEmphasis', () => {
  it('marks *spans* as emphasised', () => {
    assert.deepEqual(parseEmphasis('a *b c* d'), [
      { text: 'a ', alt: false },
      { text: 'b c', alt: true },
      { text: ' d', alt: false },
    ]);
    assert.equal(show('*all*'), '[all]');
    assert.equal(show('x*y*z'), 'x[y]z');
    assert.equal(show('*one* and *two*'), '[one] and [two]');
  });

  it('keeps escaped asterisks and backslashes literal', () => {
    assert.equal(show('\\*not\\* emphasised'), '*not* emphasised');
    assert.equal(show('a \\\\ b'), 'a \\ b');
    assert.equal(show('\\\\*yes*'), '\\[yes]');
    assert.equal(show('C:\\path\\n'), 'C:\\path\\n');
  });

  it('leaves asterisks that cannot open or close as text', () => {
    assert.equal(show('5 * 3 = 15'), '5 * 3 = 15');
    assert.equal(show('5 * 3 and *this*'), '5 * 3 and [this]');
    assert.equal(show('an *unclosed star'), 'an *unclosed star');
    assert.equal(show('* list item'), '* list item');
    assert.equal(show('a**b'), 'ab');
  });

  it('lets emphasis span a line feed', () => {
    assert.equal(show('*one\ntwo* three'), '[one\ntwo] three');
  });

  it('escapeEmphasis is undone by parseEmphasis', () => {
    for (const s of ['*a*', '\\*', 'x \\\\ *y* z', '5 * 3']) {
      assert.deepEqual(parseEmphasis(escapeEmphasis(s)), [{ text: s, alt: false }]);
    }
  });
});
