/**
 * Custom fonts: project fonts uploaded through the API and legacy account-wide fonts imported by
 * the operator. The uuid of a font is the code text layers put in `font`/`alt_font`/`fontFamily`.
 * This module holds the font types, the API object and the use-case rules (upload, rename,
 * delete); fonts are stored through the FontStore port (ports/font-store.ts).
 */
import { AppError, FieldErrorCollector, fieldError, notFound } from './errors.ts';
import type { FontFileInfo, FontFormat } from './font-file.ts';
import type { FontInspector } from './ports/font-inspector.ts';
import type { FontStore } from './ports/font-store.ts';
import type { FontFaceStyle } from './font-face-info.ts';

export type { FontFormat } from './font-file.ts';

/** Longest accepted font title (spec 8). */
export const FONT_TITLE_MAX = 200;

/** Fonts per page of the list (spec 8). */
export const FONTS_PER_PAGE = 20;

/** A stored font's metadata (the bytes live apart, in font_files). */
export interface FontRecord {
  uuid: string;
  /** null for a legacy account-wide font. */
  project_id: string | null;
  /** The account that owns the font (the project's account for project fonts). */
  account_id: string;
  title: string;
  filename: string;
  format: FontFormat;
  /** Family name read from the file (typographic family first): fonts group into families by it. */
  family: string;
  /** Weight class read from the file (1–1000; 400 regular, 700 bold). */
  weight: number;
  /** Slant read from the file. */
  style: FontFaceStyle;
  size_bytes: number;
  created_at: string;
}

/** A font ready to be stored: validated metadata and the file bytes. */
export interface NewFont {
  projectId: string | null;
  accountId: string;
  title: string;
  filename: string;
  format: FontFormat;
  family: string;
  /** Weight class of the face; 400 when not given. */
  weight?: number;
  /** Slant of the face; normal when not given. */
  style?: FontFaceStyle;
  data: Buffer;
}

/** Which fonts a request may see: its project's, plus the account's legacy ones when asked. */
export interface FontScope {
  projectId: string;
  accountId: string;
  includeLegacy: boolean;
}

/** A template that references a font (the 409 body lists these). */
export interface TemplateRef {
  uuid: string;
  title: string;
}

/** The font object of the API (spec 2.1); is_legacy only when the request asked for legacy fonts. */
export interface FontObject {
  uuid: string;
  title: string;
  filename: string;
  /** Family the font belongs to (text layers may name it in `font`). */
  family: string;
  weight: number;
  style: FontFaceStyle;
  created_at: string;
  is_legacy?: boolean;
}

/** Turns a record into the API object. */
export function toFontObject(font: FontRecord, includeLegacy: boolean): FontObject {
  const out: FontObject = {
    uuid: font.uuid,
    title: font.title,
    filename: font.filename,
    family: font.family,
    weight: font.weight,
    style: font.style,
    created_at: font.created_at,
  };
  if (includeLegacy) out.is_legacy = font.project_id === null;
  return out;
}

const TRUTHY = ['1', 'true', 'yes', 'on'];
const FALSY = ['0', 'false', 'no', 'off', ''];

/** True for 1/true/yes/on (any case); a JSON boolean or number is read the same way. */
export function isTruthy(value: unknown): boolean {
  if (value === true || value === 1) return true;
  return typeof value === 'string' && TRUTHY.includes(value.trim().toLowerCase());
}

/**
 * Reads an optional boolean flag of a query string (include_legacy, force). Anything that is
 * neither truthy nor falsy is refused, so `force=maybe` never deletes by accident.
 */
export function parseFlag(value: unknown, field: string): boolean {
  if (value === undefined || value === null || value === false || value === 0) return false;
  if (isTruthy(value)) return true;
  if (typeof value === 'string' && FALSY.includes(value.trim().toLowerCase())) return false;
  throw new AppError('validation', `The ${field} field must be true or false.`, {
    fields: {
      [field]: [`The ${field} field must be one of 1, true, yes, on (true) or 0, false, no, off.`],
    },
  });
}

/** What an upload carries before validation. */
export interface FontUploadInput {
  file?: { filename: string; data: Buffer };
  title?: unknown;
  terms_accepted?: unknown;
}

/** The last path segment of a client filename (browsers on Windows may send full paths). */
function baseName(filename: string): string {
  // Control characters are dropped: PostgreSQL cannot store U+0000 in text (a NUL reached a 500).
  // eslint-disable-next-line no-control-regex -- stripping control characters is the point
  const clean = filename.replace(/[\u0000-\u001f\u007f]/g, '');
  const name = clean.split(/[\\/]/).pop()?.trim() ?? '';
  return name.slice(0, 255);
}

/**
 * Checks an upload (API or CLI) and returns what to store. Every bad field is reported at once:
 * file (present, a real TTF/OTF/WOFF/WOFF2, read by `inspector` in isolation), title (≤200,
 * defaults to the filename) and, when `requireTerms`, terms_accepted (1/true/yes/on).
 */
export async function validateFontUpload(
  inspector: FontInspector,
  input: FontUploadInput,
  owner: { projectId: string | null; accountId: string },
  requireTerms = true,
): Promise<NewFont> {
  const errors = new FieldErrorCollector();
  let inspected: FontFileInfo | undefined;
  if (!input.file)
    errors.add('file', 'The file field is required: upload the font file as multipart/form-data.');
  else {
    try {
      inspected = await inspector.inspect(input.file.data);
    } catch (err) {
      if (!(err instanceof AppError) || !err.fields) throw err;
      for (const msg of err.fields.file ?? [err.message]) errors.add('file', msg);
    }
  }
  let title: string | undefined;
  if (input.title !== undefined && input.title !== null && input.title !== '') {
    if (typeof input.title !== 'string') errors.add('title', 'The title field must be a string.');
    else if (input.title.includes('\u0000'))
      errors.add('title', 'The title field must not contain a NUL character (\\u0000).');
    else if ([...input.title].length > FONT_TITLE_MAX)
      errors.add('title', `The title field must not be greater than ${FONT_TITLE_MAX} characters.`);
    else title = input.title;
  }
  if (requireTerms) {
    if (input.terms_accepted === undefined || input.terms_accepted === '')
      errors.add('terms_accepted', 'The terms_accepted field is required.');
    else if (!isTruthy(input.terms_accepted))
      errors.add(
        'terms_accepted',
        'The terms_accepted field must be accepted: send 1, true, yes or on to confirm you may use this font.',
      );
  }
  errors.throwIfAny();
  const file = input.file!;
  const info = inspected!;
  const filename = baseName(file.filename) || `font.${info.format}`;
  return {
    ...owner,
    title: title ?? [...filename].slice(0, FONT_TITLE_MAX).join(''),
    filename,
    format: info.format,
    family: info.family,
    weight: info.weight,
    style: info.style,
    data: file.data,
  };
}

/** Renames a project font (PATCH); 404 when the project has no such font. */
export async function renameFont(
  repo: FontStore,
  projectId: string,
  uuid: string,
  title: string,
): Promise<FontRecord> {
  // The schema bounds the length; a title of only spaces would list as blank.
  if (title.trim() === '') throw fieldError('title', 'The title field must not be blank.');
  const font = await repo.rename(projectId, uuid, title);
  if (!font) throw notFound('Font');
  return font;
}

/**
 * Deletes a project font. Without `force`, a font that templates still reference is kept and the
 * caller gets 409 with those templates; with it, the templates keep the now dangling uuid and
 * render with the default font.
 */
export async function deleteFont(
  repo: FontStore,
  projectId: string,
  uuid: string,
  force: boolean,
): Promise<void> {
  const font = await repo.find({ projectId, accountId: '', includeLegacy: false }, uuid);
  if (!font) throw notFound('Font');
  if (!force) {
    const using = await repo.templatesUsing(projectId, uuid);
    if (using.length > 0) {
      throw new AppError(
        'conflict',
        `The font is in use by ${using.length} template${using.length > 1 ? 's' : ''}; pass force=1/true to delete it anyway.`,
        { extra: { templates_using_font: using } },
      );
    }
  }
  if (!(await repo.remove(projectId, uuid))) throw notFound('Font');
}

/** The project font or (with includeLegacy) legacy font with this uuid; 404 otherwise. */
export async function getFont(repo: FontStore, scope: FontScope, uuid: string) {
  const font = await repo.find(scope, uuid);
  if (!font) throw notFound('Font');
  return font;
}
