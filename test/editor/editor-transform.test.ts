// Transforming on the canvas in real Chromium: a multi-selection resized from a corner handle
// (with and without Shift) and rotated from its handle, one undo step each, locked layers left
// alone; a single layer's rotate handle; the layers panel's drag reorder. Every result is read
// back from the saved design through the REST API.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Page } from 'playwright-core';
import {
  poll,
  collectProblems,
  createTemplate,
  openTemplate,
  startEditor,
  type EditorHarness,
} from './_browser.ts';

interface Box {
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
  rotation?: number;
  editor_locked?: boolean;
}

let h: EditorHarness;
let page: Page;
let uuid = '';
const violations: string[] = [];

// Two layers to transform together, and a locked one that is selected with them.
const START: Box[] = [
  { name: 'a', x: 100, y: 100, width: 200, height: 100 },
  { name: 'b', x: 400, y: 250, width: 100, height: 100 },
  { name: 'c', x: 20, y: 400, width: 60, height: 60, editor_locked: true },
];

const design = async (): Promise<{ layers: Box[] }> =>
  (await h.t.request({ url: `/api/rest/templates/${uuid}/design` })).json();

/** Polls the saved design until `ok` holds; the last design is returned either way. */
async function savedUntil(ok: (layers: Map<string, Box>) => boolean, what: string) {
  const layers = await poll(
    async () => new Map((await design()).layers.map((l) => [l.name, l])),
    ok,
  );
  if (!ok(layers)) {
    assert.fail(`timed out waiting for ${what}: ${JSON.stringify([...layers.values()])}`);
  }
  return layers;
}

const near = (a: number, b: number, tolerance: number) => Math.abs(a - b) <= tolerance;

async function select(names: string[]): Promise<void> {
  await page.keyboard.press('Escape');
  for (const [i, name] of names.entries()) {
    await page
      .locator('.layer-name', { hasText: new RegExp(`^${name}$`) })
      .click({ modifiers: i === 0 ? [] : ['Shift'] });
  }
}

/** Presses at the middle of `locator` and moves by (dx, dy) in `steps` steps. */
async function dragBy(selector: string, dx: number, dy: number, steps = 8): Promise<void> {
  const b = (await page.locator(selector).boundingBox())!;
  const x = b.x + b.width / 2;
  const y = b.y + b.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let i = 1; i <= steps; i++)
    await page.mouse.move(x + (dx * i) / steps, y + (dy * i) / steps);
  await page.mouse.up();
}

/** Drags the rotation handle `degrees` clockwise around the point (cx, cy) of the page. */
async function rotateBy(cx: number, cy: number, degrees: number): Promise<void> {
  const b = (await page.locator('.moveable-rotation-control').boundingBox())!;
  const x = b.x + b.width / 2;
  const y = b.y + b.height / 2;
  const r = Math.hypot(x - cx, y - cy);
  const start = Math.atan2(y - cy, x - cx);
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) {
    const a = start + ((degrees * Math.PI) / 180) * (i / 12);
    await page.mouse.move(cx + r * Math.cos(a), cy + r * Math.sin(a));
  }
  await page.mouse.up();
}

const renderSrc = () => page.locator('img.render').getAttribute('src');
async function rerendered(before: string | null): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if ((await renderSrc()) !== before) return;
    await page.waitForTimeout(50);
  }
  assert.fail('the canvas picture was not rendered again');
}

before(async () => {
  h = await startEditor();
  uuid = await createTemplate(h, 'Transforms', {
    width: 800,
    height: 500,
    background: '#ffffff',
    layers: START.map((l, i) => ({
      ...l,
      type: 'shape',
      background_color: ['#2563eb', '#f59e0b', '#10b981'][i],
    })),
  });
  page = await h.browser.newPage({ viewport: { width: 1600, height: 1000 } });
  collectProblems(page, violations);
  await openTemplate(h, page, uuid);
  await page.locator('img.render').waitFor();
});
after(() => h?.close());

test('a group resizes about its box from a corner handle; Shift keeps its ratio; locked layers stay', async () => {
  await select(['a', 'b', 'c']);
  const picture = await renderSrc();
  // The group box is (100,100)–(500,350): the south-east handle 200 px right and 125 px down
  // scales it by 1.5 about its north-west corner.
  await dragBy('.moveable-control.moveable-se', 200, 125);
  const scaled = await savedUntil((m) => m.get('a')!.width !== 200, 'the group resize');
  const a = scaled.get('a')!;
  const b = scaled.get('b')!;
  const expect = (l: Box, x: number, y: number, w: number, hh: number) =>
    assert.ok(
      near(l.x, x, 3) && near(l.y, y, 3) && near(l.width, w, 3) && near(l.height, hh, 3),
      `${l.name}: ${JSON.stringify(l)}, expected ${x},${y} ${w}×${hh}`,
    );
  expect(a, 100, 100, 300, 150);
  expect(b, 550, 325, 150, 150);
  const c = scaled.get('c')!;
  assert.deepEqual([c.x, c.y, c.width, c.height], [20, 400, 60, 60], 'the locked layer stays');
  await rerendered(picture);

  // One undo step restores both.
  await page.keyboard.press('Control+z');
  const restored = await savedUntil((m) => m.get('a')!.width === 200, 'the undo');
  for (const l of START.slice(0, 2)) {
    const got = restored.get(l.name)!;
    assert.deepEqual([got.x, got.y, got.width, got.height], [l.x, l.y, l.width, l.height]);
  }

  // With Shift held the group keeps its 400:250 ratio whatever way the handle goes.
  await page.keyboard.down('Shift');
  await dragBy('.moveable-control.moveable-se', 200, 10);
  await page.keyboard.up('Shift');
  const kept = await savedUntil((m) => m.get('a')!.width !== 200, 'the Shift resize');
  const ka = kept.get('a')!;
  const kb = kept.get('b')!;
  const groupW = kb.x + kb.width - ka.x;
  const groupH = kb.y + kb.height - ka.y;
  assert.ok(groupW > 450, `wider: ${groupW}`);
  assert.ok(near(groupW / groupH, 400 / 250, 0.03), `ratio ${groupW}×${groupH}`);
  assert.ok(near(ka.width / ka.height, 2, 0.03), `a keeps 2:1: ${ka.width}×${ka.height}`);
  assert.equal(ka.x, 100);
  assert.equal(ka.y, 100);
  await page.keyboard.press('Control+z');
  await savedUntil((m) => m.get('a')!.width === 200, 'the undo');
});

test('a group rotates about its centre; one undo restores both layers', async () => {
  await select(['a', 'b', 'c']);
  const stage = (await page.getByTestId('stage').boundingBox())!;
  // The group's centre in the design: the middle of (100,100)–(500,350).
  const gx = 300;
  const gy = 225;
  const picture = await renderSrc();
  await rotateBy(stage.x + gx, stage.y + gy, 90);
  const turned = await savedUntil((m) => m.get('a')!.rotation !== 0, 'the group rotation');
  for (const l of START.slice(0, 2)) {
    const got = turned.get(l.name)!;
    assert.ok(near(got.rotation!, 90, 2), `${l.name} rotation ${got.rotation}`);
    // Its centre turned by 90° clockwise about the group's centre; its size is the same.
    const cx = l.x + l.width / 2 - gx;
    const cy = l.y + l.height / 2 - gy;
    const ex = gx - cy;
    const ey = gy + cx;
    const gotX = got.x + got.width / 2;
    const gotY = got.y + got.height / 2;
    assert.ok(near(gotX, ex, 4) && near(gotY, ey, 4), `${l.name} centre ${gotX},${gotY}`);
    assert.deepEqual([got.width, got.height], [l.width, l.height]);
  }
  assert.equal(turned.get('c')!.rotation, 0, 'the locked layer is not turned');
  assert.deepEqual([turned.get('c')!.x, turned.get('c')!.y], [20, 400]);
  await rerendered(picture);

  await page.keyboard.press('Control+z');
  const back = await savedUntil((m) => m.get('a')!.rotation === 0, 'the undo');
  for (const l of START.slice(0, 2)) {
    const got = back.get(l.name)!;
    assert.deepEqual(
      [got.x, got.y, got.width, got.height, got.rotation],
      [l.x, l.y, l.width, l.height, 0],
    );
  }
});

test("a single layer's rotate handle sets its rotation and keeps its box", async () => {
  await select(['b']);
  const stage = (await page.getByTestId('stage').boundingBox())!;
  await rotateBy(stage.x + 450, stage.y + 300, -45);
  const turned = await savedUntil((m) => m.get('b')!.rotation !== 0, 'the rotation');
  const b = turned.get('b')!;
  assert.ok(near(b.rotation!, -45, 2), `rotation ${b.rotation}`);
  assert.deepEqual([b.x, b.y, b.width, b.height], [400, 250, 100, 100]);
  assert.equal(turned.get('a')!.rotation, 0);
  assert.ok(near(Number(await page.locator('#prop-rotation').inputValue()), -45, 2));
});

test('dragging a row in the layers panel changes the saved drawing order', async () => {
  const rows = () => page.locator('.layer-name').allTextContents();
  assert.deepEqual(await rows(), ['c', 'b', 'a']);
  // a (at the bottom) dropped on c (on top) goes to the top.
  const row = (name: string) =>
    page.locator('.layer-row', {
      has: page.locator('.layer-name', { hasText: new RegExp(`^${name}$`) }),
    });
  await row('a').dragTo(row('c'));
  assert.deepEqual(await rows(), ['a', 'c', 'b']);
  await savedUntil(
    (m) => [...m.keys()].join() === 'b,c,a',
    'the saved order b, c, a (bottom first)',
  );
  assert.deepEqual(violations, []);
});
