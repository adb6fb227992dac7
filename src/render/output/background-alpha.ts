/**
 * Whether a design's canvas background lets anything show through: null, 'transparent' or any
 * CSS colour with alpha < 1. Skia parses the colour, so every syntax the painter accepts is judged
 * the same way the painter draws it.
 */
import { createCanvas } from '@napi-rs/canvas';
import { LRUCache } from 'lru-cache';
import { stringBytes } from '../cache-budgets.ts';

const probe = createCanvas(1, 1).getContext('2d');
/** Answers by colour text: a few designs' backgrounds, bounded by bytes since any text may come. */
const cache = new LRUCache<string, boolean>({
  maxSize: 64 * 1024,
  sizeCalculation: (_r, key) => stringBytes(key) + 32,
});

/** True when the background is transparent or translucent (image_format auto → png). */
export function hasTransparentBackground(background: string | null | undefined): boolean {
  if (background === null || background === undefined) return true;
  const key = background.trim().toLowerCase();
  if (key === '' || key === 'transparent' || key === 'none') return true;
  let result = cache.get(key);
  if (result === undefined) {
    probe.clearRect(0, 0, 1, 1);
    probe.fillStyle = '#000000';
    probe.fillStyle = key; // an unparsable colour keeps the opaque default, as the painter would
    probe.fillRect(0, 0, 1, 1);
    result = probe.getImageData(0, 0, 1, 1).data[3] < 255;
    cache.set(key, result);
  }
  return result;
}
