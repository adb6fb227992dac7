/**
 * Helpers for the SVG tests: the feature fixtures, one-layer designs that draw an SVG as a shape
 * or a picture, PNG and PDF renders of them, and Chromium's rendering of the same SVG in a box of
 * the same size (Debian chromium through playwright-core, with Imprint's bundled DejaVu fonts
 * served as web fonts so that text uses the same files).
 */
import fs from 'node:fs';
import path from 'node:path';
import pixelmatch from 'pixelmatch';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { BUNDLED_FAMILIES, bundledFontPath } from '../../../src/render/fonts/index.ts';
import { renderImage, renderPdf, type Design } from '../../../src/render/index.ts';
import { launchChromium, runCheckedSync } from '../../helpers/child-processes.ts';
import { decodeRgba } from '../../helpers/golden.ts';
import { rasterisePdf, valid } from '../output/output-kit.ts';

// The DOM names the page.evaluate callbacks use: they run in the browser, and this program has
// no DOM library.
declare const document: {
  getElementById(id: string): { decode(): Promise<void> } | null;
  fonts: Iterable<{ load(): Promise<unknown> }> & { ready: Promise<unknown> };
};

export const FIXTURES = path.join(import.meta.dirname, 'fixtures');

/** The feature fixtures: name → SVG bytes. */
export function fixtureSvgs(): Map<string, Buffer> {
  return new Map(
    fs
      .readdirSync(FIXTURES)
      .filter((f) => f.endsWith('.svg'))
      .sort()
      .map((f) => [f.replace(/\.svg$/, ''), fs.readFileSync(path.join(FIXTURES, f))]),
  );
}

export const SVG_URL = 'https://fixtures.test/logo.svg';

/** A white canvas of the box size with one shape (`svg`) or picture (`image`) layer filling it. */
export function svgDesign(
  width: number,
  height: number,
  as: 'shape' | 'picture',
  extra: Record<string, unknown> = {},
): Design {
  const layer =
    as === 'shape'
      ? { name: 'logo', type: 'shape', svg: SVG_URL }
      : { name: 'logo', type: 'picture', image: SVG_URL, object_fit: 'contain' };
  return valid({
    width,
    height,
    background: '#ffffff',
    layers: [{ ...layer, x: 0, y: 0, width, height, ...extra }],
  } as Design);
}

/** The render assets: one SVG at SVG_URL, or SVGs by URL. */
const assetsOf = (svg: Buffer | Map<string, Buffer>) => ({
  files: svg instanceof Map ? svg : new Map([[SVG_URL, svg]]),
  fonts: [],
});

/** PNG of the design with `svg` at the URL. */
export async function renderSvgPng(
  design: Design,
  svg: Buffer | Map<string, Buffer>,
): Promise<Buffer> {
  return (await renderImage({ design, assets: assetsOf(svg), options: { format: 'png' } })).bytes;
}

/** PDF of the design with `svg` at the URL (96 dpi: one design px is one PDF pixel). */
export async function renderSvgPdf(
  design: Design,
  svg: Buffer | Map<string, Buffer>,
): Promise<Buffer> {
  return (await renderPdf({ pages: [{ design }], assets: assetsOf(svg) })).bytes;
}

/** The PDF page rasterised at 96 dpi and cropped to the design (pdftoppm may add a row). */
export async function pdfPagePng(pdf: Buffer, width: number, height: number): Promise<Buffer> {
  return sharp(await rasterisePdf(pdf, 96))
    .extract({ left: 0, top: 0, width, height })
    .png()
    .toBuffer();
}

/** A crop of an encoded image, as PNG. */
export function crop(
  image: Buffer,
  box: { x: number; y: number; width: number; height: number },
): Promise<Buffer> {
  return sharp(image)
    .extract({ left: box.x, top: box.y, width: box.width, height: box.height })
    .png()
    .toBuffer();
}

/** Share of pixels pixelmatch (threshold 0.1, anti-aliasing ignored) counts as different. */
export async function diffShare(a: Buffer, b: Buffer): Promise<number> {
  const [x, y] = [await decodeRgba(a), await decodeRgba(b)];
  if (x.width !== y.width || x.height !== y.height) {
    throw new Error(`sizes differ: ${x.width}×${x.height} vs ${y.width}×${y.height}`);
  }
  const changed = pixelmatch(x.data, y.data, undefined, x.width, x.height, { threshold: 0.1 });
  return changed / (x.width * x.height);
}

function chromiumPath(): string {
  return runCheckedSync('sh', ['-c', 'command -v chromium || command -v chromium-browser'], {
    encoding: 'utf8',
  }).trim();
}

/** A headless Chromium that screenshots SVGs with the bundled DejaVu families as web fonts. */
export class ChromiumSvg {
  private readonly browser: Browser;
  private constructor(browser: Browser) {
    this.browser = browser;
  }

  static async start(): Promise<ChromiumSvg> {
    const browser = await launchChromium({
      executablePath: chromiumPath(),
      args: ['--no-sandbox', '--disable-gpu', '--font-render-hinting=none'],
    });
    return new ChromiumSvg(browser);
  }

  /** The SVG as an <img> of width×height with CSS object-fit and object-position, as a PNG. */
  async screenshotImg(
    svg: Buffer,
    width: number,
    height: number,
    fit: string,
    position: string,
  ): Promise<Buffer> {
    const page = await this.browser.newPage({ viewport: { width, height }, deviceScaleFactor: 1 });
    try {
      const src = `data:image/svg+xml;base64,${svg.toString('base64')}`;
      await page.setContent(
        `<!doctype html><html><body style="margin:0;background:#fff"><img id="i" src="${src}"
          style="display:block;width:${width}px;height:${height}px;object-fit:${fit};object-position:${position}"></body></html>`,
      );
      await page.evaluate(() => document.getElementById('i')!.decode());
      return await page.screenshot({ type: 'png', clip: { x: 0, y: 0, width, height } });
    } finally {
      await page.close();
    }
  }

  /** The SVG inline in a white width×height box (its viewport), as a PNG. */
  screenshot(svg: Buffer, width: number, height: number): Promise<Buffer> {
    return this.screenshotHtml([{ svg, x: 0, y: 0, width, height }], width, height);
  }

  /** SVGs inline in boxes (their viewports) on a white width×height page, as a PNG. */
  async screenshotHtml(
    boxes: Array<{ svg: Buffer; x: number; y: number; width: number; height: number }>,
    width: number,
    height: number,
  ): Promise<Buffer> {
    const page = await this.fontPage();
    await page.setViewportSize({ width, height });
    const body = boxes
      .map(
        (b) =>
          `<div style="position:absolute;overflow:hidden;left:${b.x}px;top:${b.y}px;width:${b.width}px;height:${b.height}px">${b.svg
            .toString('utf8')
            .replace(/^\uFEFF?\s*(<\?xml[\s\S]*?\?>)?/, '')
            .replace(
              '<svg',
              `<svg style="display:block;width:${b.width}px;height:${b.height}px"`,
            )}</div>`,
      )
      .join('\n');
    this.html = `<!doctype html><html><head><meta charset="utf-8"><style>${this.faces}
      html,body{margin:0;background:#fff}</style></head><body>${body}</body></html>`;
    await page.goto(`http://svg.test/${this.pages++}`);
    await page.evaluate(async () => {
      await Promise.all([...document.fonts].map((f) => f.load().catch(() => undefined)));
      await document.fonts.ready;
    });
    return page.screenshot({ type: 'png', clip: { x: 0, y: 0, width, height } });
  }

  private page: Page | undefined;
  private html = '';
  private pages = 0;
  private faces = '';

  /** One page whose requests to http://svg.test/ get the current HTML or a bundled font. */
  private async fontPage(): Promise<Page> {
    if (this.page) return this.page;
    const fonts = BUNDLED_FAMILIES.filter((f) => f.dir === 'dejavu').flatMap((f) =>
      f.files.map((file) => {
        const style = /Oblique|Italic/.test(file) ? 'italic' : 'normal';
        const weight = /Bold/.test(file) ? 700 : /ExtraLight/.test(file) ? 200 : 400;
        return { family: f.name, file: bundledFontPath(f, file), style, weight };
      }),
    );
    this.faces = fonts
      .map(
        (f, i) =>
          `@font-face{font-family:"${f.family}";src:url(/font/${i}.ttf);font-style:${f.style};font-weight:${f.weight}}`,
      )
      .join('\n');
    const page = await this.browser.newPage({ deviceScaleFactor: 1 });
    await page.route('http://svg.test/**', async (route) => {
      const font = /\/font\/(\d+)\.ttf$/.exec(new URL(route.request().url()).pathname);
      if (!font) {
        await route.fulfill({ contentType: 'text/html; charset=utf-8', body: this.html });
      } else {
        await route.fulfill({
          contentType: 'font/ttf',
          body: fs.readFileSync(fonts[Number(font[1])].file),
        });
      }
    });
    this.page = page;
    return page;
  }

  close(): Promise<void> {
    return this.browser.close();
  }
}
