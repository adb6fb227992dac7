/** Helpers shared by the text tests: test font paths and a case's project fonts. */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { readFontFaceInfo } from '../../../src/core/font-face-info.ts';
import type { FontSource } from '../../../src/render/index.ts';

/** Path of a DejaVu test font from the dejavu-fonts-ttf package. */
export function dejavuFile(name: string): string {
  const pkg = createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json');
  return path.join(path.dirname(pkg), 'ttf', name);
}

/**
 * The project fonts of a golden case's fonts.json: key → DejaVu file name (a font of its own), or
 * key → { file, family } (a face of that family, with the weight and style read from the file as
 * an upload stores them).
 */
export function caseFontSources(
  spec: Record<string, string | { file: string; family: string }>,
): FontSource[] {
  return Object.entries(spec).map(([key, entry]) => {
    if (typeof entry === 'string') return { key, data: fs.readFileSync(dejavuFile(entry)) };
    const data = fs.readFileSync(dejavuFile(entry.file));
    const { weight, style } = readFontFaceInfo(data);
    return { key, data, family: entry.family, weight, style };
  });
}
