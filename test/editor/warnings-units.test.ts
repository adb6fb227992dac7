import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  previewWarningDetailsHeader,
  previewWarningsHeader,
} from '../../src/api/routes/templates/preview-warnings-header.ts';
import { ifMatchRevisions, revisionEtag } from '../../src/api/routes/templates/revision-headers.ts';
import { renderImage, validateDesign, type Design } from '../../src/render/index.ts';
import { applyLayerData } from '../../src/render/design/apply-layer-data.ts';
import { closestName, requestWarnings } from '../../src/render/design/request-warnings.ts';
import {
  appendWarnings,
  capWarningList,
  capWarnings,
  requestWarningLines,
  requestWarningList,
} from '../../src/core/generation/warning-list.ts';
import { WARNING_CODES, type WarningCode } from '../../src/render/types.ts';
import type {
  Design as EditorDesign,
  Warning as EditorWarning,
  WarningCode as EditorWarningCode,
} from '../../web/src/api.ts';
import type { components, paths } from '../../clients/typescript/src/schema.d.ts';

/** Compiles only when A and B are the same type (the type checker runs on the tests too). */
type Equal<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const typeIs = <T extends true>(): T | undefined => undefined;

const design = validateDesign({
  width: 200,
  height: 100,
  layers: [
    { name: 'title', type: 'text', x: 0, y: 0, width: 200, height: 50, text: 'Hi' },
    { name: 'logo', type: 'text', x: 0, y: 50, width: 200, height: 50, text: 'A', dynamic: false },
    { name: 'photo', type: 'picture', x: 0, y: 0, width: 10, height: 10 },
  ],
}).design as Design;

describe('request warnings', () => {
  it('accept every property a layer type knows, common ones and spellings included', () => {
    const warnings = requestWarnings(design, {
      title: { text: 'x', fontFamily: 'DejaVu Serif', position_x: '+5', visibility: 'hidden' },
      photo: { image: 'https://example.com/a.png', object_fit: 'cover', opacity: 50 },
    });
    assert.deepEqual(warnings, []);
  });

  it('name the layer type as listings do and suggest close names only', () => {
    const warnings = requestWarnings(design, { photo: { imag: 'x', zzzzzz: 1 } });
    assert.deepEqual(
      warnings.map((w) => `${w.path}: ${w.message}`),
      [
        'layers.photo.imag: picture layers have no property "imag"; did you mean "image"?',
        'layers.photo.zzzzzz: picture layers have no property "zzzzzz"',
      ],
    );
    assert.equal(closestName('b', ['title']), undefined);
    assert.deepEqual(
      warnings.map((w) => w.code),
      ['unknown_property', 'unknown_property'],
    );
  });

  it('carry a code per kind: unknown layer, unknown property, static layer, unknown field', () => {
    const pages = [
      { design, layers: { ghost: {}, logo: { text: 'x' }, title: { txt: 'x' } }, prefix: '' },
    ];
    const unknown = {
      fields: [{ parent: '', name: 'webhok', known: ['webhook_success'] }],
      more: 0,
    };
    const { warnings, omitted } = requestWarningList(pages, unknown);
    assert.equal(omitted, 0);
    assert.deepEqual(
      warnings.map((w) => [w.code, w.path]),
      [
        ['unknown_field', 'webhok'],
        ['unknown_layer', 'layers.ghost'],
        ['static_layer_value', 'layers.logo'],
        ['unknown_property', 'layers.title.txt'],
      ],
    );
    // The lines rows store and the API answers are the same text as before codes existed.
    assert.deepEqual(requestWarningLines(pages, unknown), [
      'webhok: the request has no field "webhok", so it was ignored',
      'layers.ghost: the template has no layer "ghost"',
      'layers.logo: the layer "logo" is static (not dynamic in the template), so its values were ignored',
      'layers.title.txt: text layers have no property "txt"; did you mean "text"?',
    ]);
  });

  it('leave a static layer as stored while a dynamic one takes the data', () => {
    const applied = applyLayerData(design, { logo: { text: 'Changed' }, title: { text: 'New' } });
    assert.deepEqual(applied.problems, []);
    assert.equal(applied.design.layers[1].text, 'A');
    assert.equal(applied.design.layers[0].text, 'New');
  });

  it('come back from the renderer as draw warnings only, never as a failure', async () => {
    const file = await renderImage({
      design,
      layers: {
        title: { text: 'Far too much text for this tiny box', font_size: 40, font: 'Nope' },
        ghost: { text: 'x' },
      },
      assets: { files: new Map(), fonts: [] },
      options: { format: 'png' },
    });
    assert.deepEqual(
      file.warnings?.map((w) => `${w.path}: ${w.message}`),
      // The unknown layer "ghost" is the request's warning, listed once at creation, not here.
      [
        'layers.title: font "Nope" is not available; DejaVu Sans was used',
        'layers.title: the text does not fit its box at font size 40 (auto_fit can shrink it); it was clipped to the box (overflow "clip")',
      ],
    );
    assert.deepEqual(
      file.warnings?.map((w) => w.code),
      ['font_fallback', 'text_overflow'],
    );
  });

  it('do not call the default family by name a fallback', async () => {
    const file = await renderImage({
      design,
      layers: { title: { font: 'DejaVu Sans' } },
      assets: { files: new Map(), fonts: [] },
      options: { format: 'png' },
    });
    assert.deepEqual(file.warnings, []);
  });
});

describe('Imprint-Warnings header', () => {
  it('is ASCII JSON that parses back to the original text', () => {
    const warnings = ['layers.tïtle: the template has no layer "tïtle" ✓ 😀'];
    const header = previewWarningsHeader(warnings);
    assert.match(header, /^[\x20-\x7e]*$/);
    assert.deepEqual(JSON.parse(header), warnings);
  });

  it('keeps at most 50 warnings and says how many were left out', () => {
    const parsed = JSON.parse(previewWarningsHeader(Array.from({ length: 60 }, (_, i) => `w${i}`)));
    assert.equal(parsed.length, 51);
    assert.equal(parsed[50], '10 more warnings');
  });
});

describe('Imprint-Warning-Details header', () => {
  it("uses the renderer's codes, which the editor knows by the same names", () => {
    typeIs<Equal<EditorWarningCode, WarningCode>>();
    // The editor's types are the TS client's, generated from the OpenAPI document.
    typeIs<Equal<EditorWarning, components['schemas']['WarningDetail']>>();
    type StoredDesign =
      paths['/api/rest/templates/{template_uuid}/design']['get']['responses'][200]['content']['application/json'];
    typeIs<Equal<EditorDesign['unit'], StoredDesign['unit']>>();
    typeIs<Equal<EditorDesign['guides'], StoredDesign['guides']>>();
    typeIs<Equal<EditorDesign['background'], Exclude<StoredDesign['background'], undefined>>>();
    assert.equal(new Set(WARNING_CODES).size, WARNING_CODES.length);
  });

  it('is ASCII JSON of {code, path, message}, one per line of Imprint-Warnings', () => {
    const details = capWarningList(
      [
        {
          code: 'unknown_layer',
          path: 'layers.tïtle',
          message: 'the template has no layer "tïtle"',
        },
        ...Array.from({ length: 52 }, (_, i) => ({
          code: 'text_overflow' as const,
          path: `layers.t${i}`,
          message: 'the text does not fit its box 😀',
        })),
      ],
      2,
    );
    const header = previewWarningDetailsHeader(details);
    assert.match(header, /^[\x20-\x7e]*$/);
    const parsed = JSON.parse(header) as Array<{ code: string; path: string; message: string }>;
    assert.equal(parsed.length, 51);
    assert.deepEqual(parsed[0], {
      code: 'unknown_layer',
      path: 'layers.tïtle',
      message: 'the template has no layer "tïtle"',
    });
    assert.deepEqual(parsed[50], { code: 'more_warnings', path: '', message: '5 more warnings' });
    // The same order and text as the string header.
    const lines = JSON.parse(
      previewWarningsHeader(parsed.map((w) => (w.path ? `${w.path}: ${w.message}` : w.message))),
    ) as string[];
    assert.deepEqual(lines.slice(49), [
      'layers.t48: the text does not fit its box 😀',
      '5 more warnings',
    ]);
  });
});

describe('If-Match', () => {
  it('reads quoted revisions, ignores weak tags, and treats * or nothing as no check', () => {
    assert.equal(revisionEtag(7), '"7"');
    assert.equal(ifMatchRevisions(undefined), undefined);
    assert.equal(ifMatchRevisions('*'), undefined);
    assert.deepEqual(ifMatchRevisions('"3"'), [3]);
    assert.deepEqual(ifMatchRevisions('W/"3", "4"'), [4]);
    assert.deepEqual(ifMatchRevisions('W/"3"'), []);
    assert.throws(() => ifMatchRevisions('3'), /If-Match/);
  });
});

describe('warning lists', () => {
  it('cap at 50 with one line counting the rest, and capping twice changes nothing', () => {
    const lines = Array.from({ length: 60 }, (_, i) => `layers.a${i}: x`);
    const capped = capWarnings(lines, 5);
    assert.equal(capped.length, 51);
    assert.equal(capped[50], '15 more warnings');
    assert.deepEqual(capWarnings(capped), capped);
  });

  it("append drawing's warnings after the stored ones, only counting them once the list is full", () => {
    const draw = [{ path: 'layers.t', message: 'font "X" is not available' }];
    assert.deepEqual(appendWarnings(['layers.a: x'], draw), [
      'layers.a: x',
      'layers.t: font "X" is not available',
    ]);
    const full = capWarnings(Array.from({ length: 70 }, (_, i) => `layers.a${i}: x`));
    assert.deepEqual(appendWarnings(full, draw).slice(49), ['layers.a49: x', '21 more warnings']);
  });
});
