/**
 * planAssets: every distinct URL of a job mapped to the layers that use it in one pass over the
 * layers (counted, not timed: a table's cells are listed once, however many URLs it holds), and
 * the field that takes a request above the per-job asset cap. Also the cap on stored errors.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { describeUsers, planAssets } from '../../src/core/generation/asset-plan.ts';
import { storedErrors } from '../../src/core/generation/stored-errors.ts';
import { getLayerType } from '../../src/render/layers/index.ts';
import type { Design, LayerSpec } from '../../src/render/types.ts';

const box = { x: 0, y: 0, width: 100, height: 100, rotation: 0, opacity: 1 };

/** A design with a table of `cells` distinct picture cells (4 a row) and a picture layer. */
function tableDesign(cells: number, photo: string | null, base = 'https://a.test'): Design {
  const rows = Array.from({ length: Math.ceil(cells / 4) }, (_, r) =>
    Array.from({ length: Math.min(4, cells - r * 4) }, (_, c) => ({
      type: 'picture',
      url: `${base}/${r * 4 + c}.png`,
    })),
  );
  const layers = [
    { ...box, name: 'items', type: 'table', columns: [{ title: 'A' }], rows },
    { ...box, name: 'photo', type: 'picture', image: photo },
    // Hidden layers download nothing.
    { ...box, name: 'spare', type: 'picture', image: 'https://a.test/hidden.png', hide: true },
  ] as unknown as LayerSpec[];
  return { width: 400, height: 300, background: '#ffffff', layers } as unknown as Design;
}

/**
 * Runs `fn` counting the table layer's assetUrls calls and the URLs they return: the work of
 * listing a table's pictures, which the old per-URL search repeated for every URL.
 */
function countingTableUrls<T>(fn: () => T): { result: T; calls: number; listed: number } {
  const table = getLayerType('table')!;
  const original = table.assetUrls;
  let calls = 0;
  let listed = 0;
  table.assetUrls = (layer) => {
    calls++;
    const urls = original(layer);
    listed += urls.length;
    return urls;
  };
  try {
    return { result: fn(), calls, listed };
  } finally {
    table.assetUrls = original;
  }
}

describe('planAssets', () => {
  it('maps 10,000 URLs to their layers listing each table once (linear work)', () => {
    const n = 10_000;
    const design = tableDesign(n, 'https://a.test/17.png');
    const { result, calls, listed } = countingTableUrls(() =>
      planAssets([{ design, prefix: '' }], Infinity),
    );
    // One listing of the table's cells for the whole job, not one per URL (10,000 × 10,000).
    assert.equal(calls, 1);
    assert.equal(listed, n);
    assert.equal(result.needs.length, n);
    assert.equal(result.overCap, null);
    const byUrl = new Map(result.needs.map((need) => [need.url, need.where]));
    assert.deepEqual(byUrl.get('https://a.test/0.png'), ['layers.items']);
    assert.deepEqual(byUrl.get(`https://a.test/${n - 1}.png`), ['layers.items']);
    // A URL used by two layers names both, in layer order; hidden layers are left out.
    assert.deepEqual(byUrl.get('https://a.test/17.png'), ['layers.items', 'layers.photo']);
    assert.equal(byUrl.has('https://a.test/hidden.png'), false);
  });

  it('grows its work with the URLs, not with their square', () => {
    const work = (n: number) =>
      countingTableUrls(() => planAssets([{ design: tableDesign(n, null), prefix: '' }], 1e9))
        .listed;
    assert.equal(work(8000), 2 * work(4000));
  });

  it('names each page of a PDF, and lists a URL shared by pages once', () => {
    const a = tableDesign(3, 'https://a.test/shared.png');
    const b = tableDesign(2, 'https://a.test/shared.png', 'https://b.test');
    const plan = planAssets(
      [
        { design: a, prefix: 'pages.0.' },
        { design: b, prefix: 'pages.1.' },
      ],
      100,
    );
    assert.equal(plan.needs.length, 3 + 1 + 2);
    const shared = plan.needs.find((need) => need.url === 'https://a.test/shared.png');
    assert.deepEqual(shared?.where, ['pages.0.layers.photo', 'pages.1.layers.photo']);
  });

  it('names the field that takes the distinct URLs above the cap, and counts them all', () => {
    const cap = 5;
    const exactly = planAssets([{ design: tableDesign(5, null), prefix: '' }], cap);
    assert.equal(exactly.overCap, null);
    // The same picture in every row counts once.
    const repeated = planAssets(
      [{ design: tableDesign(5, 'https://a.test/0.png'), prefix: '' }],
      cap,
    );
    assert.equal(repeated.overCap, null);
    const table = planAssets([{ design: tableDesign(8, null), prefix: '' }], cap);
    assert.deepEqual(table.overCap, { field: 'layers.items.rows', count: 8 });
    // The table holds exactly the cap; the picture layer after it goes above.
    const photo = planAssets(
      [{ design: tableDesign(5, 'https://a.test/new.png'), prefix: '' }],
      cap,
    );
    assert.deepEqual(photo.overCap, { field: 'layers.photo.image', count: 6 });
    // Pages count together: the second page's table goes above.
    const pages = planAssets(
      [
        { design: tableDesign(4, null), prefix: 'pages.0.' },
        { design: tableDesign(4, null, 'https://b.test'), prefix: 'pages.1.' },
      ],
      cap,
    );
    assert.deepEqual(pages.overCap, { field: 'pages.1.layers.items.rows', count: 8 });
  });
});

describe('describeUsers', () => {
  it('lists a few layers, then how many more', () => {
    assert.equal(describeUsers([]), 'picture');
    assert.equal(describeUsers(['layers.a', 'layers.b']), 'layers.a, layers.b');
    const many = Array.from({ length: 12 }, (_, i) => `layers.l${i}`);
    assert.equal(
      describeUsers(many),
      'layers.l0, layers.l1, layers.l2, layers.l3, layers.l4 and 7 more layers',
    );
  });
});

describe('storedErrors', () => {
  it('keeps up to 20 messages as they are', () => {
    const twenty = Array.from({ length: 20 }, (_, i) => `e${i}`);
    assert.deepEqual(storedErrors(twenty), twenty);
    assert.deepEqual(storedErrors([]), []);
  });

  it('keeps the first 20 and one line counting the rest', () => {
    const many = Array.from({ length: 40_000 }, (_, i) => `e${i}`);
    const kept = storedErrors(many);
    assert.equal(kept.length, 21);
    assert.deepEqual(kept.slice(0, 20), many.slice(0, 20));
    assert.equal(kept[20], '… and 39980 more errors');
    assert.equal(storedErrors([...many.slice(0, 21)]).at(-1), '… and 1 more error');
  });
});
