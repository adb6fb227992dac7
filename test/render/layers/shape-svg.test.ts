/**
 * SVG for shape and picture layers beyond the Chromium comparison: the layer colour, hostile
 * input (entities, local files, reference bombs, huge sizes, broken XML), bundled fonts only,
 * and the pieces (viewBox mapping, reference counting, the XML reader).
 */
import { createCanvas } from '@napi-rs/canvas';
import assert from 'node:assert/strict';
import { runCheckedSync } from '../../helpers/child-processes.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import sharp from 'sharp';
import { paintDesign } from '../../../src/render/paint/index.ts';
import { RenderInputError } from '../../../src/render/types.ts';
import { expandedElementCount, prepareSvg } from '../../../src/render/svg/prepare-svg.ts';
import { viewBoxMapping } from '../../../src/render/svg/viewbox.ts';
import { scanXml } from '../../../src/render/svg/xml-scan.ts';
import { renderSvgPdf, renderSvgPng, svgDesign } from '../svg/svg-kit.ts';
import { designOf, testEnv } from './render-scene.ts';
import { pngClaimingSize } from '../../helpers/claimed-size-png.ts';
import { decodeRgba } from '../../helpers/golden.ts';

const svgOf = (body: string, root = 'viewBox="0 0 100 100"'): Buffer =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" ${root}>${body}</svg>`,
  );

/** The RGB of the pixel at (x, y) of a PNG. */
async function pixel(png: Buffer, x: number, y: number): Promise<[number, number, number]> {
  const { data, width } = await decodeRgba(png);
  const i = (y * width + x) * 4;
  return [data[i], data[i + 1], data[i + 2]];
}

/** Share of strongly red pixels in a PNG. */
async function redShare(png: Buffer): Promise<number> {
  const { data, width, height } = await decodeRgba(png);
  let red = 0;
  for (let i = 0; i < data.length; i += 4) if (data[i] > 200 && data[i + 1] < 60) red++;
  return red / (width * height);
}

/** Renders a 100×100 shape layer with `svg`; a RenderInputError's first problem is returned. */
async function problemOf(svg: Buffer, as: 'shape' | 'picture' = 'shape') {
  try {
    await renderSvgPng(svgDesign(100, 100, as), svg);
  } catch (err) {
    assert.ok(err instanceof RenderInputError, String(err));
    return err.problems[0];
  }
  assert.fail('the render did not fail');
}

describe('SVG shapes: the layer colour', () => {
  it('fills what has no fill and currentColor with background_color; explicit paints stay', async () => {
    const svg = svgOf(
      '<rect width="50" height="100"/><rect x="50" width="25" height="100" fill="currentColor"/><rect x="75" width="25" height="100" fill="#0000ff"/>',
    );
    const png = await renderSvgPng(
      svgDesign(100, 100, 'shape', { background_color: '#00ff00' }),
      svg,
    );
    assert.deepEqual(await pixel(png, 25, 50), [0, 255, 0]);
    assert.deepEqual(await pixel(png, 60, 50), [0, 255, 0]);
    assert.deepEqual(await pixel(png, 90, 50), [0, 0, 255]);
    // A picture has no layer colour: SVG's own default, black.
    const picture = await renderSvgPng(svgDesign(100, 100, 'picture'), svg);
    assert.deepEqual(await pixel(picture, 25, 50), [0, 0, 0]);
  });
});

describe('SVG from untrusted sources', () => {
  it('refuses entity declarations with a 4xx naming the field', async () => {
    const svg = Buffer.from(
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>&b;</text></svg>',
    );
    for (const as of ['shape', 'picture'] as const) {
      const p = await problemOf(svg, as);
      assert.equal(p.path, as === 'shape' ? 'layers.logo.svg' : 'layers.logo.image');
      assert.match(p.message, /logo\.svg is an SVG that declares entities/);
    }
  });

  it('never reads local files or URLs named by href (nor inside embedded SVG)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-svg-href-'));
    try {
      const red = path.join(dir, 'red.png');
      await sharp({ create: { width: 20, height: 20, channels: 3, background: '#ff0000' } })
        .png()
        .toFile(red);
      const nested = Buffer.from(
        svgOf(`<image href="${red}" width="100" height="100"/>`).toString(),
      ).toString('base64');
      const hrefs = [
        `href="${red}"`,
        `xlink:href="file://${red}"`,
        `href="${red.replace(/\//g, '&#47;')}"`,
        `href='${red}'`,
        `href="data:image/svg+xml;base64,${nested}"`,
        'href="http://127.0.0.1:1/red.png"',
      ];
      for (const href of hrefs) {
        const svg = svgOf(`<image ${href} width="100" height="100" preserveAspectRatio="none"/>`);
        assert.equal(
          await redShare(await renderSvgPng(svgDesign(100, 100, 'picture'), svg)),
          0,
          href,
        );
        assert.doesNotMatch(prepareSvg(svg), new RegExp(dir.replace(/\//g, '.')));
      }
      // An embedded PNG is drawn.
      const data = (await sharp(red).png().toBuffer()).toString('base64');
      const embedded = svgOf(
        `<image href="data:image/png;base64,${data}" width="100" height="100" preserveAspectRatio="none"/>`,
      );
      assert.ok(
        (await redShare(await renderSvgPng(svgDesign(100, 100, 'picture'), embedded))) > 0.9,
      );
      assert.ok((await redShare(await pdfPage(embedded))) > 0.9);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses <use> chains that would expand beyond the bound, at once', async () => {
    let defs = '<rect id="l0" width="1" height="1"/>';
    for (let i = 1; i <= 8; i++) {
      defs += `<g id="l${i}">${Array.from({ length: 10 }, () => `<use href="#l${i - 1}"/>`).join('')}</g>`;
    }
    const started = performance.now();
    const p = await problemOf(svgOf(`<defs>${defs}</defs><use href="#l8"/>`));
    assert.match(p.message, /that expand to more than 100000 elements/);
    assert.ok(performance.now() - started < 2000);
    // svg 1 + rect 1 + g (1 + 2 uses × 2) + use of g (1 + 5)
    const small =
      '<svg><rect id="a"/><g id="b"><use href="#a"/><use href="#a"/></g><use href="#b"/></svg>';
    assert.equal(expandedElementCount(scanXml(small)!), 13);
  });

  it('refuses embedded bitmaps whose headers claim more than 64 million pixels', async () => {
    // A 1×1 PNG whose header claims 9000×9000 (81 Mpx): refused before anything decodes it.
    const png = await pngClaimingSize(9000, 9000);
    const svg = svgOf(
      `<image href="data:image/png;base64,${png.toString('base64')}" width="9" height="9"/>`,
    );
    for (const as of ['shape', 'picture'] as const) {
      const p = await problemOf(svg, as);
      assert.match(p.message, /is an SVG that embeds bitmaps of more than 64 million pixels/);
    }
  });

  it('a resvg failure (a Rust panic) is a 4xx for that SVG, and the next SVG renders', async () => {
    // Found by the picture fuzz suite: the native resvg build aborted the process on this one.
    const svg = svgOf(
      '<defs><filter id="f"><feGaussianBlur stdDeviation="2"/></filter></defs><circle cx="60" cy="40" r="20" fill="#f00" filter="url(#f)"/>',
      'width="120" height="80" viewBox="0 -1e9 120 80"',
    );
    const p = await problemOf(svg, 'picture');
    assert.equal(p.path, 'layers.logo.image');
    assert.match(p.message, /logo\.svg could not be drawn: resvg failed/);
    const red = svgOf('<rect width="100" height="100" fill="#ff0000"/>');
    assert.ok((await redShare(await renderSvgPng(svgDesign(100, 100, 'picture'), red))) > 0.99);
  });

  it('draws huge declared sizes into the layer box quickly', async () => {
    const svg = svgOf(
      '<rect width="1e9" height="1e9" fill="#ff0000"/>',
      'width="1000000000" height="1000000000"',
    );
    const started = performance.now();
    const png = await renderSvgPng(svgDesign(100, 100, 'picture'), svg);
    assert.ok((await redShare(png)) > 0.99);
    assert.ok(performance.now() - started < 3000);
  });

  it('reports text that is not SVG and broken XML with the URL', async () => {
    assert.match(
      (await problemOf(Buffer.from('<html><body/></html>'))).message,
      /logo\.svg is not a usable SVG: it has no <svg> root/,
    );
    assert.match(
      (await problemOf(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect</svg>'))).message,
      /logo\.svg is not a usable SVG: resvg: /,
    );
  });

  it('a shape whose svg is not an SVG fails naming layers.<name>.svg and the URL', async () => {
    const url = 'https://fixtures.test/not-a-picture.jpg';
    const design = designOf({
      width: 10,
      height: 10,
      layers: [{ name: 'logo', type: 'shape', x: 0, y: 0, width: 10, height: 10, svg: url }],
    });
    await assert.rejects(
      paintDesign(createCanvas(10, 10).getContext('2d'), design, await testEnv()),
      (err: unknown) => {
        assert.ok(err instanceof RenderInputError);
        assert.equal(err.problems[0].path, 'layers.logo.svg');
        assert.match(err.problems[0].message, /not-a-picture\.jpg/);
        return true;
      },
    );
  });

  it('lays out text with the bundled fonts only, never an installed family', async () => {
    const installed = runCheckedSync('fc-list', [':', 'family'], { encoding: 'utf8' })
      .split('\n')
      .map((l) => l.split(',')[0].trim())
      .filter((f) => f && !/DejaVu|Noto|Droid|Nanum/.test(f));
    const text = (family: string) =>
      svgOf(`<text x="5" y="60" font-size="30" font-family="${family}">Agy</text>`);
    const fallback = await renderSvgPng(svgDesign(100, 100, 'shape'), text('DejaVu Sans'));
    for (const family of installed.slice(0, 5)) {
      const png = await renderSvgPng(svgDesign(100, 100, 'shape'), text(family));
      assert.deepEqual(png, fallback, `${family} was used`);
    }
  });
});

/** The PDF page of a 100×100 picture layer with `svg`, rasterised. */
async function pdfPage(svg: Buffer): Promise<Buffer> {
  const { pdfPagePng } = await import('../svg/svg-kit.ts');
  return pdfPagePng(await renderSvgPdf(svgDesign(100, 100, 'picture'), svg), 100, 100);
}

describe('viewBoxMapping', () => {
  const vb = { viewBox: '10 20 100 50' };
  it('maps meet, slice and none into a box', () => {
    assert.deepEqual(viewBoxMapping(vb, { width: 200, height: 200 }), {
      sx: 2,
      sy: 2,
      tx: -20,
      ty: 10,
    });
    assert.deepEqual(
      viewBoxMapping({ ...vb, preserveAspectRatio: 'xMinYMax slice' }, { width: 200, height: 200 }),
      { sx: 4, sy: 4, tx: -40, ty: -80 },
    );
    assert.deepEqual(
      viewBoxMapping({ ...vb, preserveAspectRatio: 'none' }, { width: 200, height: 200 }),
      { sx: 2, sy: 4, tx: -20, ty: -80 },
    );
  });

  it('uses the root size when there is no viewBox', () => {
    assert.deepEqual(viewBoxMapping({ width: '50', height: '25' }, { width: 100, height: 100 }), {
      sx: 2,
      sy: 2,
      tx: 0,
      ty: 25,
    });
  });
});

describe('scanXml', () => {
  it('reads elements and decoded attributes, skipping comments, CDATA and the DOCTYPE', () => {
    const root = scanXml(
      '<?xml version="1.0"?><!DOCTYPE svg><!-- <g> --><svg a="1 &amp; 2" b=\'x>y\'><![CDATA[<p>]]><g/><path d="M0 0"></path></svg>',
    );
    assert.equal(root?.name, 'svg');
    assert.deepEqual(root?.attrs, { a: '1 & 2', b: 'x>y' });
    assert.deepEqual(
      root?.children.map((c) => c.name),
      ['g', 'path'],
    );
  });
});
