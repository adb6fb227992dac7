/**
 * The timing of one clip, worked out before anything is drawn: its video layers (downloaded and
 * probed), its audio track, how long it lasts, and the time spans in which its text/picture
 * arrays and subtitle cues hold one set of values. Everything a caller sent wrong is a
 * VideoInputError naming the field (`clips.0.layers.bg.video`).
 */
import { readFile } from 'node:fs/promises';
import type { Design, LayerData, LayerSpec } from '../render/index.ts';
import {
  VideoInputError,
  type VideoClipInput,
  type VideoComposeInput,
} from '../core/ports/video-composer.ts';
import { probeMedia, type MediaInfo, type ProbeOptions } from './probe-media.ts';
import { parseSrt, type Cue } from './srt.ts';
import { parseTimecode } from './timecode.ts';

/** A picture layer that shows a video. */
export interface VideoLayer {
  /** Index of the layer in the design (drawing order). */
  index: number;
  layer: LayerSpec;
  path: string;
  info: MediaInfo;
}

/** The clip's own track, trimmed. */
export interface ClipAudio {
  path: string;
  start: number;
  /** Seconds of the track that play (after the trims), before `auto` cuts it to the clip. */
  length: number;
}

/** A time span of the clip in which every layer shows one value. */
export interface Span {
  start: number;
  end: number;
  /** Layer data with single values for this span (arrays picked, subtitle text set). */
  layers: LayerData;
}

export interface ClipPlan {
  design: Design;
  /** The layers after request data (hidden ones included; stills leave them to the renderer). */
  videos: VideoLayer[];
  audio?: ClipAudio;
  /** Seconds, a whole number of frames. */
  duration: number;
  spans: Span[];
}

/** Layer properties whose arrays divide the clip into equal parts. */
const ARRAY_PROPS = ['text', 'image'] as const;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The value the clip gives a layer property: request data first, then the stored design. */
function valueOf(layer: LayerSpec, data: LayerData, prop: string): unknown {
  const sent = data[layer.name];
  if (isObject(sent) && sent[prop] !== undefined && sent[prop] !== null && sent[prop] !== '') {
    return sent[prop];
  }
  return layer[prop];
}

function isHidden(layer: LayerSpec, data: LayerData): boolean {
  const sent = data[layer.name];
  if (isObject(sent)) {
    if (sent.hide === true || sent.hide === 'true' || sent.visibility === 'hidden') return true;
    if (sent.hide === false || sent.hide === 'false' || sent.visibility === 'visible') return false;
  }
  return layer.hide === true;
}

/** Plans clip `c`: downloads and probes its media, reads its SRT files, times it. */
export async function planClip(
  clip: VideoClipInput,
  c: number,
  input: Pick<VideoComposeInput, 'download' | 'options' | 'limits' | 'signal'>,
  probe: Omit<ProbeOptions, 'maxSeconds'>,
  fetchOnce: (url: string, where: string) => Promise<string>,
): Promise<ClipPlan> {
  const { options, limits } = input;
  const at = `clips.${c}`;
  const probeOptions = { ...probe, maxSeconds: limits.maxSourceSeconds };
  const data: LayerData = isObject(clip.layers) ? clip.layers : {};
  const videos: VideoLayer[] = [];
  const subtitles: Array<{ name: string; cues: Cue[] }> = [];
  for (const [index, layer] of clip.design.layers.entries()) {
    if (isHidden(layer, data)) continue;
    const where = `${at}.layers.${layer.name}`;
    if (layer.type === 'picture') {
      const video = valueOf(layer, data, 'video');
      if (video === undefined || video === null || video === '') continue;
      if (typeof video !== 'string') {
        throw new VideoInputError(
          `${where}.video: must be one video URL (a list of videos in one layer is not supported)`,
          `${where}.video`,
        );
      }
      const path = await fetchOnce(video, `${where}.video`);
      const info = await probeMedia(path, 'video', `${where}.video`, probeOptions);
      videos.push({ index, layer: withGeometry(layer, data[layer.name]), path, info });
    } else if (layer.type === 'subtitle') {
      const srt = valueOf(layer, data, 'srt');
      if (typeof srt !== 'string' || srt.trim() === '') {
        throw new VideoInputError(
          `${where}.srt: a subtitle layer needs an SRT file URL; automatic transcription is not available`,
          `${where}.srt`,
        );
      }
      const path = await fetchOnce(srt, `${where}.srt`);
      subtitles.push({
        name: layer.name,
        cues: parseSrt(await readFile(path, 'utf8'), `${where}.srt`),
      });
    }
  }
  const audio = clip.audio ? await planAudio(clip, at, fetchOnce, probeOptions) : undefined;
  const longestVideo = Math.max(0, ...videos.map((v) => v.info.duration));
  let duration = longestVideo > 0 ? longestVideo : options.clipSeconds;
  if (audio && clip.audio_duration !== 'auto') {
    duration = longestVideo > 0 ? Math.max(longestVideo, audio.length) : audio.length;
  }
  // A whole number of frames, so that clips, stills and sound stay aligned when concatenated.
  duration = Math.max(1, Math.round(duration * options.fps)) / options.fps;
  return {
    design: clip.design,
    videos,
    audio,
    duration,
    spans: planSpans(clip.design, data, duration, options.fps, subtitles, at),
  };
}

/** The clip's track: downloaded, probed, trims read and checked against its length. */
async function planAudio(
  clip: VideoClipInput,
  at: string,
  fetchOnce: (url: string, where: string) => Promise<string>,
  probe: ProbeOptions,
): Promise<ClipAudio> {
  const path = await fetchOnce(clip.audio as string, `${at}.audio`);
  const info = await probeMedia(path, 'audio', `${at}.audio`, probe);
  const start = clip.audio_trim_start
    ? parseTimecode(clip.audio_trim_start, `${at}.audio_trim_start`)
    : 0;
  const end = clip.audio_trim_end
    ? parseTimecode(clip.audio_trim_end, `${at}.audio_trim_end`)
    : info.duration;
  if (start >= Math.min(end, info.duration)) {
    const field = start >= info.duration ? 'audio_trim_start' : 'audio_trim_end';
    throw new VideoInputError(
      `${at}.${field}: the trims leave nothing of the ${info.duration.toFixed(2)} s track (start ${start} s, end ${end} s)`,
      `${at}.${field}`,
    );
  }
  return { path, start, length: Math.min(end, info.duration) - start };
}

/** The layer with the geometry (and opacity) the request sets as plain numbers. */
function withGeometry(layer: LayerSpec, sent: unknown): LayerSpec {
  const out = { ...layer };
  if (!isObject(sent)) return out;
  for (const key of ['x', 'y', 'width', 'height', 'rotation', 'opacity'] as const) {
    const v = Number(sent[key]);
    if (sent[key] !== undefined && sent[key] !== '' && Number.isFinite(v)) out[key] = v;
  }
  return out;
}

/**
 * Cuts the clip where an array value or a subtitle cue changes. A layer with n values shows value
 * k during [k·d/n, (k+1)·d/n); a subtitle layer shows the cue that covers the span (and is hidden
 * between cues). Spans are whole frames long, so no frame falls between two stills.
 */
function planSpans(
  design: Design,
  data: LayerData,
  duration: number,
  fps: number,
  subtitles: Array<{ name: string; cues: Cue[] }>,
  at: string,
): Span[] {
  const frame = (t: number): number => Math.round(t * fps) / fps;
  const arrays: Array<{ name: string; prop: string; values: unknown[] }> = [];
  for (const layer of design.layers) {
    const sent = data[layer.name];
    if (!isObject(sent)) continue;
    for (const prop of ARRAY_PROPS) {
      const v = sent[prop];
      if (!Array.isArray(v)) continue;
      if (v.length === 0) {
        throw new VideoInputError(
          `${at}.layers.${layer.name}.${prop}: an array needs at least one value`,
          `${at}.layers.${layer.name}.${prop}`,
        );
      }
      arrays.push({ name: layer.name, prop, values: v });
    }
  }
  const cuts = new Set<number>([0, duration]);
  for (const a of arrays) {
    for (let k = 1; k < a.values.length; k++) cuts.add(frame((k * duration) / a.values.length));
  }
  for (const s of subtitles) {
    for (const cue of s.cues) {
      if (cue.start < duration) cuts.add(frame(cue.start));
      if (cue.end < duration) cuts.add(frame(cue.end));
    }
  }
  const sorted = [...cuts].sort((a, b) => a - b);
  const spans: Span[] = [];
  for (let i = 0; i + 1 < sorted.length; i++) {
    const start = sorted[i];
    const end = sorted[i + 1];
    if (end - start <= 1e-6) continue;
    const mid = (start + end) / 2;
    const layers: LayerData = {};
    for (const [name, patch] of Object.entries(data)) {
      if (isObject(patch)) layers[name] = { ...patch };
    }
    for (const a of arrays) {
      const k = Math.min(a.values.length - 1, Math.floor((mid * a.values.length) / duration));
      layers[a.name][a.prop] = a.values[k];
    }
    for (const s of subtitles) {
      const cue = s.cues.find((q) => q.start <= mid && mid < q.end);
      layers[s.name] = cue
        ? { ...layers[s.name], text: cue.text, hide: false }
        : { ...layers[s.name], hide: true };
    }
    spans.push({ start, end, layers });
  }
  return spans;
}
