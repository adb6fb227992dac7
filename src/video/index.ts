/** The video composer adapter (ffmpeg): the only part of Imprint that runs ffmpeg and ffprobe. */
export { FfmpegVideoComposer, type FfmpegComposerOptions } from './ffmpeg-video-composer.ts';
