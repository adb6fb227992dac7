/**
 * Serves the browser editor (web/, built by `npm run build` into dist/web) at /editor, from the
 * API's own origin. Hashed assets are cached for a year; index.html is never cached and carries
 * a fresh nonce for the strict Content-Security-Policy: scripts only from this origin, no inline
 * script, no third-party origins. The nonce lets the transform-handle library add its own
 * <style> element without allowing inline styles in general.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../../../config.ts';
import { bundledFontRoutes } from './bundled-font-files.ts';

/** dist/web at the project root, from src/api/routes/editor or dist/api/routes/editor alike. */
export const EDITOR_DIST = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../dist/web',
);

/** The placeholder web/index.html holds where each answer puts its nonce. */
const NONCE_PLACEHOLDER = '__CSP_NONCE__';
/**
 * Where the page learns IMPRINT_PUBLIC_URL: the API's thumbnail URLs start with it, and the
 * editor loads those from its own origin instead (web/src/own-url.ts), so they show wherever the
 * editor is opened without allowing another origin in img-src.
 */
const PUBLIC_URL_PLACEHOLDER = '__PUBLIC_URL__';

const escapeAttribute = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The Content-Security-Policy of the editor's page. */
export function editorCsp(nonce: string, filesBaseUrl: string | null): string {
  // Thumbnails may live on the files host (IMPRINT_FILES_BASE_URL); nothing else leaves the origin.
  const filesOrigin = filesBaseUrl ? ` ${new URL(filesBaseUrl).origin}` : '';
  return [
    "default-src 'none'",
    "script-src 'self'",
    `style-src 'self' 'nonce-${nonce}'`,
    `img-src 'self' blob: data:${filesOrigin}`,
    "font-src 'self' blob: data:",
    "connect-src 'self'",
    // The PDF view's rasteriser (pdf.js) runs in a worker loaded from the editor's own assets.
    "worker-src 'self'",
    "manifest-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join('; ');
}

function sendIndex(reply: FastifyReply, html: string, config: Config): FastifyReply {
  const nonce = crypto.randomBytes(16).toString('base64');
  return reply
    .header('content-security-policy', editorCsp(nonce, config.filesBaseUrl))
    .header('cache-control', 'no-cache')
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(
      html
        .replaceAll(NONCE_PLACEHOLDER, nonce)
        .replaceAll(PUBLIC_URL_PLACEHOLDER, escapeAttribute(config.publicUrl)),
    );
}

/** Registers GET /editor and /editor/assets/*; a 503 explains how to build when dist/web is missing. */
export async function editorAppRoutes(
  app: FastifyInstance,
  ctx: { config: Config },
  dist = EDITOR_DIST,
): Promise<void> {
  const indexPath = path.join(dist, 'index.html');
  let html: string | null = null;
  const readIndex = (): string | null => {
    // Read once; a build that happens while the server runs is picked up on the next start.
    if (html === null && fs.existsSync(indexPath)) html = fs.readFileSync(indexPath, 'utf8');
    return html;
  };
  app.get('/editor', { schema: { hide: true } }, async (_request, reply) => {
    const page = readIndex();
    if (page === null) {
      return reply.status(503).send({
        message: 'The editor is not built: run `npm run build` (it writes dist/web), then restart.',
      });
    }
    return sendIndex(reply, page, ctx.config);
  });
  await bundledFontRoutes(app);
  if (!fs.existsSync(path.join(dist, 'assets'))) return;
  await app.register(fastifyStatic, {
    root: path.join(dist, 'assets'),
    prefix: '/editor/assets/',
    // Every name carries its content hash, so an asset never changes under its name.
    immutable: true,
    maxAge: '365d',
    index: false,
    wildcard: true,
    decorateReply: false,
    schemaHide: true,
  });
}
