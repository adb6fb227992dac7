// The CSV reader behind the editor's "Paste CSV" (web/src/editor/csv.ts): quoted fields with
// delimiters, line breaks and doubled quotes, line endings, delimiter detection, header rows.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { detectDelimiter, parseCsv, rowsForColumns } from '../../web/src/editor/csv.ts';

test('plain fields, and every line ending', () => {
  assert.deepEqual(parseCsv('a,b,c\n1,2,3'), [
    ['a', 'b', 'c'],
    ['1', '2', '3'],
  ]);
  assert.deepEqual(parseCsv('a,b\r\n1,2\r\n'), [
    ['a', 'b'],
    ['1', '2'],
  ]);
  assert.deepEqual(parseCsv('a,b\r1,2\r'), [
    ['a', 'b'],
    ['1', '2'],
  ]);
});

test('quoted fields hold delimiters, line breaks and doubled quotes', () => {
  const text = 'name,note\n"Lamp, brass","says ""hi""\nand more"\n"",x\n';
  assert.deepEqual(parseCsv(text), [
    ['name', 'note'],
    ['Lamp, brass', 'says "hi"\nand more'],
    ['', 'x'],
  ]);
  // A quote inside an unquoted field is kept as written.
  assert.deepEqual(parseCsv('5" pipe,2'), [['5" pipe', '2']]);
  // Empty fields at the ends of a line are fields.
  assert.deepEqual(parseCsv(',a,\n'), [['', 'a', '']]);
});

test('blank lines are not rows', () => {
  assert.deepEqual(parseCsv('a\n\n\nb\n\n'), [['a'], ['b']]);
  assert.deepEqual(parseCsv(''), []);
});

test('an unclosed quote names its line', () => {
  assert.throws(() => parseCsv('a,b\n1,"open\n2,3'), /line 2 is never closed/);
});

test('the delimiter is the one the first line uses most', () => {
  assert.equal(detectDelimiter('a;b;c\n1,5;2;3'), ';');
  assert.equal(detectDelimiter('a\tb\n1\t2'), '\t');
  assert.equal(detectDelimiter('"x;y;z",b'), ',');
  assert.equal(detectDelimiter('single'), ',');
  assert.deepEqual(parseCsv('Item\tPrice\nLamp\t€49'), [
    ['Item', 'Price'],
    ['Lamp', '€49'],
  ]);
});

const columns = [{ title: 'Item' }, { title: 'Qty', key: 'qty' }, { title: 'Price' }];

test('a header row is matched to the columns by title or key, in any order', () => {
  const csv = parseCsv('price,ITEM,qty\n€4,Pen,2\n€49,Lamp,1');
  assert.deepEqual(rowsForColumns(csv, columns), {
    header: true,
    rows: [
      ['Pen', '2', '€4'],
      ['Lamp', '1', '€49'],
    ],
  });
  // A column the CSV lacks stays empty.
  assert.deepEqual(rowsForColumns(parseCsv('Item\nPen'), columns).rows, [['Pen', '', '']]);
});

test('without a header the fields go to the columns in order, cut or padded', () => {
  const csv = parseCsv('Pen,2,€4,extra\nLamp');
  assert.deepEqual(rowsForColumns(csv, columns), {
    header: false,
    rows: [
      ['Pen', '2', '€4'],
      ['Lamp', '', ''],
    ],
  });
  // One unknown name in the first row: data, not a header.
  assert.equal(rowsForColumns(parseCsv('Item,Lamp,Price'), columns).header, false);
});
