/**
 * The `Imprint-Warnings` header of a preview: its warnings as a JSON array of strings. Header
 * values must be ASCII, so every other character is written as a JSON `\uXXXX` escape: the
 * value stays valid JSON that `JSON.parse` reads back to the original text.
 */

import { capWarnings } from '../../../core/generation/warning-list.ts';

/**
 * The header value: a JSON array of the warnings, ASCII only; at most MAX_WARNINGS of them, a
 * longer list ending with a note of how many were left out.
 */
export function previewWarningsHeader(warnings: string[]): string {
  const kept = capWarnings(warnings);
  // JSON.stringify already escapes control characters; escape everything else above 0x7e.
  return JSON.stringify(kept).replace(
    /[\u007f-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
