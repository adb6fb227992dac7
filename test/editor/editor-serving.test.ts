// GET /editor: the built editor from the API's own origin, with a strict CSP, a fresh nonce per
// answer, no-cache for index.html and a year's cache for the hashed assets.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import Fastify from 'fastify';
import { EDITOR_DIST, editorCsp, editorAppRoutes } from '../../src/api/routes/editor/editor-app.ts';
import { loadConfig } from '../../src/config.ts';
import { ensureEditorBuilt } from './_browser.ts';

const config = loadConfig({ IMPRINT_DATA_DIR: os.tmpdir() });
let app: ReturnType<typeof Fastify>;

before(async () => {
  ensureEditorBuilt();
  // As in buildApp: /editor/ is /editor.
  app = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
  await editorAppRoutes(app, { config });
  await app.ready();
});
after(() => app.close());

test('index.html: no-cache, a strict CSP with a fresh nonce, no inline script', async () => {
  const a = await app.inject({ url: '/editor' });
  const b = await app.inject({ url: '/editor/' });
  assert.equal(a.statusCode, 200);
  assert.equal(b.statusCode, 200);
  assert.equal(a.headers['cache-control'], 'no-cache');
  const csp = String(a.headers['content-security-policy']);
  assert.match(csp, /script-src 'self'(;|$)/);
  assert.match(csp, /default-src 'none'/);
  assert.match(csp, /connect-src 'self'/);
  assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval|https?:/);
  const nonceA = /'nonce-([^']+)'/.exec(csp)?.[1];
  const nonceB = /'nonce-([^']+)'/.exec(String(b.headers['content-security-policy']))?.[1];
  assert.ok(nonceA && nonceB && nonceA !== nonceB, 'each answer has its own nonce');
  assert.ok(a.body.includes(`content="${nonceA}"`), 'the page carries the nonce for moveable');
  // …and the public URL, so thumbnails under it load from the page's own origin.
  assert.ok(a.body.includes(`name="imprint-public-url" content="${config.publicUrl}"`));
  // Every script is an external file of this origin: no inline code.
  const scripts = [...a.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
  assert.ok(scripts.length > 0);
  for (const [, attrs, body] of scripts) {
    assert.match(attrs, /src="\/editor\/assets\/[^"]+-[\w-]{8}\.js"/);
    assert.equal(body.trim(), '');
  }
});

test('hashed assets are cached for a year; unknown ones are 404', async () => {
  const html = (await app.inject({ url: '/editor' })).body;
  const refs = [...html.matchAll(/(?:src|href)="(\/editor\/assets\/[^"]+)"/g)].map((m) => m[1]);
  assert.ok(refs.some((r) => r.endsWith('.js')) && refs.some((r) => r.endsWith('.css')));
  for (const ref of refs) {
    const res = await app.inject({ url: ref });
    assert.equal(res.statusCode, 200, ref);
    assert.match(String(res.headers['cache-control']), /max-age=31536000.*immutable/);
  }
  assert.equal((await app.inject({ url: '/editor/assets/nope-12345678.js' })).statusCode, 404);
});

test('the first load fits the 300 KB gzipped budget', async () => {
  const { gzipSync } = await import('node:zlib');
  const html = fs.readFileSync(path.join(EDITOR_DIST, 'index.html'));
  let total = gzipSync(html).length;
  for (const m of html.toString().matchAll(/(?:src|href)="\/editor\/([^"]+)"/g)) {
    total += gzipSync(fs.readFileSync(path.join(EDITOR_DIST, m[1]))).length;
  }
  console.log(`editor first load: ${(total / 1024).toFixed(1)} KB gzipped`);
  assert.ok(total <= 300 * 1024, `${total} bytes`);
});

test('without a build, /editor is a 503 that says how to build', async () => {
  const bare = Fastify();
  await editorAppRoutes(bare, { config }, fs.mkdtempSync(path.join(os.tmpdir(), 'no-editor-')));
  const res = await bare.inject({ url: '/editor' });
  assert.equal(res.statusCode, 503);
  assert.match(res.json().message, /npm run build/);
  await bare.close();
});

test('a files host (IMPRINT_FILES_BASE_URL) is allowed for pictures only', () => {
  const csp = editorCsp('n', 'https://cdn.example.com/files');
  assert.match(csp, /img-src 'self' blob: data: https:\/\/cdn\.example\.com(;|$)/);
  assert.match(csp, /connect-src 'self'(;|$)/);
});

test('the build carries every property of the layer registry (no editor code per property)', async () => {
  const { layerTypes } = await import('../../src/render/layers/index.ts');
  const { editorSpecs } = await import('../../src/render/design/editor-specs.ts');
  const specs = editorSpecs();
  const html = fs.readFileSync(path.join(EDITOR_DIST, 'index.html'), 'utf8');
  const js = /src="\/editor\/(assets\/[^"]+\.js)"/.exec(html)![1];
  const bundle = fs.readFileSync(path.join(EDITOR_DIST, js), 'utf8');
  for (const type of layerTypes()) {
    assert.deepEqual(Object.keys(specs.types[type.type]), Object.keys(type.props));
    for (const [prop, spec] of Object.entries(type.props)) {
      assert.equal(specs.types[type.type][prop].kind, spec.kind, `${type.type}.${prop}`);
      // The description travels into the bundle with the property.
      const escaped = JSON.stringify(spec.description).slice(1, -1);
      assert.ok(bundle.includes(spec.description) || bundle.includes(escaped), prop);
    }
  }
});
