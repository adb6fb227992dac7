/**
 * Golden scenes of the non-text layers and the painter: every folder under test/render/cases/
 * (except text-*) holds design.json, optional data.json (request layer data) and golden.png.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { assertMatchesGolden } from '../../helpers/golden.ts';
import { renderScene } from './render-scene.ts';

const CASES = path.join(import.meta.dirname, '..', 'cases');

const names = fs
  .readdirSync(CASES)
  .filter((n) => !n.startsWith('text-') && fs.existsSync(path.join(CASES, n, 'design.json')))
  .sort();

describe('layer golden scenes', () => {
  for (const name of names) {
    it(name, async () => {
      const dir = path.join(CASES, name);
      const read = (file: string) => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
      const data = fs.existsSync(path.join(dir, 'data.json')) ? read('data.json') : undefined;
      const png = await renderScene(read('design.json'), data);
      await assertMatchesGolden(path.join(dir, 'golden.png'), png);
    });
  }
});
