// The editor's document model (web/src/editor/doc.ts): undo/redo depth, merging of typing,
// unique names, z-order moves.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { EditorDoc, HISTORY_LIMIT } from '../../web/src/editor/doc.ts';
import type { Design, Layer } from '../../web/src/api.ts';

const layer = (name: string, x = 0): Layer => ({
  name,
  type: 'shape',
  x,
  y: 0,
  width: 10,
  height: 10,
});
const design = (...layers: Layer[]): Design => ({
  width: 100,
  height: 100,
  background: null,
  layers,
});
const names = (d: EditorDoc) => d.design.layers.map((l) => l.name);

test('undo and redo go back and forth over at least 100 steps', () => {
  assert.ok(HISTORY_LIMIT >= 100);
  const doc = new EditorDoc(design(layer('a')));
  for (let i = 1; i <= 150; i++) doc.update(['a'], (l) => ({ ...l, x: i }));
  assert.equal(doc.layer('a')!.x, 150);
  for (let i = 0; i < 150; i++) doc.undo();
  assert.equal(doc.layer('a')!.x, 0);
  assert.equal(doc.canUndo, false);
  for (let i = 0; i < 150; i++) doc.redo();
  assert.equal(doc.layer('a')!.x, 150);
  doc.undo();
  doc.update(['a'], (l) => ({ ...l, x: -1 }));
  assert.equal(doc.canRedo, false, 'a new change drops the redo list');
});

test('typing into one field makes one step; another field starts a new one', () => {
  const doc = new EditorDoc(design(layer('a')));
  for (const x of [1, 12, 123]) doc.update(['a'], (l) => ({ ...l, x }), 'a.x');
  doc.update(['a'], (l) => ({ ...l, y: 5 }), 'a.y');
  doc.undo();
  assert.equal(doc.layer('a')!.x, 123);
  assert.equal(doc.layer('a')!.y, 0);
  doc.undo();
  assert.equal(doc.layer('a')!.x, 0);
});

test('added, pasted and duplicated layers get unique names and are selected', () => {
  const doc = new EditorDoc(design(layer('text')));
  doc.add([layer('text'), layer('text')]);
  assert.deepEqual(names(doc), ['text', 'text_2', 'text_3']);
  assert.deepEqual(doc.selection, ['text_2', 'text_3']);
  doc.duplicate(['text_3']);
  assert.deepEqual(names(doc), ['text', 'text_2', 'text_3', 'text_4']);
  assert.equal(doc.layer('text_4')!.x, 10, 'a duplicate is shifted');
  assert.match(doc.rename('text', 'text_2') ?? '', /already a layer/);
  assert.equal(doc.rename('text', 'title'), null);
  assert.deepEqual(names(doc), ['title', 'text_2', 'text_3', 'text_4']);
});

test('z-order: front, back, one step, and a drop at a position', () => {
  const doc = new EditorDoc(design(layer('a'), layer('b'), layer('c'), layer('d')));
  doc.reorder(['a'], 'front');
  assert.deepEqual(names(doc), ['b', 'c', 'd', 'a']);
  doc.reorder(['a'], 'back');
  assert.deepEqual(names(doc), ['a', 'b', 'c', 'd']);
  doc.reorder(['b'], 'forward');
  assert.deepEqual(names(doc), ['a', 'c', 'b', 'd']);
  doc.reorder(['b'], 'backward');
  assert.deepEqual(names(doc), ['a', 'b', 'c', 'd']);
  doc.moveTo('d', 1);
  assert.deepEqual(names(doc), ['a', 'd', 'b', 'c']);
  doc.remove(['d', 'b']);
  assert.deepEqual(names(doc), ['a', 'c']);
});
