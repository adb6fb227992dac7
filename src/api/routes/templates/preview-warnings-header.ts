/**
 * The warning headers of a preview. `Imprint-Warnings`: its warnings as a JSON array of strings
 * `<path>: <message>`. `Imprint-Warning-Details`: the same warnings in the same order as
 * `{code, path, message}` objects, so programs (the editor) read the code instead of the text.
 * Header values must be ASCII, so every other character is written as a JSON `\uXXXX` escape:
 * the values stay valid JSON that `JSON.parse` reads back to the original text.
 */

import { capWarnings } from '../../../core/generation/warning-list.ts';
import type { Preview } from '../../../core/generation/preview-service.ts';

/** `value` as JSON with only ASCII characters. */
function asciiJson(value: unknown): string {
  // JSON.stringify already escapes control characters; escape everything else above 0x7e.
  return JSON.stringify(value).replace(
    /[\u007f-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * The `Imprint-Warnings` value: a JSON array of the warnings, ASCII only; at most MAX_WARNINGS of
 * them, a longer list ending with a note of how many were left out.
 */
export function previewWarningsHeader(warnings: string[]): string {
  return asciiJson(capWarnings(warnings));
}

/**
 * The `Imprint-Warning-Details` value: a JSON array of `{code, path, message}`, ASCII only, one
 * per line of `Imprint-Warnings` (the preview caps both lists alike; a capped list ends with a
 * `more_warnings` entry).
 */
export function previewWarningDetailsHeader(details: Preview['warningDetails']): string {
  return asciiJson(details.map(({ code, path, message }) => ({ code, path, message })));
}
