/**
 * Intake's checks of the three creation requests (POST /images, /pdfs, /pdfs/merge): every field
 * is checked before anything is stored, so one 422 names all bad fields, and a request the engine
 * would refuse is a 422 instead of a queued object ending in error. Each check returns what the
 * row will store, what it costs, and the designs it read (a create_now renders with them).
 */
import { FieldErrorCollector, notFound, type FieldErrors } from '../errors.ts';
import type { Caller } from '../projects.ts';
import {
  prepareRender,
  RenderInputError,
  type RasterOptions,
  outputSize,
  pixelSize,
  bleedProblem,
  type Design,
  type LayerData,
} from '../../render/index.ts';
import { importedProfileData } from '../color-profiles.ts';
import { assetCapMessage, planAssets, type PageAssets } from './asset-plan.ts';
import { rawAssetOverCap, type RawPageAssets } from './asset-precount.ts';
import { fittedSize, imageCredits, MERGE_RESERVED_CREDITS, pdfCredits } from './credits.ts';
import { knownDesignKey, type KnownDesigns } from './execute-render.ts';
import { unknownVersionMessage } from '../template-version-use-cases.ts';
import type { GenerationDeps } from './generation-deps.ts';
import type { UnknownFields } from './warning-list.ts';
import { requestWarningLines } from './warning-list.ts';
import type { RenderRequest } from './render-row.ts';
import type {
  CreateImageBody,
  CreatePdfBody,
  MergePdfBody,
} from '../request-shapes/images-pdfs.ts';
import type { Checked } from '../request-shapes/schema-helpers.ts';
import {
  addProblems,
  checkCommonFields,
  checkDestinations,
  checkDocInfo,
  checkImageModifications,
  checkMergeUrls,
  checkPdfModifications,
  type CommonFields,
} from './validate-request.ts';

/** What the checks read: templates, imported profiles, the outbound policy and the asset cap. */
export type RequestCheckDeps = Pick<
  GenerationDeps,
  'templates' | 'colorProfiles' | 'refusedDestination' | 'maxAssetsPerJob'
>;

/** A creation request that passed its checks. */
export interface CheckedRequest {
  request: RenderRequest;
  common: CommonFields;
  /** What the row costs before test mode (0 credits) is applied. */
  cost: number;
  /** Designs read for the request, by template uuid. */
  known: KnownDesigns;
}

type Body = Record<string, unknown>;

const isRecord = (v: unknown): v is Body =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A template uuid worth looking up (the schema reports any other value). */
const uuidOf = (v: unknown): string | undefined =>
  typeof v === 'string' && v !== '' ? v : undefined;

/** The engine's size check of a raster output (e.g. a 3000 px canvas at 300 dpi). */
function outputSizeProblems(design: Design, options: RasterOptions) {
  try {
    outputSize(design, options);
    return [];
  } catch (err) {
    if (err instanceof RenderInputError) return err.problems;
    throw err;
  }
}

/** The common fields, with webhook and transfer destinations the outbound policy refuses. */
async function commonFields(
  deps: RequestCheckDeps,
  body: Body,
  errors: FieldErrorCollector,
): Promise<CommonFields> {
  const common = checkCommonFields(body, errors);
  if (deps.refusedDestination) await checkDestinations(common, errors, deps.refusedDestination);
  return common;
}

/**
 * The same 422 from the request's raw layer data, thrown before the designs are prepared: a
 * request naming tens of thousands of URLs is refused in linear time (asset-precount.ts).
 */
function refuseRawAssetsOverCap(
  cap: number,
  pages: RawPageAssets[],
  errors: FieldErrorCollector,
): void {
  const over = rawAssetOverCap(pages, cap);
  if (!over) return;
  errors.add(over.field, assetCapMessage(over, cap));
  errors.throwIfAny();
}

/** A 422 naming the field that takes a request above IMPRINT_MAX_ASSETS_PER_JOB. */
function checkAssetCap(cap: number, pages: PageAssets[], errors: FieldErrorCollector): void {
  const { overCap } = planAssets(pages, cap);
  if (overCap) errors.add(overCap.field, assetCapMessage(overCap, cap));
}

/** A template_version as the schema left it: a whole number ≥ 1, or undefined (null, absent). */
function versionOf(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 ? value : undefined;
}

/**
 * The design a request draws: the pinned version, else the published one, else the latest.
 * A version the template does not have is a 422 naming `field`; an unknown template stays
 * undefined (the caller's 404).
 */
async function designOf(
  deps: RequestCheckDeps,
  projectId: string,
  uuid: string,
  pinned: number | undefined,
  field: string,
  errors: FieldErrorCollector,
) {
  const found = await deps.templates.getDesign(projectId, uuid, pinned);
  if (found || pinned === undefined) return found;
  const template = await deps.templates.getDesign(projectId, uuid);
  if (template && !errors.hasUnder(field)) {
    errors.add(field, unknownVersionMessage(field, pinned, template.template.version));
  }
  return undefined;
}

/** POST /images; an unknown template is a 404 when nothing else is wrong. */
export async function checkImageRequest(
  deps: RequestCheckDeps,
  caller: Caller,
  body: Checked<CreateImageBody>,
  schemaErrors: FieldErrors,
  unknownFields?: UnknownFields,
): Promise<CheckedRequest> {
  const errors = new FieldErrorCollector(schemaErrors);
  const common = await commonFields(deps, body, errors);
  // Placid's v1 body: refused rather than rendered without its layer data (a field no v2
  // schema lists, so it is read as an unknown one).
  const v1Fields = (body as { fields?: unknown }).fields;
  if (v1Fields !== undefined && v1Fields !== null) {
    errors.add(
      'fields',
      'The fields field is the v1 API’s layer data, which Imprint does not support: send `layers` (v2) instead.',
    );
  }
  const mods = checkImageModifications(
    isRecord(body.modifications) ? body.modifications : undefined,
    errors,
  );
  const uuid = uuidOf(body.template_uuid);
  const layers = (isRecord(body.layers) ? body.layers : {}) as LayerData;
  const pinned = versionOf(body.template_version);
  const found = uuid
    ? await designOf(deps, caller.project.id, uuid, pinned, 'template_version', errors)
    : undefined;
  if (found) {
    const cap = deps.maxAssetsPerJob;
    refuseRawAssetsOverCap(cap, [{ design: found.design, layers, prefix: '' }], errors);
    const prepared = prepareRender(found.design, layers);
    addProblems(errors, prepared.problems);
    checkAssetCap(cap, [{ design: prepared.design, prefix: '' }], errors);
    common.warnings = requestWarningLines(
      [{ design: found.design, layers, prefix: '' }],
      unknownFields,
    );
    // Sized from modifications that are all valid, or the message would blame the wrong field.
    if (!errors.hasUnder('modifications'))
      addProblems(errors, outputSizeProblems(found.design, mods.options));
  }
  errors.throwIfAny();
  if (!found || !uuid) throw notFound('Template');
  const out = fittedSize(found.design, mods.modifications);
  const canvas = pixelSize(found.design);
  const longest = Math.max(canvas.width, canvas.height, out.width, out.height);
  return {
    request: {
      kind: 'image',
      template_uuid: uuid,
      // The version is fixed now: the job draws it even if the template is published again.
      ...(found.version === undefined ? {} : { template_version: found.version }),
      layers,
      modifications: mods.modifications,
    },
    common,
    cost: imageCredits({ width: longest, height: longest }),
    known: new Map([[knownDesignKey(uuid, found.version), found]]),
  };
}

/** POST /pdfs; a 404 (naming the pages) only when nothing else is wrong. */
export async function checkPdfRequest(
  deps: RequestCheckDeps,
  caller: Caller,
  body: Checked<CreatePdfBody>,
  schemaErrors: FieldErrors,
  unknownFields?: UnknownFields,
): Promise<CheckedRequest> {
  const errors = new FieldErrorCollector(schemaErrors);
  const common = await commonFields(deps, body, errors);
  const rawMods = isRecord(body.modifications) ? body.modifications : undefined;
  const profileData = await importedProfileData(deps.colorProfiles, rawMods?.color_profile);
  const mods = checkPdfModifications(rawMods, errors, profileData);
  const rawPages: unknown[] = Array.isArray(body.pages) ? body.pages : [];
  if (rawPages.length === 0) errors.add('pages', 'The pages field must have at least 1 page.');
  const pages: Array<{ template_uuid: string; layers: LayerData }> = [];
  const warned: Parameters<typeof requestWarningLines>[0] = [];
  const sizes: Array<{ width: number; height: number }> = [];
  // Unknown templates by page path: the 404 keeps Placid's message and says which page(s).
  const missing: FieldErrors = {};
  // The cap counts the distinct URLs of all pages together: one job downloads them all.
  const assetPages: PageAssets[] = [];
  const known: KnownDesigns = new Map();
  const designs: Array<Awaited<ReturnType<typeof deps.templates.getDesign>>> = [];
  for (const [i, p] of rawPages.entries()) {
    const uuid = isRecord(p) ? uuidOf(p.template_uuid) : undefined;
    const pinned = isRecord(p) ? versionOf(p.template_version) : undefined;
    const field = `pages.${i}.template_version`;
    const found = uuid
      ? (known.get(knownDesignKey(uuid, pinned)) ??
        (await designOf(deps, caller.project.id, uuid, pinned, field, errors)))
      : undefined;
    if (uuid && found) {
      known.set(knownDesignKey(uuid, pinned), found);
      known.set(knownDesignKey(uuid, found.version), found);
    }
    designs.push(found);
  }
  refuseRawAssetsOverCap(
    deps.maxAssetsPerJob,
    rawPages.flatMap((p, i) => {
      const found = designs[i];
      if (!found || !isRecord(p)) return [];
      const layers = (isRecord(p.layers) ? p.layers : {}) as LayerData;
      return [{ design: found.design, layers, prefix: `pages.${i}.` }];
    }),
    errors,
  );
  for (const [i, p] of rawPages.entries()) {
    // Pages the schema rejected (not an object, no usable uuid) are already in `errors`.
    const uuid = isRecord(p) ? uuidOf(p.template_uuid) : undefined;
    if (!isRecord(p) || !uuid) continue;
    const layers = (isRecord(p.layers) ? p.layers : {}) as LayerData;
    const found = designs[i];
    if (!found) {
      if (!errors.hasUnder(`pages.${i}.template_version`))
        missing[`pages.${i}.template_uuid`] = [`Template not found (${uuid})`];
      continue;
    }
    const prepared = prepareRender(found.design, layers);
    addProblems(errors, prepared.problems, `pages.${i}.`);
    assetPages.push({ design: prepared.design, prefix: `pages.${i}.` });
    if (!errors.hasUnder('modifications')) {
      const dpi = mods.options.dpi ?? 96;
      const problem = bleedProblem(found.design, mods.options.bleed, dpi, 'modifications.bleed');
      if (problem) addProblems(errors, [problem]);
    }
    warned.push({ design: found.design, layers, prefix: `pages.${i}.` });
    pages.push({
      template_uuid: uuid,
      ...(found.version === undefined ? {} : { template_version: found.version }),
      layers,
    });
    sizes.push(pixelSize(found.design));
  }
  checkAssetCap(deps.maxAssetsPerJob, assetPages, errors);
  common.warnings = requestWarningLines(warned, unknownFields);
  errors.throwIfAny();
  if (Object.keys(missing).length) throw notFound('Template', missing);
  return {
    request: { kind: 'pdf', pages, modifications: mods.modifications },
    common,
    cost: pdfCredits(sizes),
    known,
  };
}

/** POST /pdfs/merge. */
export async function checkMergeRequest(
  deps: RequestCheckDeps,
  body: Checked<MergePdfBody>,
  schemaErrors: FieldErrors,
  unknownFields?: UnknownFields,
): Promise<CheckedRequest> {
  const errors = new FieldErrorCollector(schemaErrors);
  const common = await commonFields(deps, body, errors);
  const urls = checkMergeUrls(body.urls, errors);
  const m = isRecord(body.modifications) ? body.modifications : {};
  const docInfo = checkDocInfo(m, errors);
  // Other values were refused by the route's schema (422 modifications.pdf_standard).
  const standard = m.pdf_standard;
  common.warnings = requestWarningLines([], unknownFields);
  errors.throwIfAny();
  return {
    request: {
      kind: 'merge',
      urls,
      modifications: {
        ...(typeof m.filename === 'string' && m.filename ? { filename: m.filename } : {}),
        ...(standard === 'x4' ? { pdf_standard: 'x4' as const } : {}),
        ...docInfo,
      },
    },
    common,
    cost: MERGE_RESERVED_CREDITS,
    known: new Map(),
  };
}
