/**
 * The VideoComposer adapter: plans each clip (downloads, ffprobe, timing), draws its stills
 * through the render threads, then runs one ffmpeg that composes and encodes the whole video
 * (filter-graph.ts). ffmpeg and ffprobe are Debian's, found on PATH unless given.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import {
  VideoInputError,
  type ComposedVideo,
  type VideoComposeInput,
  type VideoComposer,
  type VideoWarning,
} from '../core/ports/video-composer.ts';
import { planClip, type ClipPlan } from './clip-plan.ts';
import { renderClipStills } from './clip-stills.ts';
import { ffmpegArgs, type ComposedClip } from './filter-graph.ts';
import { ProcessError, runProcess } from './run-process.ts';
import { mapLimited } from './run-limited.ts';

/** Clips planned, and their stills drawn, at once. */
const PARALLEL_CLIPS = 3;

export interface FfmpegComposerOptions {
  /** The ffmpeg executable (default: `ffmpeg` on PATH). */
  ffmpeg?: string;
  /** The ffprobe executable (default: `ffprobe` on PATH). */
  ffprobe?: string;
}

/** How long `-version` may take when availability is checked. */
const VERSION_TIMEOUT_MS = 10_000;

export class FfmpegVideoComposer implements VideoComposer {
  private readonly ffmpeg: string;
  private readonly ffprobe: string;
  private available?: Promise<{ available: boolean; detail?: string }>;

  constructor(options: FfmpegComposerOptions = {}) {
    this.ffmpeg = options.ffmpeg ?? 'ffmpeg';
    this.ffprobe = options.ffprobe ?? 'ffprobe';
  }

  /** Runs `ffmpeg -version` and `ffprobe -version` once; the answer is kept for the process. */
  availability(): Promise<{ available: boolean; detail?: string }> {
    this.available ??= (async () => {
      for (const tool of [this.ffmpeg, this.ffprobe]) {
        try {
          await runProcess(tool, ['-hide_banner', '-version'], { timeoutMs: VERSION_TIMEOUT_MS });
        } catch (err) {
          return {
            available: false,
            detail: `${tool} cannot run (${(err as Error).message}); install Debian's ffmpeg package`,
          };
        }
      }
      return { available: true };
    })();
    return this.available;
  }

  async compose(input: VideoComposeInput): Promise<ComposedVideo> {
    const { options, limits, workDir, signal } = input;
    if (input.clips.length === 0) {
      throw new VideoInputError('clips: at least one clip is needed', 'clips');
    }
    const fetched = new Map<string, Promise<string>>();
    const fetchOnce = (url: string, where: string): Promise<string> => {
      let file = fetched.get(url);
      if (!file) {
        file = input.download(url, where);
        fetched.set(url, file);
      }
      return file;
    };
    const probe = { ffprobe: this.ffprobe, timeoutMs: limits.processTimeoutMs, signal };
    for (const [c, clip] of input.clips.entries()) {
      if (clip.design.unit !== undefined && clip.design.unit !== 'px') {
        throw new VideoInputError(
          `clips.${c}.template_uuid: videos need a template measured in px (this one is in ${clip.design.unit})`,
          `clips.${c}.template_uuid`,
        );
      }
    }
    // Clips are planned (sources downloaded and probed) a few at once: each probe is a process
    // start of about 0.1–0.2 s, which a clip at a time would add up in series.
    const plans: ClipPlan[] = await mapLimited(input.clips, PARALLEL_CLIPS, (clip, c) =>
      planClip(clip, c, input, probe, fetchOnce),
    );
    const total = plans.reduce((sum, p) => sum + p.duration, 0);
    if (total > limits.maxSeconds + 1e-6) {
      throw new VideoInputError(
        `clips: the video would last ${total.toFixed(2)} s; at most ${limits.maxSeconds} s are allowed`,
        'clips',
      );
    }
    const warnings: VideoWarning[] = [];
    const width = evenSide(options.width ?? plans[0].design.width, 'width', warnings);
    const height = evenSide(options.height ?? plans[0].design.height, 'height', warnings);
    const clips: ComposedClip[] = await mapLimited(plans, PARALLEL_CLIPS, async (plan, c) => {
      signal.throwIfAborted();
      const stack = await renderClipStills(plan, c, workDir, input.renderStill);
      return { plan, stack, masks: await writeMasks(plan, c, workDir) };
    });
    signal.throwIfAborted();
    let watermark: string | undefined;
    if (input.renderWatermark) {
      watermark = join(workDir, 'watermark.png');
      await writeFile(watermark, await input.renderWatermark(width, height));
    }
    const output = join(workDir, 'video.mp4');
    const args = ffmpegArgs({
      clips,
      width,
      height,
      fps: options.fps,
      background: options.canvas_background,
      threads: limits.threads,
      output,
      ...(watermark ? { watermark } : {}),
    });
    try {
      await runProcess(this.ffmpeg, args, { timeoutMs: limits.processTimeoutMs, signal });
    } catch (err) {
      if (err instanceof ProcessError && err.reason === 'exit') {
        const tail = err.stderrTail.split('\n').slice(-3).join(' | ');
        throw new Error(`ffmpeg could not compose the video: ${tail}`, { cause: err });
      }
      throw err;
    }
    return { path: output, durationSeconds: total, width, height, fps: options.fps, warnings };
  }
}

/** H.264 in yuv420p needs even sides: an odd one loses a pixel, with a warning. */
function evenSide(side: number, name: string, warnings: VideoWarning[]): number {
  const even = Math.max(2, Math.floor(side / 2) * 2);
  if (even !== side) {
    warnings.push({
      code: 'video_size_rounded',
      message: `the video's ${name} ${side} is odd; H.264 needs even sides, so it is ${even}`,
    });
  }
  return even;
}

/** One alpha mask per rounded video box: white inside the rounded rectangle, black outside. */
async function writeMasks(
  plan: ClipPlan,
  c: number,
  workDir: string,
): Promise<Map<number, string>> {
  const masks = new Map<number, string>();
  for (const video of plan.videos) {
    const radius = Number(video.layer.border_radius ?? 0);
    if (!(radius > 0)) continue;
    const w = Math.max(1, Math.round(Number(video.layer.width)));
    const h = Math.max(1, Math.round(Number(video.layer.height)));
    const r = Math.min(radius, w / 2, h / 2);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="${w}" height="${h}" fill="#000"/><rect width="${w}" height="${h}" rx="${r}" ry="${r}" fill="#fff"/></svg>`;
    const file = join(workDir, `clip${c}-mask${video.index}.png`);
    await sharp(Buffer.from(svg)).greyscale().png().toFile(file);
    masks.set(video.index, file);
  }
  return masks;
}
