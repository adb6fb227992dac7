/**
 * GET /fonts/built-in and /fonts/built-in/{family}: the families every project may use by name
 * without uploading anything (the font library and the bundled fallback families), with their
 * weights, styles and licences.
 */
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { notFound } from '../../../core/errors.ts';
import { BuiltInFontsQuery } from '../../../core/request-shapes/fonts.ts';
import { builtInFamilies } from '../../../render/index.ts';
import type { RequestTypeProvider } from '../../request-type-provider.ts';

const normalise = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');

const builtInFamilySchema = {
  type: 'object',
  required: ['family', 'kind', 'category', 'weights', 'styles', 'subsets', 'license', 'source'],
  properties: {
    family: {
      type: 'string',
      description: 'The name to put in a text layer’s font (any case).',
    },
    kind: {
      type: 'string',
      enum: ['library', 'bundled'],
      description:
        'library: a popular family shipped for designs; bundled: the default family (DejaVu) and the fallbacks for other scripts.',
    },
    category: {
      type: 'string',
      enum: ['sans-serif', 'serif', 'monospace', 'display', 'handwriting'],
    },
    weights: {
      type: 'array',
      items: { type: 'integer' },
      description: 'Weights with a face of their own (font_weight picks the nearest).',
    },
    styles: {
      type: 'array',
      items: { type: 'string', enum: ['normal', 'italic', 'oblique'] },
    },
    subsets: {
      type: 'array',
      items: { type: 'string' },
      description:
        'Unicode subsets the family covers (latin, latin-ext, cyrillic, …); empty for bundled families.',
    },
    license: { type: 'string', description: 'SPDX id of the licence (OFL-1.1, Apache-2.0, …).' },
    source: { type: 'string', description: 'Where the files come from (npm package and version).' },
  },
} as const;

const messageSchema = { type: 'object', properties: { message: { type: 'string' } } };

/** GET /fonts/built-in */
export const listBuiltInFontsSchema = {
  tags: ['Fonts'],
  summary: 'List built-in font families',
  description:
    'Families every project may use by name in a text layer’s font, with no upload: the font library (Inter, Roboto, Montserrat, …) and the bundled DejaVu and script fallbacks. Not paginated. A project font family of the same name as a library family wins for that project.',
  querystring: BuiltInFontsQuery,
  response: {
    200: {
      type: 'object',
      required: ['data'],
      properties: { data: { type: 'array', items: builtInFamilySchema } },
    },
  },
};

/** GET /fonts/built-in/{family} */
export const getBuiltInFontSchema = {
  tags: ['Fonts'],
  summary: 'Retrieve a built-in font family',
  description: 'By name, any case. An unknown name: 404.',
  params: Type.Object({ family: Type.String({ description: 'Family name, e.g. Montserrat.' }) }),
  response: { 200: builtInFamilySchema, 404: messageSchema },
};

export function builtInFontRoutes(scope: FastifyInstance): void {
  const api = scope.withTypeProvider<RequestTypeProvider>();
  api.get('/fonts/built-in', { schema: listBuiltInFontsSchema }, async (request) => {
    const search = normalise(request.query.search ?? '');
    const data = builtInFamilies().filter((f) => normalise(f.family).includes(search));
    return { data };
  });
  api.get('/fonts/built-in/:family', { schema: getBuiltInFontSchema }, async (request) => {
    const name = normalise(request.params.family);
    const family = builtInFamilies().find((f) => normalise(f.family) === name);
    if (!family) throw notFound('Built-in font family');
    return family;
  });
}
