/** The pieces of `imprint batch` without a server: rows to layers, file names, progress lines. */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { layersOf, outputName, readRows } from '../../src/cli/batch/batch-rows.ts';
import { formatDuration, progressLine } from '../../src/cli/batch/batch-progress.ts';
import { checkColumns, columnProblemLines } from '../../src/cli/batch/column-check.ts';
import { resumeCommand } from '../../src/cli/batch-command.ts';
import type { Design } from '../../src/render/types.ts';

describe('batch rows', () => {
  it('reads CSV with a header (BOM, quotes, newlines in cells) and JSON arrays', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-rows-'));
    try {
      const csv = path.join(dir, 'rows.csv');
      fs.writeFileSync(
        csv,
        '\ufefftitle, photo.image\n"Two\nlines, ""quoted""",http://x/a.png\n\n',
      );
      assert.deepEqual(readRows(csv), [
        { title: 'Two\nlines, "quoted"', 'photo.image': 'http://x/a.png' },
      ]);
      const json = path.join(dir, 'rows.json');
      fs.writeFileSync(json, '[{"title": "A"}]');
      assert.deepEqual(readRows(json), [{ title: 'A' }]);
      fs.writeFileSync(json, '[1]');
      assert.throws(() => readRows(json), /item 1 is not an object/);
      fs.writeFileSync(csv, 'a,b\n"unclosed,1\n');
      assert.throws(() => readRows(csv), /is not valid CSV/);
      assert.throws(() => readRows(path.join(dir, 'rows.txt')), /Cannot read --data/);
      fs.writeFileSync(path.join(dir, 'rows.txt'), '');
      assert.throws(() => readRows(path.join(dir, 'rows.txt')), /\.csv or \.json/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('maps columns to layers: a layer is its text, layer.property a property', () => {
    assert.deepEqual(
      layersOf({
        title: 'Hi',
        'subtitle.text': 'There',
        'photo.image': 'http://x/a.png',
        'box.background_color': '',
        logo: { hide: true, image: null },
        filename: 'card',
      }),
      {
        title: { text: 'Hi' },
        subtitle: { text: 'There' },
        photo: { image: 'http://x/a.png' },
        logo: { hide: true },
      },
    );
    assert.deepEqual(layersOf({ 'price.text': 9.5 }), { price: { text: 9.5 } });
    assert.throws(() => layersOf({ '.text': 'x' }), /column "\.text"/);
    assert.throws(() => layersOf({ 'title.': 'x' }), /column "title\."/);
  });

  it('names files by a filename column or the zero-padded row number', () => {
    assert.equal(outputName({}, 0, 10, 'png'), '0001.png');
    assert.equal(outputName({}, 12344, 12345, 'pdf'), '12345.pdf');
    assert.equal(outputName({ filename: 'card-1' }, 0, 1, 'jpg'), 'card-1.jpg');
    assert.equal(outputName({ filename: 'card.JPG' }, 0, 1, 'jpg'), 'card.JPG');
    assert.equal(outputName({ filename: '../../etc/x' }, 0, 1, 'png'), '__.._etc_x.png');
    assert.equal(outputName({ filename: '  ' }, 1, 2, 'png'), '0002.png');
  });
});

describe('batch progress', () => {
  it('shows count, rate and ETA', () => {
    const line = progressLine({ done: 4, failed: 1, skipped: 5, total: 20 }, 2000, 10);
    assert.equal(line, '[#####-----] 10/20, 1 failed  2.5 rows/s  ETA 4s');
    assert.match(progressLine({ done: 0, failed: 0, skipped: 0, total: 3 }, 0), /0\/3 .*ETA \?/);
    assert.equal(formatDuration(65), '1m05s');
  });
});

describe('batch columns and resume command', () => {
  const design = {
    width: 400,
    height: 200,
    layers: [
      { name: 'title', type: 'text' },
      { name: 'photo', type: 'picture' },
      { name: 'logo', type: 'picture', dynamic: false },
    ],
  } as unknown as Design;

  it('names each column the template would ignore once, with the API warning and suggestion', () => {
    const rows = [
      { titel: 'A', filename: 'a', 'photo.imag': 'x', logo: { image: 'y' } },
      { titel: 'B', 'titel.font_size': 3, title: { text: 'ok', font_sise: 3 } },
    ];
    assert.deepEqual(columnProblemLines(checkColumns(design, rows)), [
      'columns "titel", "titel.font_size": the template has no layer "titel"; did you mean "title"?',
      'column "photo.imag": picture layers have no property "imag"; did you mean "image"?',
      'column "logo.image": the layer "logo" is static (not dynamic in the template), so its values were ignored',
      'column "title.font_sise": text layers have no property "font_sise"; did you mean "font_size"?',
    ]);
    assert.deepEqual(checkColumns(design, [{ title: 'x', 'photo.image': 'y', filename: 'z' }]), []);
  });

  it('prints the command that resumes, without the secret of --token', () => {
    const opts = {
      template: 'tpl1',
      data: 'my rows.csv',
      out: 'cards/',
      format: 'png' as const,
      concurrency: 8,
    };
    assert.equal(
      resumeCommand(opts),
      "npx imprint batch --template tpl1 --data 'my rows.csv' --out cards/ --format png --concurrency 8",
    );
    assert.equal(
      resumeCommand({ ...opts, allowUnknownColumns: true, url: 'http://h:3000', token: 'imp_x' }),
      'npx imprint batch --template tpl1 --data \'my rows.csv\' --out cards/ --format png --concurrency 8 --allow-unknown-columns --url http://h:3000 --token "$IMPRINT_TOKEN"',
    );
  });
});
