/**
 * SubRip (.srt) cues of a subtitle layer: index line (optional), `HH:MM:SS,mmm --> HH:MM:SS,mmm`,
 * then text lines up to a blank line. A cue whose timestamps cannot be read, or end before they
 * start, is the caller's error naming the field and the cue.
 */
import { VideoInputError } from '../core/ports/video-composer.ts';

export interface Cue {
  start: number;
  end: number;
  text: string;
}

const TIME = /^(\d{1,3}):([0-5]\d):([0-5]\d)[,.](\d{1,3})$/;
/** The most cues one file may hold: each is one still, so this bounds the work of a job. */
export const MAX_CUES = 2_000;

function seconds(value: string): number | undefined {
  const m = TIME.exec(value.trim());
  if (!m) return undefined;
  return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) + Number(`0.${m[4]}`);
}

/** The cues of `text` in file order; `where` names the field (e.g. `clips.0.layers.subs.srt`). */
export function parseSrt(text: string, where: string): Cue[] {
  const blocks = text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((b) => b.trim())
    .filter((b) => b !== '');
  if (blocks.length > MAX_CUES) {
    throw new VideoInputError(`${where}: at most ${MAX_CUES} cues are allowed`, where);
  }
  const cues: Cue[] = [];
  blocks.forEach((block, i) => {
    const lines = block.split('\n');
    const timingAt = lines[0].includes('-->') ? 0 : 1;
    const timing = lines[timingAt] ?? '';
    const [from, to] = timing.split('-->');
    // Positions after the end time (`X1:… Y1:…`) are allowed and ignored.
    const start = from === undefined ? undefined : seconds(from);
    const end = to === undefined ? undefined : seconds(to.trim().split(/\s+/)[0] ?? '');
    if (start === undefined || end === undefined || end <= start) {
      throw new VideoInputError(
        `${where}: cue ${i + 1} has no valid timing line "HH:MM:SS,mmm --> HH:MM:SS,mmm" (received ${JSON.stringify(timing.slice(0, 60))})`,
        where,
      );
    }
    const body = lines
      .slice(timingAt + 1)
      .join('\n')
      // Formatting tags (<i>, {\an8}) are not drawn: the layer's own style applies.
      .replace(/<[^>]{0,40}>|\{\\[^}]{0,40}\}/g, '')
      .trim();
    cues.push({ start, end, text: body });
  });
  if (cues.length === 0) {
    throw new VideoInputError(`${where}: the SRT file holds no cues`, where);
  }
  return cues;
}
