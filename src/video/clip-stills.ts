/**
 * The stills of one clip. Its video layers cut the design's layer stack into groups: the layers
 * below the first video (with the design's background), those between two videos, those above
 * the last one. Each group is drawn through `renderStill` once per distinct set of its values
 * (transparent around its layers), and shown for the spans in which those values hold.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Design, LayerData } from '../render/index.ts';
import type { ClipPlan, VideoLayer } from './clip-plan.ts';
import { mapLimited } from './run-limited.ts';

/** One PNG shown from `start` to `end` (seconds of the clip); `whole`: the entire clip. */
export interface StillOverlay {
  path: string;
  /** Where the PNG's top-left corner goes in the clip (stills above the bottom are cropped). */
  x: number;
  y: number;
  start: number;
  end: number;
  whole: boolean;
}

/** What the clip stacks, bottom first. */
export type ClipLayer =
  { kind: 'stills'; stills: StillOverlay[] } | { kind: 'video'; video: VideoLayer };

/** Stills drawn at once: the render threads run them side by side. */
const PARALLEL_STILLS = 2;

/** Draws the clip's stills into `workDir` and returns its stack. */
export async function renderClipStills(
  plan: ClipPlan,
  c: number,
  workDir: string,
  renderStill: (design: Design, layers: LayerData) => Promise<Buffer>,
): Promise<ClipLayer[]> {
  const { design } = plan;
  const videoAt = new Map(plan.videos.map((v) => [v.index, v]));
  const stack: Array<{ kind: 'group'; names: string[]; bottom: boolean } | ClipLayer> = [];
  let group: string[] = [];
  let bottom = true;
  const closeGroup = (): void => {
    const opaqueCanvas =
      bottom && design.background !== null && design.background !== 'transparent';
    if (group.length > 0 || opaqueCanvas) stack.push({ kind: 'group', names: group, bottom });
    group = [];
    bottom = false;
  };
  design.layers.forEach((layer, index) => {
    const video = videoAt.get(index);
    if (!video) {
      group.push(layer.name);
      return;
    }
    closeGroup();
    stack.push({ kind: 'video', video });
  });
  closeGroup();

  const jobs: Array<() => Promise<void>> = [];
  /** Where each PNG goes, or null when nothing in it is visible. */
  const placements = new Map<string, { x: number; y: number } | null>();
  const out: ClipLayer[] = stack.map((entry, g) => {
    if (entry.kind !== 'group') return entry;
    const names = new Set(entry.names);
    const stillDesign: Design = {
      ...design,
      background: entry.bottom ? design.background : null,
      layers: design.layers.filter(
        (l) => names.has(l.name) && !videoAt.has(design.layers.indexOf(l)),
      ),
    };
    const stills: StillOverlay[] = [];
    const files = new Map<string, string>();
    for (const span of plan.spans) {
      const data: LayerData = {};
      for (const name of names) if (span.layers[name]) data[name] = span.layers[name];
      const key = JSON.stringify(data);
      const last = stills.at(-1);
      let path = files.get(key);
      if (last && path === last.path) {
        last.end = span.end;
        continue;
      }
      if (!path) {
        const file = join(workDir, `clip${c}-layer${g}-still${files.size}.png`);
        files.set(key, file);
        path = file;
        jobs.push(async () => {
          const png = await renderStill(stillDesign, data);
          const placed = entry.bottom ? { png, x: 0, y: 0 } : await cropToVisible(png);
          placements.set(file, placed && { x: placed.x, y: placed.y });
          if (placed) await writeFile(file, placed.png);
        });
      }
      stills.push({ path, x: 0, y: 0, start: span.start, end: span.end, whole: false });
    }
    if (stills.length === 1) stills[0].whole = true;
    return { kind: 'stills', stills };
  });
  await mapLimited(jobs, PARALLEL_STILLS, (job) => job());
  for (const entry of out) {
    if (entry.kind !== 'stills') continue;
    // A still with nothing visible (e.g. a subtitle between cues, alone in its group) is left out.
    entry.stills = entry.stills.filter((still) => {
      const at = placements.get(still.path);
      if (at) Object.assign(still, at);
      return at !== null;
    });
  }
  return out.filter((entry) => entry.kind !== 'stills' || entry.stills.length > 0);
}

/**
 * The visible part of a still drawn above a video, with its position: ffmpeg blends an overlay
 * over its whole area on every frame, so a title's still costs its box, not the canvas.
 * Null when nothing in it is visible.
 */
async function cropToVisible(png: Buffer): Promise<{ png: Buffer; x: number; y: number } | null> {
  const { data, info } = await sharp(png)
    .ensureAlpha()
    .extractChannel(3)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  let top = height;
  let bottom = -1;
  let left = width;
  let right = -1;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let first = -1;
    let last = -1;
    for (let x = 0; x < width; x++) {
      if (data[row + x] !== 0) {
        if (first < 0) first = x;
        last = x;
      }
    }
    if (first < 0) continue;
    if (y < top) top = y;
    bottom = y;
    if (first < left) left = first;
    if (last > right) right = last;
  }
  if (bottom < 0) return null;
  const box = { left, top, width: right - left + 1, height: bottom - top + 1 };
  if (box.width === width && box.height === height) return { png, x: 0, y: 0 };
  return {
    png: await sharp(png).extract(box).png({ compressionLevel: 1 }).toBuffer(),
    x: left,
    y: top,
  };
}
