/**
 * GET /editor/fonts/{family}: the regular face of a bundled family (DejaVu, Noto, …), so the
 * editor's font picker can show each family in its own face. These are the open-licensed files
 * Imprint ships (assets/fonts, dejavu-fonts-ttf), public like the editor's own assets; no token.
 * The editor decides which families it loads (docs/editor.md: the large CJK files are not).
 */
import fs from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { bundledFontPath, findBundledFamily } from '../../../render/index.ts';

export async function bundledFontRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { family: string } }>(
    '/editor/fonts/:family',
    { schema: { hide: true } },
    async (request, reply) => {
      // The names layers may give, as the renderer reads them (any case, its aliases too).
      const family = findBundledFamily(request.params.family);
      if (!family) {
        return reply.status(404).send({ message: 'No bundled font family of that name.' });
      }
      const bytes = await fs.readFile(bundledFontPath(family, family.files[0]));
      return reply
        .type('font/ttf')
        .header('cache-control', 'public, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .send(bytes);
    },
  );
}
