/**
 * signUrl: a signed URL of the URL API, `GET /u/{template_uuid}?title[text]=…&s=…`. The signature
 * `s` is the hex HMAC-SHA256 of the query string exactly as it is sent, without `&s=…`, keyed
 * with the project's URL-signing secret (`imprint url secret --project <id>`).
 */
import { createHmac } from 'node:crypto';

/** Layer name → property → value, as `layers` of `POST /images` (`{ title: { text: 'Hi' } }`). */
export type UrlLayers = Record<string, Record<string, string | number | boolean>>;

/** Output options of the URL API and where the server is. */
export interface SignUrlOptions {
  /** The server's root URL; without it the result is a path (`/u/…`). */
  baseUrl?: string;
  width?: number;
  height?: number;
  image_format?: 'auto' | 'jpg' | 'png' | 'webp';
  dpi?: 72 | 150 | 300;
  filename?: string;
  color_mode?: 'rgb' | 'cmyk';
}

/** Builds the signed URL of a template with layer data; the secret never leaves the caller. */
export function signUrl(
  template: string,
  layers: UrlLayers,
  secret: string,
  options: SignUrlOptions = {},
): string {
  const query = new URLSearchParams();
  for (const [layer, properties] of Object.entries(layers)) {
    for (const [property, value] of Object.entries(properties)) {
      query.append(`${layer}[${property}]`, String(value));
    }
  }
  const { baseUrl, ...output } = options;
  for (const [name, value] of Object.entries(output)) {
    if (value !== undefined) query.append(name, String(value));
  }
  // Sign the very string that is sent: URLSearchParams encodes it once, here.
  const text = query.toString();
  const s = createHmac('sha256', secret).update(text).digest('hex');
  const base = (baseUrl ?? '').replace(/\/+$/, '');
  return `${base}/u/${encodeURIComponent(template)}?${text ? `${text}&` : ''}s=${s}`;
}
