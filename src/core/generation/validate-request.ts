/**
 * Checks of a creation request that need no database: webhook URLs, passthrough length,
 * modifications (through the engine's option checks) and the transfer object. Every problem is
 * collected with its JSON path so the client gets one 422 naming all bad fields.
 */
import {
  hasUnrepresentableNumber,
  keptLength,
  unrepresentableNumberMessage,
} from '../json-value.ts';
import type { FieldErrorCollector } from '../errors.ts';
import {
  checkPdfOptions,
  checkRasterOptions,
  checkMetadata,
  type MergeOptions,
  type PdfOptions,
  type RasterOptions,
  type RenderProblem,
} from '../../render/index.ts';
import { validateTransfer, type Transfer } from '../../storage/transfer/transfer.ts';
import type { ImageModifications, MergeModifications, PdfModifications } from './render-row.ts';

/** Longest passthrough, in characters (a string as is, anything else as serialised JSON). */
export const PASSTHROUGH_MAX = 1024;

/** The fields every creation call shares, after checking. */
export interface CommonFields {
  webhook_success: string | null;
  webhook_error: string | null;
  passthrough: unknown;
  transfer: Transfer | null;
  /** Warnings known at creation (ignored request data), stored with the row. */
  warnings?: string[];
}

/** A problem of the engine as a sentence naming its field. */
export function problemMessage(p: RenderProblem): string {
  const msg = p.message.trim().replace(/\.$/, '');
  return /^(must|is|has|should|cannot)\b/.test(msg)
    ? `The ${p.path} field ${msg}.`
    : `${p.path}: ${msg}.`;
}

/** Adds engine problems to the collector, each under `prefix` + its path. */
export function addProblems(
  errors: FieldErrorCollector,
  problems: RenderProblem[],
  prefix = '',
): void {
  for (const p of problems) {
    const path = `${prefix}${p.path}`;
    errors.add(path, problemMessage({ path, message: p.message }));
  }
}

function isHttpUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** Checks webhook_success, webhook_error, passthrough and transfer. */
export function checkCommonFields(
  body: Record<string, unknown>,
  errors: FieldErrorCollector,
): CommonFields {
  const hook = (field: 'webhook_success' | 'webhook_error'): string | null => {
    const v = body[field];
    if (v === undefined || v === null || v === '') return null;
    if (typeof v !== 'string' || !isHttpUrl(v)) {
      errors.add(field, `The ${field} field must be an http or https URL.`);
      return null;
    }
    return v;
  };
  const webhook_success = hook('webhook_success');
  const webhook_error = hook('webhook_error');
  const passthrough = body.passthrough;
  if (hasUnrepresentableNumber(passthrough)) {
    errors.add('passthrough', unrepresentableNumberMessage('passthrough'));
  } else if (passthrough !== undefined) {
    const length = keptLength(passthrough);
    if (length > PASSTHROUGH_MAX)
      errors.add(
        'passthrough',
        `The passthrough field must not be greater than ${PASSTHROUGH_MAX} characters (received ${length}).`,
      );
  }
  let transfer: Transfer | null = null;
  if (body.transfer !== undefined && body.transfer !== null) {
    const problems = validateTransfer(body.transfer, 'transfer');
    for (const p of problems) errors.add(p.path, p.message);
    if (problems.length === 0) transfer = body.transfer as Transfer;
  }
  return { webhook_success, webhook_error, passthrough, transfer };
}

/** Says why the outbound policy will refuse a URL, or null (the destination-check port). */
export type DestinationCheck = (url: string) => Promise<string | null>;

/**
 * Refuses the webhook URLs and the transfer endpoint the outbound policy would refuse later, when
 * the delivery or the upload runs: the client hears it now, with the setting that allows them.
 * Only fields whose form passed are asked about; the checks run side by side.
 */
export async function checkDestinations(
  common: CommonFields,
  errors: FieldErrorCollector,
  refused: DestinationCheck,
): Promise<void> {
  const targets: Array<[string, string]> = [];
  if (common.webhook_success) targets.push(['webhook_success', common.webhook_success]);
  if (common.webhook_error) targets.push(['webhook_error', common.webhook_error]);
  if (common.transfer?.endpoint) targets.push(['transfer.endpoint', common.transfer.endpoint]);
  const reasons = await Promise.all(targets.map(([, url]) => refused(url)));
  targets.forEach(([field], i) => {
    const why = reasons[i];
    if (why)
      errors.add(
        field,
        `The ${field} field is refused: ${why}. Imprint contacts only public addresses unless the server sets IMPRINT_ALLOW_PRIVATE_URLS=1.`,
      );
  });
}

const num = (v: unknown): number | undefined =>
  v === undefined || v === null ? undefined : typeof v === 'string' ? Number(v) : (v as number);

/** Image modifications → the engine's raster options, checked (cmyk with png/webp, dpi…). */
export function checkImageModifications(
  raw: Record<string, unknown> | undefined,
  errors: FieldErrorCollector,
): { modifications: ImageModifications; options: RasterOptions } {
  const m = raw ?? {};
  const modifications: ImageModifications = {};
  if (m.width !== undefined && m.width !== null) modifications.width = num(m.width);
  if (m.height !== undefined && m.height !== null) modifications.height = num(m.height);
  if (typeof m.filename === 'string' && m.filename !== '') modifications.filename = m.filename;
  if (m.image_format !== undefined && m.image_format !== null)
    modifications.image_format = m.image_format as ImageModifications['image_format'];
  if (m.dpi !== undefined && m.dpi !== null)
    modifications.dpi = num(m.dpi) as ImageModifications['dpi'];
  if (m.color_mode !== undefined && m.color_mode !== null)
    modifications.color_mode = m.color_mode as ImageModifications['color_mode'];
  if (m.png_compression !== undefined && m.png_compression !== null)
    modifications.png_compression = m.png_compression as ImageModifications['png_compression'];
  const options = rasterOptionsOf(modifications);
  addProblems(errors, checkRasterOptions(options));
  return { modifications, options };
}

/** PDF modifications → the engine's PDF options, checked (dpi, quality, colour profile…). */
export function checkPdfModifications(
  raw: Record<string, unknown> | undefined,
  errors: FieldErrorCollector,
  /** The bytes of the imported profile `color_profile` names, when it has no bundled file. */
  colorProfileData?: Buffer,
): { modifications: PdfModifications; options: PdfOptions } {
  const m = raw ?? {};
  const modifications: PdfModifications = {};
  if (typeof m.filename === 'string' && m.filename !== '') modifications.filename = m.filename;
  if (m.image_quality !== undefined && m.image_quality !== null)
    modifications.image_quality = m.image_quality as PdfModifications['image_quality'];
  if (m.dpi !== undefined && m.dpi !== null)
    modifications.dpi = num(m.dpi) as PdfModifications['dpi'];
  if (m.color_mode !== undefined && m.color_mode !== null)
    modifications.color_mode = m.color_mode as PdfModifications['color_mode'];
  if (m.color_profile !== undefined && m.color_profile !== null)
    modifications.color_profile = String(m.color_profile);
  if (m.black !== undefined && m.black !== null)
    modifications.black = m.black as PdfModifications['black'];
  if (m.pdf_standard !== undefined && m.pdf_standard !== null && m.pdf_standard !== '')
    modifications.pdf_standard = m.pdf_standard as PdfModifications['pdf_standard'];
  if (m.rendering_intent !== undefined && m.rendering_intent !== null && m.rendering_intent !== '')
    modifications.rendering_intent = m.rendering_intent as PdfModifications['rendering_intent'];
  if (m.bleed !== undefined && m.bleed !== null && m.bleed !== '')
    // A decimal string (a form field) is its number; anything else is kept for the message.
    modifications.bleed = (
      typeof m.bleed === 'string' && m.bleed.trim() !== '' && Number.isFinite(Number(m.bleed))
        ? Number(m.bleed)
        : m.bleed
    ) as number;
  // Flags: "true"/"false" (a form field) are the booleans; anything else is kept for the message.
  for (const key of ['crop_marks', 'black_overprint'] as const) {
    const v = m[key];
    if (v !== undefined && v !== null)
      modifications[key] = (v === 'true' ? true : v === 'false' ? false : v) as boolean;
  }
  Object.assign(modifications, checkDocInfo(m, errors));
  const options = pdfOptionsOf(modifications);
  addProblems(errors, checkPdfOptions({ ...options, colorProfileData }));
  return { modifications, options };
}

/**
 * The document information of PDF or merge modifications: title, author and lang, checked (an
 * empty string is a field a form left empty: nothing).
 */
export function checkDocInfo(
  m: Record<string, unknown>,
  errors: FieldErrorCollector,
): Pick<PdfModifications, 'title' | 'author' | 'lang'> {
  const out: Pick<PdfModifications, 'title' | 'author' | 'lang'> = {};
  for (const key of ['title', 'author', 'lang'] as const) {
    const v = m[key];
    if (v !== undefined && v !== null && v !== '') out[key] = v as string;
  }
  const problems: RenderProblem[] = [];
  checkMetadata(problems, out);
  addProblems(errors, problems);
  return out;
}

/** The engine options of stored PDF modifications. */
export function pdfOptionsOf(m: PdfModifications): PdfOptions {
  return {
    dpi: m.dpi,
    imageQuality: m.image_quality,
    colorMode: m.color_mode,
    colorProfile: m.color_profile,
    black: m.black,
    bleed: m.bleed,
    cropMarks: m.crop_marks,
    blackOverprint: m.black_overprint,
    pdfStandard: m.pdf_standard,
    renderingIntent: m.rendering_intent,
    title: m.title,
    author: m.author,
    lang: m.lang,
  };
}

/** The engine options of stored merge modifications, with the merge page cap. */
export function mergeOptionsOf(m: MergeModifications, maxPages: number): MergeOptions {
  return {
    maxPages,
    title: m.title,
    author: m.author,
    lang: m.lang,
    ...(m.pdf_standard ? { pdfStandard: m.pdf_standard } : {}),
  };
}

/** The engine options of stored image modifications. */
export function rasterOptionsOf(m: ImageModifications): RasterOptions {
  return {
    format: m.image_format,
    width: m.width,
    height: m.height,
    dpi: m.dpi,
    colorMode: m.color_mode,
    pngCompression: m.png_compression,
  };
}

/** Checks merge URLs (2–10 http(s) URLs; the count is also enforced by the route schema). */
export function checkMergeUrls(urls: unknown, errors: FieldErrorCollector): string[] {
  if (!Array.isArray(urls)) {
    errors.add('urls', 'The urls field must be an array of 2 to 10 PDF URLs.');
    return [];
  }
  if (urls.length < 2 || urls.length > 10) {
    errors.add('urls', `The urls field must have 2 to 10 items (received ${urls.length}).`);
  }
  urls.forEach((u, i) => {
    if (typeof u !== 'string' || !isHttpUrl(u))
      errors.add(`urls.${i}`, `The urls.${i} field must be an http or https URL.`);
  });
  return urls as string[];
}
