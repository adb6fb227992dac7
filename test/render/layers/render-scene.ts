/**
 * Renders a design the way the layer tests need it: validate, apply request data, paint on a
 * raster canvas with the bundled fonts and the fixture pictures, encode PNG.
 */
import { createCanvas } from '@napi-rs/canvas';
import assert from 'node:assert/strict';
import { applyLayerData } from '../../../src/render/design/apply-layer-data.ts';
import { validateDesign } from '../../../src/render/design/validate-design.ts';
import { resolveFontFamily } from '../../../src/render/fonts/index.ts';
import { paintDesign } from '../../../src/render/paint/index.ts';
import type { Design, DrawEnv, LayerData, Rect } from '../../../src/render/types.ts';
import { fixtureFiles } from './fixtures.ts';

/** A raster DrawEnv over the fixture pictures; links are collected in `links`. */
export async function testEnv(
  scale = 1,
  target: DrawEnv['target'] = 'raster',
): Promise<DrawEnv & { links: Array<{ rect: Rect; url: string }> }> {
  const links: Array<{ rect: Rect; url: string }> = [];
  return {
    target,
    scale,
    files: await fixtureFiles(),
    resolveFont: (ref) => resolveFontFamily(ref),
    addLink: (rect, url) => links.push({ rect, url }),
    warn: () => {},
    links,
  };
}

/** A validated design (fails the test on problems). */
export function designOf(input: unknown): Design {
  const { design, problems } = validateDesign(input);
  assert.deepEqual(problems, []);
  return design as Design;
}

/** Validates, applies `data`, paints at `scale` and returns the PNG. */
export async function renderScene(input: unknown, data?: LayerData, scale = 1): Promise<Buffer> {
  const applied = applyLayerData(designOf(input), data);
  assert.deepEqual(applied.problems, []);
  const { design } = applied;
  const canvas = createCanvas(Math.round(design.width * scale), Math.round(design.height * scale));
  const ctx = canvas.getContext('2d');
  ctx.scale(scale, scale);
  await paintDesign(ctx, design, await testEnv(scale));
  return canvas.encode('png');
}
