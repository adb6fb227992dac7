/**
 * GET /editor/fonts/{family}: the regular face of a bundled family (DejaVu, Noto, …) or of a
 * library family (its Latin WOFF2 file, or the subset given by `?subset=`), so the editor's font
 * picker can show each family in its own face. These are the open-licensed files Imprint ships
 * (assets/fonts, dejavu-fonts-ttf, @fontsource packages), public like the editor's own assets;
 * no token. The editor decides which families it loads (docs/editor.md: the large CJK files are
 * not).
 */
import fs from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import {
  bundledFontPath,
  findBundledFamily,
  findLibraryFamily,
  libraryFilePath,
  regularFace,
} from '../../../render/index.ts';

export async function bundledFontRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { family: string }; Querystring: { subset?: string } }>(
    '/editor/fonts/:family',
    { schema: { hide: true } },
    async (request, reply) => {
      // The names layers may give, as the renderer reads them (any case, its aliases too).
      const family = findBundledFamily(request.params.family);
      const library = family ? undefined : findLibraryFamily(request.params.family);
      if (!family && !library) {
        return reply.status(404).send({ message: 'No bundled font family of that name.' });
      }
      let bytes: Buffer;
      if (library) {
        const subset = request.query.subset ?? 'latin';
        if (!library.subsets.includes(subset)) {
          return reply.status(404).send({
            message: `The subset field must be one of ${library.subsets.join(', ')}.`,
          });
        }
        const face = regularFace(library);
        bytes = await fs.readFile(libraryFilePath(library, subset, face.weight, face.style));
        reply.type('font/woff2');
      } else {
        bytes = await fs.readFile(bundledFontPath(family!, family!.files[0]));
        reply.type('font/ttf');
      }
      return reply
        .header('cache-control', 'public, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .send(bytes);
    },
  );
}
