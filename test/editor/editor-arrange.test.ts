// The editor as a layout tool, in real Chromium: align and distribute (rendered by POST /images
// and found there by pixel probes), equal-spacing snapping while dragging, groups that persist,
// rulers and guides (saved, snapped to, deleted), print guides, the keyboard (canvas focus and
// arrow keys, one tab stop for the layers list), folding panels and the toolbar at 1024×640.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import type { Page } from 'playwright-core';
import {
  collectProblems,
  createTemplate,
  openTemplate,
  poll,
  signIn,
  startEditor,
  until,
  type EditorHarness,
} from './_browser.ts';

// The DOM names the page.evaluate callbacks use: they run in the browser, and this program has
// no DOM library (adding one would change the types of every Node test).
interface PageElement {
  tagName: string;
  className: string;
  textContent: string | null;
  classList: { contains(name: string): boolean };
  getAttribute(name: string): string | null;
  closest(selector: string): PageElement | null;
  getBoundingClientRect(): { left: number; right: number; width: number };
}
declare const document: {
  activeElement: PageElement | null;
  body: { dispatchEvent(e: unknown): boolean };
  documentElement: { scrollWidth: number };
  querySelectorAll(selector: string): Iterable<PageElement>;
};
declare const innerWidth: number;
declare const MouseEvent: new (type: string, init: Record<string, unknown>) => unknown;
declare const KeyboardEvent: new (type: string, init: Record<string, unknown>) => unknown;

interface Box {
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
  group?: string;
}
interface Saved {
  layers: Box[];
  guides?: { vertical?: number[]; horizontal?: number[] };
}

let h: EditorHarness;
let page: Page;
const violations: string[] = [];

const design = async (uuid: string): Promise<Saved> =>
  (await h.t.request({ url: `/api/rest/templates/${uuid}/design` })).json();

/** Polls the saved design until `ok` holds of it; fails naming `what` otherwise. */
async function savedUntil(uuid: string, ok: (d: Saved) => boolean, what: string): Promise<Saved> {
  const d = await poll(() => design(uuid), ok);
  if (!ok(d)) assert.fail(`timed out waiting for ${what}: ${JSON.stringify(d)}`);
  return d;
}
const byName = (d: Saved) => new Map(d.layers.map((l) => [l.name, l]));

const shape = (name: string, x: number, y: number, w: number, hh: number, color: string) => ({
  name,
  type: 'shape',
  x,
  y,
  width: w,
  height: hh,
  background_color: color,
});

/** Three shapes apart from each other, as the grouping and shortcut tests start from. */
const threeShapes = () => [
  shape('one', 100, 100, 100, 80, '#2563eb'),
  shape('two', 260, 140, 100, 80, '#f59e0b'),
  shape('three', 500, 300, 100, 80, '#10b981'),
];

async function select(names: string[]): Promise<void> {
  await page.keyboard.press('Escape');
  for (const [i, name] of names.entries()) {
    await page
      .locator('.layer-name', { hasText: new RegExp(`^${name}$`) })
      .click({ modifiers: i === 0 ? [] : ['Shift'] });
  }
}

/** Presses at (x, y) of the page and moves by (dx, dy) in steps; `during` runs before release. */
async function drag(x: number, y: number, dx: number, dy: number, during?: () => Promise<void>) {
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(x + (dx * i) / 10, y + (dy * i) / 10);
  await during?.();
  await page.mouse.up();
}

/** The middle of layer `name`'s box on screen. */
async function centreOf(name: string): Promise<{ x: number; y: number }> {
  const b = (await page.locator(`.box[data-name="${name}"]`).boundingBox())!;
  return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
}

/** A new page (its own session) showing template `uuid` at 100%. */
async function open(uuid: string, viewport = { width: 1600, height: 1000 }): Promise<Page> {
  await page?.close();
  page = await h.browser.newPage({ viewport });
  collectProblems(page, violations);
  await openTemplate(h, page, uuid);
  await page.locator('img.render').waitFor();
  // The version notice above the stage arrives with the template's versions and moves the page
  // down: measure positions only once it is there.
  await page.locator('.publish-notice').waitFor();
  return page;
}

before(async () => {
  h = await startEditor();
});
after(async () => {
  await page?.close();
  await h?.close();
});

test(
  'align three layers to the page centre, distribute them; POST /images draws them there',
  { timeout: 120_000 },
  async () => {
    const uuid = await createTemplate(h, 'Align', {
      width: 800,
      height: 500,
      background: '#ffffff',
      layers: [
        shape('red', 40, 30, 100, 60, '#ff0000'),
        shape('green', 300, 100, 200, 60, '#00ff00'),
        shape('blue', 600, 380, 60, 60, '#0000ff'),
      ],
    });
    await open(uuid);
    await select(['red', 'green', 'blue']);
    const bar = page.getByRole('toolbar', { name: 'Arrange' });
    await bar.getByRole('button', { name: 'Page' }).click();
    await bar.getByRole('button', { name: 'Align centres' }).click();
    let saved = byName(
      await savedUntil(uuid, (d) => byName(d).get('red')!.x === 350, 'the alignment'),
    );
    assert.deepEqual(
      ['red', 'green', 'blue'].map((n) => saved.get(n)!.x),
      [350, 300, 370],
    );
    // Distributed over the selection: the top and bottom layers stay, the gaps are equal (115).
    await bar.getByRole('button', { name: 'Selection' }).click();
    await bar.getByRole('button', { name: 'Distribute vertically' }).click();
    saved = byName(await savedUntil(uuid, (d) => byName(d).get('green')!.y === 205, 'the spread'));
    assert.deepEqual(
      ['red', 'green', 'blue'].map((n) => saved.get(n)!.y),
      [30, 205, 380],
    );
    // One undo step each.
    await page.keyboard.press('Control+z');
    await savedUntil(uuid, (d) => byName(d).get('green')!.y === 100, 'the undo');
    await page.keyboard.press('Control+y');
    await savedUntil(uuid, (d) => byName(d).get('green')!.y === 205, 'the redo');

    // The editor published the version it opened before its first save (docs/editor.md,
    // History and publishing): render the latest version, the one these edits made.
    const latest = (await h.t.request({ method: 'GET', url: `/api/rest/templates/${uuid}` })).json()
      .version as number;
    const res = await h.t.request({
      method: 'POST',
      url: '/api/rest/images',
      payload: { template_uuid: uuid, template_version: latest, create_now: true },
    });
    const image = res.json();
    assert.equal(image.status, 'finished', res.body);
    const png = Buffer.from(await (await fetch(image.image_url)).arrayBuffer());
    const img = await loadImage(png);
    const c = createCanvas(img.width, img.height);
    const ctx = c.getContext('2d');
    ctx.drawImage(img, 0, 0);
    const k = img.width / 800;
    const is = (x: number, y: number, rgb: number[], what: string) => {
      const got = [...ctx.getImageData(x * k, y * k, 1, 1).data.slice(0, 3)];
      assert.ok(
        got.every((v, i) => Math.abs(v - rgb[i]) <= 3),
        `${what}: ${got.join(',')} at ${x},${y}`,
      );
    };
    is(400, 60, [255, 0, 0], 'red at the centre, top');
    is(400, 235, [0, 255, 0], 'green at the centre, middle');
    is(400, 410, [0, 0, 255], 'blue at the centre, bottom');
    is(90, 60, [255, 255, 255], 'red left its old place');
    is(630, 410, [255, 255, 255], 'blue left its old place');
  },
);

test(
  'dragging a layer snaps it to equal gaps and shows the spacing',
  { timeout: 120_000 },
  async () => {
    const uuid = await createTemplate(h, 'Gaps', {
      width: 800,
      height: 500,
      background: '#ffffff',
      layers: [
        shape('a', 50, 200, 100, 80, '#2563eb'),
        shape('b', 250, 200, 100, 80, '#f59e0b'),
        shape('c', 470, 300, 100, 80, '#10b981'),
      ],
    });
    await open(uuid);
    await page.keyboard.press('Escape');
    // c to about 453 (4 px past an equal gap of 100 after b) and level with the others.
    const from = await centreOf('c');
    let gapShown = 0;
    await drag(from.x, from.y, -17, -100, async () => {
      gapShown = await page.locator('.moveable-guideline-group').count();
    });
    const c = byName(await savedUntil(uuid, (d) => byName(d).get('c')!.y !== 300, 'the drag')).get(
      'c',
    )!;
    assert.deepEqual([c.x, c.y], [450, 200], 'snapped to the gap of a and b, and to their top');
    assert.ok(gapShown > 0, 'the equal spacing was shown while dragging');
  },
);

test('a group persists: select, move as one, reload, ungroup', { timeout: 120_000 }, async () => {
  const uuid = await createTemplate(h, 'Groups', {
    width: 800,
    height: 500,
    background: '#ffffff',
    layers: threeShapes(),
  });
  await open(uuid);
  await select(['one', 'two']);
  await page.keyboard.press('Control+g');
  await savedUntil(
    uuid,
    (d) => byName(d).get('one')!.group === 'group' && byName(d).get('two')!.group === 'group',
    'the group',
  );
  assert.equal(byName(await design(uuid)).get('three')!.group, undefined);

  await page.reload();
  await page.getByTestId('stage').waitFor();
  await page.getByRole('button', { name: '100%' }).click();
  await page.locator('img.render').waitFor();
  // The layers panel nests the group; a press on one of its layers picks both.
  const groupRow = page.locator('.group-row[data-group="group"]');
  await groupRow.waitFor();
  assert.equal(await page.locator('.layer-row.nested').count(), 2);
  await page.keyboard.press('Escape');
  const one = await centreOf('one');
  await drag(one.x, one.y, 100, 50);
  const moved = byName(
    await savedUntil(uuid, (d) => byName(d).get('one')!.x !== 100, 'the group move'),
  );
  assert.deepEqual([moved.get('one')!.x, moved.get('one')!.y], [200, 150]);
  assert.deepEqual([moved.get('two')!.x, moved.get('two')!.y], [360, 190]);
  assert.deepEqual([moved.get('three')!.x, moved.get('three')!.y], [500, 300]);
  assert.equal(await page.locator('.layer-row.selected:not(.group-row)').count(), 2);

  await page
    .getByRole('toolbar', { name: 'Arrange' })
    .getByRole('button', { name: 'Ungroup' })
    .click();
  await savedUntil(uuid, (d) => d.layers.every((l) => l.group === undefined), 'the ungroup');
  await until(async () => (await groupRow.count()) === 0, 'the group row to go');
  // Now a press picks one layer.
  await page.keyboard.press('Escape');
  await until(
    async () => (await page.locator('.layer-row.selected').count()) === 0,
    'Escape to clear the selection',
  );
  // Where the box is now (measured, not assumed: the page may have moved since the drag).
  await until(async () => {
    const stage = (await page.getByTestId('stage').boundingBox())!;
    const box = (await page.locator('.box[data-name="one"]').boundingBox())!;
    return Math.round(box.x - stage.x) === 200 && Math.round(box.y - stage.y) === 150;
  }, 'the box drawn at its moved place');
  const now = await centreOf('one');
  await page.mouse.click(now.x, now.y);
  await until(
    async () => (await page.locator('.layer-row.selected').count()) === 1,
    `one layer selected, not ${await page.locator('.layer-row.selected').count()}`,
  );
});

/**
 * Shift+clicks layer `name` in the layers panel and presses `key` in the next task: the click
 * renders the new selection at once, the key comes before the browser paints. A key listener
 * swapped in by an effect after the render is not there yet, and the old one acted on the
 * previous selection.
 */
async function shiftClickThenKey(name: string, key: Record<string, unknown>): Promise<void> {
  await page.evaluate(
    ([layer, init]) =>
      new Promise<void>((done) => {
        const row = [...document.querySelectorAll('.layer-name')].find(
          (b) => b.textContent === layer,
        ) as unknown as { dispatchEvent(e: unknown): boolean };
        row.dispatchEvent(new MouseEvent('click', { bubbles: true, shiftKey: true }));
        setTimeout(() => {
          document.body.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, ...init }));
          done();
        }, 0);
      }),
    [name, key] as const,
  );
}

test('a shortcut right after a selection click acts on that selection', async () => {
  const uuid = await createTemplate(h, 'Quick keys', {
    width: 800,
    height: 500,
    background: '#ffffff',
    layers: threeShapes(),
  });
  await open(uuid);
  await select(['one']);
  await until(
    async () => (await page.locator('.layer-row.selected').count()) === 1,
    'one layer selected',
  );
  await shiftClickThenKey('two', { key: 'g', ctrlKey: true });
  await savedUntil(
    uuid,
    (d) => ['one', 'two'].every((n) => byName(d).get(n)!.group === 'group'),
    'the group of both layers',
  );
  // The selection is one and two; Shift+click adds three, and Delete removes all three.
  await shiftClickThenKey('three', { key: 'Delete' });
  await savedUntil(uuid, (d) => d.layers.length === 0, 'all three layers deleted');
});

test(
  'guides: drag one out of a ruler, reload, snap to it, drag it off to delete it',
  { timeout: 120_000 },
  async () => {
    const uuid = await createTemplate(h, 'Guides', {
      width: 800,
      height: 500,
      background: '#ffffff',
      layers: [shape('box', 100, 100, 100, 80, '#2563eb')],
    });
    await open(uuid);
    const stage = (await page.getByTestId('stage').boundingBox())!;
    const ruler = (await page.locator('.ruler-top').boundingBox())!;
    // From the top ruler down to y = 300 of the design.
    await drag(stage.x + 400, ruler.y + 10, 0, stage.y + 300 - (ruler.y + 10));
    await savedUntil(uuid, (d) => d.guides?.horizontal?.[0] === 300, 'the guide');

    await page.reload();
    await page.getByTestId('stage').waitFor();
    await page.getByRole('button', { name: '100%' }).click();
    await page.locator('img.render').waitFor();
    await page.locator('.publish-notice').waitFor();
    const guide = page.locator('.guide-horizontal[data-at="300"]');
    await guide.waitFor();

    // The box dragged with its bottom 4 px short of the guide lands on it.
    await page.keyboard.press('Escape');
    const from = await centreOf('box');
    await drag(from.x + 200, from.y, 0, 0);
    // Selected first, then dragged: this test is about the guide, not select-and-drag.
    await page.mouse.click(from.x, from.y);
    await page.locator('.layer-row.selected').waitFor();
    await drag(from.x, from.y, 0, 116);
    const box = byName(await savedUntil(uuid, (d) => d.layers[0].y !== 100, 'the snap')).get(
      'box',
    )!;
    assert.equal(box.y + box.height, 300, `snapped to the guide: ${JSON.stringify(box)}`);

    // Dragged back onto the ruler it is deleted.
    const g = (await guide.boundingBox())!;
    await drag(g.x + 600, g.y + g.height / 2, 0, ruler.y + 8 - (g.y + g.height / 2));
    await savedUntil(uuid, (d) => d.guides === undefined, 'the guide to be deleted');
    assert.equal(await page.locator('.guide').count(), 0);
  },
);

test('rulers and guides follow the page when the publish notice above it arrives', async () => {
  const uuid = await createTemplate(h, 'Notice', {
    width: 800,
    height: 500,
    background: '#ffffff',
    guides: { horizontal: [100] },
    layers: [shape('box', 100, 100, 100, 80, '#2563eb')],
  });
  // Published version 1 while the design is version 2: a two-line notice at 1024 px.
  const patch = await h.t.request({
    method: 'PATCH',
    url: `/api/rest/templates/${uuid}`,
    payload: { published_version: 1 },
  });
  assert.equal(patch.statusCode, 200, patch.body);
  // At the fitted zoom, as a designer opens it: no zoom change measures the page again.
  await page?.close();
  page = await h.browser.newPage({ viewport: { width: 1024, height: 640 } });
  collectProblems(page, violations);
  await signIn(h, page);
  await page.goto(`${h.base}/editor#/t/${uuid}`);
  await page.locator('.publish-notice.not-live').waitFor();
  const offset = async () => {
    const stage = (await page.getByTestId('stage').boundingBox())!;
    const guide = (await page.locator('.guide-horizontal').boundingBox())!;
    // The fitted zoom: the stage is the 800-unit page at that scale.
    return guide.y + guide.height / 2 - (stage.y + (100 * stage.width) / 800);
  };
  const off = await poll(offset, (d) => Math.abs(d) <= 1);
  assert.ok(Math.abs(off) <= 1, `the guide is ${off} px off the page's y = 100`);
});

test(
  'a print design shows its bleed outside the page and a margin inside; rulers in mm',
  { timeout: 120_000 },
  async () => {
    const uuid = await createTemplate(h, 'Flyer', {
      unit: 'mm',
      width: 148,
      height: 105,
      background: '#ffffff',
      layers: [],
    });
    await open(uuid);
    assert.equal(await page.locator('.ruler-unit').textContent(), 'mm');
    const stage = (await page.getByTestId('stage').boundingBox())!;
    const bleed = (await page.locator('.print-guide.bleed').boundingBox())!;
    const margin = (await page.locator('.print-guide.margin').boundingBox())!;
    const mm = stage.width / 148;
    assert.ok(
      Math.abs(stage.x - bleed.x - 3 * mm) < 1,
      `bleed 3 mm left: ${bleed.x} vs ${stage.x}`,
    );
    assert.ok(Math.abs(bleed.width - stage.width - 6 * mm) < 1.5, 'bleed 3 mm each side');
    assert.ok(Math.abs(margin.x - stage.x - 5 * mm) < 1, 'margin 5 mm inside');
    assert.ok(Math.abs(stage.width - margin.width - 10 * mm) < 1.5, 'margin 5 mm each side');
  },
);

test(
  'keyboard: the canvas takes focus and nudges; the layers list is one tab stop',
  { timeout: 120_000 },
  async () => {
    const uuid = await createTemplate(h, 'Keys', {
      width: 800,
      height: 500,
      background: '#ffffff',
      layers: [
        shape('first', 100, 100, 100, 80, '#2563eb'),
        shape('second', 300, 100, 100, 80, '#f59e0b'),
        shape('third', 500, 100, 100, 80, '#10b981'),
      ],
    });
    await open(uuid);
    await page.keyboard.press('Escape');
    const c = await centreOf('first');
    await page.mouse.click(c.x, c.y);
    assert.equal(
      await page.evaluate(() => document.activeElement?.classList.contains('canvas-area')),
      true,
      'the canvas has the focus',
    );
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+ArrowDown');
    await savedUntil(
      uuid,
      (d) => byName(d).get('first')!.x === 101 && byName(d).get('first')!.y === 110,
      'the nudges',
    );

    // One tab stop in the list; the arrows move between rows and within one, not the layers.
    const list = page.locator('.layers ul');
    assert.equal(await list.locator('[tabindex="0"]').count(), 1);
    await list.locator('[tabindex="0"]').focus();
    const focused = () => page.evaluate(() => document.activeElement?.textContent ?? '');
    assert.equal(await focused(), 'third');
    await page.keyboard.press('ArrowDown');
    assert.equal(await focused(), 'second');
    await page.keyboard.press('End');
    assert.equal(await focused(), 'first');
    await page.keyboard.press('ArrowRight');
    assert.equal(
      await page.evaluate(() => document.activeElement?.getAttribute('aria-label')),
      'Rename first',
    );
    assert.equal(await list.locator('[tabindex="0"]').count(), 1, 'still one tab stop');
    // Tab leaves the list at once.
    await page.keyboard.press('Tab');
    assert.equal(
      await page.evaluate(() => Boolean(document.activeElement?.closest('.layers ul'))),
      false,
    );
    const d = byName(await design(uuid));
    assert.deepEqual([d.get('first')!.x, d.get('first')!.y], [101, 110], 'nothing was nudged');
  },
);

test(
  'at 1024×640 the toolbar is one row, nothing overflows; side panels fold away',
  { timeout: 120_000 },
  async () => {
    {
      const uuid = await createTemplate(
        h,
        'A template with a rather long title for a small screen',
        {
          width: 1200,
          height: 630,
          background: '#ffffff',
          layers: [shape('band', 0, 540, 1200, 90, '#2563eb')],
        },
      );
      const small = await open(uuid, { width: 1024, height: 640 });
      const bar = (await small.locator('header.topbar').boundingBox())!;
      const button = (await small.getByRole('button', { name: 'Sign out' }).boundingBox())!;
      // One row: the bar is one button high plus its padding.
      assert.ok(
        bar.height < button.height * 1.8,
        `toolbar ${bar.height} px, button ${button.height}`,
      );
      const overflow = await small.evaluate(() => {
        const out: string[] = [];
        if (document.documentElement.scrollWidth > innerWidth) out.push('page scrolls sideways');
        for (const el of document.querySelectorAll('header.topbar *')) {
          const r = el.getBoundingClientRect();
          if (r.width > 1 && (r.right > innerWidth + 0.5 || r.left < -0.5))
            out.push(`${el.tagName}.${el.className}: ${r.left}–${r.right}`);
        }
        return out;
      });
      assert.deepEqual(overflow, []);

      // The arrange bar too: one row inside the canvas column, every action there by name.
      const arrange = small.getByRole('toolbar', { name: 'Arrange' });
      const row = (await arrange.boundingBox())!;
      const tools = await arrange.getByRole('button').all();
      for (const tool of tools) {
        const box = (await tool.boundingBox())!;
        const name = (await tool.getAttribute('aria-label')) ?? (await tool.innerText());
        assert.ok(
          box.x >= row.x - 0.5 && box.x + box.width <= row.x + row.width + 0.5,
          `${name} in the bar`,
        );
        assert.ok(box.y >= row.y && box.y + box.height <= row.y + row.height, `${name} in the row`);
        assert.ok(box.width >= 20, `${name} is ${box.width} px wide`);
      }
      assert.ok(row.height < button.height * 1.8, `arrange bar ${row.height} px`);
      for (const name of [
        '◧ Layers panel',
        'Align left edges',
        'Align bottom edges',
        'Selection',
        'Page',
        'Distribute horizontally',
        'Distribute vertically',
        'Group',
        'Ungroup',
        '◨ Properties panel',
      ])
        assert.equal(await arrange.getByRole('button', { name, exact: true }).count(), 1, name);
      // Reachable: the icons work as the words did.
      await small.keyboard.press('Control+a');
      await arrange.getByRole('button', { name: 'Page', exact: true }).click();
      assert.equal(
        await arrange
          .getByRole('button', { name: 'Page', exact: true })
          .getAttribute('aria-pressed'),
        'true',
      );

      const area = async () => (await small.locator('.canvas-area').boundingBox())!.width;
      const before = await area();
      await small.getByRole('button', { name: 'Layers panel' }).click();
      await small.getByRole('button', { name: 'Properties panel' }).click();
      assert.equal(await small.locator('.panel.layers').count(), 0);
      assert.equal(await small.locator('.panel.props').count(), 0);
      assert.ok((await area()) > before + 500, 'the canvas takes the room');
      await small.getByRole('button', { name: 'Layers panel' }).click();
      await small.locator('.panel.layers').waitFor();
    }
    assert.deepEqual(violations, []);
  },
);
