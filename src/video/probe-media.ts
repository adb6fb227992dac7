/**
 * ffprobe of a downloaded source: what streams it has and how long it lasts. A file ffprobe cannot
 * read, one without the stream the field needs, one without a known duration, or one longer than
 * the job's `maxSourceSeconds` is the caller's error (VideoInputError naming the field).
 */
import { VideoInputError } from '../core/ports/video-composer.ts';
import { ProcessError, runProcess } from './run-process.ts';

/** What the composer needs to know of a source. */
export interface MediaInfo {
  /** Seconds. */
  duration: number;
  /** The first video stream's size, when there is one (pictures count as none). */
  video?: { width: number; height: number };
  hasAudio: boolean;
}

export interface ProbeOptions {
  ffprobe: string;
  timeoutMs: number;
  maxSeconds: number;
  signal: AbortSignal;
}

interface ProbeJson {
  format?: { duration?: string; format_name?: string };
  streams?: Array<{
    codec_type?: string;
    width?: number;
    height?: number;
    duration?: string;
    disposition?: { attached_pic?: number };
  }>;
}

/** Stream formats that hold a single picture: a PNG is not a video, even if ffprobe reads it. */
const PICTURE_FORMATS = /(^|,)(image2|png_pipe|jpeg_pipe|webp_pipe|gif|svg_pipe|bmp_pipe)(,|$)/;

/**
 * Probes `path` as the `kind` the field `where` needs: a video (a video stream, with or without
 * sound) or an audio track (an audio stream).
 */
export async function probeMedia(
  path: string,
  kind: 'video' | 'audio',
  where: string,
  options: ProbeOptions,
): Promise<MediaInfo> {
  let json: ProbeJson;
  try {
    const { stdout } = await runProcess(
      options.ffprobe,
      [
        '-v',
        'error',
        '-protocol_whitelist',
        'file',
        '-show_entries',
        'format=duration,format_name:stream=codec_type,width,height,duration:stream_disposition=attached_pic',
        '-of',
        'json',
        path,
      ],
      { timeoutMs: options.timeoutMs, signal: options.signal },
    );
    json = JSON.parse(stdout) as ProbeJson;
  } catch (err) {
    if (err instanceof ProcessError && err.reason === 'exit') {
      throw new VideoInputError(
        `${where}: the file is not a readable ${kind} (${lastLine(err.stderrTail)})`,
        where,
      );
    }
    if (err instanceof SyntaxError) {
      throw new VideoInputError(`${where}: the file is not a readable ${kind}`, where);
    }
    throw err;
  }
  const streams = json.streams ?? [];
  const videoStream = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  const hasAudio = streams.some((s) => s.codec_type === 'audio');
  const picture = PICTURE_FORMATS.test(json.format?.format_name ?? '');
  if (kind === 'video' && (!videoStream || picture)) {
    throw new VideoInputError(
      `${where}: the file is not a video (MP4, WebM or MOV with a video stream)`,
      where,
    );
  }
  if (kind === 'audio' && !hasAudio) {
    throw new VideoInputError(`${where}: the file has no sound (MP3, AAC or WAV expected)`, where);
  }
  const duration = Number(json.format?.duration ?? videoStream?.duration);
  if (!Number.isFinite(duration) || duration <= 0) {
    throw new VideoInputError(`${where}: the ${kind}'s duration cannot be read`, where);
  }
  if (duration > options.maxSeconds) {
    throw new VideoInputError(
      `${where}: the ${kind} lasts ${duration.toFixed(1)} s; at most ${options.maxSeconds} s are allowed`,
      where,
    );
  }
  const width = videoStream?.width ?? 0;
  const height = videoStream?.height ?? 0;
  if (kind === 'video' && (width <= 0 || height <= 0)) {
    throw new VideoInputError(`${where}: the video's size cannot be read`, where);
  }
  return {
    duration,
    video: kind === 'video' ? { width, height } : undefined,
    hasAudio,
  };
}

/** The last non-empty line of ffprobe's stderr: its reason, without the file's path. */
function lastLine(stderr: string): string {
  const line = stderr.trim().split('\n').pop() ?? '';
  return line.replace(/^.*?: /, '').slice(0, 200) || 'unreadable';
}
