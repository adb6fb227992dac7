/**
 * Shared set-up of the generation tests: a local HTTP server with pictures and PDFs (reached with
 * IMPRINT_ALLOW_PRIVATE_URLS=1), a template with text, picture and shape layers, and polling.
 */
import type { RenderRowStore } from '../../src/core/ports/render-row-store.ts';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { PDFDocument } from 'pdf-lib';
import type { TestApp } from '../helpers/test-app.ts';
import type { NewRenderRow, ResourceType } from '../../src/core/generation/render-row.ts';

/** A small local server for assets, with request counting and optional slowness. */
export interface AssetServer {
  base: string;
  hits: Map<string, number>;
  close(): Promise<void>;
}

/** A red 64×64 PNG. */
export async function redPng(): Promise<Buffer> {
  return sharp({
    create: { width: 64, height: 64, channels: 3, background: { r: 255, g: 0, b: 0 } },
  })
    .png()
    .toBuffer();
}

/** A PDF with `pages` pages of the given size in points. */
export async function makePdf(pages: number, size: [number, number] = [200, 100]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage(size);
  return Buffer.from(await doc.save());
}

/**
 * Serves /red.png, /slow.png?ms=N (the PNG after N ms), /one.pdf (1 page), /two.pdf (2 pages),
 * /text.txt (not a picture), /damaged.pdf (starts like a PDF, is none) and 404 for anything else.
 */
export async function startAssetServer(): Promise<AssetServer> {
  const png = await redPng();
  const one = await makePdf(1);
  const two = await makePdf(2, [300, 300]);
  const hits = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    hits.set(url.pathname, (hits.get(url.pathname) ?? 0) + 1);
    const send = (type: string, body: Buffer | string) => {
      res.writeHead(200, { 'content-type': type });
      res.end(body);
    };
    if (url.pathname === '/red.png') return send('image/png', png);
    if (url.pathname === '/slow.png') {
      const ms = Number(url.searchParams.get('ms') ?? 500);
      setTimeout(() => send('image/png', png), ms);
      return;
    }
    if (url.pathname === '/one.pdf') return send('application/pdf', one);
    if (url.pathname === '/two.pdf') return send('application/pdf', two);
    if (url.pathname === '/text.txt') return send('text/plain', 'hello, not a picture');
    if (url.pathname === '/damaged.pdf') return send('application/pdf', '%PDF-1.4 damaged bytes');
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The test design: a text, a picture and a red square on a white 400×200 canvas. */
export function testDesign(width = 400, height = 200) {
  return {
    width,
    height,
    background: '#ffffff',
    layers: [
      {
        name: 'title',
        type: 'text',
        x: 10,
        y: 10,
        width: 380,
        height: 60,
        text: 'Hello',
        font_size: 32,
        text_color: '#000000',
      },
      { name: 'photo', type: 'picture', x: 10, y: 80, width: 100, height: 100, image: null },
      {
        name: 'box',
        type: 'shape',
        x: 300,
        y: 100,
        width: 80,
        height: 80,
        background_color: '#ff0000',
      },
    ],
  };
}

/** Creates a template with `design` in the project of `token` (default: the main project). */
export async function createTemplate(
  t: TestApp,
  design: ReturnType<typeof testDesign> = testDesign(),
  token?: string,
): Promise<string> {
  const created = await t.request({
    method: 'POST',
    url: '/api/rest/templates',
    payload: { title: 'Card', width: design.width, height: design.height },
    token,
  });
  assert.ok([200, 201].includes(created.statusCode), created.body);
  const uuid = created.json().uuid as string;
  const put = await t.request({
    method: 'PUT',
    url: `/api/rest/templates/${uuid}/design`,
    payload: design,
    token,
  });
  assert.equal(put.statusCode, 200, put.body);
  // The save's thumbnail renders in the background; tests that count renders or pixels in
  // flight start once it is done.
  await t.runtime.services.previews.idle();
  return uuid;
}

/** The path part of an absolute URL of the test app (inject() takes paths). */
export function pathOf(url: string): string {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
}

/** GETs the polling URL until the status leaves `queued` (or fails after `timeoutMs`). */
export async function pollUntilDone(
  t: TestApp,
  pollingUrl: string,
  token?: string,
  timeoutMs = 30_000,
): Promise<Record<string, unknown>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await t.request({ method: 'GET', url: pathOf(pollingUrl), token });
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json();
    if (body.status !== 'queued') return body;
    if (Date.now() > deadline) assert.fail(`still queued after ${timeoutMs} ms: ${res.body}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Inserts a queued row straight through the repository, without rendering it: for tests of what
 * reads rows (lists, their indexes, the CLI). Free (no credits), no webhooks, no transfer.
 */
export async function insertQueuedRow(
  repo: Pick<RenderRowStore, 'insert'>,
  type: ResourceType,
  row: Pick<NewRenderRow, 'project_id' | 'request' | 'passthrough'>,
): Promise<number> {
  const r = await repo.insert(type, {
    ...row,
    webhook_success: null,
    webhook_error: null,
    test_mode: false,
    credits: 0,
    has_transfer: false,
  });
  assert.ok('row' in r, 'no credit limit is set here');
  return r.row.id;
}
