/**
 * The canvas: the renderer's own PNG of the current design (the preview endpoint), with each
 * layer's box drawn over it. Moveable provides the drag, resize, rotate handles and the snapping
 * guides; the result of a gesture is read back from the boxes and committed as one step.
 */
import Moveable, { type OnResize, type OnRotate } from 'moveable';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Layer } from '../api.ts';
import { LOCKED, type EditorDoc } from './doc.ts';
import { LiveDrag, type LiveRenders } from './live-drag.ts';
import { insideBox } from './hit-test.ts';
import { withGroups } from './groups.ts';
import { guidesOf } from './guides.ts';

interface Props {
  doc: EditorDoc;
  zoom: number;
  /** The picture shown under the boxes (an object URL of the PNG). */
  image: string | null;
  /** Layers whose text does not fit their box (outlined in red): name → the renderer's message. */
  overflow: ReadonlyMap<string, string>;
  shift: { current: boolean };
  /** Renders of the dragged layers alone and without them while dragging (live-drag.ts). */
  live?: LiveRenders;
}

const nonce = () =>
  document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content ?? undefined;

function boxStyle(l: Layer, zoom: number) {
  return {
    left: `${l.x * zoom}px`,
    top: `${l.y * zoom}px`,
    width: `${l.width * zoom}px`,
    height: `${l.height * zoom}px`,
    transform: `rotate(${Number(l.rotation ?? 0)}deg)`,
  };
}

export function Canvas({ doc, zoom, image, overflow, shift, live }: Props) {
  const stage = useRef<HTMLDivElement>(null);
  const liveDrag = useRef<LiveDrag | null>(null);
  const liveRenders = useRef(live);
  liveRenders.current = live;
  const moveable = useRef<Moveable | null>(null);
  const [marquee, setMarquee] = useState<null | { x0: number; y0: number; x1: number; y1: number }>(
    null,
  );
  const { design, selection } = doc;
  const W = design.width;
  const H = design.height;

  const boxes = () =>
    [...(stage.current?.querySelectorAll<HTMLElement>('.box') ?? [])].filter(
      (el) => !el.classList.contains('hidden'),
    );
  const elementsOf = (names: string[]) =>
    boxes().filter((el) => names.includes(el.dataset.name!) && !el.classList.contains('locked'));

  // One Moveable for the stage, kept across renders; its target follows the selection.
  useEffect(() => {
    // Moveable's group draws handles per layer whose style sheet is added without the CSP nonce
    // when they are the first to need it (on the switch from one layer to several), and the
    // browser refuses it: the group's handles then have no shape. A Moveable without a target
    // adds that sheet with the nonce first and keeps it in the page while the canvas lives.
    const keeper = new Moveable(stage.current!, { cspNonce: nonce() });
    const m = new Moveable(stage.current!, {
      draggable: true,
      resizable: true,
      rotatable: true,
      snappable: true,
      snapThreshold: 6,
      isDisplaySnapDigit: false,
      snapDirections: {
        left: true,
        right: true,
        top: true,
        bottom: true,
        center: true,
        middle: true,
      },
      elementSnapDirections: {
        left: true,
        right: true,
        top: true,
        bottom: true,
        center: true,
        middle: true,
      },
      cspNonce: nonce(),
      origin: false,
    });
    // The dragged layers' own pixels follow the pointer until the render of the result arrives.
    const drag = (liveDrag.current = new LiveDrag(stage.current!));
    const arm = (e: { target?: Element; targets?: Element[] }) =>
      drag.arm(e.targets ?? [e.target!], doc.design, liveRenders.current);
    for (const ev of ['dragStart', 'resizeStart', 'rotateStart'] as const) m.on(ev, arm);
    for (const ev of ['dragGroupStart', 'resizeGroupStart', 'rotateGroupStart'] as const)
      m.on(ev, arm);
    for (const ev of [
      'drag',
      'dragGroup',
      'resize',
      'resizeGroup',
      'rotate',
      'rotateGroup',
    ] as const)
      m.on(ev, () => drag.moved());
    const read = (el: HTMLElement) => ({
      name: el.dataset.name!,
      x: parseFloat(el.style.left) / Number(el.dataset.zoom),
      y: parseFloat(el.style.top) / Number(el.dataset.zoom),
      width: parseFloat(el.style.width) / Number(el.dataset.zoom),
      height: parseFloat(el.style.height) / Number(el.dataset.zoom),
      rotation: Number(el.dataset.rotation ?? 0),
    });
    const commit = (els: HTMLElement[]) => {
      const geo = new Map(els.map((el) => [el.dataset.name!, read(el)]));
      const round = (n: number) => Math.round(n);
      doc.update([...geo.keys()], (l) => {
        const g = geo.get(l.name)!;
        const rotation = Math.round((((g.rotation % 360) + 360) % 360) * 10) / 10;
        return {
          ...l,
          x: round(g.x),
          y: round(g.y),
          width: Math.max(1, round(g.width)),
          height: Math.max(1, round(g.height)),
          ...(rotation || l.rotation
            ? { rotation: rotation > 180 ? rotation - 360 : rotation }
            : {}),
        };
      });
    };
    const onDrag = (e: { target: HTMLElement | SVGElement; left: number; top: number }) => {
      const el = e.target as HTMLElement;
      el.style.left = `${e.left}px`;
      el.style.top = `${e.top}px`;
    };
    m.on('drag', onDrag);
    m.on('dragGroup', (e) => e.events.forEach(onDrag));
    m.on('resizeStart', (e) => {
      m.keepRatio = shift.current;
      e.setMin([1, 1]);
    });
    const onResize = (e: OnResize) => {
      const el = e.target as HTMLElement;
      el.style.width = `${e.width}px`;
      el.style.height = `${e.height}px`;
      el.style.left = `${e.drag.left}px`;
      el.style.top = `${e.drag.top}px`;
    };
    m.on('resize', onResize);
    // A group is resized about its own box: Moveable scales each layer's size and its offset in
    // the group, and reports each layer's new box.
    m.on('resizeGroupStart', (e) => {
      m.keepRatio = shift.current;
      e.setMin([1, 1]);
      e.events.forEach((ev) => ev.setMin([1, 1]));
    });
    m.on('resizeGroup', (e) => e.events.forEach(onResize));
    // Each layer's rotation at the start of a gesture; a rotation adds the gesture's angle.
    const startRotation = new Map<Element, number>();
    const rotationStart = (el: HTMLElement | SVGElement) =>
      startRotation.set(el, Number((el as HTMLElement).dataset.rotation ?? 0));
    const onRotate = (e: OnRotate) => {
      const el = e.target as HTMLElement;
      const r = (startRotation.get(el) ?? 0) + e.dist;
      el.dataset.rotation = String(r);
      el.style.transform = `rotate(${r}deg)`;
    };
    m.on('rotateStart', (e) => rotationStart(e.target));
    m.on('rotate', onRotate);
    // A group turns about the centre of its frame: each layer turns by the gesture's angle and
    // its centre moves on the circle around the group's centre. (The offsets Moveable reports
    // for each layer assume transforms in CSS, while the boxes are placed by left and top.)
    let groupStart: { cx: number; cy: number; boxes: Map<Element, DOMRect> } | null = null;
    m.on('rotateGroupStart', (e) => {
      e.targets.forEach(rotationStart);
      const [cx, cy] = m.getRect().origin;
      const boxes = new Map<Element, DOMRect>();
      for (const t of e.targets) {
        const el = t as HTMLElement;
        const [x, y] = [parseFloat(el.style.left), parseFloat(el.style.top)];
        boxes.set(el, new DOMRect(x, y, parseFloat(el.style.width), parseFloat(el.style.height)));
      }
      groupStart = { cx, cy, boxes };
    });
    m.on('rotateGroup', (e) =>
      e.events.forEach((ev) => {
        const start = groupStart?.boxes.get(ev.target);
        if (!groupStart || !start) return;
        onRotate(ev);
        const a = (ev.dist * Math.PI) / 180;
        const dx = start.x + start.width / 2 - groupStart.cx;
        const dy = start.y + start.height / 2 - groupStart.cy;
        const el = ev.target as HTMLElement;
        el.style.left = `${groupStart.cx + dx * Math.cos(a) - dy * Math.sin(a) - start.width / 2}px`;
        el.style.top = `${groupStart.cy + dx * Math.sin(a) + dy * Math.cos(a) - start.height / 2}px`;
      }),
    );
    const end = (e: { target: HTMLElement | SVGElement; isDrag: boolean }) => {
      drag.release(e.isDrag);
      if (e.isDrag) commit([e.target as HTMLElement]);
    };
    m.on('dragEnd', end);
    m.on('resizeEnd', end);
    m.on('rotateEnd', end);
    // A group gesture is one step of undo, whatever the number of layers.
    const groupEnd = (e: { targets: (HTMLElement | SVGElement)[]; isDrag: boolean }) => {
      drag.release(e.isDrag);
      if (e.isDrag) commit(e.targets as HTMLElement[]);
    };
    m.on('dragGroupEnd', groupEnd);
    m.on('resizeGroupEnd', groupEnd);
    m.on('rotateGroupEnd', groupEnd);
    moveable.current = m;
    return () => {
      m.destroy();
      keeper.destroy();
      drag.clear();
    };
  }, []);

  // The picture of a released gesture's result is here: its pieces go.
  useEffect(() => liveDrag.current?.pictureArrived(), [image]);

  // After each render: the handles follow the selected boxes, guides follow the design.
  useEffect(() => {
    const m = moveable.current;
    // Not while a gesture runs: a new target (or rect) in the middle of a drag resets Moveable's
    // drag state and its next move throws. The release renders again and catches up.
    if (!m || m.isDragging()) return;
    const targets = elementsOf(selection);
    m.target = targets.length === 1 ? targets[0] : targets;
    m.elementGuidelines = boxes().filter((el) => !selection.includes(el.dataset.name!));
    // The page's edges and centre lines, and the design's ruler guides.
    m.verticalGuidelines = [0, W / 2, W, ...guidesOf(design, 'vertical')].map((v) => v * zoom);
    m.horizontalGuidelines = [0, H / 2, H, ...guidesOf(design, 'horizontal')].map((v) => v * zoom);
    m.updateRect();
  });

  const onBoxDown = (e: MouseEvent, layer: Layer) => {
    // A locked layer (a full-page background, say) is not picked on the canvas: the press goes
    // on to the stage and draws a selection rectangle. The layers panel still selects it.
    if (layer[LOCKED] && !e.shiftKey) return;
    e.stopPropagation();
    const name = layer.name;
    let next: string[];
    if (e.shiftKey) {
      next = selection.includes(name) ? selection.filter((n) => n !== name) : [...selection, name];
      doc.select(next);
      return;
    }
    // A press inside a selected layer's box drags the selection, even where another layer lies
    // on top of it: the selected layer wins inside its own box. A layer of a group picks the
    // whole group (the layers panel picks one layer of it).
    next =
      selection.includes(name) || insideSelection(toDesign(e))
        ? selection
        : withGroups(doc.design.layers, [name]);
    const m = moveable.current;
    const els = elementsOf(next);
    if (m && els.length) {
      // Start the drag in the same press that selects the layer.
      m.target = els.length === 1 ? els[0] : els;
      m.dragStart(e);
    }
    if (next !== selection) doc.select(next);
  };

  const insideSelection = (p: { x: number; y: number }) =>
    selection.some((n) => {
      const l = doc.layer(n);
      return l && !l.hide && !l[LOCKED] && insideBox(l, p);
    });
  const toDesign = (e: MouseEvent) => {
    const r = stage.current!.getBoundingClientRect();
    return { x: (e.clientX - r.left) / zoom, y: (e.clientY - r.top) / zoom };
  };
  const onStageDown = (e: MouseEvent) => {
    if (e.button !== 0) return;
    // A press on a handle (or a group's area) is Moveable's gesture, not a selection rectangle.
    if ((e.target as Element).closest('.moveable-control-box')) return;
    const p = toDesign(e);
    let rect = { x0: p.x, y0: p.y, x1: p.x, y1: p.y };
    setMarquee(rect);
    const move = (ev: MouseEvent) => {
      const q = toDesign(ev);
      rect = { ...rect, x1: q.x, y1: q.y };
      setMarquee(rect);
    };
    const up = () => {
      removeEventListener('mousemove', move);
      removeEventListener('mouseup', up);
      setMarquee(null);
      const [minX, maxX] = [Math.min(rect.x0, rect.x1), Math.max(rect.x0, rect.x1)];
      const [minY, maxY] = [Math.min(rect.y0, rect.y1), Math.max(rect.y0, rect.y1)];
      const hit =
        maxX - minX < 2 && maxY - minY < 2
          ? []
          : doc.design.layers
              .filter((l) => !l.hide && !l[LOCKED])
              .filter(
                (l) => l.x < maxX && l.x + l.width > minX && l.y < maxY && l.y + l.height > minY,
              )
              .map((l) => l.name);
      const picked = withGroups(doc.design.layers, hit);
      doc.select(e.shiftKey ? [...new Set([...doc.selection, ...picked])] : picked);
    };
    addEventListener('mousemove', move);
    addEventListener('mouseup', up);
  };

  // A press in the grey area around the page draws a selection rectangle too. The listener sits
  // on the stage's parent and calls the newest handler (it closes over zoom and selection).
  const stageDown = useRef(onStageDown);
  stageDown.current = onStageDown;
  useEffect(() => {
    const area = stage.current?.parentElement;
    if (!area) return;
    const down = (e: MouseEvent) => {
      if (e.target === area) stageDown.current(e);
    };
    area.addEventListener('mousedown', down);
    return () => area.removeEventListener('mousedown', down);
  }, []);

  return (
    <div
      class="stage"
      ref={stage}
      style={{ width: `${W * zoom}px`, height: `${H * zoom}px` }}
      onMouseDown={onStageDown}
      data-testid="stage"
    >
      {image && <img class="render" src={image} alt="The renderer's picture of the design" />}
      {design.layers.map((l) => (
        <div
          key={l.name}
          class={[
            'box',
            selection.includes(l.name) ? 'selected' : '',
            l[LOCKED] ? 'locked' : '',
            l.hide ? 'hidden' : '',
            overflow.has(l.name) ? 'overflow' : '',
          ].join(' ')}
          data-name={l.name}
          data-zoom={String(zoom)}
          data-rotation={String(Number(l.rotation ?? 0))}
          style={boxStyle(l, zoom)}
          onMouseDown={(e) => onBoxDown(e, l)}
          title={overflow.has(l.name) ? `${l.name}: ${overflow.get(l.name)}` : l.name}
        />
      ))}
      {marquee && (
        <div
          class="marquee"
          style={{
            left: `${Math.min(marquee.x0, marquee.x1) * zoom}px`,
            top: `${Math.min(marquee.y0, marquee.y1) * zoom}px`,
            width: `${Math.abs(marquee.x1 - marquee.x0) * zoom}px`,
            height: `${Math.abs(marquee.y1 - marquee.y0) * zoom}px`,
          }}
        />
      )}
    </div>
  );
}
