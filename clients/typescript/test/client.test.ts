/**
 * @imprint/client against a real `imprint serve`: templates and designs through the typed
 * client, images (create_now and queued + waitFor), a PDF, a failing render, signUrl through
 * GET /u, lists with listAll, and a real webhook delivery verified with verifyWebhook and fed to waitFor.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { startAssetServer, type AssetServer } from '../../../test/generation/_helpers.ts';
import { ServerProcess } from '../../../test/helpers/server-process.ts';
import {
  createImprintClient,
  ImprintApiError,
  listAll,
  RenderFailedError,
  signUrl,
  verifyWebhook,
  WebhookWaiter,
  type ImprintClient,
  type ListItem,
  type paths,
} from '../src/index.ts';

const PNG_START = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

/** A webhook endpoint as an application would write it: verify, then hand to the waiter. */
async function startWebhookEndpoint(secret: string, waiter: WebhookWaiter) {
  const seen: { headers: http.IncomingHttpHeaders; body: string; valid: boolean }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const valid = verifyWebhook(req.headers, body, secret);
      seen.push({ headers: req.headers, body, valid });
      if (valid) waiter.deliver(body);
      res.writeHead(valid ? 200 : 401).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    seen,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

/** The body of PUT /api/rest/templates/{template_uuid}/design, as the generated types have it. */
type DesignBody = NonNullable<
  paths['/api/rest/templates/{template_uuid}/design']['put']['requestBody']
>['content']['application/json'];

describe('@imprint/client against a running server', () => {
  let server: ServerProcess;
  let assets: AssetServer;
  let client: ImprintClient;
  let projectId: string;
  let token: string;
  let templateUuid: string;
  /** GET requests of one image or PDF that went through the client's fetch. */
  const polls: string[] = [];

  before(async () => {
    assets = await startAssetServer();
    server = await ServerProcess.create({
      prefix: 'imprint-client-',
      // A busy machine can take long to load the server's TypeScript.
      readyMs: 120_000,
      env: { IMPRINT_RENDER_THREADS: '1', LOG_LEVEL: 'warn' },
    });
    await server.start();
    ({ id: projectId, token } = server.createProject('Client'));
    const countingFetch: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      if (request.method === 'GET') polls.push(new URL(request.url).pathname);
      return fetch(request);
    };
    client = createImprintClient({ baseUrl: `${server.base}/`, token, fetch: countingFetch });
  });
  after(async () => {
    await server?.close();
    await assets?.close();
  });

  it('creates a template and puts its design', async () => {
    // Typed by the generated schema: a layer's `type` narrows it to that type's properties.
    const design: DesignBody = {
      width: 400,
      height: 200,
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
      ],
    };
    const created = await client.POST('/api/rest/templates', {
      body: { title: 'Client card', width: design.width, height: design.height },
    });
    assert.equal(created.response.status, 201, JSON.stringify(created.error));
    templateUuid = created.data!.uuid!;
    const put = await client.PUT('/api/rest/templates/{template_uuid}/design', {
      params: { path: { template_uuid: templateUuid } },
      body: design,
    });
    assert.equal(put.response.status, 200, JSON.stringify(put.error));
    assert.equal(put.data!.width, design.width);
  });

  it('answers a typed error for bad input', async () => {
    const res = await client.POST('/api/rest/images', { body: { template_uuid: 'nope' } });
    assert.equal(res.data, undefined);
    assert.ok(res.response.status >= 400 && res.response.status < 500);
    assert.ok(res.error);
  });

  it('renders an image with create_now', async () => {
    const { data } = await client.POST('/api/rest/images', {
      body: {
        template_uuid: templateUuid,
        create_now: true,
        layers: { title: { text: 'Now' } },
        modifications: { image_format: 'png' },
      },
    });
    assert.equal(data?.status, 'finished');
    // waitFor on a finished object resolves without a request.
    const before = polls.length;
    assert.equal((await client.waitFor(data!)).image_url, data!.image_url);
    assert.equal(polls.length, before);
    const file = Buffer.from(await (await fetch(data!.image_url!)).arrayBuffer());
    assert.ok(file.subarray(0, 4).equals(PNG_START));
  });

  it('waits for a queued image by polling', async () => {
    const { data } = await client.POST('/api/rest/images', {
      body: {
        template_uuid: templateUuid,
        layers: { title: { text: 'Queued' }, photo: { image: `${assets.base}/red.png` } },
      },
    });
    assert.equal(data?.status, 'queued');
    const done = await client.waitFor(data!, { initialDelayMs: 50, maxDelayMs: 500 });
    assert.equal(done.status, 'finished');
    assert.equal(done.id, data!.id);
    assert.match(done.image_url!, /^http/);
    assert.ok(polls.includes(`/api/rest/images/${data!.id}`));
  });

  it('rejects with the errors when an image fails', async () => {
    const { data } = await client.POST('/api/rest/images', {
      body: {
        template_uuid: templateUuid,
        layers: { photo: { image: `${assets.base}/nope.png` } },
      },
    });
    await assert.rejects(client.waitFor(data!, { initialDelayMs: 50 }), (err) => {
      assert.ok(err instanceof RenderFailedError);
      assert.match(err.errors[0], /nope\.png/);
      assert.equal((err.item as { status: string }).status, 'error');
      return true;
    });
  });

  it('waits for a PDF', async () => {
    const { data } = await client.POST('/api/rest/pdfs', {
      body: { pages: [{ template_uuid: templateUuid, layers: { title: { text: 'Page' } } }] },
    });
    assert.equal(data?.status, 'queued');
    const done = await client.waitFor(data!, { initialDelayMs: 50, maxDelayMs: 500 });
    assert.equal(done.status, 'finished');
    assert.ok(polls.includes(`/api/rest/pdfs/${data!.id}`));
    const file = Buffer.from(await (await fetch(done.pdf_url!)).arrayBuffer());
    assert.equal(file.subarray(0, 5).toString(), '%PDF-');
  });

  it('lists the images and PDFs it made: one page with GET, all of them with listAll', async () => {
    const page = await client.GET('/api/rest/images', {
      params: { query: { per_page: 1, template_uuid: templateUuid } },
    });
    assert.equal(page.response.status, 200, JSON.stringify(page.error));
    assert.equal(page.data!.data!.length, 1);
    assert.ok(page.data!.meta!.next_cursor);
    // The three images of the tests above: create_now, queued, failed; newest first.
    const all: ListItem<'/api/rest/images'>[] = [];
    for await (const image of listAll(client, '/api/rest/images', { per_page: 1 })) all.push(image);
    assert.equal(all.length, 3);
    assert.deepEqual(
      all.map((i) => i.id),
      all.map((i) => i.id!).sort((a, b) => b - a),
    );
    assert.equal(all[0].id, page.data!.data![0].id);
    const failed: number[] = [];
    for await (const image of listAll(client, '/api/rest/images', { status: 'error' }))
      failed.push(image.id!);
    assert.deepEqual(
      failed,
      all.filter((i) => i.status === 'error').map((i) => i.id),
    );
    assert.ok(failed.length >= 1);
    const pdfs = [];
    for await (const pdf of listAll(client, '/api/rest/pdfs')) pdfs.push(pdf);
    assert.equal(pdfs.length, 1);
    assert.match(pdfs[0].pdf_url!, /^http/);
    await assert.rejects(
      listAll(client, '/api/rest/images', { created_after: 'yesterday' }).next(),
      (err) => {
        assert.ok(err instanceof ImprintApiError);
        assert.equal(err.status, 422);
        assert.ok((err.body as { errors: Record<string, unknown> }).errors.created_after);
        return true;
      },
    );
  });

  it('builds signed URL API links the server accepts', { timeout: 90_000 }, async () => {
    const secret = 'client-url-secret & more';
    server.cli('url', 'secret', '--project', projectId, '--set', secret);
    const url = signUrl(
      templateUuid,
      { title: { text: 'Fish & Chips, 100%' }, box: { background_color: '#00ff00' } },
      secret,
      { baseUrl: server.base, image_format: 'png', width: 200 },
    );
    const res = await fetch(url);
    assert.equal(res.status, 200, await res.clone().text());
    assert.equal(res.headers.get('content-type'), 'image/png');
    const bytes = Buffer.from(await res.arrayBuffer());
    assert.ok(bytes.subarray(0, 4).equals(PNG_START));
    // Signed with another secret, the same link is refused.
    assert.equal(
      (await fetch(signUrl(templateUuid, {}, 'wrong', { baseUrl: server.base }))).status,
      403,
    );
  });

  it(
    'verifies a real webhook delivery and resolves waitFor from it',
    { timeout: 90_000 },
    async () => {
      const secret = server.cli('webhook', 'secret', '--project', projectId);
      const waiter = new WebhookWaiter();
      const endpoint = await startWebhookEndpoint(secret, waiter);
      try {
        const { data } = await client.POST('/api/rest/images', {
          body: {
            template_uuid: templateUuid,
            layers: { title: { text: 'Hooked' } },
            webhook_success: endpoint.url,
          },
        });
        const before = polls.length;
        // The first poll would come only after ten minutes: the delivery has to end the wait.
        const done = await client.waitFor(data!, { webhook: waiter, initialDelayMs: 600_000 });
        assert.equal(done.status, 'finished');
        assert.equal(done.id, data!.id);
        assert.equal(polls.length, before, 'no poll happened');
        const delivery = endpoint.seen[0];
        assert.equal(delivery.valid, true);
        assert.ok(delivery.headers['imprint-signature']);
        // The same delivery with a changed body or another secret does not verify.
        assert.equal(
          verifyWebhook(delivery.headers, delivery.body.replace('Hooked', 'x') + ' ', secret),
          false,
        );
        assert.equal(verifyWebhook(delivery.headers, delivery.body, `${secret}x`), false);
      } finally {
        endpoint.close();
      }
    },
  );
});
