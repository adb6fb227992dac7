/**
 * Intake's checks of POST /videos (Placid's body, docs/videos.md): every clip's template (the
 * pinned version, else the published one, else the latest), its layer data value by value (in
 * videos, text and picture values may be arrays, shown in turn), its audio fields, and the
 * output modifications. A limit that can be known now (a total above IMPRINT_VIDEO_MAX_SECONDS)
 * is a 422 before anything is queued; the rest is known only after download and fails the job.
 */
import { FieldErrorCollector, notFound, type FieldErrors } from '../errors.ts';
import type { Caller } from '../projects.ts';
import { prepareRender, type Design, type LayerData } from '../../render/index.ts';
import { knownDesignKey, type KnownDesigns } from './execute-render.ts';
import { unknownVersionMessage } from '../template-version-use-cases.ts';
import type { RequestCheckDeps, CheckedRequest } from './request-checks.ts';
import type { VideoClip, VideoModifications } from './render-row.ts';
import { addProblems, checkCommonFields, checkDestinations } from './validate-request.ts';
import { requestWarningLines, type UnknownFields } from './warning-list.ts';
import { timecodeSeconds, VIDEO_FPS, videoCredits } from './video-setup.ts';

type Body = Record<string, unknown>;

const isRecord = (v: unknown): v is Body =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Most values one layer property may list (each is drawn once). */
export const MAX_VALUES_PER_PROPERTY = 50;

/** Properties that may be arrays in a video (`video` is checked here and refused as a list). */
const ARRAY_PROPERTIES = ['text', 'image', 'video'] as const;

/** What the checks need besides the image/PDF ones: the limits that can be known now. */
export interface VideoCheckLimits {
  maxSeconds: number;
  clipSeconds: number;
}

function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** The output modifications with their defaults, or problems named under `modifications.`. */
function checkModifications(
  raw: Body | undefined,
  limits: VideoCheckLimits,
  errors: FieldErrorCollector,
): VideoModifications {
  const m = raw ?? {};
  const format = m.format ?? 'mp4';
  if (format !== 'mp4') {
    errors.add('modifications.format', 'The modifications.format field must be "mp4".');
  }
  const fps = m.fps ?? VIDEO_FPS.default;
  if (
    typeof fps !== 'number' ||
    !Number.isInteger(fps) ||
    fps < VIDEO_FPS.min ||
    fps > VIDEO_FPS.max
  ) {
    errors.add(
      'modifications.fps',
      `The modifications.fps field must be a whole number from ${VIDEO_FPS.min} to ${VIDEO_FPS.max}.`,
    );
  }
  const size = (field: 'width' | 'height'): number | undefined => {
    const v = m[field];
    if (v === undefined || v === null) return undefined;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 16 || v > 4096) {
      errors.add(
        `modifications.${field}`,
        `The modifications.${field} field must be a whole number of pixels from 16 to 4096.`,
      );
      return undefined;
    }
    return v;
  };
  const width = size('width');
  const height = size('height');
  const background = m.canvas_background ?? '#000000';
  const colour =
    typeof background === 'string' && /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(background)
      ? expandHex(background)
      : background === 'blur'
        ? 'blur'
        : null;
  if (colour === null) {
    errors.add(
      'modifications.canvas_background',
      'The modifications.canvas_background field must be a colour as #rrggbb (or #rgb), or "blur".',
    );
  }
  const clipDuration = m.clip_duration ?? limits.clipSeconds;
  if (
    typeof clipDuration !== 'number' ||
    !(clipDuration >= 0.5) ||
    clipDuration > limits.maxSeconds
  ) {
    errors.add(
      'modifications.clip_duration',
      `The modifications.clip_duration field must be a number of seconds from 0.5 to ${limits.maxSeconds}.`,
    );
  }
  const filename = typeof m.filename === 'string' && m.filename !== '' ? m.filename : undefined;
  return {
    format: 'mp4',
    ...(width === undefined ? {} : { width }),
    ...(height === undefined ? {} : { height }),
    fps: typeof fps === 'number' ? fps : VIDEO_FPS.default,
    ...(filename ? { filename } : {}),
    canvas_background: colour ?? '#000000',
    clip_duration: typeof clipDuration === 'number' ? clipDuration : limits.clipSeconds,
  };
}

/** `#abc` → `#aabbcc`, lower case. */
function expandHex(hex: string): string {
  const h = hex.slice(1).toLowerCase();
  return `#${h.length === 3 ? [...h].map((c) => c + c).join('') : h}`;
}

/** A clip's audio fields, checked; undefined members are absent. */
function checkAudio(
  clip: Body,
  prefix: string,
  errors: FieldErrorCollector,
): Pick<VideoClip, 'audio' | 'audio_duration' | 'audio_trim_start' | 'audio_trim_end'> {
  const out: Pick<VideoClip, 'audio' | 'audio_duration' | 'audio_trim_start' | 'audio_trim_end'> =
    {};
  const audio = clip.audio;
  if (audio !== undefined && audio !== null && audio !== '') {
    if (!isHttpUrl(audio))
      errors.add(`${prefix}audio`, `The ${prefix}audio field must be an http or https URL.`);
    else out.audio = audio;
  }
  const duration = clip.audio_duration;
  if (duration !== undefined && duration !== null && duration !== '') {
    if (duration !== 'auto' && duration !== 'full') {
      errors.add(
        `${prefix}audio_duration`,
        `The ${prefix}audio_duration field must be "auto" (cut to the clip) or "full" (the clip lasts as long as the track).`,
      );
    } else out.audio_duration = duration;
  }
  for (const field of ['audio_trim_start', 'audio_trim_end'] as const) {
    const v = clip[field];
    if (v === undefined || v === null || v === '') continue;
    if (typeof v !== 'string' || timecodeSeconds(v) === null) {
      errors.add(
        `${prefix}${field}`,
        `The ${prefix}${field} field must be a time as HH:MM:SS or HH:MM:SS.ff.`,
      );
    } else out[field] = v;
  }
  const start = out.audio_trim_start ? timecodeSeconds(out.audio_trim_start) : 0;
  const end = out.audio_trim_end ? timecodeSeconds(out.audio_trim_end) : null;
  if (start !== null && end !== null && end <= start) {
    errors.add(
      `${prefix}audio_trim_end`,
      `The ${prefix}audio_trim_end field must be later than audio_trim_start.`,
    );
  }
  if (
    (out.audio_duration || out.audio_trim_start || out.audio_trim_end) &&
    !out.audio &&
    !errors.hasUnder(`${prefix}audio`)
  ) {
    errors.add(
      `${prefix}audio`,
      `The ${prefix}audio field is required when audio_duration or a trim is given.`,
    );
  }
  return out;
}

/**
 * The clip's layer data, value by value: arrays of text/image/video values are checked one
 * variant at a time (variant k takes the k-th value of every array), `video` only on picture
 * layers and as URLs, and a subtitle layer needs its `srt`. Returns the variants the engine
 * checks (without `video`, which the still renders never draw).
 */
function layerVariants(
  design: Design,
  layers: LayerData,
  prefix: string,
  errors: FieldErrorCollector,
): LayerData[] {
  const types = new Map(design.layers.map((l) => [l.name, l.type]));
  let count = 1;
  for (const [name, props] of Object.entries(layers)) {
    if (!isRecord(props)) continue;
    for (const key of ARRAY_PROPERTIES) {
      const v = props[key];
      const field = `${prefix}layers.${name}.${key}`;
      if (Array.isArray(v)) {
        if (v.length === 0 || v.length > MAX_VALUES_PER_PROPERTY) {
          errors.add(field, `The ${field} field must list 1 to ${MAX_VALUES_PER_PROPERTY} values.`);
          continue;
        }
        count = Math.max(count, v.length);
      }
      if (key === 'video' && v !== undefined && v !== null) {
        if (types.get(name) !== undefined && types.get(name) !== 'picture') {
          errors.add(
            field,
            `The ${field} field is for picture layers; ${name} is a ${types.get(name)} layer.`,
          );
        }
        // The composer plays one video per layer for the whole clip (docs/videos.md).
        if (Array.isArray(v)) {
          errors.add(field, `The ${field} field takes one video URL per layer, not a list.`);
        } else if (v !== '' && !isHttpUrl(v)) {
          errors.add(
            field,
            `The ${field} field must be an http or https URL of an MP4, WebM or MOV video.`,
          );
        }
      }
    }
  }
  // Subtitles come from an SRT file: Imprint does not transcribe speech.
  for (const layer of design.layers) {
    if (layer.type !== 'subtitle') continue;
    const given = isRecord(layers[layer.name]) ? layers[layer.name].srt : undefined;
    const stored = (layer as unknown as { srt?: unknown }).srt;
    const srt = given ?? stored;
    const field = `${prefix}layers.${layer.name}.srt`;
    if (srt === undefined || srt === null || srt === '') {
      errors.add(
        field,
        `The subtitle layer ${layer.name} needs an srt URL: automatic transcription is not available, so send the subtitles as an SRT file.`,
      );
    } else if (!isHttpUrl(srt)) {
      errors.add(field, `The ${field} field must be an http or https URL of an SRT file.`);
    }
  }
  const variants: LayerData[] = [];
  for (let k = 0; k < count; k++) {
    const variant: LayerData = {};
    for (const [name, props] of Object.entries(layers)) {
      if (!isRecord(props)) {
        variant[name] = props;
        continue;
      }
      const one: Record<string, unknown> = {};
      for (const [key, v] of Object.entries(props)) {
        if (key === 'video' || (key === 'srt' && types.get(name) === 'subtitle')) continue;
        one[key] =
          Array.isArray(v) && (ARRAY_PROPERTIES as readonly string[]).includes(key)
            ? v[Math.min(k, v.length - 1)]
            : v;
      }
      variant[name] = one;
    }
    variants.push(variant);
  }
  return variants;
}

/** Whether a clip has a video anywhere in its layer data. */
function hasVideo(layers: LayerData): boolean {
  return Object.values(layers).some((p) => {
    if (!isRecord(p)) return false;
    const v = p.video;
    return Array.isArray(v) ? v.some((u) => u) : typeof v === 'string' && v !== '';
  });
}

/**
 * The least a clip can last, known before download: a clip without videos or a full audio
 * track lasts clip_duration; a full track trimmed at both ends lasts at least its cut.
 */
function knownSeconds(clip: VideoClip, clipDuration: number): number {
  if (hasVideo(clip.layers)) return 0;
  if (!clip.audio || clip.audio_duration === 'auto') return clipDuration;
  const start = clip.audio_trim_start ? (timecodeSeconds(clip.audio_trim_start) ?? 0) : 0;
  const end = clip.audio_trim_end ? timecodeSeconds(clip.audio_trim_end) : null;
  return end === null ? 0 : Math.max(0, end - start);
}

/** POST /videos; a 404 (naming the clips) only when nothing else is wrong. */
export async function checkVideoRequest(
  deps: RequestCheckDeps,
  limits: VideoCheckLimits,
  caller: Caller,
  body: Body,
  schemaErrors: FieldErrors,
  unknownFields?: UnknownFields,
): Promise<CheckedRequest> {
  const errors = new FieldErrorCollector(schemaErrors);
  const common = checkCommonFields(body, errors);
  if (deps.refusedDestination) await checkDestinations(common, errors, deps.refusedDestination);
  const mods = checkModifications(
    isRecord(body.modifications) ? body.modifications : undefined,
    limits,
    errors,
  );
  const rawClips: unknown[] = Array.isArray(body.clips) ? body.clips : [];
  if (rawClips.length === 0) errors.add('clips', 'The clips field must have at least 1 clip.');
  const clips: VideoClip[] = [];
  const warned: Parameters<typeof requestWarningLines>[0] = [];
  const missing: FieldErrors = {};
  const known: KnownDesigns = new Map();
  for (const [i, c] of rawClips.entries()) {
    const prefix = `clips.${i}.`;
    if (!isRecord(c)) {
      errors.add(`clips.${i}`, `The clips.${i} field must be an object.`);
      continue;
    }
    const uuid =
      typeof c.template_uuid === 'string' && c.template_uuid !== '' ? c.template_uuid : undefined;
    if (!uuid) {
      errors.add(`${prefix}template_uuid`, `The ${prefix}template_uuid field is required.`);
      continue;
    }
    const v = c.template_version;
    const pinned = typeof v === 'number' && Number.isInteger(v) && v >= 1 ? v : undefined;
    // The project's designs go through a bounded cache (store/design-cache.ts).
    const found =
      known.get(knownDesignKey(uuid, pinned)) ??
      (await deps.templates.getDesign(caller.project.id, uuid, pinned));
    const audio = checkAudio(c, prefix, errors);
    if (!found) {
      const template =
        pinned === undefined ? undefined : await deps.templates.getDesign(caller.project.id, uuid);
      if (template) {
        errors.add(
          `${prefix}template_version`,
          unknownVersionMessage(
            `${prefix}template_version`,
            pinned as number,
            template.template.version,
          ),
        );
      } else missing[`${prefix}template_uuid`] = [`Template not found (${uuid})`];
      continue;
    }
    known.set(knownDesignKey(uuid, pinned), found);
    known.set(knownDesignKey(uuid, found.version), found);
    const layers = (isRecord(c.layers) ? c.layers : {}) as LayerData;
    for (const variant of layerVariants(found.design, layers, prefix, errors)) {
      addProblems(errors, prepareRender(found.design, variant).problems, prefix);
    }
    warned.push({ design: found.design, layers: withoutVideoFields(layers), prefix });
    clips.push({
      template_uuid: uuid,
      ...(found.version === undefined ? {} : { template_version: found.version }),
      layers,
      ...audio,
    });
  }
  const least = clips.reduce((sum, clip) => sum + knownSeconds(clip, mods.clip_duration), 0);
  if (least > limits.maxSeconds && !errors.hasUnder('clips')) {
    errors.add(
      'clips',
      `The video would last at least ${Math.round(least * 100) / 100} s, more than the longest this server makes (${limits.maxSeconds} s, IMPRINT_VIDEO_MAX_SECONDS).`,
    );
  }
  common.warnings = requestWarningLines(warned, unknownFields);
  errors.throwIfAny();
  if (Object.keys(missing).length) throw notFound('Template', missing);
  return {
    request: { kind: 'video', clips, modifications: mods },
    common,
    // What is known now is reserved; the job sets the cost of the real length when it finishes.
    cost: videoCredits(least),
    known,
  };
}

/** Layer data without the video-only fields, for the warnings of the engine's checks. */
function withoutVideoFields(layers: LayerData): LayerData {
  const out: LayerData = {};
  for (const [name, props] of Object.entries(layers)) {
    if (!isRecord(props)) {
      out[name] = props;
      continue;
    }
    const { video: _video, srt: _srt, ...rest } = props;
    const one: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(rest))
      one[k] = Array.isArray(v) && (ARRAY_PROPERTIES as readonly string[]).includes(k) ? v[0] : v;
    out[name] = one;
  }
  return out;
}
