/**
 * The font API: bundled families resolve to Imprint-only aliases followed by the explicit fallback
 * stack, project fonts register once per key, unknown or withdrawn fonts fall back to the default.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { GlobalFonts, createCanvas } from '@napi-rs/canvas';
import * as fontkit from 'fontkit';
import {
  BUNDLED_FAMILIES,
  bundledFontPath,
  FALLBACK_STACK,
  findBundledFamily,
  findLibraryFamily,
  createFontResolver,
  projectFontAlias,
  registerFontSources,
  resolveFontFamily,
} from '../../../src/render/fonts/index.ts';
import { dejavuFile } from './text-test-kit.ts';

const families = (list: string): string[] => list.split(',').map((s) => s.trim().replace(/"/g, ''));

describe('resolveFontFamily', () => {
  it('names the default family first, then the whole bundled stack, and nothing else', () => {
    const list = families(resolveFontFamily(undefined));
    assert.equal(list[0], 'imprint-dejavu-sans');
    assert.deepEqual(list, [...FALLBACK_STACK]);
    for (const name of list) assert.ok(GlobalFonts.has(name), `${name} is registered`);
    // Every name in a list is one of ours: no system font can be picked by name.
    for (const name of list) assert.match(name, /^imprint-/);
  });

  it('finds bundled families case-insensitively, by generic name too', () => {
    assert.equal(families(resolveFontFamily('dejavu serif'))[0], 'imprint-dejavu-serif');
    assert.equal(families(resolveFontFamily('DejaVu Sans Mono'))[0], 'imprint-dejavu-sans-mono');
    assert.equal(families(resolveFontFamily('monospace'))[0], 'imprint-dejavu-sans-mono');
    assert.equal(
      families(resolveFontFamily('  Noto   Sans Arabic '))[0],
      'imprint-noto-sans-arabic',
    );
    const serif = families(resolveFontFamily('serif'));
    assert.deepEqual(serif.slice(1), [...FALLBACK_STACK]);
  });

  it('falls back to the default for unknown, empty and non-string references', () => {
    const def = resolveFontFamily(null);
    assert.equal(resolveFontFamily('Comic Sans MS'), def);
    assert.equal(resolveFontFamily(''), def);
    assert.equal(resolveFontFamily('f_does_not_exist'), def);
  });

  it('ignores families Skia found installed on the machine (they are never picked by name)', () => {
    // @napi-rs/canvas loads the system's fonts at start (here e.g. Nimbus Sans, C059, DejaVu);
    // a design naming one must not draw differently on a machine that has it.
    const def = resolveFontFamily(null);
    const system = GlobalFonts.families
      .map((f) => f.family)
      .filter((name) => !name.startsWith('imprint-'));
    for (const name of ['Nimbus Sans', 'Liberation Sans', 'Arial', 'Noto Sans', ...system]) {
      const list = resolveFontFamily(name);
      if (findBundledFamily(name) || findLibraryFamily(name)) {
        // Bundled and library names (DejaVu, Noto Sans …) resolve to our own copy, not the
        // installed one.
        assert.match(families(list)[0], /^imprint-/, name);
      } else {
        assert.equal(list, def, `${name} falls back to the default family`);
      }
      for (const entry of families(list)) assert.match(entry, /^imprint-/, `${name}: ${entry}`);
    }
  });

  it('registers every bundled file under an imprint- alias with its styles', () => {
    resolveFontFamily(undefined);
    const registered = new Map(GlobalFonts.families.map((f) => [f.family, f.styles]));
    for (const family of BUNDLED_FAMILIES) {
      const styles = registered.get(family.alias);
      assert.ok(styles, `${family.alias} registered`);
      assert.ok(styles.length >= family.files.length, `${family.alias} has all its files`);
    }
    const sans = registered.get('imprint-dejavu-sans')!;
    assert.ok(sans.some((s) => s.weight === 700 && s.style === 'normal'));
    assert.ok(sans.some((s) => s.weight === 400 && s.style === 'italic'));
  });
});

describe('bundled coverage', () => {
  it('covers every script of the stack with bundled files (no system font needed)', () => {
    const faces = BUNDLED_FAMILIES.filter((f) => f.fallback).map((f) =>
      fontkit.openSync(bundledFontPath(f, f.files[0])),
    ) as fontkit.Font[];
    const samples = {
      latin: 'Hello, Wörld! ÆØÅ ñ ç',
      greek: 'Καλημέρα κόσμε',
      cyrillic: 'Привет, мир',
      arabic: 'مرحبا بالعالم',
      hebrew: 'שלום עולם',
      devanagari: 'क्षत्रिय हिन्दी',
      chinese: '中文简体繁體',
      japanese: 'ひらがなカタカナ漢字',
      korean: '한국어 안녕하세요',
      emoji: '😀🎉👍🚀❤',
    };
    for (const [script, text] of Object.entries(samples)) {
      for (const ch of text.replace(/\s/g, '')) {
        const cp = ch.codePointAt(0)!;
        assert.ok(
          faces.some((f) => f.hasGlyphForCodePoint(cp)),
          `${script}: U+${cp.toString(16)} (${ch}) is in a bundled font`,
        );
      }
    }
  });
});

describe('project fonts', () => {
  it('registers a font once per key and resolves it first', () => {
    const data = fs.readFileSync(dejavuFile('DejaVuSerif-Bold.ttf'));
    const before = GlobalFonts.families.length;
    registerFontSources([{ key: 'font_once', data }]);
    const after = GlobalFonts.families.length;
    registerFontSources([{ key: 'font_once', data }]);
    registerFontSources([{ key: 'font_once', data }]);
    assert.equal(GlobalFonts.families.length, after);
    assert.ok(after >= before);
    const list = families(resolveFontFamily('font_once'));
    assert.equal(list[0], projectFontAlias('font_once'));
    assert.deepEqual(list.slice(1), [...FALLBACK_STACK]);
  });

  it('keeps unusable bytes out and falls back to the default family', () => {
    registerFontSources([{ key: 'font_garbage', data: Buffer.from('definitely not a font') }]);
    assert.equal(resolveFontFamily('font_garbage'), resolveFontFamily(undefined));
    assert.equal(GlobalFonts.has(projectFontAlias('font_garbage')), false);
  });

  it('hashes keys that are not plain identifiers into a safe alias', () => {
    const alias = projectFontAlias('a "weird", key;');
    assert.match(alias, /^imprint-font-[0-9a-f]{32}$/);
  });

  it('a resolver only knows the fonts of its render (a deleted font falls back)', () => {
    const data = fs.readFileSync(dejavuFile('DejaVuSansMono.ttf'));
    const withFont = createFontResolver([{ key: 'font_scoped', data }]);
    assert.equal(families(withFont('font_scoped'))[0], projectFontAlias('font_scoped'));
    const without = createFontResolver([]);
    assert.equal(without('font_scoped'), resolveFontFamily(undefined));
    assert.equal(families(without('DejaVu Serif'))[0], 'imprint-dejavu-serif');
  });

  for (const ext of ['woff', 'woff2']) {
    it(`registers a ${ext.toUpperCase()} project font from its bytes`, () => {
      const data = fs.readFileSync(
        path.join(import.meta.dirname, 'fixtures', `dejavu-mono-ascii.${ext}`),
      );
      registerFontSources([{ key: `font_${ext}`, data }]);
      assert.ok(GlobalFonts.has(projectFontAlias(`font_${ext}`)));
      const ctx = createCanvas(10, 10).getContext('2d');
      ctx.font = `20px ${resolveFontFamily(`font_${ext}`)}`;
      // Monospace: "iiiii" is as wide as "MMMMM".
      assert.ok(Math.abs(ctx.measureText('iiiii').width - ctx.measureText('MMMMM').width) < 0.01);
    });
  }

  it('registers an OTF (CFF outlines) project font from its bytes and draws with it', () => {
    const dir = path.join(import.meta.dirname, '..', '..', 'fixtures', 'fonts');
    const data = fs.readFileSync(path.join(dir, 'dejavu-sans-latin.otf'));
    assert.equal(data.subarray(0, 4).toString('latin1'), 'OTTO');
    registerFontSources([{ key: 'font_otf', data }]);
    assert.ok(GlobalFonts.has(projectFontAlias('font_otf')));
    assert.equal(families(resolveFontFamily('font_otf'))[0], projectFontAlias('font_otf'));
    const canvas = createCanvas(120, 40);
    const ctx = canvas.getContext('2d');
    // Only the OTF: no fallback may draw these glyphs for it.
    ctx.font = `24px "${projectFontAlias('font_otf')}"`;
    ctx.fillText('Hello', 4, 30);
    const ink = ctx.getImageData(0, 0, 120, 40).data.filter((v, i) => i % 4 === 3 && v > 0);
    assert.ok(ink.length > 100, `glyphs drawn: ${ink.length} px`);
  });

  it('draws with a registered project font (its glyphs differ from the default)', () => {
    const data = fs.readFileSync(dejavuFile('DejaVuSansMono.ttf'));
    registerFontSources([{ key: 'font_mono', data }]);
    const width = (list: string) => {
      const ctx = createCanvas(10, 10).getContext('2d');
      ctx.font = `20px ${list}`;
      return ctx.measureText('iiiii').width;
    };
    // Monospace "i" is as wide as any glyph; proportional "i" is narrow.
    assert.ok(width(resolveFontFamily('font_mono')) > width(resolveFontFamily(undefined)) * 1.5);
  });
});
