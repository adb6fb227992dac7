/**
 * The `Imprint-Warnings` header of a preview: its warnings as a JSON array of strings. Header
 * values must be ASCII, so every other character is written as a JSON `\uXXXX` escape: the
 * value stays valid JSON that `JSON.parse` reads back to the original text.
 */

/** Most warnings a header carries; a longer list ends with a note of how many were left out. */
export const MAX_HEADER_WARNINGS = 50;

/** The header value: a JSON array of the warnings, ASCII only. */
export function previewWarningsHeader(warnings: string[]): string {
  const kept = warnings.slice(0, MAX_HEADER_WARNINGS);
  if (warnings.length > kept.length) kept.push(`${warnings.length - kept.length} more warnings`);
  // JSON.stringify already escapes control characters; escape everything else above 0x7e.
  return JSON.stringify(kept).replace(
    /[\u007f-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
