/**
 * rawAssetOverCap: the asset cap on a request's raw layer data names the same field as the check
 * on the prepared design, and never refuses what that check would accept (hidden layers and
 * layers whose visibility or columns the request changes are left to it).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { rawAssetOverCap } from '../../src/core/generation/asset-precount.ts';
import type { Design } from '../../src/render/types.ts';

const design = (hideTable = false): Design =>
  ({
    width: 100,
    height: 100,
    background: null,
    layers: [
      {
        name: 'items',
        type: 'table',
        x: 0,
        y: 0,
        width: 100,
        height: 100,
        hide: hideTable,
        columns: [{ title: 'A', key: 'a' }],
      },
      {
        name: 'photo',
        type: 'picture',
        x: 0,
        y: 0,
        width: 10,
        height: 10,
        image: 'https://x/logo.png',
      },
      {
        name: 'title',
        type: 'text',
        x: 0,
        y: 0,
        width: 10,
        height: 10,
        image: 'https://x/not-an-asset.png',
      },
    ],
  }) as unknown as Design;
const cell = (i: number) => ({ type: 'picture', url: ` https://x/${i}.png ` });

test('names the field whose distinct URLs pass the cap, with the count', () => {
  const rows = [[cell(1)], [cell(2)], { a: cell(3) }, [cell(1)], ['text', { type: 'barcode' }]];
  assert.equal(
    rawAssetOverCap([{ design: design(), layers: { items: { rows } }, prefix: '' }], 4),
    null,
  );
  assert.deepEqual(
    rawAssetOverCap([{ design: design(), layers: { items: { rows } }, prefix: '' }], 2),
    {
      field: 'layers.items.rows',
      count: 4,
    },
  );
  // Every distinct URL counts (the design's own picture after the table); the text layer has
  // no asset field.
  assert.deepEqual(
    rawAssetOverCap([{ design: design(), layers: { items: { rows } }, prefix: 'pages.1.' }], 3),
    { field: 'pages.1.layers.photo.image', count: 4 },
  );
});

test('leaves hidden layers and changed visibility or columns to the prepared check', () => {
  const rows = [[cell(1)], [cell(2)], [cell(3)]];
  for (const layers of [
    { items: { rows, hide: true } },
    { items: { rows, visibility: 'hidden' } },
    { items: { rows, opacity: 0 } },
    { items: { rows, columns: [] } },
  ]) {
    assert.equal(rawAssetOverCap([{ design: design(), layers, prefix: '' }], 1), null);
  }
  assert.equal(
    rawAssetOverCap([{ design: design(true), layers: { items: { rows } }, prefix: '' }], 1),
    null,
  );
});
