/**
 * The filters that put one video into its layer box: scaled and cropped as `object_fit` says
 * (cover/contain/fill, with `object_position`), rounded with `border_radius` (an alpha mask),
 * rotated with `rotation` (around the box's centre, clockwise), faded by `opacity`; looping is
 * done by the input options (filter-graph.ts).
 */
import { parseObjectPosition } from '../render/index.ts';
import type { VideoLayer } from './clip-plan.ts';

export interface BoxFilters {
  /** Filter chain from the video stream to the box's picture (before its mask). */
  chain: string;
  /** Filter chain after the mask: opacity and rotation, or '' for none. */
  turn: string;
  /** Overlay position expressions (`w`/`h` are the overlaid stream's size). */
  x: string;
  y: string;
  /** The box needs an alpha mask of this size with these corners (border_radius). */
  mask?: { width: number; height: number; radius: number };
}

const num = (v: unknown, def: number): number =>
  typeof v === 'number' && Number.isFinite(v) ? v : def;

/** The chain for `video` in a clip of `fps`; the mask, when needed, is merged by the caller. */
export function boxFilters(video: VideoLayer, fps: number): BoxFilters {
  const { layer, info } = video;
  const bw = Math.max(1, Math.round(num(layer.width, 1)));
  const bh = Math.max(1, Math.round(num(layer.height, 1)));
  const vw = info.video?.width ?? bw;
  const vh = info.video?.height ?? bh;
  const fit =
    layer.object_fit === 'contain' || layer.object_fit === 'fill' ? layer.object_fit : 'cover';
  const focal = (typeof layer.object_position === 'string' &&
    parseObjectPosition(layer.object_position)) || { x: 0.5, y: 0.5 };
  const radius = Math.min(num(layer.border_radius, 0), bw / 2, bh / 2);
  const rotation = num(layer.rotation, 0) % 360;
  const shaped = radius > 0 || rotation !== 0;
  const chain = [`fps=${fps}`, 'setpts=PTS-STARTPTS'];
  let offX = 0;
  let offY = 0;
  if (fit === 'fill') {
    chain.push(`scale=${bw}:${bh}`);
  } else if (fit === 'cover') {
    const s = Math.max(bw / vw, bh / vh);
    const sw = Math.max(bw, Math.ceil(vw * s));
    const sh = Math.max(bh, Math.ceil(vh * s));
    chain.push(
      `scale=${sw}:${sh}`,
      `crop=${bw}:${bh}:${Math.round((sw - bw) * focal.x)}:${Math.round((sh - bh) * focal.y)}`,
    );
  } else {
    const s = Math.min(bw / vw, bh / vh);
    const sw = Math.min(bw, Math.max(1, Math.round(vw * s)));
    const sh = Math.min(bh, Math.max(1, Math.round(vh * s)));
    offX = Math.round((bw - sw) * focal.x);
    offY = Math.round((bh - sh) * focal.y);
    chain.push(`scale=${sw}:${sh}`);
    // Shaped boxes are cut and turned as a whole: the letterbox becomes transparent box area.
    if (shaped) {
      chain.push('format=yuva420p', `pad=${bw}:${bh}:${offX}:${offY}:color=black@0`);
      offX = 0;
      offY = 0;
    }
  }
  chain.push('setsar=1');
  const cx = num(layer.x, 0) + bw / 2;
  const cy = num(layer.y, 0) + bh / 2;
  const opacity = Math.min(100, Math.max(0, num(layer.opacity, 100)));
  // The layer's opacity scales the video's alpha (after the mask, so rounded corners stay cut).
  const fade =
    opacity < 100 ? `format=rgba,colorchannelmixer=aa=${(opacity / 100).toFixed(3)}` : '';
  if (rotation !== 0) {
    const a = ((rotation * Math.PI) / 180).toFixed(6);
    // rotate's output is the rotated box's bounding box, transparent outside the picture.
    return {
      chain: chain.join(','),
      turn: [fade, `format=rgba,rotate=${a}:ow=rotw(${a}):oh=roth(${a}):c=black@0`]
        .filter(Boolean)
        .join(','),
      x: `${cx.toFixed(2)}-w/2`,
      y: `${cy.toFixed(2)}-h/2`,
      mask: radius > 0 ? { width: bw, height: bh, radius } : undefined,
    };
  }
  return {
    chain: chain.join(','),
    turn: fade,
    x: String(Math.round(num(layer.x, 0)) + offX),
    y: String(Math.round(num(layer.y, 0)) + offY),
    mask: radius > 0 ? { width: bw, height: bh, radius } : undefined,
  };
}
