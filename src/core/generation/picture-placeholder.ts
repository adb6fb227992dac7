/**
 * What a preview draws for a picture it could not load: grey diagonal stripes with a red "no"
 * sign in the middle, so the canvas never goes on showing an old picture as if it were current.
 * It is an SVG, so the picture layer scales and crops it like any picture (the stripes fill any
 * box; the sign stays centred), and a shape's `svg` draws it too. Only previews use it:
 * POST /images and /pdfs fail on such a URL with an error naming the layer and the answer.
 */
import type { RenderWarning } from '../../render/index.ts';
import type { FailedPicture } from './fetch-pictures.ts';

const SIDE = 1200;
const STRIPE = 60;

const stripes = Array.from({ length: (2 * SIDE) / STRIPE }, (_, i) => {
  const x = i * STRIPE * 2 - SIDE;
  return `<path d="M${x} ${SIDE}L${x + SIDE} 0h${STRIPE}L${x + STRIPE} ${SIDE}z"/>`;
}).join('');

/** The placeholder picture (SVG bytes). */
export const PICTURE_PLACEHOLDER = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="${SIDE}" height="${SIDE}" viewBox="0 0 ${SIDE} ${SIDE}">` +
    `<rect width="${SIDE}" height="${SIDE}" fill="#e5e7eb"/>` +
    `<g fill="#c4c9d1">${stripes}</g>` +
    `<circle cx="600" cy="600" r="110" fill="#ffffff" stroke="#dc2626" stroke-width="36"/>` +
    `<path d="M524 524L676 676" stroke="#dc2626" stroke-width="36" stroke-linecap="round"/>` +
    `</svg>`,
);

/** One `picture_unavailable` warning per layer that uses a picture that could not be loaded. */
export function placeholderWarnings(failed: FailedPicture[]): RenderWarning[] {
  return failed.flatMap(({ need, message }) =>
    need.where.map((path) => ({
      code: 'picture_unavailable' as const,
      path,
      message: `${message}; the preview shows a placeholder (POST /images and /pdfs fail on this picture)`,
    })),
  );
}
