/** Routes of /api/rest/fonts: list, retrieve, read the file, upload (multipart), rename, delete. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { RequestTypeProvider } from '../../request-type-provider.ts';
import type { Config } from '../../../config.ts';
import { decodeCursor } from '../../../core/pagination.ts';
import {
  deleteFont,
  FONTS_PER_PAGE,
  getFont,
  parseFlag,
  renameFont,
  toFontObject,
  validateFontUpload,
  type FontScope,
} from '../../../core/fonts.ts';
import { notFound } from '../../../core/errors.ts';
import type { FontFormat } from '../../../core/font-file.ts';
import type { Services } from '../../../core/services.ts';
import { callerOf } from '../../auth.ts';
import { envelope } from '../../pagination.ts';
import {
  deleteFontSchema,
  fontFileSchema,
  getFontSchema,
  listFontsSchema,
  updateFontSchema,
  uploadFontSchema,
} from './font-schemas.ts';
import { readJsonUpload, readMultipartUpload } from './read-font-upload.ts';
import { smallBody } from '../../body-limits.ts';
import { builtInFontRoutes } from './built-in-fonts.ts';

/** The registered media type of each font format (RFC 8081). */
const FONT_MIME: Record<FontFormat, string> = {
  ttf: 'font/ttf',
  otf: 'font/otf',
  woff: 'font/woff',
  woff2: 'font/woff2',
};

/** The font scope of a request: its project, its account, and whether legacy fonts count. */
function scopeOf(request: FastifyRequest, includeLegacy: unknown): FontScope {
  const { project } = callerOf(request);
  return {
    projectId: project.id,
    accountId: project.account_id,
    includeLegacy: parseFlag(includeLegacy, 'include_legacy'),
  };
}

/**
 * Registers the font routes inside the /api/rest scope. They live in their own encapsulated
 * plugin so the multipart parser (with the font size limit) applies to them only.
 */
export async function fontRoutes(
  rest: FastifyInstance,
  ctx: { services: Services; config: Config },
): Promise<void> {
  const { fonts } = ctx.services;
  const maxBytes = ctx.config.fontMaxBytes;

  await rest.register(async (plugin) => {
    // Query strings, params and bodies are typed from their TypeBox schemas.
    const scope = plugin.withTypeProvider<RequestTypeProvider>();
    // The font upload reads its file parts itself, instead of the creation bodies' form parser.
    scope.removeContentTypeParser('multipart/form-data');
    await scope.register(multipart, {
      limits: { fileSize: maxBytes, files: 1, fields: 20, parts: 25, fieldSize: 64 * 1024 },
    });

    scope.get('/fonts', { schema: listFontsSchema }, async (request) => {
      const fontScope = scopeOf(request, request.query.include_legacy);
      const cursor = request.query.cursor;
      const page = await fonts.list(fontScope, {
        perPage: FONTS_PER_PAGE,
        cursor: cursor === undefined ? undefined : decodeCursor(cursor),
      });
      const items = page.items.map((f) => toFontObject(f, fontScope.includeLegacy));
      return envelope(request, ctx.config.publicUrl, { ...page, items }, FONTS_PER_PAGE);
    });

    builtInFontRoutes(scope);

    scope.get('/fonts/:uuid', { schema: getFontSchema }, async (request) => {
      const fontScope = scopeOf(request, request.query.include_legacy);
      const font = await getFont(fonts, fontScope, request.params.uuid);
      return toFontObject(font, fontScope.includeLegacy);
    });

    // The file itself, so a client (the editor's font picker) can show the font in its own face.
    scope.get('/fonts/:uuid/file', { schema: fontFileSchema }, async (request, reply) => {
      const { project } = callerOf(request);
      // The fonts a render of this project may use: its own and its account's legacy fonts.
      const font = await getFont(fonts, scopeOf(request, true), request.params.uuid);
      const [source] = await fonts.loadFontSources(project.id, [font.uuid]);
      if (!source) throw notFound('Font');
      return reply
        .type(FONT_MIME[font.format])
        .header('cache-control', 'private, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .send(source.data);
    });

    scope.post('/fonts', { schema: uploadFontSchema }, async (request, reply) => {
      const { project } = callerOf(request);
      // A JSON body cannot carry the file, but its other fields are still checked so the 422
      // names every problem at once.
      const input = request.isMultipart()
        ? await readMultipartUpload(request, maxBytes)
        : readJsonUpload(request.body);
      const owner = { projectId: project.id, accountId: project.account_id };
      const font = await fonts.insert(
        await validateFontUpload(ctx.services.fontInspector, input, owner),
      );
      return reply.status(201).send(toFontObject(font, false));
    });

    scope.patch(
      '/fonts/:uuid',
      { schema: updateFontSchema, ...smallBody(ctx.config) },
      async (request) => {
        const { project } = callerOf(request);
        const font = await renameFont(fonts, project.id, request.params.uuid, request.body.title);
        return toFontObject(font, false);
      },
    );

    scope.delete('/fonts/:uuid', { schema: deleteFontSchema }, async (request) => {
      const { project } = callerOf(request);
      const force = parseFlag(request.query.force, 'force');
      await deleteFont(fonts, project.id, request.params.uuid, force);
      return { message: 'Font deleted.' };
    });
  });
}
