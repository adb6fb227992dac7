/**
 * Golden scenes of the text layer, rendered through the public API (renderImage, PNG): every
 * folder test/render/cases/text-* holds design.json, optional data.json (request layer data),
 * optional fonts.json (project font key → DejaVu test file) and golden.png.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { renderImage } from '../../../src/render/index.ts';
import { assertMatchesGolden } from '../../helpers/golden.ts';
import { caseFontSources } from './text-test-kit.ts';

const CASES = path.join(import.meta.dirname, '..', 'cases');

const names = fs
  .readdirSync(CASES)
  .filter((n) => n.startsWith('text-') && fs.existsSync(path.join(CASES, n, 'design.json')))
  .sort();

describe('text golden scenes', () => {
  for (const name of names) {
    it(name, async () => {
      const dir = path.join(CASES, name);
      const read = (file: string) =>
        fs.existsSync(path.join(dir, file))
          ? JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'))
          : undefined;
      const fonts = caseFontSources(
        (read('fonts.json') ?? {}) as Parameters<typeof caseFontSources>[0],
      );
      const out = await renderImage({
        design: read('design.json'),
        layers: read('data.json'),
        assets: { files: new Map(), fonts },
        options: { format: 'png' },
      });
      await assertMatchesGolden(path.join(dir, 'golden.png'), out.bytes);
    });
  }
});
