/** `HH:MM:SS(.ff)` of audio_trim_start/_end, read to seconds; anything else is the caller's error. */
import { VideoInputError } from '../core/ports/video-composer.ts';

const TIMECODE = /^(\d{1,2}):([0-5]\d):([0-5]\d)(?:[.,](\d{1,3}))?$/;

/** Seconds of `value` (e.g. "00:00:01.50" → 1.5); `where` names the field in the error. */
export function parseTimecode(value: string, where: string): number {
  const m = TIMECODE.exec(value.trim());
  if (!m) {
    throw new VideoInputError(
      `${where}: must be a time as HH:MM:SS or HH:MM:SS.ff (e.g. "00:00:02.50"); received ${JSON.stringify(value).slice(0, 60)}`,
      where,
    );
  }
  const fraction = m[4] ? Number(`0.${m[4]}`) : 0;
  return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) + fraction;
}
