/**
 * The painter shared by images and PDFs: background, then every visible layer in order, each in
 * its own coordinate system (origin at the layer's top-left, rotated about its centre, opacity as
 * globalAlpha). The caller has already scaled the context to output units.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { drawLayer, getLayerType } from '../layers/index.ts';
import type { Design, DrawEnv } from '../types.ts';
import { RenderInputError } from '../types.ts';

/** Paints a validated (and patched) design onto `ctx`. */
export async function paintDesign(ctx: SKRSContext2D, design: Design, env: DrawEnv): Promise<void> {
  if (design.background) {
    ctx.save();
    ctx.fillStyle = design.background;
    ctx.fillRect(0, 0, design.width, design.height);
    ctx.restore();
  }
  for (const layer of design.layers) {
    const opacity = layer.opacity ?? 100;
    if (layer.hide || opacity <= 0) continue;
    const type = getLayerType(layer.type);
    if (!type) {
      throw new RenderInputError([
        { path: `layers.${layer.name}.type`, message: `unknown layer type "${layer.type}"` },
      ]);
    }
    ctx.save();
    try {
      ctx.translate(layer.x, layer.y);
      const rotation = layer.rotation ?? 0;
      if (rotation) {
        ctx.translate(layer.width / 2, layer.height / 2);
        ctx.rotate((rotation * Math.PI) / 180);
        ctx.translate(-layer.width / 2, -layer.height / 2);
      }
      ctx.globalAlpha *= Math.min(1, opacity / 100);
      await drawLayer(type, ctx, layer, env);
    } finally {
      ctx.restore();
    }
    if (layer.link_target) {
      env.addLink(
        { x: layer.x, y: layer.y, width: layer.width, height: layer.height },
        layer.link_target,
      );
    }
  }
}
