/**
 * Draws resvg's simplified SVG tree with the canvas API, so that in a PDF it stays vectors:
 * paths with colour and linear/radial gradient fills and strokes (dashes, caps, joins), group
 * transforms, clip paths (any nesting, both units) and opacity where it needs no group
 * compositing, and embedded bitmaps (which a PDF keeps at their own resolution). `vectorProblem`
 * names what this painter cannot draw (masks, filters, patterns, blend modes, opacity over
 * several shapes, reflected/repeated gradients);
 * the caller rasterises such an SVG with resvg instead.
 */
import { FillType, Image, Path2D, PathOp, StrokeCap, StrokeJoin } from '@napi-rs/canvas';
import type { SKRSContext2D } from '@napi-rs/canvas';
import { dataUrlBytes } from './embedded-images.ts';
import { viewBoxMapping } from './viewbox.ts';
import { localName, type XmlElement } from './xml-scan.ts';

/** 2D affine matrix [a, b, c, d, e, f] as in canvas transform(). */
export type Matrix = [number, number, number, number, number, number];

const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** m1 × m2 (apply m2 first, then m1). */
function multiply(m1: Matrix, m2: Matrix): Matrix {
  const [a1, b1, c1, d1, e1, f1] = m1;
  const [a2, b2, c2, d2, e2, f2] = m2;
  return [
    a1 * a2 + c1 * b2,
    b1 * a2 + d1 * b2,
    a1 * c2 + c1 * d2,
    b1 * c2 + d1 * d2,
    a1 * e2 + c1 * f2 + e1,
    b1 * e2 + d1 * f2 + f1,
  ];
}

function invert(m: Matrix): Matrix | undefined {
  const [a, b, c, d, e, f] = m;
  const det = a * d - b * c;
  if (!Number.isFinite(det) || Math.abs(det) < 1e-12) return undefined;
  return [d / det, -b / det, -c / det, a / det, (c * f - d * e) / det, (b * e - a * f) / det];
}

const nums = (s: string | undefined): number[] =>
  (s ?? '').match(/[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/gi)?.map(Number) ?? [];

/** resvg writes every transform as `matrix(a b c d e f)`. */
function matrixOf(value: string | undefined): Matrix {
  const n = nums(value);
  return n.length === 6 ? (n as Matrix) : IDENTITY;
}

const num = (v: string | undefined, def: number): number => {
  const n = v === undefined ? NaN : Number(v);
  return Number.isFinite(n) ? n : def;
};

const toDomMatrix = ([a, b, c, d, e, f]: Matrix) => ({ a, b, c, d, e, f });

/** A copy of `path` transformed by `m`. */
function transformed(path: Path2D, m: Matrix): Path2D {
  const copy = new Path2D(path);
  if (m !== IDENTITY) copy.transform(toDomMatrix(m));
  return copy;
}

const urlId = (v: string | undefined): string | undefined => /^url\(#(.+)\)$/.exec(v ?? '')?.[1];

/** The id → element map of a simplified tree. */
function indexIds(root: XmlElement): Map<string, XmlElement> {
  const ids = new Map<string, XmlElement>();
  const walk = (el: XmlElement): void => {
    if (el.attrs.id) ids.set(el.attrs.id, el);
    el.children.forEach(walk);
  };
  walk(root);
  return ids;
}

/** Why the tree cannot be drawn as vectors, or undefined when it can. */
export function vectorProblem(root: XmlElement): string | undefined {
  const ids = indexIds(root);
  let problem: string | undefined;
  const paintOk = (value: string | undefined): boolean => {
    const id = urlId(value);
    if (!id) return true;
    const server = ids.get(id);
    if (!server) return true;
    const kind = localName(server.name);
    if (kind === 'pattern') problem = 'a pattern';
    else if ((server.attrs.spreadMethod ?? 'pad') !== 'pad') problem = 'a repeated gradient';
    return problem === undefined;
  };
  const visit = (el: XmlElement): void => {
    if (problem) return;
    const kind = localName(el.name);
    if (kind === 'g') {
      if (el.attrs.mask) problem = 'a mask';
      else if (el.attrs.filter) problem = 'a filter';
      else if (/mix-blend-mode:(?!normal)/.test(el.attrs.style ?? '')) problem = 'a blend mode';
      else if (num(el.attrs.opacity, 1) < 1 && !singlePaint(el)) problem = 'group opacity';
    } else if (kind === 'path') {
      if (paintOk(el.attrs.fill) && paintOk(el.attrs.stroke) && urlId(el.attrs.stroke)) {
        if (nums(el.attrs['stroke-dasharray']).length > 2) problem = 'a dashed gradient stroke';
      }
    } else if (kind === 'clipPath' && el.attrs['clip-path']) {
      visit(ids.get(urlId(el.attrs['clip-path']) ?? '') ?? { name: '', attrs: {}, children: [] });
    }
    if (kind === 'defs') {
      // Only clip paths are drawn from defs; they hold plain paths (and groups of text outlines).
      for (const def of el.children) if (localName(def.name) === 'clipPath') visit(def);
      return;
    }
    el.children.forEach(visit);
  };
  visit(root);
  return problem;
}

/**
 * True when a group's opacity can be multiplied into its content: one image, or one path
 * (through nested groups without opacity) that has only a fill or only a stroke, so nothing
 * overlaps.
 */
function singlePaint(g: XmlElement): boolean {
  let el = g;
  while (el.children.length === 1 && localName(el.children[0].name) === 'g') {
    el = el.children[0];
    if (num(el.attrs.opacity, 1) < 1 || el.attrs.mask || el.attrs.filter) return false;
  }
  if (el.children.length !== 1) return false;
  if (localName(el.children[0].name) === 'image') return true;
  if (localName(el.children[0].name) !== 'path') return false;
  const p = el.children[0].attrs;
  const fill = (p.fill ?? '#000000') !== 'none';
  const stroke = (p.stroke ?? 'none') !== 'none';
  return !(fill && stroke);
}

/** What every draw of one tree needs: the context and the tree's ids. */
interface Env {
  ctx: SKRSContext2D;
  ids: Map<string, XmlElement>;
}

/** Parsed path data by element; trees are cached, so a logo's paths are parsed once. */
const paths = new WeakMap<XmlElement, Path2D>();
const idMaps = new WeakMap<XmlElement, Map<string, XmlElement>>();

/** The element's path (never modified: callers transform copies). */
function pathOf(el: XmlElement): Path2D {
  let p = paths.get(el);
  if (!p) {
    p = new Path2D(el.attrs.d ?? '');
    paths.set(el, p);
  }
  return p;
}

/** The object bounding box of an element in its own user space (paths and groups). */
function bboxOf(env: Env, el: XmlElement): [number, number, number, number] | undefined {
  const kind = localName(el.name);
  if (kind === 'path') {
    const p = transformed(pathOf(el), matrixOf(el.attrs.transform));
    const [l, t, r, b] = p.computeTightBounds();
    return Number.isFinite(l) && r >= l ? [l, t, r, b] : undefined;
  }
  let box: [number, number, number, number] | undefined;
  for (const child of el.children) {
    const cb = bboxOf(env, child);
    if (!cb) continue;
    const m = localName(child.name) === 'g' ? matrixOf(child.attrs.transform) : IDENTITY;
    const corners = [
      [cb[0], cb[1]],
      [cb[2], cb[1]],
      [cb[0], cb[3]],
      [cb[2], cb[3]],
    ].map(([x, y]) => [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]]);
    const xs = corners.map((c) => c[0]);
    const ys = corners.map((c) => c[1]);
    const cbox: [number, number, number, number] = [
      Math.min(...xs),
      Math.min(...ys),
      Math.max(...xs),
      Math.max(...ys),
    ];
    box = box
      ? [
          Math.min(box[0], cbox[0]),
          Math.min(box[1], cbox[1]),
          Math.max(box[2], cbox[2]),
          Math.max(box[3], cbox[3]),
        ]
      : cbox;
  }
  return box;
}

/** The bounding-box matrix (unit square → bbox), or undefined for an empty box. */
function bboxMatrix(box: [number, number, number, number] | undefined): Matrix | undefined {
  if (!box) return undefined;
  const [l, t, r, b] = box;
  if (!(r - l > 0) || !(b - t > 0)) return undefined;
  return [r - l, 0, 0, b - t, l, t];
}

/** A clip path's outline in the clipped element's user space (clip-rule applied). */
function clipOutline(env: Env, clip: XmlElement, target: XmlElement): Path2D | undefined {
  let m = matrixOf(clip.attrs.transform);
  if (clip.attrs.clipPathUnits === 'objectBoundingBox') {
    const bb = bboxMatrix(bboxOf(env, target));
    if (!bb) return undefined;
    m = multiply(m, bb);
  }
  let union: Path2D | undefined;
  const add = (el: XmlElement, at: Matrix): void => {
    const kind = localName(el.name);
    const here = multiply(at, matrixOf(el.attrs.transform));
    if (kind === 'g') {
      el.children.forEach((c) => add(c, here));
      return;
    }
    if (kind !== 'path') return;
    const p = transformed(pathOf(el), here);
    p.setFillType(el.attrs['clip-rule'] === 'evenodd' ? FillType.EvenOdd : FillType.Winding);
    union = union ? union.op(p, PathOp.Union) : p.simplify();
  };
  clip.children.forEach((c) => add(c, m));
  return union ?? new Path2D();
}

/** Applies the element's clip-path (and the clip path's own clip-path) to the context. */
function applyClip(env: Env, el: XmlElement): void {
  let clip = env.ids.get(urlId(el.attrs['clip-path']) ?? '');
  const seen = new Set<XmlElement>();
  while (clip && !seen.has(clip)) {
    seen.add(clip);
    const outline = clipOutline(env, clip, el) ?? new Path2D();
    env.ctx.clip(outline, outline.getFillType() === FillType.EvenOdd ? 'evenodd' : 'nonzero');
    clip = env.ids.get(urlId(clip.attrs['clip-path']) ?? '');
  }
}

/** A CSS colour with an opacity, for a gradient stop. */
function stopColor(stop: XmlElement): string {
  const color = stop.attrs['stop-color'] ?? '#000000';
  const opacity = Math.max(0, Math.min(1, num(stop.attrs['stop-opacity'], 1)));
  const hex = /^#([0-9a-f]{6})$/i.exec(color);
  if (!hex) return color;
  const n = parseInt(hex[1], 16);
  return `rgba(${n >> 16},${(n >> 8) & 255},${n & 255},${opacity})`;
}

/** Fills `shape` (already in user space) with a gradient server; bbox is the painted element's. */
function fillWithGradient(
  env: Env,
  server: XmlElement,
  shape: Path2D,
  box: [number, number, number, number] | undefined,
): void {
  const a = server.attrs;
  let m = matrixOf(a.gradientTransform);
  if (a.gradientUnits !== 'userSpaceOnUse') {
    const bb = bboxMatrix(box);
    if (!bb) return;
    m = multiply(bb, m);
  }
  const inverse = invert(m);
  if (!inverse) return;
  const { ctx } = env;
  const gradient =
    localName(server.name) === 'linearGradient'
      ? ctx.createLinearGradient(num(a.x1, 0), num(a.y1, 0), num(a.x2, 1), num(a.y2, 0))
      : ctx.createRadialGradient(
          num(a.fx, num(a.cx, 0.5)),
          num(a.fy, num(a.cy, 0.5)),
          num(a.fr, 0),
          num(a.cx, 0.5),
          num(a.cy, 0.5),
          num(a.r, 0.5),
        );
  for (const stop of server.children) {
    gradient.addColorStop(Math.max(0, Math.min(1, num(stop.attrs.offset, 0))), stopColor(stop));
  }
  ctx.save();
  ctx.transform(...m);
  ctx.fillStyle = gradient;
  ctx.fill(transformed(shape, inverse), 'nonzero');
  ctx.restore();
}

const CAPS = { butt: StrokeCap.Butt, round: StrokeCap.Round, square: StrokeCap.Square } as const;
const JOINS = {
  miter: StrokeJoin.Miter,
  round: StrokeJoin.Round,
  bevel: StrokeJoin.Bevel,
} as const;

function fillPath(env: Env, el: XmlElement, alpha: number): void {
  const a = el.attrs;
  const fill = a.fill ?? '#000000';
  if (fill === 'none') return;
  const { ctx } = env;
  const path = pathOf(el);
  const rule = a['fill-rule'] === 'evenodd' ? 'evenodd' : 'nonzero';
  ctx.globalAlpha = alpha * Math.max(0, Math.min(1, num(a['fill-opacity'], 1)));
  const server = env.ids.get(urlId(fill) ?? '');
  if (server) {
    const shape = new Path2D(path);
    shape.setFillType(rule === 'evenodd' ? FillType.EvenOdd : FillType.Winding);
    fillWithGradient(env, server, shape.simplify(), bboxOf(env, el));
  } else if (!urlId(fill)) {
    ctx.fillStyle = fill;
    ctx.fill(path, rule);
  }
}

function strokePath(env: Env, el: XmlElement, alpha: number): void {
  const a = el.attrs;
  const stroke = a.stroke ?? 'none';
  const width = num(a['stroke-width'], 1);
  if (stroke === 'none' || !(width > 0)) return;
  const { ctx } = env;
  const path = pathOf(el);
  const cap = (a['stroke-linecap'] ?? 'butt') as keyof typeof CAPS;
  const join = (a['stroke-linejoin'] ?? 'miter') as keyof typeof JOINS;
  const miter = num(a['stroke-miterlimit'], 4);
  const dashes = nums(a['stroke-dasharray']);
  const dashOffset = num(a['stroke-dashoffset'], 0);
  ctx.globalAlpha = alpha * Math.max(0, Math.min(1, num(a['stroke-opacity'], 1)));
  const server = env.ids.get(urlId(stroke) ?? '');
  if (server) {
    // A gradient stroke is filled as the stroke's outline, so the gradient keeps its own space.
    const dashed =
      dashes.length === 2 ? new Path2D(path).dash(dashes[0], dashes[1], dashOffset) : path;
    const outline = new Path2D(dashed).stroke({
      width,
      cap: CAPS[cap] ?? StrokeCap.Butt,
      join: JOINS[join === ('miter-clip' as string) ? 'miter' : join] ?? StrokeJoin.Miter,
      miterLimit: miter,
    });
    fillWithGradient(env, server, outline, bboxOf(env, el));
    return;
  }
  if (urlId(stroke)) return;
  ctx.strokeStyle = stroke;
  ctx.lineWidth = width;
  ctx.lineCap = cap in CAPS ? cap : 'butt';
  ctx.lineJoin = join in JOINS ? join : 'miter';
  ctx.miterLimit = miter;
  ctx.setLineDash(dashes);
  ctx.lineDashOffset = dashOffset;
  ctx.stroke(path);
  ctx.setLineDash([]);
}

const images = new WeakMap<XmlElement, Image | null>();

/** The decoded bitmap of an `image` element's data: URL (null when it does not decode). */
function imageOf(el: XmlElement): Image | null {
  let img = images.get(el);
  if (img === undefined) {
    const href = Object.entries(el.attrs).find(([name]) => localName(name) === 'href')?.[1];
    const bytes = href?.startsWith('data:') ? dataUrlBytes(href) : undefined;
    img = null;
    if (bytes) {
      const decoded = new Image();
      decoded.src = bytes;
      if (decoded.width > 0 && decoded.height > 0) img = decoded;
    }
    images.set(el, img);
  }
  return img;
}

/** An embedded bitmap in its x/y/width/height box, placed by its preserveAspectRatio. */
function drawImageElement(env: Env, el: XmlElement, alpha: number): void {
  const img = imageOf(el);
  const [x, y, w, h] = ['x', 'y', 'width', 'height'].map((k) => num(el.attrs[k], 0));
  if (!img || !(w > 0) || !(h > 0)) return;
  const { ctx } = env;
  const m = viewBoxMapping(
    {
      viewBox: `0 0 ${img.width} ${img.height}`,
      preserveAspectRatio: el.attrs.preserveAspectRatio ?? 'xMidYMid meet',
    },
    { width: w, height: h },
  );
  ctx.save();
  ctx.transform(...matrixOf(el.attrs.transform));
  ctx.beginPath();
  ctx.rect(x, y, w, h);
  ctx.clip();
  ctx.globalAlpha = alpha;
  ctx.imageSmoothingEnabled = el.attrs['image-rendering'] !== 'optimizeSpeed';
  ctx.drawImage(img, x + m.tx, y + m.ty, img.width * m.sx, img.height * m.sy);
  ctx.restore();
}

function drawElement(env: Env, el: XmlElement, alpha: number): void {
  const kind = localName(el.name);
  if (kind === 'defs') return;
  const { ctx } = env;
  if (kind === 'g' || kind === 'svg') {
    ctx.save();
    if (kind === 'g') {
      ctx.transform(...matrixOf(el.attrs.transform));
      if (el.attrs['clip-path']) applyClip(env, el);
    }
    const inner = alpha * Math.max(0, Math.min(1, num(el.attrs.opacity, 1)));
    for (const child of el.children) drawElement(env, child, inner);
    ctx.restore();
    return;
  }
  if (kind === 'image') {
    drawImageElement(env, el, alpha);
    return;
  }
  if (kind !== 'path') return;
  ctx.save();
  ctx.transform(...matrixOf(el.attrs.transform));
  if (el.attrs['paint-order'] === 'stroke') {
    strokePath(env, el, alpha);
    fillPath(env, el, alpha);
  } else {
    fillPath(env, el, alpha);
    strokePath(env, el, alpha);
  }
  ctx.restore();
}

/** Draws the tree's content in its own user space (the caller maps the viewBox). */
export function drawUsvg(ctx: SKRSContext2D, root: XmlElement): void {
  let ids = idMaps.get(root);
  if (!ids) idMaps.set(root, (ids = indexIds(root)));
  const env: Env = { ctx, ids };
  drawElement(env, root, ctx.globalAlpha);
}
