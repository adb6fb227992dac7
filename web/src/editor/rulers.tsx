/**
 * Rulers along the top and left of the canvas, in the design's unit, and the guides drawn over
 * it: drag from the top ruler for a horizontal guide, from the left one for a vertical guide;
 * drag a guide back onto a ruler (or out of the canvas area) to delete it. Guides are the
 * design's `guides` (saved with the template, one undo step each). A print design (pt, mm, in)
 * also shows its bleed outside the page and a safety margin inside it.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { EditorDoc } from './doc.ts';
import {
  guidesOf,
  printGuides,
  roundIn,
  rulerTicks,
  withGuides,
  type GuideAxis,
} from './guides.ts';

/** Thickness of a ruler, in screen px. */
export const RULER = 20;

interface Props {
  doc: EditorDoc;
  zoom: number;
  /** The scrolling canvas area; the stage is its `[data-testid=stage]` child. */
  area: { current: HTMLDivElement | null };
}

/** Where the page's top-left corner is, in the wrapper's coordinates (screen px). */
interface Origin {
  x: number;
  y: number;
  width: number;
  height: number;
}

export function Rulers({ doc, zoom, area }: Props) {
  const wrap = useRef<HTMLDivElement>(null);
  const top = useRef<HTMLCanvasElement>(null);
  const left = useRef<HTMLCanvasElement>(null);
  const [origin, setOrigin] = useState<Origin | null>(null);
  // A guide being dragged: its axis, the one it replaces (index), its position in design units.
  const [drag, setDrag] = useState<null | { axis: GuideAxis; index: number; at: number | null }>(
    null,
  );
  const { design } = doc;
  const unit = design.unit ?? 'px';

  // The page's place follows scrolling, zooming and resizing.
  useEffect(() => {
    const el = area.current;
    const w = wrap.current;
    if (!el || !w) return;
    const measure = () => {
      const stage = el.querySelector<HTMLElement>('[data-testid=stage]');
      if (!stage) return;
      const s = stage.getBoundingClientRect();
      const r = w.getBoundingClientRect();
      setOrigin((o) => {
        const next = { x: s.left - r.left, y: s.top - r.top, width: s.width, height: s.height };
        return o &&
          o.x === next.x &&
          o.y === next.y &&
          o.width === next.width &&
          o.height === next.height
          ? o
          : next;
      });
    };
    measure();
    el.addEventListener('scroll', measure);
    // The stage moves without changing size when something above it in the area comes, goes or
    // changes height (the publish notice arrives after the page, the PDF page strip): watch
    // every child of the area, and the list of children.
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    const watchChildren = () => {
      for (const child of el.children) ro.observe(child);
    };
    watchChildren();
    const mo = new MutationObserver(() => {
      watchChildren();
      measure();
    });
    mo.observe(el, { childList: true });
    return () => {
      el.removeEventListener('scroll', measure);
      ro.disconnect();
      mo.disconnect();
    };
  }, [zoom, design.width, design.height]);

  // Ticks and labels.
  useEffect(() => {
    if (!origin) return;
    for (const [canvas, horizontal] of [
      [top.current, true],
      [left.current, false],
    ] as const) {
      if (!canvas) continue;
      const length = horizontal ? canvas.clientWidth : canvas.clientHeight;
      const dpr = devicePixelRatio;
      canvas.width = (horizontal ? length : RULER) * dpr;
      canvas.height = (horizontal ? RULER : length) * dpr;
      const ctx = canvas.getContext('2d');
      if (!ctx) continue;
      ctx.scale(dpr, dpr);
      ctx.fillStyle = '#f6f7f9';
      ctx.fillRect(0, 0, canvas.width, canvas.height);
      ctx.fillStyle = '#5b6270';
      ctx.strokeStyle = '#9aa1ad';
      ctx.font = '10px system-ui, sans-serif';
      const start = horizontal ? origin.x : origin.y;
      const size = horizontal ? design.width : design.height;
      // Ticks cover what is visible, past the page on either side.
      const { step } = rulerTicks(size, zoom);
      const first = Math.floor(-start / zoom / step) * step;
      const last = (length - start) / zoom;
      ctx.beginPath();
      for (let v = first; v <= last; v += step / 5) {
        const major = Math.abs(v / step - Math.round(v / step)) < 1e-6;
        const p = Math.round(start + v * zoom) + 0.5;
        const len = major ? RULER : RULER / 4;
        if (horizontal) {
          ctx.moveTo(p, RULER);
          ctx.lineTo(p, RULER - len);
        } else {
          ctx.moveTo(RULER, p);
          ctx.lineTo(RULER - len, p);
        }
        if (major) {
          const label = String(Math.round(v * 1000) / 1000);
          if (horizontal) ctx.fillText(label, p + 2, 10);
          else {
            ctx.save();
            ctx.translate(10, p - 2);
            ctx.rotate(-Math.PI / 2);
            ctx.fillText(label, 0, 0);
            ctx.restore();
          }
        }
      }
      ctx.stroke();
    }
  });

  /** The design position under the pointer on `axis` (vertical guides: x), or null off the canvas area. */
  const positionOf = (e: MouseEvent, axis: GuideAxis): number | null => {
    const w = wrap.current;
    if (!w || !origin) return null;
    const r = w.getBoundingClientRect();
    const px = e.clientX - r.left;
    const py = e.clientY - r.top;
    // On a ruler or outside the area: the guide would be deleted.
    if (px < RULER || py < RULER || px > r.width || py > r.height) return null;
    const v = axis === 'vertical' ? (px - origin.x) / zoom : (py - origin.y) / zoom;
    return roundIn(unit, v);
  };

  const startDrag = (e: MouseEvent, axis: GuideAxis, index: number) => {
    if (e.button !== 0) return;
    e.preventDefault();
    e.stopPropagation();
    setDrag({ axis, index, at: index >= 0 ? guidesOf(design, axis)[index] : null });
    const move = (ev: MouseEvent) => setDrag({ axis, index, at: positionOf(ev, axis) });
    const up = (ev: MouseEvent) => {
      removeEventListener('mousemove', move);
      removeEventListener('mouseup', up);
      setDrag(null);
      const at = positionOf(ev, axis);
      const list = guidesOf(doc.design, axis).filter((_, i) => i !== index);
      if (at !== null) list.push(at);
      else if (index < 0) return;
      doc.commit(withGuides(doc.design, axis, list));
    };
    addEventListener('mousemove', move);
    addEventListener('mouseup', up);
  };

  const lines: Array<{ axis: GuideAxis; index: number; at: number; live?: boolean }> = [];
  for (const axis of ['vertical', 'horizontal'] as const) {
    guidesOf(design, axis).forEach((at, index) => {
      if (drag?.axis === axis && drag.index === index) return;
      lines.push({ axis, index, at });
    });
  }
  if (drag && drag.at !== null) lines.push({ axis: drag.axis, index: -1, at: drag.at, live: true });
  const print = printGuides(design);

  return (
    <div class="rulers" ref={wrap}>
      <canvas
        class="ruler ruler-top"
        ref={top}
        aria-label="Ruler: drag down for a horizontal guide"
        title={`Ruler (${unit}): drag onto the canvas for a horizontal guide`}
        onMouseDown={(e) => startDrag(e, 'horizontal', -1)}
      />
      <canvas
        class="ruler ruler-left"
        ref={left}
        aria-label="Ruler: drag right for a vertical guide"
        title={`Ruler (${unit}): drag onto the canvas for a vertical guide`}
        onMouseDown={(e) => startDrag(e, 'vertical', -1)}
      />
      <span class="ruler-unit" aria-hidden="true">
        {unit}
      </span>
      {origin && print && (
        <>
          <div
            class="print-guide bleed"
            title={`Bleed: ${print.bleed} ${unit}`}
            style={{
              left: `${origin.x - print.bleed * zoom}px`,
              top: `${origin.y - print.bleed * zoom}px`,
              width: `${origin.width + 2 * print.bleed * zoom}px`,
              height: `${origin.height + 2 * print.bleed * zoom}px`,
            }}
          />
          <div
            class="print-guide margin"
            title={`Safety margin: ${print.margin} ${unit}`}
            style={{
              left: `${origin.x + print.margin * zoom}px`,
              top: `${origin.y + print.margin * zoom}px`,
              width: `${Math.max(0, origin.width - 2 * print.margin * zoom)}px`,
              height: `${Math.max(0, origin.height - 2 * print.margin * zoom)}px`,
            }}
          />
        </>
      )}
      {origin &&
        lines.map((g) => (
          <div
            key={`${g.axis}${g.index}${g.live ? 'live' : ''}`}
            class={`guide guide-${g.axis}${g.live ? ' live' : ''}`}
            data-at={String(g.at)}
            title={`${g.axis === 'vertical' ? 'x' : 'y'} = ${g.at} ${unit} (drag onto a ruler to delete)`}
            style={
              g.axis === 'vertical'
                ? { left: `${origin.x + g.at * zoom - 3}px` }
                : { top: `${origin.y + g.at * zoom - 3}px` }
            }
            onMouseDown={(e) => startDrag(e, g.axis, g.index)}
          />
        ))}
    </div>
  );
}
