/**
 * Schemas of the font routes: they validate requests and describe the OpenAPI document. Query
 * strings and the rename body are TypeBox shapes from core/request-shapes/fonts.ts; the upload's
 * multipart description and the responses stay plain JSON Schema.
 */
import { Type } from '@sinclair/typebox';
import { FONT_TITLE_MAX, FONTS_PER_PAGE } from '../../../core/fonts.ts';
import { FONT_FORMATS } from '../../../core/font-file.ts';
import {
  DeleteFontQuery,
  GetFontQuery,
  ListFontsQuery,
  UpdateFontBody,
} from '../../../core/request-shapes/fonts.ts';
import { envelopeSchema } from '../../pagination.ts';

/** The font object of every response; is_legacy only appears with include_legacy. */
export const fontObjectSchema = {
  type: 'object',
  properties: {
    uuid: { type: 'string', description: 'Font code: put it in a text layer’s font / fontFamily.' },
    title: { type: 'string' },
    filename: { type: 'string', description: 'Name of the uploaded file.' },
    family: {
      type: 'string',
      description:
        'Family read from the file (typographic family first). Fonts of one family group together: a text layer’s font may name the family and pick a face with font_weight and font_style.',
    },
    weight: {
      type: 'integer',
      minimum: 1,
      maximum: 1000,
      description: 'Weight class read from the file (400 regular, 700 bold).',
    },
    style: {
      type: 'string',
      enum: ['normal', 'italic', 'oblique'],
      description: 'Slant read from the file.',
    },
    created_at: { type: 'string', format: 'date-time' },
    is_legacy: {
      type: 'boolean',
      description:
        'Only with include_legacy: true for an account-wide legacy font, false for a project font.',
    },
  },
} as const;

const uuidParams = Type.Object({ uuid: Type.String({ description: 'Font uuid.' }) });

const messageSchema = { type: 'object', properties: { message: { type: 'string' } } };

/** GET /fonts */
export const listFontsSchema = {
  tags: ['Fonts'],
  summary: 'List fonts',
  description: `Fonts of the project, newest first, ${FONTS_PER_PAGE} per page (cursor pagination: follow links.next).`,
  querystring: ListFontsQuery,
  response: { 200: envelopeSchema(fontObjectSchema) },
};

/** GET /fonts/{uuid} */
export const getFontSchema = {
  tags: ['Fonts'],
  summary: 'Retrieve a font',
  description: 'A legacy font is found only with include_legacy. Unknown uuid: 404.',
  params: uuidParams,
  querystring: GetFontQuery,
  response: { 200: fontObjectSchema, 404: messageSchema },
};

/** GET /fonts/{uuid}/file */
export const fontFileSchema = {
  tags: ['Fonts'],
  summary: "Download a font's file",
  description:
    'The uploaded font file, byte for byte, with its media type (font/ttf, font/otf, font/woff or font/woff2). Finds the project’s own fonts and its account’s legacy fonts (the fonts its renders may use); anything else is a 404. The template editor uses it to show each font in its own face.',
  params: uuidParams,
  response: {
    200: {
      description: 'The font file.',
      content: Object.fromEntries(
        ['font/ttf', 'font/otf', 'font/woff', 'font/woff2'].map((type) => [
          type,
          { schema: { type: 'string', format: 'binary' } },
        ]),
      ),
    },
    404: messageSchema,
  },
};

/** POST /fonts (multipart/form-data; the handler reads and checks the parts itself). */
export const uploadFontSchema = {
  tags: ['Fonts'],
  summary: 'Upload a font',
  description: `multipart/form-data with file (required; ${FONT_FORMATS.join(', ')}; checked by content, not by name), title (optional, ≤${FONT_TITLE_MAX} characters, defaults to the filename) and terms_accepted (required: 1, true, yes or on). Too large a file: 413.`,
  consumes: ['multipart/form-data'],
  body: {
    content: {
      // No `type`/`required` here: the multipart parts are read and validated in the handler.
      'multipart/form-data': {
        schema: {
          properties: {
            file: { type: 'string', contentMediaType: 'application/octet-stream' },
            title: { type: 'string', maxLength: FONT_TITLE_MAX },
            terms_accepted: { type: 'string', enum: ['1', 'true', 'yes', 'on'] },
          },
        },
      },
    },
  },
  response: { 201: fontObjectSchema },
};

/** PATCH /fonts/{uuid} */
export const updateFontSchema = {
  tags: ['Fonts'],
  summary: "Change a font's title",
  description: 'Only the title can change; the file cannot be replaced.',
  params: uuidParams,
  body: UpdateFontBody,
  response: { 200: fontObjectSchema, 404: messageSchema },
};

/** DELETE /fonts/{uuid} */
export const deleteFontSchema = {
  tags: ['Fonts'],
  summary: 'Delete a font',
  description:
    'Permanent. A font still used by templates answers 409 with templates_using_font unless force is truthy; forced, those templates render with the default font.',
  params: uuidParams,
  querystring: DeleteFontQuery,
  response: {
    200: messageSchema,
    404: messageSchema,
    409: {
      type: 'object',
      properties: {
        message: { type: 'string' },
        templates_using_font: {
          type: 'array',
          items: {
            type: 'object',
            properties: { uuid: { type: 'string' }, title: { type: 'string' } },
          },
        },
      },
    },
  },
};
