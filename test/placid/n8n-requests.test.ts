/**
 * Placid's own n8n node (n8n-nodes-placid), as it talks to the API: the requests below are
 * written from reading its code, with its headers (Accept and Content-Type JSON on every call,
 * GET and DELETE included, `x-placid-integration: n8n`, the token as Bearer) and its bodies
 * (layer values as strings from its forms, only the fields it fills). Each answer is checked for
 * what the node reads back: `id` after creating, then `status` ("finished"/"error") and `error`
 * when polling by id; `data[].title/uuid/tags` and `links.next` (a URL it requests as is) for
 * the template picker; `layers[].name/type` for the layer picker; `media[0].file_id` after an
 * upload. The node never sends create_now, so every creation is queued and polled.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { createTemplate, redPng } from '../generation/_helpers.ts';
import {
  startGenerationFixture,
  type GenerationFixture,
} from '../generation/generation-fixture.ts';
import { html, startPages, type PageServer } from '../screenshots/_pages.ts';
import { makeTone, makeVideo, probe } from '../video/_media.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

/** The headers of every JSON call of the node (its request options and its credential). */
function nodeHeaders(token: string): Record<string, string> {
  return {
    Accept: 'application/json',
    'Content-Type': 'application/json',
    'x-placid-integration': 'n8n',
    Authorization: `Bearer ${token}`,
  };
}

/**
 * One call as n8n's HTTP helper makes it: the JSON body serialised with its length, none at all
 * on GET and DELETE (which still say Content-Type: application/json).
 */
function call(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<{ status: number; body: string; json: () => Json }> {
  const data = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method, headers: data ? { ...headers, 'Content-Length': data.length } : headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: res.statusCode ?? 0,
            body: text,
            json: () => JSON.parse(text) as Json,
          });
        });
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

/** 320×240: a picture layer, a browser frame, a text and a picture for the video. */
function n8nDesign() {
  return {
    width: 320,
    height: 240,
    background: '#ffffff',
    layers: [
      { name: 'photo', type: 'picture', x: 0, y: 0, width: 160, height: 100, image: null },
      {
        name: 'frame',
        type: 'browserframe',
        x: 0,
        y: 110,
        width: 320,
        height: 130,
        image: null,
        object_fit: 'fill',
      },
      { name: 'title', type: 'text', x: 170, y: 10, width: 140, height: 40, text: 'Title' },
    ],
  };
}

describe("Placid's n8n node against a real server", { timeout: 180_000 }, () => {
  let fixture: GenerationFixture;
  /** The server's own address (its public URL is http://imprint.test), and the API under it. */
  let origin: string;
  let base: string;
  let headers: Record<string, string>;
  let template: string;
  let pages: PageServer;
  let dir: string;
  const hooks: Json[] = [];
  let hookServer: http.Server;
  let hookUrl: string;

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-n8n-'));
    await makeVideo(dir, 'clip.mp4', { seconds: 1, width: 160, height: 100 });
    await makeTone(dir, 'tone.wav', 2);
    const file =
      (name: string, type: string): Parameters<typeof startPages>[0][string] =>
      (_req, res) =>
        res.writeHead(200, { 'content-type': type }).end(fs.readFileSync(path.join(dir, name)));
    pages = await startPages({
      '/site.html': html('<div style="position:fixed;inset:0;background:#00ff00"></div>'),
      '/clip.mp4': file('clip.mp4', 'video/mp4'),
      '/tone.wav': file('tone.wav', 'audio/wav'),
    });
    hookServer = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        hooks.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Json);
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((r) => hookServer.listen(0, '127.0.0.1', () => r()));
    hookUrl = `http://127.0.0.1:${(hookServer.address() as AddressInfo).port}/n8n-hook`;
    fixture = await startGenerationFixture('sqlite', {
      env: { IMPRINT_SCREENSHOT_CONTEXTS: '1', IMPRINT_SCREENSHOT_TIMEOUT_MS: '15000' },
    });
    await fixture.t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(fixture.t.app.server.address() as AddressInfo).port}`;
    base = `${origin}/api/rest`;
    headers = nodeHeaders(fixture.t.project.token);
    template = await createTemplate(fixture.t, n8nDesign() as never);
  });
  after(async () => {
    await fixture?.close();
    await pages?.close();
    hookServer?.closeAllConnections();
    await new Promise((r) => hookServer?.close(r));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** The node's create-then-poll loop: `id` from the creation, then GET by id until done. */
  async function createAndPoll(kind: 'images' | 'pdfs' | 'videos', body: Json): Promise<Json> {
    const created = await call(`${base}/${kind}`, 'POST', headers, body);
    assert.equal(created.status, 200, created.body);
    const first = created.json();
    assert.equal(typeof first.id, 'number', created.body);
    assert.equal(first.status, 'queued');
    const deadline = Date.now() + 120_000;
    for (;;) {
      const polled = await call(`${base}/${kind}/${first.id}`, 'GET', headers);
      assert.equal(polled.status, 200, polled.body);
      const now = polled.json();
      if (now.status === 'finished' || now.status === 'error') {
        // Nothing the node sent was ignored as unknown or unused.
        if (now.status === 'finished') assert.deepEqual(now.warnings, [], polled.body);
        return now;
      }
      assert.ok(Date.now() < deadline, `still ${now.status}: ${polled.body}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** The pixels of a finished image (its URL names the public base, served here). */
  async function pixels(imageUrl: string) {
    const res = await fetch(`${origin}${new URL(imageUrl).pathname}`);
    assert.equal(res.status, 200);
    return sharp(Buffer.from(await res.arrayBuffer()))
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
  }
  /** The colour at (x, y), each channel rounded to a multiple of 16 (the output is a JPEG). */
  const at = (img: Awaited<ReturnType<typeof pixels>>, x: number, y: number) => {
    const i = (y * img.info.width + x) * img.info.channels;
    return [...img.data.subarray(i, i + 3)].map((c) => Math.min(255, Math.round(c / 16) * 16));
  };

  it('fills its template and layer pickers from the template list and the template', async () => {
    const list = await call(`${base}/templates`, 'GET', headers);
    assert.equal(list.status, 200, list.body);
    const found = list.json().data.find((tp: Json) => tp.uuid === template);
    assert.equal(typeof found.title, 'string');
    assert.ok(Array.isArray(found.tags));
    assert.ok('next' in list.json().links);
    // With a search term it adds ?search=… (and filters titles itself), then asks for
    // links.next as given while the user scrolls: an absolute URL keeping the search.
    for (let i = 0; i < 20; i++) await createTemplate(fixture.t, n8nDesign() as never);
    const searched = await call(
      `${base}/templates?search=${encodeURIComponent('x y')}`,
      'GET',
      headers,
    );
    assert.equal(searched.status, 200, searched.body);
    const next = String(searched.json().links.next);
    assert.match(next, /^http:\/\/imprint\.test\/api\/rest\/templates\?search=x\+y&cursor=/);
    const second = await call(
      `${origin}${next.slice('http://imprint.test'.length)}`,
      'GET',
      headers,
    );
    assert.equal(second.status, 200, second.body);
    assert.equal(searched.json().data.length + second.json().data.length, 22);
    const one = await call(`${base}/templates/${template}`, 'GET', headers);
    assert.equal(one.status, 200, one.body);
    assert.deepEqual(
      one.json().layers.map((l: Json) => `${l.name}|${l.type}`),
      ['photo|picture', 'frame|browserframe', 'title|text'],
    );
  });

  it('shoots the website URLs of a picture and a browser-frame layer, with image_viewport and url', async () => {
    const site = `${pages.base}/site.html`;
    const done = await createAndPoll('images', {
      template_uuid: template,
      layers: {
        photo: { image: site },
        frame: { image: site, image_viewport: '800x600', url: 'https://example.com/pricing' },
        title: { text: 'From n8n', visibility: 'visible' },
      },
      webhook_success: hookUrl,
      passthrough: 'n8n-item-1',
    });
    assert.equal(done.status, 'finished', JSON.stringify(done));
    assert.equal(done.passthrough, 'n8n-item-1');
    const img = await pixels(done.image_url as string);
    assert.deepEqual(at(img, 80, 50), [0, 255, 0], 'the page in the picture layer');
    assert.deepEqual(at(img, 160, 230), [0, 255, 0], 'the page in the browser frame');
    const deadline = Date.now() + 10_000;
    while (!hooks.some((h) => h.id === done.id)) {
      assert.ok(Date.now() < deadline, 'the webhook arrives');
      await new Promise((r) => setTimeout(r, 50));
    }
    assert.equal(hooks.find((h) => h.id === done.id)?.status, 'finished');
    // Its Delete operation: no body, still Content-Type: application/json (some HTTP clients
    // add Content-Length: 0); 204, then the image is gone.
    const deleted = await call(`${base}/images/${done.id}`, 'DELETE', {
      ...headers,
      'Content-Length': '0',
    });
    assert.equal(deleted.status, 204, deleted.body);
    assert.equal((await call(`${base}/images/${done.id}`, 'GET', headers)).status, 404);
  });

  it('reads a page answering 404 as status "error" with the reason in `error`', async () => {
    const done = await createAndPoll('images', {
      template_uuid: template,
      layers: { frame: { image: `${pages.base}/missing.html`, image_viewport: '1280x1024' } },
    });
    assert.equal(done.status, 'error');
    assert.match(String(done.error), /frame/);
  });

  it('refuses an image_viewport the node lets through unchecked with 422 naming it', async () => {
    const res = await call(`${base}/images`, 'POST', headers, {
      template_uuid: template,
      layers: { frame: { image: `${pages.base}/site.html`, image_viewport: '1280 by 1024' } },
    });
    assert.equal(res.status, 422, res.body);
    assert.match(res.body, /layers\.frame\.image_viewport/);
  });

  /** The node's binary upload: multipart POST /media with its headers; the file_id it reads. */
  async function uploadMedia(bytes: Buffer, type: string, name: string): Promise<string> {
    const form = new FormData();
    form.set('file', new Blob([bytes], { type }), name);
    const uploaded = await fetch(`${base}/media`, {
      method: 'POST',
      headers: { 'x-placid-integration': 'n8n', Authorization: headers.Authorization },
      body: form,
    });
    const media = (await uploaded.json()) as Json;
    assert.equal(uploaded.status, 200, JSON.stringify(media));
    return media.media[0].file_id as string;
  }

  it('uploads a binary picture to /media and uses its file_id as the layer image', async () => {
    const fileId = await uploadMedia(await redPng(), 'image/png', 'red.png');
    const done = await createAndPoll('images', {
      template_uuid: template,
      layers: { photo: { image: fileId } },
    });
    assert.equal(done.status, 'finished', JSON.stringify(done));
    assert.deepEqual(at(await pixels(done.image_url as string), 80, 50), [255, 0, 0]);
  });

  it('creates a PDF from its single page with a browser frame', async () => {
    const done = await createAndPoll('pdfs', {
      pages: [
        {
          template_uuid: template,
          layers: { frame: { image: `${pages.base}/site.html`, url: 'https://example.com' } },
        },
      ],
    });
    assert.equal(done.status, 'finished', JSON.stringify(done));
    assert.match(String(done.pdf_url), /\.pdf$/);
  });

  it('creates a video in simple mode: one clip, its layers and audio settings, polled by id', async () => {
    const done = await createAndPoll('videos', {
      clips: [
        {
          template_uuid: template,
          layers: {
            photo: { video: `${pages.base}/clip.mp4` },
            frame: { image: `${pages.base}/site.html`, image_viewport: '640x480' },
            title: { text: 'Clip one' },
          },
          audio: `${pages.base}/tone.wav`,
          audio_duration: 'full',
          audio_trim_start: '00:00:00.50',
          // A field added in the form and left empty is sent as an empty string.
          audio_trim_end: '',
        },
      ],
      webhook_success: hookUrl,
      passthrough: 'n8n-video',
    });
    assert.equal(done.status, 'finished', JSON.stringify(done));
    assert.equal(done.passthrough, 'n8n-video');
    const res = await fetch(`${origin}${new URL(done.video_url).pathname}`);
    assert.equal(res.status, 200);
    const out = path.join(dir, 'out.mp4');
    fs.writeFileSync(out, Buffer.from(await res.arrayBuffer()));
    const p = await probe(out);
    assert.equal(p.width, 320);
    // audio_duration "full": the clip lasts as long as the trimmed track (2 s - 0.5 s).
    assert.ok(Math.abs(p.duration - 1.5) < 0.2, `duration ${p.duration}`);
    const deadline = Date.now() + 10_000;
    while (!hooks.some((h) => h.id === done.id && h.passthrough === 'n8n-video')) {
      assert.ok(Date.now() < deadline, 'the webhook arrives');
      await new Promise((r) => setTimeout(r, 50));
    }
  });

  it('uploads a binary video to /media and uses its file_id as the layer video', async () => {
    const bytes = fs.readFileSync(path.join(dir, 'clip.mp4'));
    const fileId = await uploadMedia(bytes, 'video/mp4', 'clip.mp4');
    const done = await createAndPoll('videos', {
      clips: [{ template_uuid: template, layers: { photo: { video: fileId } } }],
    });
    assert.equal(done.status, 'finished', JSON.stringify(done));
  });

  it('reads a failed video as status "error" with the reason in `error`', async () => {
    const done = await createAndPoll('videos', {
      clips: [{ template_uuid: template, layers: { photo: { video: `${pages.base}/gone.mp4` } } }],
    });
    assert.equal(done.status, 'error');
    assert.equal(typeof done.error, 'string', JSON.stringify(done));
    assert.match(done.error, /photo/);
  });

  it('creates a video in advanced mode (its clips JSON as typed) with an image list, gets and deletes it', async () => {
    const done = await createAndPoll('videos', {
      clips: [
        {
          template_uuid: template,
          layers: {
            // The node's "Image URLs (Array)" field: one URL per line, sent as a list.
            photo: { image: [`${pages.base}/site.html`, `${pages.base}/site.html`] },
            title: { text: 'Two' },
          },
        },
        { template_uuid: template, layers: { title: { text: 'Three' } } },
      ],
    });
    assert.equal(done.status, 'finished', JSON.stringify(done));
    const got = await call(`${base}/videos/${done.id}`, 'GET', headers);
    assert.equal(got.status, 200);
    assert.equal(got.json().video_url, done.video_url);
    const deleted = await call(`${base}/videos/${done.id}`, 'DELETE', headers);
    assert.equal(deleted.status, 204, deleted.body);
    assert.equal((await call(`${base}/videos/${done.id}`, 'GET', headers)).status, 404);
  });
});
