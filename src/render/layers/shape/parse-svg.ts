/**
 * A small SVG reader for shape layers: turns the drawable elements of a simple SVG (path, rect,
 * circle, ellipse, polygon, polyline, line, nested <g>, transforms, fill/stroke/opacity
 * attributes and inline styles) into Path2D objects, so shapes stay vectors in PDFs.
 * Gradients, patterns, masks, text and CSS stylesheets are not supported: such paints fall back
 * to the layer colour.
 */
import { Path2D } from '@napi-rs/canvas';
import { parseColor } from '../../design/color.ts';

/** 2D affine matrix [a, b, c, d, e, f] as in canvas transform(). */
export type Matrix = [number, number, number, number, number, number];

/** One drawable element; a null fill/stroke means none, 'layer' means the layer colour. */
export interface SvgElement {
  path: Path2D;
  matrix: Matrix;
  fill: string | 'layer' | null;
  fillRule: 'nonzero' | 'evenodd';
  stroke: string | 'layer' | null;
  strokeWidth: number;
  opacity: number;
}

/** A parsed SVG: its coordinate box and elements in paint order. */
export interface ParsedSvg {
  viewBox: { x: number; y: number; width: number; height: number };
  preserveAspect: boolean;
  elements: SvgElement[];
}

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

const numbers = (s: string): number[] =>
  (s.match(/[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/gi) ?? []).map(Number);

/** Parses a transform attribute list (matrix, translate, scale, rotate, skewX, skewY). */
export function parseTransform(value: string | undefined): Matrix {
  let m: Matrix = IDENTITY;
  if (!value) return m;
  for (const [, fn, args] of value.matchAll(/(\w+)\s*\(([^)]*)\)/g)) {
    const n = numbers(args);
    const rad = ((n[0] ?? 0) * Math.PI) / 180;
    let t: Matrix = IDENTITY;
    if (fn === 'matrix' && n.length === 6) t = n as Matrix;
    else if (fn === 'translate') t = [1, 0, 0, 1, n[0] ?? 0, n[1] ?? 0];
    else if (fn === 'scale') t = [n[0] ?? 1, 0, 0, n[1] ?? n[0] ?? 1, 0, 0];
    else if (fn === 'rotate') {
      const [cx, cy] = [n[1] ?? 0, n[2] ?? 0];
      const r: Matrix = [Math.cos(rad), Math.sin(rad), -Math.sin(rad), Math.cos(rad), 0, 0];
      t = multiply(multiply([1, 0, 0, 1, cx, cy], r), [1, 0, 0, 1, -cx, -cy]);
    } else if (fn === 'skewX') t = [1, 0, Math.tan(rad), 1, 0, 0];
    else if (fn === 'skewY') t = [1, Math.tan(rad), 0, 1, 0, 0];
    m = multiply(m, t);
  }
  return m;
}

/** Attributes of a tag, with `style="a:b"` declarations merged in (they win, as in CSS). */
function attributes(raw: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [, name, , dq, sq] of raw.matchAll(/([\w:.-]+)\s*=\s*("([^"]*)"|'([^']*)')/g)) {
    out[name] = (dq ?? sq ?? '').trim();
  }
  for (const decl of (out.style ?? '').split(';')) {
    const i = decl.indexOf(':');
    if (i > 0) out[decl.slice(0, i).trim()] = decl.slice(i + 1).trim();
  }
  return out;
}

/** A fill/stroke paint: a colour, none, or the layer colour (currentColor, url(), unknown). */
function paint(
  value: string | undefined,
  inherited: string | 'layer' | null,
): string | 'layer' | null {
  if (value === undefined || value === 'inherit') return inherited;
  if (value === 'none' || value === 'transparent') return null;
  return parseColor(value) ?? 'layer';
}

const num = (v: string | undefined, def = 0): number => {
  const n = v === undefined ? NaN : parseFloat(v);
  return Number.isFinite(n) ? n : def;
};

/** The geometry of one drawable element, or undefined for anything else. */
function elementPath(tag: string, a: Record<string, string>): Path2D | undefined {
  const p = new Path2D();
  switch (tag) {
    case 'path':
      return a.d ? new Path2D(a.d) : undefined;
    case 'rect': {
      const [w, h] = [num(a.width), num(a.height)];
      if (w <= 0 || h <= 0) return undefined;
      const rx = Math.min(num(a.rx, num(a.ry)), w / 2);
      const ry = Math.min(num(a.ry, num(a.rx)), h / 2);
      if (rx > 0 || ry > 0) p.roundRect(num(a.x), num(a.y), w, h, [{ x: rx, y: ry }]);
      else p.rect(num(a.x), num(a.y), w, h);
      return p;
    }
    case 'circle':
      p.ellipse(num(a.cx), num(a.cy), num(a.r), num(a.r), 0, 0, Math.PI * 2);
      return num(a.r) > 0 ? p : undefined;
    case 'ellipse':
      p.ellipse(num(a.cx), num(a.cy), num(a.rx), num(a.ry), 0, 0, Math.PI * 2);
      return num(a.rx) > 0 && num(a.ry) > 0 ? p : undefined;
    case 'line':
      p.moveTo(num(a.x1), num(a.y1));
      p.lineTo(num(a.x2), num(a.y2));
      return p;
    case 'polygon':
    case 'polyline': {
      const pts = numbers(a.points ?? '');
      if (pts.length < 4) return undefined;
      p.moveTo(pts[0], pts[1]);
      for (let i = 2; i + 1 < pts.length; i += 2) p.lineTo(pts[i], pts[i + 1]);
      if (tag === 'polygon') p.closePath();
      return p;
    }
    default:
      return undefined;
  }
}

/** The inherited drawing state: an element's properties without its path. */
type State = Omit<SvgElement, 'path'>;

/** Parses SVG text; throws an Error when it has no <svg> root or no usable size. */
export function parseSvg(text: string): ParsedSvg {
  const clean = text
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(
      /<(defs|style|script|title|desc|metadata|text|clipPath|mask|pattern|symbol)\b[\s\S]*?<\/\1\s*>/gi,
      '',
    );
  const elements: SvgElement[] = [];
  let viewBox: ParsedSvg['viewBox'] | undefined;
  let preserveAspect = true;
  const root: State = {
    matrix: IDENTITY,
    fill: 'layer',
    fillRule: 'nonzero',
    stroke: null,
    strokeWidth: 1,
    opacity: 1,
  };
  const stack: State[] = [];
  let state = root;
  for (const [, closing, rawTag, rawAttrs, selfClosing] of clean.matchAll(
    /<\s*(\/)?\s*([a-zA-Z][\w:-]*)([^>]*?)(\/)?\s*>/g,
  )) {
    const tag = rawTag.toLowerCase().replace(/^svg:/, '');
    if (closing) {
      if (tag === 'g' || tag === 'svg') state = stack.pop() ?? root;
      continue;
    }
    const a = attributes(rawAttrs);
    const next: State = {
      matrix: multiply(state.matrix, parseTransform(a.transform)),
      fill: paint(a.fill, state.fill),
      fillRule:
        a['fill-rule'] === 'evenodd'
          ? 'evenodd'
          : a['fill-rule'] === 'nonzero'
            ? 'nonzero'
            : state.fillRule,
      stroke: paint(a.stroke, state.stroke),
      strokeWidth: num(a['stroke-width'], state.strokeWidth),
      opacity: state.opacity * Math.min(1, Math.max(0, num(a.opacity, 1))),
    };
    if (tag === 'svg' && !viewBox) {
      const vb = numbers(a.viewBox ?? '');
      viewBox =
        vb.length === 4 && vb[2] > 0 && vb[3] > 0
          ? { x: vb[0], y: vb[1], width: vb[2], height: vb[3] }
          : { x: 0, y: 0, width: num(a.width), height: num(a.height) };
      preserveAspect = (a.preserveAspectRatio ?? '').trim() !== 'none';
      next.matrix = IDENTITY; // the root's own x/y/size map through the viewBox instead
    }
    if (tag === 'g' || tag === 'svg') {
      if (!selfClosing) {
        stack.push(state);
        state = next;
      }
      continue;
    }
    const path = elementPath(tag, a);
    if (!path) continue;
    const fillOpacity = Math.min(1, Math.max(0, num(a['fill-opacity'], 1)));
    elements.push({
      path,
      ...next,
      opacity: next.opacity * fillOpacity,
      fill: tag === 'line' ? null : next.fill,
    });
  }
  if (!viewBox || !(viewBox.width > 0) || !(viewBox.height > 0))
    throw new Error('the SVG has no <svg> root with a viewBox or width/height');
  return { viewBox, preserveAspect, elements };
}
