/**
 * Execution of a video row: loads its clips' designs (the versions fixed at creation), then, in
 * a video slot, hands them to the VideoComposer (ports/video-composer.ts) with a job folder under
 * the OS temp folder, a downloader of sources (address policy, byte and time limits) and a still
 * renderer (the render threads, PNG with alpha, watermarked for test tokens). The folder is
 * removed when the job ends, whether it finished or failed. The cost is set from the composed
 * duration (1 credit per started second) before the file is handed to settlement.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  prepareRender,
  usedLayerData,
  type Design,
  type FontSource,
  type LayerData,
  type RenderAssets,
  type RenderedFile,
} from '../../render/index.ts';
import { VideoInputError, type VideoClipInput } from '../ports/video-composer.ts';
import { assetCapMessage, planAssets } from './asset-plan.ts';
import { checkFonts, layersUsing } from './check-fonts.ts';
import type { ExecutionDeps, KnownDesigns } from './execute-render.ts';
import { knownDesignKey } from './execute-render.ts';
import { fetchPictures } from './fetch-pictures.ts';
import { RenderJobFailure, safeMessage } from './job-failure.ts';
import { setCost } from './job-pricing.ts';
import { imagePixels } from './render-pixels.ts';
import type { RenderRow, VideoClip } from './render-row.ts';
import { problemMessage } from './validate-request.ts';
import { makeVideoWorkDir } from './video-work-dirs.ts';
import type { VideoSetup } from './video-setup.ts';
import { videoCredits } from './video-setup.ts';
import { withPixels } from './with-pixels.ts';

type VideoRow = RenderRow & { request: { kind: 'video' } };

/** The design of each clip; a template (or version) deleted since the request fails the job. */
async function loadClips(
  deps: ExecutionDeps,
  row: VideoRow,
  known?: KnownDesigns,
): Promise<VideoClipInput[]> {
  const out: VideoClipInput[] = [];
  for (const [i, clip] of row.request.clips.entries()) {
    const { template_uuid: uuid, template_version: version } = clip;
    const found =
      known?.get(knownDesignKey(uuid, version)) ??
      (await deps.templates.getDesign(row.project_id, uuid, version));
    if (!found) {
      throw new RenderJobFailure('input', [
        version === undefined
          ? `clips.${i}.template_uuid: Template not found (${uuid})`
          : `clips.${i}.template_version: Version ${version} of the template ${uuid} not found`,
      ]);
    }
    out.push(clipInput(clip, found.design, found.version ?? 0));
  }
  return out;
}

function clipInput(clip: VideoClip, design: Design, templateVersion: number): VideoClipInput {
  return {
    design,
    templateVersion,
    layers: clip.layers,
    ...(clip.audio ? { audio: clip.audio } : {}),
    ...(clip.audio_duration ? { audio_duration: clip.audio_duration } : {}),
    ...(clip.audio_trim_start ? { audio_trim_start: clip.audio_trim_start } : {}),
    ...(clip.audio_trim_end ? { audio_trim_end: clip.audio_trim_end } : {}),
  };
}

/**
 * Draws one still: the composer's design and single values, with their pictures downloaded and
 * fonts checked (each font once per job), as a PNG of the design's size in a render thread.
 */
function stillRenderer(deps: ExecutionDeps, row: VideoRow) {
  const fonts = new Map<string, FontSource | null>();
  return async (design: Design, layers: LayerData): Promise<Buffer> => {
    const prepared = prepareRender(design, layers);
    if (prepared.problems.length) {
      throw new RenderJobFailure(
        'input',
        prepared.problems.map((p) => problemMessage(p)),
      );
    }
    const plan = planAssets([{ design: prepared.design, prefix: '' }], deps.maxAssetsPerJob);
    if (plan.overCap) {
      throw new RenderJobFailure('input', [assetCapMessage(plan.overCap, deps.maxAssetsPerJob)]);
    }
    const { files, screenshots } = await fetchPictures(deps.assets, plan.needs, deps.log);
    const wanted = prepared.fontKeys.filter((k) => !fonts.has(k));
    if (wanted.length) {
      const loaded = await deps.fonts.loadFontSources(row.project_id, wanted);
      const usable = await checkFonts(deps.fontInspector, loaded, (key) =>
        layersUsing(prepared.design, key, ''),
      );
      for (const k of wanted) fonts.set(k, null);
      for (const f of usable) fonts.set(f.key, f);
    }
    const used = [...fonts.values()].filter((f): f is FontSource => f !== null);
    // The test watermark is laid once over the whole video (watermarkRenderer), not per still.
    return renderPng(deps, design, usedLayerData(design, layers), {
      assets: { files, fonts: used, screenshots },
      watermark: false,
    });
  };
}

/** Draws the test watermark alone on a transparent canvas of the output's size. */
function watermarkRenderer(deps: ExecutionDeps, base: Design) {
  return (width: number, height: number): Promise<Buffer> => {
    const design: Design = { ...base, width, height, background: 'transparent', layers: [] };
    return renderPng(
      deps,
      design,
      {},
      { assets: { files: new Map(), fonts: [] }, watermark: true },
    );
  };
}

/** A PNG (alpha kept) of `design` in a render thread, within the pixel budget. */
async function renderPng(
  deps: ExecutionDeps,
  design: Design,
  layers: LayerData | undefined,
  o: { assets: RenderAssets; watermark: boolean },
): Promise<Buffer> {
  const options = { format: 'png' as const, watermark: o.watermark };
  const file = await withPixels(deps.budget, imagePixels(design, options), () =>
    deps.renderer.renderImage({ design, layers, assets: o.assets, options }),
  );
  return file.bytes;
}

/**
 * Composes a claimed video row into an MP4. `enterStage` takes the video slot (after the designs
 * are read, before anything is downloaded: sources and encoding both belong to the slot).
 */
export async function executeVideo(
  deps: ExecutionDeps,
  row: VideoRow,
  enterStage: () => Promise<void>,
  known?: KnownDesigns,
): Promise<RenderedFile> {
  const setup: VideoSetup | undefined = deps.video;
  if (!setup) {
    throw new RenderJobFailure('render', [
      'Videos are not available on this installation (no video composer is configured).',
    ]);
  }
  const clips = await loadClips(deps, row, known);
  await enterStage();
  const workDir = await makeVideoWorkDir(setup.tempDir);
  // Aborted when compose ends either way, so no ffmpeg it started outlives the job.
  const controller = new AbortController();
  try {
    let n = 0;
    const download = async (url: string, where: string): Promise<string> => {
      const file = path.join(workDir, `source-${n++}`);
      try {
        await setup.downloader.download(url, file, {
          maxBytes: setup.maxSourceBytes,
          timeoutMs: setup.fetchTimeoutMs,
        });
      } catch (err) {
        throw new RenderJobFailure('asset_fetch', [`${where}: ${safeMessage(err, deps.log)}`]);
      }
      return file;
    };
    const m = row.request.modifications;
    const composed = await setup.composer.compose({
      clips,
      options: {
        ...(m.width ? { width: m.width } : {}),
        ...(m.height ? { height: m.height } : {}),
        fps: m.fps,
        canvas_background: m.canvas_background,
        clipSeconds: m.clip_duration,
      },
      limits: setup.limits,
      workDir,
      download,
      renderStill: stillRenderer(deps, row),
      ...(row.test_mode ? { renderWatermark: watermarkRenderer(deps, clips[0].design) } : {}),
      signal: controller.signal,
    });
    const credits = videoCredits(composed.durationSeconds);
    await setCost(
      deps.ledger,
      row,
      credits,
      `this video of ${Math.round(composed.durationSeconds * 100) / 100} s`,
      '1 per started second',
    );
    const bytes = await fs.readFile(composed.path);
    return {
      bytes,
      mime: 'video/mp4',
      ext: 'mp4',
      width: composed.width,
      height: composed.height,
      warnings: composed.warnings.map((w) => ({
        code: w.code as never,
        path: w.layer ?? 'video',
        message: w.message,
      })),
    };
  } catch (err) {
    if (err instanceof VideoInputError) {
      throw new RenderJobFailure('input', [
        err.field && !err.message.startsWith(err.field)
          ? `${err.field}: ${err.message}`
          : err.message,
      ]);
    }
    throw err;
  } finally {
    controller.abort();
    await fs.rm(workDir, { recursive: true, force: true }).catch(() => undefined);
  }
}
