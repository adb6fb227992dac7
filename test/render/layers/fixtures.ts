/**
 * Test pictures for layer tests, made with sharp from small SVG drawings so no binary fixtures
 * are needed: a landscape "quadrants" picture whose corners are told apart at a glance (for fit
 * modes and focal points), the same picture in every input format, and SVG shapes.
 */
import sharp from 'sharp';

/** Base URL of fixture pictures in test designs. */
export const FIXTURE_BASE = 'https://fixtures.test/';

/**
 * 400×200: red top-left, green top-right, blue bottom-left, yellow bottom-right, a white ring in
 * the centre and a black bar on the left edge, so crops and alignment are visible.
 */
export const QUADRANTS_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200">
  <rect width="200" height="100" fill="#e11d48"/><rect x="200" width="200" height="100" fill="#16a34a"/>
  <rect y="100" width="200" height="100" fill="#2563eb"/><rect x="200" y="100" width="200" height="100" fill="#facc15"/>
  <circle cx="200" cy="100" r="50" fill="none" stroke="#ffffff" stroke-width="16"/>
  <rect width="24" height="200" fill="#000000"/>
</svg>`;

/** A 120×160 portrait with a transparent background and an orange disc. */
const DISC_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="160">
  <circle cx="60" cy="80" r="50" fill="#f97316"/><rect x="40" y="10" width="40" height="20" fill="#0ea5e9"/>
</svg>`;

/** An icon for SVG shapes: paths, a group transform, an element without fill (layer colour). */
export const ICON_SVG = `<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
  <!-- a house -->
  <path d="M10 50 L50 10 L90 50 Z" fill="#dc2626"/>
  <rect x="20" y="50" width="60" height="40" style="fill:#fbbf24;stroke:#78350f;stroke-width:3"/>
  <g transform="translate(40 60)"><rect width="20" height="30"/></g>
  <circle cx="75" cy="25" r="8" fill="#0ea5e9" fill-opacity="0.6"/>
  <polygon points="5,95 95,95 95,98 5,98" fill="#111827"/>
</svg>`;

let cache: Map<string, Buffer> | undefined;

/** URL → bytes of every fixture picture (built once per test process). */
export async function fixtureFiles(): Promise<Map<string, Buffer>> {
  if (cache) return cache;
  const quadrants = await sharp(Buffer.from(QUADRANTS_SVG)).png().toBuffer();
  const disc = await sharp(Buffer.from(DISC_SVG)).png().toBuffer();
  const files = new Map<string, Buffer>([
    ['quadrants.png', quadrants],
    ['quadrants.jpg', await sharp(quadrants).jpeg({ quality: 92 }).toBuffer()],
    ['quadrants.webp', await sharp(quadrants).webp({ lossless: true }).toBuffer()],
    ['quadrants.gif', await sharp(quadrants).gif().toBuffer()],
    ['quadrants.avif', await sharp(quadrants).avif({ quality: 80 }).toBuffer()],
    ['quadrants.svg', Buffer.from(QUADRANTS_SVG)],
    ['disc.png', disc],
    ['icon.svg', Buffer.from(ICON_SVG)],
    ['not-a-picture.jpg', Buffer.from('<html>404 not found</html>')],
  ]);
  cache = new Map([...files].map(([name, bytes]) => [FIXTURE_BASE + name, bytes]));
  return cache;
}
