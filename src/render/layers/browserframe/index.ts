/**
 * The browser-frame layer: a browser window (title bar with the three window dots, an address
 * bar showing `url`, `theme` light or dark) around `image`, which is fitted into the content area
 * like a picture (`object_fit`, `object_position`). The frame scales with the layer width.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { drawPicture } from '../../images/draw-picture.ts';
import { propSpecs } from '../../design/prop-specs.ts';
import type { DrawEnv, LayerOf } from '../../types.ts';
import { FIT_PROPS, focalPoint, imageAssetUrls } from '../picture/index.ts';
import { SCREENSHOT_PROPS } from '../picture/screenshot-props.ts';
import { pictureAssetKey, readAssetKey } from '../../images/screenshot-key.ts';
import { defineLayerType } from '../typed-layer.ts';
import { fillTextMarked } from '../../text/pdf-text-marks.ts';

/** Frame colours per theme. */
const THEMES = {
  light: { frame: '#e5e7eb', address: '#ffffff', text: '#374151', content: '#ffffff' },
  dark: { frame: '#1f2937', address: '#374151', text: '#e5e7eb', content: '#111827' },
} as const;
const DOTS = ['#ff5f57', '#febc2e', '#28c840'];

/** Height of the title bar for a frame of the given size. */
export function titleBarHeight(width: number, height: number): number {
  return Math.min(height / 2, Math.max(18, Math.min(64, width * 0.075)));
}

/** Shortens `text` with an ellipsis until it fits `maxWidth` at the current font. */
function fitText(ctx: SKRSContext2D, text: string, maxWidth: number): string {
  if (ctx.measureText(text).width <= maxWidth) return text;
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (ctx.measureText(`${text.slice(0, mid)}…`).width <= maxWidth) lo = mid;
    else hi = mid - 1;
  }
  return lo > 0 ? `${text.slice(0, lo)}…` : '';
}

/** The browser frame's properties, in the order they are checked. */
const BROWSERFRAME_PROPS = propSpecs({
  image: {
    kind: 'url',
    description: 'The screenshot shown in the window: a picture, or a web page to shoot.',
  },
  url: {
    kind: 'string',
    def: '',
    max: 2048,
    description:
      'The address shown in the bar. Default: the address of `image` when it is a web page.',
  },
  theme: { kind: 'enum', values: ['light', 'dark'], def: 'light', description: 'Window theme.' },
  ...FIT_PROPS,
  ...SCREENSHOT_PROPS,
});

type BrowserframeLayer = LayerOf<typeof BROWSERFRAME_PROPS>;

/** Draws the title bar: dots and the address bar with the URL. */
function drawTitleBar(
  ctx: SKRSContext2D,
  layer: BrowserframeLayer,
  env: DrawEnv,
  bar: number,
  shownUrl: string,
): void {
  const theme = THEMES[layer.theme];
  const w = layer.width;
  const r = bar * 0.14;
  DOTS.forEach((color, i) => {
    ctx.beginPath();
    ctx.ellipse(bar * 0.5 + i * r * 3.2, bar / 2, r, r, 0, 0, Math.PI * 2);
    ctx.fillStyle = color;
    ctx.fill();
  });
  const ax = bar * 0.5 + 2 * r * 3.2 + r + bar * 0.5;
  const aw = w - ax - bar * 0.4;
  const ah = bar * 0.62;
  if (aw <= ah) return;
  ctx.beginPath();
  ctx.roundRect(ax, (bar - ah) / 2, aw, ah, ah / 2);
  ctx.fillStyle = theme.address;
  ctx.fill();
  const url = shownUrl;
  if (!url) return;
  const size = bar * 0.4;
  ctx.font = `${size}px ${env.resolveFont(null)}`;
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'left';
  ctx.fillStyle = theme.text;
  const pad = ah * 0.5;
  fillTextMarked(ctx, fitText(ctx, url, aw - 2 * pad), ax + pad, bar / 2);
}

/**
 * The address a frame shows without `url`: the page's, when `image` was shot as a web page
 * (the fetch stage says so: env.screenshots), else none (a picture's URL is no address to show).
 */
function addressOf(key: string | null, env: DrawEnv): string {
  if (key === null || !env.screenshots?.has(key)) return '';
  return readAssetKey(key)?.url ?? '';
}

/** The browser-frame layer type. */
export const browserframeLayer = defineLayerType({
  type: 'browserframe',
  listedAs: 'browserframe',
  props: BROWSERFRAME_PROPS,
  editor: {
    label: 'browser frame',
    icon: '◫',
    size: { width: 300, height: 200, widthShare: 0.5, heightShare: 0.5 },
    starter: {},
  },
  assetField: 'image',
  assetUrls: imageAssetUrls,
  async draw(ctx, layer, env) {
    const { width: w, height: h } = layer;
    if (w <= 0 || h <= 0) return;
    const theme = THEMES[layer.theme];
    const bar = titleBarHeight(w, h);
    const radius = bar * 0.3;
    ctx.save();
    ctx.beginPath();
    ctx.roundRect(0, 0, w, h, radius);
    ctx.clip();
    ctx.fillStyle = theme.frame;
    ctx.fillRect(0, 0, w, bar);
    ctx.fillStyle = theme.content;
    ctx.fillRect(0, bar, w, h - bar);
    const key = typeof layer.image === 'string' ? pictureAssetKey(layer.image, layer) : null;
    if (key !== null) {
      await drawPicture(ctx, env, {
        url: key,
        path: `layers.${layer.name}.image`,
        box: { x: 0, y: bar, width: w, height: h - bar },
        fit: layer.object_fit,
        focal: focalPoint(layer),
        radius: 0,
      });
    }
    drawTitleBar(ctx, layer, env, bar, layer.url || addressOf(key, env));
    ctx.restore();
  },
});
