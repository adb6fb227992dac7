/** Picture decoding and the decoded-picture cache, shared by picture-like layers. */
export {
  decodePicture,
  decodePictureFor,
  pictureBytes,
  pictureInfo,
  pictureInfoFor,
  pictureScale,
  PICTURE_FORMATS,
} from './decode-picture.ts';
export type { PictureInfo } from './decode-picture.ts';
export {
  clearPictureCache,
  pictureCacheStats,
  setPictureCacheLimit,
  DEFAULT_PICTURE_CACHE_BYTES,
} from './picture-cache.ts';
export { fitPicture, parseObjectPosition } from './fit-picture.ts';
export type { FitPlan, ObjectFit } from './fit-picture.ts';
export { drawPicture } from './draw-picture.ts';
export type { PictureDraw } from './draw-picture.ts';
