/**
 * The video sources' downloader against a real local server: a file streamed to disk; a source
 * that drips (1 byte a second), one over the byte limit, an HTTP error and a refused private
 * address each fail with an error naming the URL and why, and leave nothing on disk.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { FileMediaDownloader } from '../../src/net/media-download.ts';
import { startServer, type TestServer } from './test-server.ts';

describe('FileMediaDownloader', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-download-'));
  const body = Buffer.alloc(64 * 1024, 7);
  let server: TestServer;
  const timers = new Set<NodeJS.Timeout>();
  before(async () => {
    server = await startServer({
      '/clip.mp4': (_req, res) => {
        res.writeHead(200, { 'content-type': 'video/mp4' });
        res.end(body);
      },
      '/drip.mp4': (_req, res) => {
        res.writeHead(200, { 'content-type': 'video/mp4' });
        const timer = setInterval(() => res.write('x'), 1000);
        timers.add(timer);
        res.on('close', () => clearInterval(timer));
      },
      '/gone.mp4': (_req, res) => res.writeHead(410).end('gone'),
    });
  });
  after(async () => {
    for (const timer of timers) clearInterval(timer);
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const open = new FileMediaDownloader({ allowPrivate: true });
  const limits = { maxBytes: 1024 * 1024, timeoutMs: 5000 };

  it('streams a source to its file', async () => {
    const file = path.join(dir, 'ok');
    await open.download(`${server.base}/clip.mp4`, file, limits);
    assert.ok(fs.readFileSync(file).equals(body));
  });

  it('fails a source that drips, one too large, and an HTTP error, leaving no file', async () => {
    const cases: Array<[string, typeof limits, RegExp]> = [
      ['drip.mp4', { ...limits, timeoutMs: 800 }, /drip\.mp4: no complete response within 0.8 s/],
      ['clip.mp4', { ...limits, maxBytes: 1000 }, /clip\.mp4.*larger than/],
      ['gone.mp4', limits, /gone\.mp4.*410/],
    ];
    for (const [name, lim, message] of cases) {
      const file = path.join(dir, `failed-${name}`);
      await assert.rejects(open.download(`${server.base}/${name}`, file, lim), message);
      assert.equal(fs.existsSync(file), false, `nothing of ${name} stays on disk`);
    }
  });

  it('refuses a private address under the standard policy without connecting', async () => {
    const strict = new FileMediaDownloader({ allowPrivate: false });
    const before = server.hits.get('/clip.mp4') ?? 0;
    const file = path.join(dir, 'private');
    await assert.rejects(strict.download(`${server.base}/clip.mp4`, file, limits), /127\.0\.0\.1/);
    assert.equal(server.hits.get('/clip.mp4') ?? 0, before, 'the server saw no request');
    assert.equal(fs.existsSync(file), false);
  });
});
