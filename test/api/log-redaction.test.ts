/**
 * No log level writes a secret: a real `imprint serve` at LOG_LEVEL=trace gets one request on
 * every route (enumerated from its OpenAPI document, so a new route is covered without editing
 * this test) carrying a live token, a test token, transfer credentials and signing secrets, does
 * a font upload (whose multipart parser logs the request headers at trace level), a transfer and
 * a signed webhook; then its whole output is searched for each secret.
 */
import assert from 'node:assert/strict';
import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { freePort, restClient, ServerProcess } from '../helpers/server-process.ts';
import { startReceiver, type Receiver } from '../webhooks/receiver.ts';
import { testDesign } from '../generation/_helpers.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON bodies of the API
type Json = Record<string, any>;

const FONT = path.resolve(
  new URL('../fixtures/fonts/dejavu-sans-latin.ttf', import.meta.url).pathname,
);
const secretValue = (label: string) => `${label}-${randomBytes(12).toString('hex')}`;

describe('secrets never reach the log (LOG_LEVEL=trace)', () => {
  let imprint: ServerProcess;
  let receiver: Receiver;
  let live: string;
  let testToken: string;
  let webhookSecret: string;
  let templateUuid: string;
  const s3Key = secretValue('AKIAKEY');
  const s3Secret = secretValue('s3secret');
  const s3Token = secretValue('s3session');
  const urlSecret = secretValue('urlsigning');
  const apiKeyHeader = secretValue('apikey');
  const cookie = secretValue('cookie');
  const served: string[] = [];

  before(
    async () => {
      imprint = await ServerProcess.create({
        prefix: 'imprint-logs-',
        env: {
          LOG_LEVEL: 'trace',
          IMPRINT_RENDER_THREADS: '1',
        },
      });
      receiver = await startReceiver({});
      // The project exists before the start, so the first-start banner (which shows tokens once,
      // on purpose) is not printed by the server.
      const created = JSON.parse(imprint.cli('project', 'create', 'Logs', '--json')) as Json;
      live = created.token;
      testToken = created.test_token;
      webhookSecret = imprint.cli('webhook', 'secret', '--project', created.id);
      // The project's URL-signing secret, used below by signed URL API requests.
      imprint.cli('url', 'secret', '--project', created.id, '--set', urlSecret);
      imprint.logs.length = 0; // CLI output shows tokens by design; only the server's is checked.
      await imprint.start();
      const api = restClient(imprint.base, live);
      const tpl = await api('POST', '/templates', { title: 'Logs', width: 400, height: 200 });
      templateUuid = tpl.body.uuid;
      assert.equal(
        (await api('PUT', `/templates/${templateUuid}/design`, testDesign())).status,
        200,
      );
    },
    { timeout: 360_000 },
  );
  after(async () => {
    await imprint?.close();
    await receiver?.close();
  });

  const transfer = async () => ({
    to: 's3',
    key: s3Key,
    secret: s3Secret,
    token: s3Token,
    bucket: 'b',
    path: 'x/y.png',
    // Nothing listens there: the transfer fails, and its failure is logged too.
    endpoint: `http://127.0.0.1:${await freePort()}`,
  });

  /** A URL API path for `query`, signed as Placid documents (HMAC-SHA256 of the query). */
  const signedUrl = (query: string) =>
    `/u/${templateUuid}?${query}&s=${createHmac('sha256', urlSecret).update(query).digest('hex')}`;

  /** One request with every secret in headers and body; the status does not matter. */
  const call = async (method: string, url: string, token: string, body?: unknown) => {
    const res = await fetch(`${imprint.base}${url}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        'x-api-key': apiKeyHeader,
        cookie: `session=${cookie}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    served.push(`${method} ${url} ${res.status}`);
    return { status: res.status, body: (await res.text()) || null };
  };

  it('exercises every route with secrets in the request', async () => {
    const doc = (await (await fetch(`${imprint.base}/api/openapi.json`)).json()) as Json;
    const paths = Object.entries(doc.paths as Record<string, Record<string, unknown>>);
    assert.ok(paths.length >= 10, `the OpenAPI document lists the routes (${paths.length})`);
    const body = {
      template_uuid: templateUuid,
      title: 'x',
      transfer: await transfer(),
      url_secret: urlSecret,
      signing_secret: urlSecret,
      webhook_secret: webhookSecret,
      token: live,
    };
    let n = 0;
    for (const [route, methods] of paths) {
      const url = route.replace(/\{[^}]+\}/g, (p) => (p.includes('uuid') ? templateUuid : '1'));
      for (const method of Object.keys(methods)) {
        if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
        // DELETE of the template would remove what the render below needs: a test token's
        // request against another id still runs the route.
        const target = method === 'delete' ? url.replace(templateUuid, 'no-such-uuid') : url;
        const token = n++ % 2 === 0 ? live : testToken;
        await call(method.toUpperCase(), target, token, method === 'get' ? undefined : body);
      }
    }
    for (const url of [
      '/health',
      '/ready',
      '/docs',
      '/files/nothing.png',
      '/no-such-route',
      // The URL API, signed with the project's URL-signing secret, and with a wrong signature.
      signedUrl('title[text]=Logged'),
      `/u/${templateUuid}?title[text]=Logged&s=${'0'.repeat(64)}`,
      // Credentials in a query string are masked in the logged URL too.
      `/api/rest/templates?token=${live}&signature=${urlSecret}`,
    ]) {
      await call('GET', url, live);
    }
    assert.ok(n >= 10, `${n} route calls`);
    // The signed URL was rendered, so the server really computed an HMAC with the secret.
    assert.ok(served.includes(`GET ${signedUrl('title[text]=Logged')} 200`), served.join('\n'));
  });

  it('uploads a font (the multipart parser logs its options at trace level)', async () => {
    const form = new FormData();
    form.append('file', new Blob([fs.readFileSync(FONT)]), 'dejavu.ttf');
    form.append('terms_accepted', '1');
    const res = await fetch(`${imprint.base}/api/rest/fonts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${live}`, 'x-api-key': apiKeyHeader },
      body: form,
    });
    assert.equal(res.status, 201, await res.text());
  });

  it('renders with a transfer and a signed webhook', async () => {
    const api = restClient(imprint.base, live);
    const created = await api('POST', '/images', {
      template_uuid: templateUuid,
      webhook_success: receiver.url('/ok'),
      webhook_error: receiver.url('/failed'),
      transfer: await transfer(),
    });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    for (let i = 0; i < 300 && receiver.received.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.ok(receiver.received.length > 0, 'a signed webhook was delivered');
  });

  it('wrote trace output, and no secret in any of it', async () => {
    await imprint.stop();
    const log = imprint.logs.join('');
    assert.match(log, /"level":10/, 'trace lines were written');
    assert.match(log, /Providing options to busboy/, 'the multipart options were logged');
    assert.match(log, /\[redacted\]/, 'and redacted');
    const secrets = {
      'live token': live,
      'test token': testToken,
      'webhook secret': webhookSecret,
      'transfer access key': s3Key,
      'transfer secret': s3Secret,
      'transfer session token': s3Token,
      'URL-signing secret': urlSecret,
      // The signature of a URL API link grants that render to whoever holds it.
      'URL API signature': signedUrl('title[text]=Logged').split('&s=')[1],
      'x-api-key header': apiKeyHeader,
      cookie,
    };
    for (const [what, value] of Object.entries(secrets)) {
      assert.ok(value.length > 8);
      assert.equal(log.includes(value), false, `the ${what} is in the log`);
    }
    assert.ok(served.length > 0);
  });
});
