/**
 * The colour input with a swatch that shows transparency: the colour is painted over a
 * checkerboard, so `none` (or a colour with alpha) shows the checkerboard through it instead of
 * the black the browser's colour input falls back to. The native input lies on top, invisible,
 * and still opens the picker. cmyk() and spot() colours show their (approximate) RGB.
 */
import type { InputHTMLAttributes } from 'preact';
import { paintable } from './swatch-color.ts';

export function ColorSwatch({
  color,
  ...input
}: { color: string } & InputHTMLAttributes<HTMLInputElement>) {
  const paint = paintable(color);
  return (
    <span class="swatch" data-transparent={paint === 'transparent' ? 'true' : undefined}>
      <span class="swatch-fill" style={{ background: paint }} aria-hidden="true" />
      <input {...input} />
    </span>
  );
}
