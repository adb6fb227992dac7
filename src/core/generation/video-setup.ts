/**
 * What generation needs to make videos (POST /videos): the composer (ffmpeg), the downloader of
 * source files, and the limits (IMPRINT_VIDEO_*). Absent on an installation built without them;
 * POST /videos then answers 503.
 */
import type { MediaDownloader } from '../ports/media-downloader.ts';
import type { VideoComposer, VideoLimits } from '../ports/video-composer.ts';

export interface VideoSetup {
  composer: VideoComposer;
  downloader: MediaDownloader;
  limits: VideoLimits;
  /** Largest source file in bytes (IMPRINT_VIDEO_MAX_SOURCE_BYTES). */
  maxSourceBytes: number;
  /** Time limit of one source download (IMPRINT_VIDEO_FETCH_TIMEOUT_MS). */
  fetchTimeoutMs: number;
  /** Seconds a clip without video or audio lasts, unless the request says otherwise. */
  clipSeconds: number;
  /** Video jobs composing at once in this process (IMPRINT_VIDEO_CONCURRENCY). */
  concurrency: number;
  /** How long create_now waits for the finished video before answering the queued one. */
  createNowWaitMs: number;
  /** Parent of the job folders; default: the OS temp folder. */
  tempDir?: string;
}

/** The longest fps of a video and its default (Placid's). */
export const VIDEO_FPS = { min: 1, max: 30, default: 25 } as const;

/** Reads `HH:MM:SS(.ff)` as seconds; null when it is not one. */
export function timecodeSeconds(value: string): number | null {
  const m = /^(\d{1,3}):([0-5]\d):([0-5]\d)(?:\.(\d{1,3}))?$/.exec(value);
  if (!m) return null;
  const fraction = m[4] ? Number(`0.${m[4]}`) : 0;
  return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) + fraction;
}

/** Credits of a video: 1 per started second of output (Placid: 10 per 10 s). */
export function videoCredits(seconds: number): number {
  return Math.max(1, Math.ceil(seconds - 1e-6));
}
