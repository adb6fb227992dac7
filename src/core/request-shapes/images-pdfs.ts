/**
 * Request bodies of the image and PDF creation routes (POST /images, POST /{template_uuid},
 * POST /pdfs, POST /pdfs/merge). The schemas hold what a JSON schema can check (types, enums,
 * counts); rules that need the engine or the database (cmyk with png, layer values, templates,
 * passthrough length) are checked by the generation service.
 */
import { Type, type Static } from '@sinclair/typebox';
import { AnyOfTypes, EnumOrNull, Nullable, OptionalFields } from './schema-helpers.ts';

const url = (description: string) => Nullable(Type.String(), { description });

const webhookSuccess = url(
  'POSTed the finished object (signed, retried). A loopback or private address is a 422 unless the server sets IMPRINT_ALLOW_PRIVATE_URLS=1.',
);
const webhookError = url(
  'Extension: POSTed the object when it ends in error. Addresses as for webhook_success.',
);
// The spec's "string or array", plus objects (Placid's clients send them); a number or a
// boolean is a wrong type. null means none.
const passthrough = AnyOfTypes<string | unknown[] | Record<string, unknown> | null>(
  ['string', 'array', 'object', 'null'],
  {
    description: 'String, array or object (≤1024 characters as serialised), echoed back as given.',
  },
);
const transfer = AnyOfTypes<Record<string, unknown> | null>(['object', 'null'], {
  description: 'Copy the file to your S3-compatible bucket (credentials are never stored).',
});
const createNow = Nullable(Type.Boolean(), {
  description: 'Render inside the request and answer with the finished object.',
});

/** Layer name → properties (a patch over the stored layer, checked against the template). */
const layers = Type.Unsafe<Record<string, Record<string, unknown>> | null>({
  type: ['object', 'null'],
  additionalProperties: { type: 'object' },
  description: 'Layer name → properties (text, image, value, hide, …).',
});

/** An enum of whole numbers that also takes them as strings ("150"), or null. */
function intOrNumericString<const V extends readonly number[]>(values: V) {
  return EnumOrNull([...values, ...values.map(String)] as (V[number] | `${V[number]}`)[]);
}

const filename = Nullable(Type.String(), { maxLength: 200 });

/** The `modifications` of an image. */
const imageModifications = Nullable(
  OptionalFields({
    width: Nullable(Type.Integer(), { minimum: 1, maximum: 16000 }),
    height: Nullable(Type.Integer(), { minimum: 1, maximum: 16000 }),
    filename,
    image_format: EnumOrNull(['auto', 'jpg', 'png', 'webp']),
    dpi: intOrNumericString([72, 150, 300]),
    color_mode: EnumOrNull(['rgb', 'cmyk']),
    png_compression: EnumOrNull(['fast', 'balanced', 'small'], {
      description:
        'Extension, PNG only: fast (default; zlib 3, no filtering), balanced (zlib 6, adaptive filtering: ~17% smaller, ~4.5× the encode time), small (zlib 9, adaptive filtering: ~21% smaller, ~14× the encode time).',
    }),
  }),
);

const ignoredErrors = AnyOfTypes<unknown[] | null>(['array', 'null'], {
  description: 'Accepted and ignored (shown empty in the reference).',
});

/** A version of the template to render (docs/template-versions.md). */
const templateVersion = Nullable(
  Type.Integer({
    minimum: 1,
    description:
      "The template version to render; default: the template's published_version, else its latest version (docs/template-versions.md).",
  }),
);

/** Body of POST /images. */
export const CreateImageBody = Type.Object({
  template_uuid: Type.String({ minLength: 1 }),
  template_version: Type.Optional(templateVersion),
  layers: Type.Optional(layers),
  webhook_success: Type.Optional(webhookSuccess),
  webhook_error: Type.Optional(webhookError),
  passthrough: Type.Optional(passthrough),
  transfer: Type.Optional(transfer),
  create_now: Type.Optional(createNow),
  errors: Type.Optional(ignoredErrors),
  modifications: Type.Optional(imageModifications),
});
/** Body of POST /images as a type. */
export type CreateImageBody = Static<typeof CreateImageBody>;

/**
 * Body of POST /{template_uuid}, Placid's alias of POST /images (its v2 docs still list it): the
 * template is named by the path, so template_uuid is optional here (if sent, it must match).
 */
export const CreateImageByPathBody = Type.Object({
  template_uuid: Type.Optional(
    Nullable(Type.String(), { description: 'Optional; must equal the path.' }),
  ),
  template_version: Type.Optional(templateVersion),
  layers: Type.Optional(layers),
  webhook_success: Type.Optional(webhookSuccess),
  webhook_error: Type.Optional(webhookError),
  passthrough: Type.Optional(passthrough),
  transfer: Type.Optional(transfer),
  create_now: Type.Optional(createNow),
  errors: Type.Optional(ignoredErrors),
  modifications: Type.Optional(imageModifications),
});
/** Body of POST /{template_uuid} as a type. */
export type CreateImageByPathBody = Static<typeof CreateImageByPathBody>;

/** The document information of a PDF or merge (docs/print.md#pdf-metadata). */
const docInfo = {
  title: Nullable(Type.String(), {
    description: "Title in the PDF metadata; default: the title of the first page's template.",
  }),
  author: Nullable(Type.String(), { description: 'Author in the PDF metadata.' }),
  lang: Nullable(Type.String(), {
    description: 'Language of the text, a BCP 47 tag such as "en" or "de-CH" (the PDF\'s Lang).',
  }),
};

/** Body of POST /pdfs. */
export const CreatePdfBody = Type.Object({
  pages: Type.Array(
    Type.Object({
      template_uuid: Type.String({ minLength: 1 }),
      template_version: Type.Optional(templateVersion),
      layers: Type.Optional(layers),
    }),
    { minItems: 1, maxItems: 100 },
  ),
  webhook_success: Type.Optional(webhookSuccess),
  webhook_error: Type.Optional(webhookError),
  passthrough: Type.Optional(passthrough),
  transfer: Type.Optional(transfer),
  create_now: Type.Optional(createNow),
  modifications: Type.Optional(
    Nullable(
      OptionalFields({
        filename,
        image_quality: EnumOrNull(['high', 'medium', 'low']),
        dpi: intOrNumericString([96, 150, 300]),
        color_mode: EnumOrNull(['rgb', 'cmyk']),
        color_profile: Nullable(Type.String()),
        black: EnumOrNull(['k', 'rich'], {
          description:
            'CMYK PDFs: "k" (default) prints pure black (#000000) text and vectors on the K plate only; "rich" keeps the four-ink black the CMYK profile makes of it (docs/print.md#black-and-cmyk-colours).',
        }),
        bleed: Type.Unknown({
          description:
            "Bleed in the design's unit (px, or the design's pt/mm/in): the page grows by it on every side, with TrimBox and BleedBox (docs/print.md#bleed-and-crop-marks).",
        }),
        crop_marks: Type.Unknown({
          description:
            'true: crop marks outside the bleed (in CMYK PDFs in registration colour, on every plate). Default false.',
        }),
        black_overprint: Type.Unknown({
          description:
            'CMYK PDFs: true (default) makes K-only black text and strokes up to 2 pt overprint, so the plates below have no text-shaped holes; false knocks them out (docs/print.md#black-overprint).',
        }),
        pdf_standard: EnumOrNull(['x4'], {
          description:
            '"x4" makes a PDF/X-4 file: output intent (CMYK profile, or sRGB for RGB PDFs without color_profile), TrimBox on every page, XMP metadata, no link annotations. Default: no standard (docs/print.md#pdfx-4).',
        }),
        rendering_intent: EnumOrNull(['perceptual', 'relative', 'saturation', 'absolute'], {
          description:
            'CMYK PDFs: the rendering intent of the RGB → CMYK conversion. "relative" (default) is relative colorimetric with black-point compensation (docs/print.md#rendering-intent).',
        }),
        ...docInfo,
      }),
    ),
  ),
});
/** Body of POST /pdfs as a type. */
export type CreatePdfBody = Static<typeof CreatePdfBody>;

/** Body of POST /pdfs/merge. */
export const MergePdfBody = Type.Object({
  urls: Type.Array(Type.String(), { minItems: 2, maxItems: 10 }),
  webhook_success: Type.Optional(webhookSuccess),
  webhook_error: Type.Optional(webhookError),
  passthrough: Type.Optional(passthrough),
  transfer: Type.Optional(transfer),
  create_now: Type.Optional(createNow),
  modifications: Type.Optional(
    Nullable(
      OptionalFields({
        filename,
        pdf_standard: EnumOrNull(['x4'], {
          description:
            '"x4": a PDF/X-4 merge. Every file must be a PDF/X file (a GTS_PDFX output intent) for the same ICC profile, such as PDFs made with pdf_standard "x4"; otherwise 422 naming the file (docs/print.md#pdfx-4).',
        }),
        ...docInfo,
      }),
    ),
  ),
});
/** Body of POST /pdfs/merge as a type. */
export type MergePdfBody = Static<typeof MergePdfBody>;

/** A clip's text in `HH:MM:SS(.ff)`. */
const timecode = (description: string) => Nullable(Type.String(), { description });

/** Body of POST /videos (Placid's, docs/videos.md). */
export const CreateVideoBody = Type.Object({
  clips: Type.Array(
    Type.Object({
      template_uuid: Type.String({ minLength: 1 }),
      template_version: Type.Optional(templateVersion),
      layers: Type.Optional(
        Type.Unsafe<Record<string, Record<string, unknown>> | null>({
          type: ['object', 'null'],
          additionalProperties: { type: 'object' },
          description:
            "Layer name → properties, as for images; in videos `text`, `image` and a picture layer's `video` (an MP4/WebM/MOV URL) may be arrays: the clip is divided into equal parts, one per value. A subtitle layer takes `srt` (an SRT file URL).",
        }),
      ),
      audio: Type.Optional(
        Nullable(Type.String(), { description: 'URL of an MP3, AAC or WAV track for the clip.' }),
      ),
      audio_duration: Type.Optional(
        EnumOrNull(['auto', 'full'], {
          description:
            '"auto": the track is cut to the clip\'s length; otherwise ("full", the default) the whole track plays and the clip lasts until it ends.',
        }),
      ),
      audio_trim_start: Type.Optional(timecode('Where the track starts, HH:MM:SS(.ff).')),
      audio_trim_end: Type.Optional(timecode('Where the track ends, HH:MM:SS(.ff).')),
    }),
    { minItems: 1, maxItems: 100 },
  ),
  webhook_success: Type.Optional(webhookSuccess),
  webhook_error: Type.Optional(webhookError),
  passthrough: Type.Optional(passthrough),
  transfer: Type.Optional(transfer),
  create_now: Type.Optional(
    Nullable(Type.Boolean(), {
      description:
        'Wait for the video: the answer is the finished object when it is done within IMPRINT_VIDEO_CREATE_NOW_WAIT_MS (default 30 s), else the queued object to poll.',
    }),
  ),
  modifications: Type.Optional(
    Nullable(
      OptionalFields({
        format: EnumOrNull(['mp4']),
        width: Nullable(Type.Integer(), {
          minimum: 16,
          maximum: 4096,
          description: "Output width; default: the first clip's template width.",
        }),
        height: Nullable(Type.Integer(), {
          minimum: 16,
          maximum: 4096,
          description: "Output height; default: the first clip's template height.",
        }),
        fps: Nullable(Type.Integer(), { minimum: 1, maximum: 30, description: 'Default 25.' }),
        filename,
        canvas_background: Nullable(Type.String(), {
          description:
            'Behind clips of another size than the output: a colour (#rrggbb, default #000000) or "blur" (the clip itself, scaled to cover and blurred).',
        }),
        clip_duration: Nullable(Type.Number(), {
          description:
            'Extension: seconds a clip without video or full audio track lasts (default IMPRINT_VIDEO_CLIP_SECONDS, 5).',
        }),
      }),
    ),
  ),
});
/** Body of POST /videos as a type. */
export type CreateVideoBody = Static<typeof CreateVideoBody>;
