/**
 * AssetFetcher against a real local server: pictures and PDFs sniffed by content, one download
 * shared by concurrent callers, a cache with a TTL and a byte bound.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { AssetFetcher } from '../../src/net/asset-fetcher.ts';
import { FetchError } from '../../src/net/fetch-error.ts';
import { isPdf, sniffPicture } from '../../src/net/sniff.ts';
import { startServer, type TestServer } from './test-server.ts';

const svg =
  '<?xml version="1.0"?>\n<!-- logo -->\n<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>';
const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

describe('sniffing', () => {
  it('recognises each picture format by its bytes, not its name', async () => {
    const base = sharp({ create: { width: 4, height: 4, channels: 3, background: '#f00' } });
    assert.equal(sniffPicture(await base.clone().png().toBuffer()), 'png');
    assert.equal(sniffPicture(await base.clone().jpeg().toBuffer()), 'jpeg');
    assert.equal(sniffPicture(await base.clone().webp().toBuffer()), 'webp');
    assert.equal(sniffPicture(await base.clone().avif().toBuffer()), 'avif');
    assert.equal(sniffPicture(gif), 'gif');
    assert.equal(sniffPicture(Buffer.from(svg)), 'svg');
    assert.equal(sniffPicture(Buffer.from('\ufeff  <svg viewBox="0 0 1 1"></svg>')), 'svg');
    assert.equal(
      sniffPicture(Buffer.from('<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x">\n<svg>')),
      'svg',
    );
    assert.equal(sniffPicture(Buffer.from('<html><body><svg></svg></body></html>')), null);
    assert.equal(sniffPicture(Buffer.from('{"not":"an image"}')), null);
    assert.equal(sniffPicture(pdf), null);
    assert.equal(sniffPicture(Buffer.alloc(0)), null);
    assert.equal(isPdf(pdf), true);
    assert.equal(isPdf(Buffer.from('<html>%PDF-')), false);
  });
});

describe('AssetFetcher', () => {
  let server: TestServer;
  let png: Buffer;
  before(async () => {
    png = await sharp({ create: { width: 8, height: 8, channels: 4, background: '#0f08' } })
      .png()
      .toBuffer();
    server = await startServer({
      '/logo.png': (_req, res) =>
        setTimeout(() => res.writeHead(200, { 'content-type': 'image/png' }).end(png), 50),
      '/other.png': (_req, res) => res.writeHead(200).end(png),
      '/third.png': (_req, res) => res.writeHead(200).end(png),
      '/logo.svg': (_req, res) => res.writeHead(200, { 'content-type': 'image/svg+xml' }).end(svg),
      '/page.html': (_req, res) =>
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<html></html>'),
      '/lying.png': (_req, res) =>
        res.writeHead(200, { 'content-type': 'image/png' }).end('<html>'),
      '/doc.pdf': (_req, res) => res.writeHead(200, { 'content-type': 'application/pdf' }).end(pdf),
      '/huge.png': (_req, res) =>
        res.writeHead(200).end(Buffer.concat([png, Buffer.alloc(10_000)])),
    });
  });
  after(() => server.close());

  const fetcher = (extra: Partial<ConstructorParameters<typeof AssetFetcher>[0]> = {}) =>
    new AssetFetcher({ allowPrivate: true, timeoutMs: 3000, maxBytes: 1024 * 1024, ...extra });

  it('returns picture bytes and shares one download among concurrent callers', async () => {
    const f = fetcher();
    const url = `${server.base}/logo.png`;
    const results = await Promise.all(Array.from({ length: 20 }, () => f.fetchPicture(url)));
    for (const r of results) assert.ok(r.equals(png));
    assert.equal(server.hits.get('/logo.png'), 1);
    await f.fetchPicture(url);
    assert.equal(server.hits.get('/logo.png'), 1, 'served from the cache');
    assert.ok((await f.fetchPicture(`${server.base}/logo.svg`)).toString().includes('<svg'));
  });

  it('downloads again once the TTL has passed', async () => {
    const f = fetcher({ ttlMs: 40 });
    const url = `${server.base}/other.png`;
    const before = server.hits.get('/other.png') ?? 0;
    await f.fetchPicture(url);
    await f.fetchPicture(url);
    assert.equal(server.hits.get('/other.png'), before + 1);
    await new Promise((r) => setTimeout(r, 60));
    await f.fetchPicture(url);
    assert.equal(server.hits.get('/other.png'), before + 2);
  });

  it('keeps the cache under its byte bound, dropping the least recently used', async () => {
    const bound = Math.floor(png.length * 2.5);
    const f = fetcher({ cacheMaxBytes: bound });
    const a = `${server.base}/logo.png`;
    const b = `${server.base}/other.png`;
    const c = `${server.base}/third.png`;
    await f.fetchPicture(a);
    await f.fetchPicture(b);
    await f.fetchPicture(a); // a is now the most recent
    const hitsB = server.hits.get('/other.png')!;
    const hitsA = server.hits.get('/logo.png')!;
    await f.fetchPicture(c); // evicts b
    assert.ok(f.cacheSize <= bound);
    await f.fetchPicture(a);
    assert.equal(server.hits.get('/logo.png'), hitsA, 'a stayed cached');
    await f.fetchPicture(b);
    assert.equal(server.hits.get('/other.png'), hitsB + 1, 'b was evicted');
    // Larger than half the bound: served, never cached.
    const huge = `${server.base}/huge.png`;
    await f.fetchPicture(huge);
    await f.fetchPicture(huge);
    assert.equal(server.hits.get('/huge.png'), 2);
  });

  it('refuses bytes that are not an image, whatever the content type says', async () => {
    const f = fetcher();
    await assert.rejects(f.fetchPicture(`${server.base}/page.html`), (e: unknown) => {
      assert.ok(e instanceof FetchError);
      assert.equal(e.reason, 'bad_content');
      assert.match(
        e.message,
        /page\.html: not an image \(expected JPEG, PNG, WebP, GIF, AVIF or SVG; the server sent text\/html\)/,
      );
      return true;
    });
    await assert.rejects(f.fetchPicture(`${server.base}/lying.png`), /not an image/);
    await assert.rejects(f.fetchPicture(`${server.base}/doc.pdf`), /not an image/);
  });

  it('checks PDFs by their %PDF- header', async () => {
    const f = fetcher();
    assert.ok((await f.fetchPdf(`${server.base}/doc.pdf`)).equals(pdf));
    await assert.rejects(
      f.fetchPdf(`${server.base}/logo.png`),
      /logo\.png: not a PDF file; the server sent image\/png/,
    );
  });

  it('reports HTTP errors, size limits and refused addresses as FetchErrors', async () => {
    await assert.rejects(
      fetcher().fetchPicture(`${server.base}/missing.png`),
      /missing\.png: the server answered 404/,
    );
    await assert.rejects(
      fetcher({ maxBytes: 2000 }).fetchPicture(`${server.base}/huge.png`),
      /larger than 1\.95? KB|larger than 2000 bytes|larger than 2 KB/,
    );
    await assert.rejects(
      fetcher({ allowPrivate: false }).fetchPicture(`${server.base}/logo.png`),
      /127\.0\.0\.1 is a loopback address/,
    );
    // a failure is not cached: the next call tries again
    const f = fetcher();
    await assert.rejects(f.fetchPicture(`${server.base}/missing.png`));
    const before = server.hits.get('/missing.png')!;
    await assert.rejects(f.fetchPicture(`${server.base}/missing.png`));
    assert.equal(server.hits.get('/missing.png'), before + 1);
  });
});

describe('AssetFetcher and the HTTP cache headers', () => {
  let server: TestServer;
  let png: Buffer;
  let version = 1;
  /** Conditional request headers seen per path, in order. */
  const conditional: Record<string, string[]> = {};
  const note = (path: string, value: string | undefined) =>
    (conditional[path] ??= []).push(value ?? '-');
  before(async () => {
    png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#08f' } })
      .png()
      .toBuffer();
    const v2 = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f80' } })
      .png()
      .toBuffer();
    server = await startServer({
      '/no-store.png': (_req, res) => res.writeHead(200, { 'cache-control': 'no-store' }).end(png),
      '/short.png': (_req, res) => res.writeHead(200, { 'cache-control': 'max-age=1' }).end(png),
      '/long.png': (_req, res) =>
        res.writeHead(200, { 'cache-control': 'public, max-age=3600' }).end(png),
      '/etag.png': (req, res) => {
        const etag = `"v${version}"`;
        note('/etag.png', req.headers['if-none-match']);
        if (req.headers['if-none-match'] === etag) return res.writeHead(304, { etag }).end();
        res.writeHead(200, { etag, 'cache-control': 'no-cache' }).end(version === 1 ? png : v2);
      },
      '/dated.png': (req, res) => {
        const lastModified = 'Tue, 01 Sep 2026 10:00:00 GMT';
        note('/dated.png', req.headers['if-modified-since']);
        if (req.headers['if-modified-since'] === lastModified) return res.writeHead(304).end();
        res.writeHead(200, { 'last-modified': lastModified }).end(png);
      },
    });
  });
  after(() => server.close());

  const fetcher = (ttlMs = 60_000) =>
    new AssetFetcher({ allowPrivate: true, timeoutMs: 3000, maxBytes: 1024 * 1024, ttlMs });
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it('never keeps a no-store response', async () => {
    const f = fetcher();
    for (let i = 0; i < 3; i++) await f.fetchPicture(`${server.base}/no-store.png`);
    assert.equal(server.hits.get('/no-store.png'), 3);
    assert.equal(f.cacheSize, 0);
  });

  it('keeps a response for its max-age, and never longer than its own TTL', async () => {
    const f = fetcher();
    await f.fetchPicture(`${server.base}/short.png`);
    await f.fetchPicture(`${server.base}/short.png`);
    assert.equal(server.hits.get('/short.png'), 1, 'fresh within max-age=1');
    await sleep(1100);
    await f.fetchPicture(`${server.base}/short.png`);
    assert.equal(server.hits.get('/short.png'), 2, 'downloaded again after max-age');

    const g = fetcher(40);
    await g.fetchPicture(`${server.base}/long.png`);
    await sleep(60);
    await g.fetchPicture(`${server.base}/long.png`);
    assert.equal(server.hits.get('/long.png'), 2, 'max-age=3600 capped by a 40 ms TTL');
  });

  it('revalidates with the ETag, keeping the same bytes on a 304 and taking new ones on a 200', async () => {
    const f = fetcher();
    const url = `${server.base}/etag.png`;
    const first = await f.fetchPicture(url);
    const second = await f.fetchPicture(url);
    assert.equal(second, first, 'the same Buffer after a 304');
    assert.deepEqual(conditional['/etag.png'], ['-', '"v1"']);
    version = 2;
    const third = await f.fetchPicture(url);
    assert.notEqual(third, first);
    assert.ok(!third.equals(png), 'the new file');
    assert.deepEqual(conditional['/etag.png'], ['-', '"v1"', '"v1"']);
    assert.equal(f.cacheSize, third.length, 'the old bytes were let go');
  });

  it('revalidates with Last-Modified once the entry is stale', async () => {
    const f = fetcher(30);
    const url = `${server.base}/dated.png`;
    const first = await f.fetchPicture(url);
    await f.fetchPicture(url);
    assert.equal(server.hits.get('/dated.png'), 1, 'fresh: no request');
    await sleep(50);
    assert.equal(await f.fetchPicture(url), first);
    assert.deepEqual(conditional['/dated.png'], ['-', 'Tue, 01 Sep 2026 10:00:00 GMT']);
  });
});
