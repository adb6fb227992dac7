/**
 * The one ffmpeg run of a video: its inputs (stills, videos, masks, tracks, all local files) and
 * its filter graph. Per clip: a canvas of the template's size, the stills and videos overlaid in
 * layer order (stills for their time spans), fitted onto the output canvas (colour or blur), the
 * sound of the videos and the clip's track mixed; then the clips concatenated and encoded as
 * H.264 yuv420p (+faststart) with AAC.
 */
import type { ClipPlan } from './clip-plan.ts';
import type { ClipLayer } from './clip-stills.ts';
import { boxFilters } from './video-box.ts';

export interface ComposedClip {
  plan: ClipPlan;
  stack: ClipLayer[];
  /** Mask PNG by video layer index, for rounded video boxes. */
  masks: Map<number, string>;
}

export interface GraphOptions {
  clips: ComposedClip[];
  width: number;
  height: number;
  fps: number;
  /** `#rrggbb` or `blur`. */
  background: string;
  threads: number;
  output: string;
  /** A PNG of the output's size laid over the whole video (the test watermark). */
  watermark?: string;
}

/** Audio every clip is brought to, so the clips concatenate. */
const AUDIO_FORMAT =
  'aresample=48000,aformat=sample_fmts=fltp:sample_rates=48000:channel_layouts=stereo';
/** x264 settings: fast enough for the speed targets, with a quality near the default's. */
const ENCODE = ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p'];

const fixed = (v: number): string => v.toFixed(4);

/** ffmpeg's arguments for the whole video. */
export function ffmpegArgs(o: GraphOptions): string[] {
  const inputs: string[][] = [];
  const addInput = (args: string[]): number => {
    // Only local files, whatever a file's contents ask for (playlists, concat lists, URLs).
    inputs.push(['-protocol_whitelist', 'file,pipe', '-threads', String(o.threads), ...args]);
    return inputs.length - 1;
  };
  const graph: string[] = [];
  const outs: string[] = [];
  o.clips.forEach((clip, c) => {
    const { plan } = clip;
    const dur = fixed(plan.duration);
    const cw = plan.design.width;
    const ch = plan.design.height;
    let cur = `c${c}s0`;
    const frames = Math.round(plan.duration * o.fps);
    let stack = clip.stack;
    const bottom = stack[0];
    if (
      bottom?.kind === 'stills' &&
      bottom.stills.length === 1 &&
      /^#[0-9a-f]{6}$/i.test(plan.design.background ?? '')
    ) {
      // An opaque bottom still shown for the whole clip is the canvas itself: its one frame is
      // cloned (tpad shares the picture) instead of blended over a black canvas on every frame.
      const i = addInput(['-framerate', String(o.fps), '-i', bottom.stills[0].path]);
      graph.push(
        `[${i}:v]format=yuv420p,setsar=1,tpad=stop_mode=clone:stop=${Math.max(0, frames - 1)}[${cur}]`,
      );
      stack = stack.slice(1);
    } else {
      graph.push(`color=c=black:s=${cw}x${ch}:r=${o.fps}:d=${dur},format=yuv420p[${cur}]`);
    }
    let step = 0;
    const next = (): string => `c${c}s${++step}`;
    const sounds: string[] = [];
    const half = 0.5 / o.fps;
    for (const entry of stack) {
      if (entry.kind === 'stills') {
        for (const still of entry.stills) {
          const i = addInput(['-i', still.path]);
          const enable = still.whole
            ? ''
            : `:enable='between(t,${fixed(still.start - half)},${fixed(still.end - half)})'`;
          const to = next();
          // A one-frame input: eof_action=repeat keeps its picture without decoding it again.
          graph.push(
            `[${cur}][${i}:v]overlay=${still.x}:${still.y}:eof_action=repeat${enable}[${to}]`,
          );
          cur = to;
        }
        continue;
      }
      const { video } = entry;
      const loop = video.info.duration + 1e-3 < plan.duration ? ['-stream_loop', '-1'] : [];
      const i = addInput([...loop, '-t', dur, '-i', video.path]);
      const box = boxFilters(video, o.fps);
      const fitted = `c${c}v${video.index}`;
      graph.push(`[${i}:v]${box.chain}[${fitted}]`);
      let shaped = fitted;
      const mask = clip.masks.get(video.index);
      if (mask) {
        const m = addInput(['-loop', '1', '-framerate', String(o.fps), '-t', dur, '-i', mask]);
        shaped = `${fitted}m`;
        graph.push(
          `[${m}:v]format=gray[${fitted}a]`,
          `[${fitted}][${fitted}a]alphamerge[${shaped}]`,
        );
      }
      if (box.turn) {
        graph.push(`[${shaped}]${box.turn}[${fitted}t]`);
        shaped = `${fitted}t`;
      }
      const to = next();
      graph.push(`[${cur}][${shaped}]overlay=x=${box.x}:y=${box.y}:eof_action=pass[${to}]`);
      cur = to;
      if (video.info.hasAudio) {
        const a = `c${c}a${sounds.length}`;
        graph.push(`[${i}:a]asetpts=PTS-STARTPTS,${AUDIO_FORMAT}[${a}]`);
        sounds.push(a);
      }
    }
    if (plan.audio) {
      const i = addInput(['-i', plan.audio.path]);
      const a = `c${c}a${sounds.length}`;
      const length = Math.min(plan.audio.length, plan.duration);
      graph.push(
        `[${i}:a]atrim=start=${fixed(plan.audio.start)}:duration=${fixed(length)},asetpts=PTS-STARTPTS,${AUDIO_FORMAT}[${a}]`,
      );
      sounds.push(a);
    }
    const video = `c${c}vo`;
    graph.push(`[${cur}]${fitToCanvas(cw, ch, o, `c${c}`)}setsar=1,format=yuv420p[${video}]`);
    const audio = `c${c}ao`;
    if (sounds.length === 0) {
      graph.push(`anullsrc=r=48000:cl=stereo,atrim=duration=${dur},${AUDIO_FORMAT}[${audio}]`);
    } else {
      const mixed =
        sounds.length === 1
          ? `[${sounds[0]}]`
          : `${sounds.map((s) => `[${s}]`).join('')}amix=inputs=${sounds.length}:duration=longest:normalize=0,`;
      graph.push(
        `${mixed}apad,atrim=duration=${dur},asetpts=PTS-STARTPTS,${AUDIO_FORMAT}[${audio}]`,
      );
    }
    outs.push(`[${video}][${audio}]`);
  });
  let mapV = 'c0vo';
  let mapA = 'c0ao';
  if (o.clips.length > 1) {
    graph.push(`${outs.join('')}concat=n=${o.clips.length}:v=1:a=1[vout][aout]`);
    mapV = 'vout';
    mapA = 'aout';
  }
  if (o.watermark) {
    const i = addInput(['-i', o.watermark]);
    graph.push(`[${mapV}][${i}:v]overlay=0:0:eof_action=repeat,format=yuv420p[vmark]`);
    mapV = 'vmark';
  }
  return [
    '-nostdin',
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    ...inputs.flat(),
    '-filter_complex_threads',
    String(o.threads),
    '-filter_complex',
    graph.join(';'),
    '-map',
    `[${mapV}]`,
    '-map',
    `[${mapA}]`,
    ...ENCODE,
    '-r',
    String(o.fps),
    '-threads',
    String(o.threads),
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    '-movflags',
    '+faststart',
    o.output,
  ];
}

/**
 * The filters that fit a clip of cw×ch onto the output canvas (ending with a comma), or '' when
 * it has the canvas's size: scaled to fit, centred on the colour, or on itself scaled to cover
 * and blurred (blurred at an eighth of the size: the same look for a fraction of the work).
 */
function fitToCanvas(cw: number, ch: number, o: GraphOptions, id: string): string {
  if (cw === o.width && ch === o.height) return '';
  const s = Math.min(o.width / cw, o.height / ch);
  const sw = Math.min(o.width, Math.max(2, Math.round((cw * s) / 2) * 2));
  const sh = Math.min(o.height, Math.max(2, Math.round((ch * s) / 2) * 2));
  const x = Math.floor((o.width - sw) / 2);
  const y = Math.floor((o.height - sh) / 2);
  if (o.background !== 'blur') {
    return `scale=${sw}:${sh},pad=${o.width}:${o.height}:${x}:${y}:color=${o.background},`;
  }
  const cover = Math.max(o.width / cw, o.height / ch) / 8;
  const bw = Math.max(2, Math.ceil((cw * cover) / 2) * 2);
  const bh = Math.max(2, Math.ceil((ch * cover) / 2) * 2);
  const smallW = Math.min(bw, Math.max(2, Math.round(o.width / 16) * 2));
  const smallH = Math.min(bh, Math.max(2, Math.round(o.height / 16) * 2));
  return (
    `split[${id}bs][${id}fs];` +
    `[${id}bs]scale=${bw}:${bh},crop=${smallW}:${smallH},boxblur=4:2,scale=${o.width}:${o.height}[${id}bg];` +
    `[${id}fs]scale=${sw}:${sh}[${id}fg];[${id}bg][${id}fg]overlay=${x}:${y},`
  );
}
