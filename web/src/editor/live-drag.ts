/**
 * Live dragging: while layers are dragged, resized or rotated on the canvas, their own pixels
 * move with the pointer, and the full render replaces them once the gesture is over.
 *
 * At the start of a gesture each layer's box gets a cut-out of the picture on the canvas (its
 * rectangle, turned back by its rotation), and a copy of the picture with holes where the layers
 * were goes over the picture, so nothing is seen twice. A render of the dragged layers alone (on
 * a transparent page) and one of the design without them are asked for at once; when they
 * arrive, still during the gesture, they replace the cut-outs (which also held whatever lay over
 * the layer) and the holes (which showed the page's background). After the release the pieces
 * stay until the next picture arrives, the render of the changed design.
 */
import type { Api, Design, LayerData } from '../api.ts';
import './live-drag.css';

/** What the upgrade renders need: the API and the test data of the canvas's previews. */
export interface LiveRenders {
  api: Api;
  uuid: string;
  data: LayerData;
}

interface Piece {
  box: HTMLElement;
  cut: HTMLCanvasElement;
  /** The box at the start (stage px) and its rotation in degrees. */
  x: number;
  y: number;
  w: number;
  h: number;
  rotation: number;
}

/** A colour the hole can be filled with (a page background that is a picture is not one). */
const holeColour = (background: unknown) =>
  typeof background === 'string' && !/^(https?:|data:|\/)/.test(background.trim())
    ? background
    : '#ffffff';

export class LiveDrag {
  private pieces: Piece[] = [];
  private base: HTMLCanvasElement | null = null;
  private released = false;
  /** Counts gestures, so renders that arrive after theirs ended are dropped. */
  private gesture = 0;
  /** A gesture pressed but not yet moved: the boxes as they were at the press. */
  private armed: { boxes: Omit<Piece, 'cut'>[]; design: Design; renders?: LiveRenders } | null =
    null;

  constructor(private readonly stage: HTMLElement) {}

  /** Whether pieces of a gesture are on the canvas. */
  get active(): boolean {
    return this.pieces.length > 0;
  }

  /**
   * A gesture is pressed on `targets` (layer boxes) of `design`: their places are noted, and the
   * pieces are made at the first move (a click that selects makes none). `renders` lets the
   * pieces be replaced by renders of their own.
   */
  arm(targets: ReadonlyArray<Element>, design: Design, renders?: LiveRenders): void {
    this.clear();
    const boxes = targets.map((el) => {
      const box = el as HTMLElement;
      return {
        box,
        x: parseFloat(box.style.left),
        y: parseFloat(box.style.top),
        w: parseFloat(box.style.width),
        h: parseFloat(box.style.height),
        rotation: Number(box.dataset.rotation ?? 0),
      };
    });
    this.armed = { boxes, design, renders };
  }

  /** The pointer moved in the gesture: the first time, the pieces are made. */
  moved(): void {
    const armed = this.armed;
    this.armed = null;
    if (armed) this.start(armed.boxes, armed.design, armed.renders);
  }

  private start(boxes: Omit<Piece, 'cut'>[], design: Design, renders?: LiveRenders): void {
    const img = this.stage.querySelector<HTMLImageElement>('img.render');
    if (!img?.complete || !img.naturalWidth || boxes.length === 0) return;
    const gesture = ++this.gesture;
    const sw = this.stage.clientWidth;
    const sh = this.stage.clientHeight;
    // Picture pixels per stage px: the pieces are as sharp as the picture.
    const k = img.naturalWidth / sw;
    this.pieces = boxes.map((b) => {
      const piece: Piece = { ...b, cut: document.createElement('canvas') };
      const box = piece.box;
      piece.cut.className = 'live-cut';
      piece.cut.width = Math.max(1, Math.round(piece.w * k));
      piece.cut.height = Math.max(1, Math.round(piece.h * k));
      drawCut(piece, img, sw, sh);
      box.append(piece.cut);
      return piece;
    });
    const base = document.createElement('canvas');
    base.className = 'live-base';
    base.width = img.naturalWidth;
    base.height = img.naturalHeight;
    const ctx = base.getContext('2d')!;
    ctx.drawImage(img, 0, 0, base.width, base.height);
    ctx.scale(base.width / sw, base.height / sh);
    ctx.fillStyle = holeColour(design.background);
    for (const p of this.pieces) {
      ctx.save();
      ctx.translate(p.x + p.w / 2, p.y + p.h / 2);
      ctx.rotate((p.rotation * Math.PI) / 180);
      ctx.fillRect(-p.w / 2, -p.h / 2, p.w, p.h);
      ctx.restore();
    }
    img.after(base);
    this.base = base;
    this.released = false;
    // The PDF view's later pages hold other rows than a PNG of the design: their cut-outs stay.
    const output = this.stage.closest<HTMLElement>('.canvas-area')?.dataset.output;
    if (renders && output !== 'pdf') void this.upgrade(gesture, design, renders, img.naturalWidth);
  }

  /** The pictures of the dragged layers alone and of the design without them, drawn in. */
  private async upgrade(
    gesture: number,
    design: Design,
    { api, uuid, data }: LiveRenders,
    width: number,
  ): Promise<void> {
    const names = new Set(this.pieces.map((p) => p.box.dataset.name!));
    const alone: Design = {
      ...design,
      background: null,
      layers: design.layers.filter((l) => names.has(l.name)),
    };
    const without: Design = { ...design, layers: design.layers.filter((l) => !names.has(l.name)) };
    const picture = async (d: Design) => {
      const { blob } = await api.preview(uuid, d, data, width);
      return createImageBitmap(blob);
    };
    try {
      const [a, b] = await Promise.all([picture(alone), picture(without)]);
      if (gesture !== this.gesture || !this.base) return;
      const sw = this.stage.clientWidth;
      const sh = this.stage.clientHeight;
      for (const p of this.pieces) {
        p.cut.getContext('2d')!.clearRect(0, 0, p.cut.width, p.cut.height);
        drawCut(p, a, sw, sh);
      }
      this.base.getContext('2d')!.drawImage(b, 0, 0, this.base.width, this.base.height);
      this.stage.dataset.live = 'rendered';
    } catch {
      // The cut-outs stay: the full render follows the release anyway.
    }
  }

  /**
   * The gesture is over. When it changed the design (`changed`), the pieces stay until the
   * next picture arrives (`pictureArrived`); otherwise they go now.
   */
  release(changed: boolean): void {
    this.armed = null;
    if (!this.active) return;
    this.released = true;
    if (!changed) this.clear();
  }

  /** A new picture is on the canvas: the pieces of a released gesture go. */
  pictureArrived(): void {
    if (this.released) this.clear();
  }

  clear(): void {
    this.gesture++;
    this.armed = null;
    for (const p of this.pieces) p.cut.remove();
    this.pieces = [];
    this.base?.remove();
    this.base = null;
    this.released = false;
    delete this.stage.dataset.live;
  }
}

/**
 * Draws into the piece's canvas the part of `picture` (the whole stage, `sw` × `sh` stage px)
 * under its box, turned back by the box's rotation.
 */
function drawCut(p: Piece, picture: CanvasImageSource, sw: number, sh: number): void {
  const ctx = p.cut.getContext('2d')!;
  ctx.save();
  ctx.scale(p.cut.width / p.w, p.cut.height / p.h);
  ctx.translate(p.w / 2, p.h / 2);
  ctx.rotate((-p.rotation * Math.PI) / 180);
  ctx.translate(-(p.x + p.w / 2), -(p.y + p.h / 2));
  ctx.drawImage(picture, 0, 0, sw, sh);
  ctx.restore();
}
