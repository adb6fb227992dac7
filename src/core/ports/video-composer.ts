/**
 * Port: turns a checked video request (POST /videos), with its clips' template designs, into an
 * MP4 file on this machine's disk. The adapter composes: it draws each clip's template once per
 * distinct set of values through `renderStill`, and one ffmpeg filter graph places the videos,
 * overlays the stills for their time spans, mixes the audio and encodes H.264/AAC (DESIGN.md,
 * "Videos and screenshots"). Generation (intake, claims, settlement) stays the same for every
 * resource kind; this port is the only part that knows ffmpeg.
 */
import type { Design, LayerData } from '../../render/index.ts';

/**
 * One clip as the request sent it. In videos a text layer's `text` and a picture layer's
 * `image`/`video` may be arrays: the clip is divided into equal parts, one per value.
 */
export interface VideoClipInput {
  /** The clip's template design (the version the request pinned, or the published one). */
  design: Design;
  /** Which version of the template that design is (recorded on the video object). */
  templateVersion: number;
  layers: LayerData;
  /** URL of an MP3/AAC/WAV track for the clip. */
  audio?: string;
  /** `auto`: the track is cut to the clip's length; otherwise the clip lasts until it ends. */
  audio_duration?: string;
  /** `HH:MM:SS(.ff)` */
  audio_trim_start?: string;
  /** `HH:MM:SS(.ff)` */
  audio_trim_end?: string;
}

/** The output's settings, defaults already applied by the request checks. */
export interface VideoOutputOptions {
  /** Output size; absent: the first clip's template size. */
  width?: number;
  height?: number;
  /** 1–30 */
  fps: number;
  /** `#rrggbb` or `blur` (clips of another size are fitted onto the canvas). */
  canvas_background: string;
  /** Seconds a clip without any video (or audio that sets its length) lasts. */
  clipSeconds: number;
}

/** Bounds of one video job (configuration, documented in docs/videos.md). */
export interface VideoLimits {
  /** Longest output, in seconds. */
  maxSeconds: number;
  /** Longest source video or audio file, in seconds. */
  maxSourceSeconds: number;
  /** Wall-clock limit of each ffmpeg/ffprobe run; the process is killed when it is reached. */
  processTimeoutMs: number;
  /** ffmpeg's `-threads`. */
  threads: number;
}

/** What compose() needs from the service around it. */
export interface VideoComposeInput {
  clips: VideoClipInput[];
  options: VideoOutputOptions;
  limits: VideoLimits;
  /** The job's own folder: downloads and intermediate files go here; the caller removes it. */
  workDir: string;
  /**
   * Downloads a URL (or a /media upload) through net/safe-fetch (address policy, byte and time
   * limits) into `workDir` and returns the file's path; rejects with an error naming the URL.
   * `where` names the field for errors, e.g. `clips.0.layers.bg.video`.
   */
  download(url: string, where: string): Promise<string>;
  /**
   * Draws `design` with `layers` (single values) as a PNG of the design's size with its alpha
   * kept, in a render thread. The composer passes designs with some layers removed (the videos'
   * boxes, or the layers above or below a video) and a transparent background where it needs to.
   */
  renderStill(design: Design, layers: LayerData): Promise<Buffer>;
  /**
   * For test tokens: draws the test watermark alone, as a transparent PNG of `width`×`height`;
   * the composer lays it once over the whole output (stills are drawn without it, so it neither
   * stacks where stills overlap nor hides under a video).
   */
  renderWatermark?(width: number, height: number): Promise<Buffer>;
  /** Aborted when the job is cancelled or its process stops: every child process is killed. */
  signal: AbortSignal;
}

/** A warning about the output, in the same shape as render warnings. */
export interface VideoWarning {
  code: string;
  message: string;
  layer?: string;
}

/** The composed file. */
export interface ComposedVideo {
  /** Path of the MP4 inside workDir. */
  path: string;
  durationSeconds: number;
  width: number;
  height: number;
  fps: number;
  warnings: VideoWarning[];
}

export interface VideoComposer {
  compose(input: VideoComposeInput): Promise<ComposedVideo>;
  /** Whether ffmpeg and ffprobe can run here, and if not why (for /ready and the 503 of /videos). */
  availability(): Promise<{ available: boolean; detail?: string }>;
}

/**
 * A failure the caller caused (a source that is not a video, too long, a broken SRT…): the job
 * fails with this message, which names the clip and layer. Anything else is an internal error.
 */
export class VideoInputError extends Error {
  readonly field?: string;
  constructor(message: string, field?: string) {
    super(message);
    this.field = field;
    this.name = 'VideoInputError';
  }
}
