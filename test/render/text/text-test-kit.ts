/** Helpers shared by the text tests: test font paths. */
import { createRequire } from 'node:module';
import path from 'node:path';

/** Path of a DejaVu test font from the dejavu-fonts-ttf package. */
export function dejavuFile(name: string): string {
  const pkg = createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json');
  return path.join(path.dirname(pkg), 'ttf', name);
}
