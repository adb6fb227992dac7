/**
 * The browser's outbound policy: every request it makes passes the address proxy. The pages are
 * served on 127.0.0.1, which a narrower test policy allows (the standard one refuses all of
 * loopback); 127.0.0.2 stands for the private network, refused like it, and a listener there
 * must see no connection at all: not from a redirect, a picture, fetch(), a WebSocket or a frame.
 */
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { blockedAddressReason } from '../../src/net/address-policy.ts';
import { ChromiumScreenshots } from '../../src/screenshots/chromium-screenshots.ts';
import { startAddressProxy } from '../../src/screenshots/address-proxy.ts';
import { proxyAuthorization } from '../../src/screenshots/proxy-credential.ts';
import { browserProcesses, html, untilEnded, startPages, type PageServer } from './_pages.ts';

/** The standard policy, except that 127.0.0.1 (where the test pages are) is allowed. */
const testPolicy = (address: string): string | null =>
  address === '127.0.0.1' ? null : blockedAddressReason(address);

const options = {
  viewport: { width: 320, height: 240 },
  fullPage: false,
  waitMs: 0,
  selector: null,
};

/** Sends `request` to the proxy and reads until it answers or closes. */
function rawExchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    let text = '';
    socket.on('data', (d) => {
      text += d.toString('latin1');
      if (text.includes('\r\n\r\n')) socket.destroy();
    });
    socket.on('close', () => resolve(text));
    socket.on('error', reject);
  });
}

describe('the screenshot browser under the address policy', { timeout: 90_000 }, () => {
  let pages: PageServer;
  let shots: ChromiumScreenshots;
  let forbidden: net.Server;
  let forbiddenPort: number;
  let forbiddenConnections = 0;
  /** A WebSocket endpoint the policy allows, and the upgrades it saw. */
  let sockets: http.Server;
  let upgrades = 0;
  let workerFetches = 0;
  const live: net.Socket[] = [];

  before(async () => {
    forbidden = net.createServer((s) => {
      forbiddenConnections++;
      s.destroy();
    });
    await new Promise<void>((r) => forbidden.listen(0, '127.0.0.2', () => r()));
    forbiddenPort = (forbidden.address() as net.AddressInfo).port;
    const inside = `127.0.0.2:${forbiddenPort}`;
    sockets = http.createServer((req, res) => {
      if (req.url === '/from-worker') workerFetches++;
      res.writeHead(404).end();
    });
    sockets.on('upgrade', (req, socket: net.Socket) => {
      upgrades++;
      // The browser may reset the connection when it closes the page: not this test's concern.
      socket.on('error', () => undefined);
      live.push(socket);
      const accept = crypto
        .createHash('sha1')
        .update(`${String(req.headers['sec-websocket-key'])}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`)
        .digest('base64');
      socket.write(
        'HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
          `Sec-WebSocket-Accept: ${accept}\r\n\r\n`,
      );
    });
    await new Promise<void>((r) => sockets.listen(0, '127.0.0.1', () => r()));
    const socketsAt = `127.0.0.1:${(sockets.address() as net.AddressInfo).port}`;
    pages = await startPages({
      '/ok.html': html('<div style="position:fixed;inset:0;background:#00ff00"></div>'),
      // The frame answers once the socket has reached its server, so the page's load waits for it.
      '/socket.html': html(
        `<script>new WebSocket('ws://${socketsAt}/live')</script>
        <div style="position:fixed;inset:0;background:#00ff00"></div>
        <iframe src="/after-socket"></iframe>`,
      ),
      // A worker's requests are not seen by Playwright's request handling: they pass the proxy
      // on the credential the browser keeps for it.
      '/worker.html': html(
        `<script>new Worker('/worker.js')</script><iframe src="/after-socket?worker"></iframe>`,
      ),
      '/worker.js': (_req, res) =>
        res
          .writeHead(200, { 'content-type': 'text/javascript' })
          .end(`fetch('http://${socketsAt}/from-worker').catch(() => {})`),
      '/after-socket': (req, res) => {
        const started = Date.now();
        const seen = () => (req.url?.endsWith('?worker') ? workerFetches : upgrades) > 0;
        const answer = () => {
          if (seen() || Date.now() - started > 5000) res.end('done');
          else setTimeout(answer, 20);
        };
        answer();
      },
      '/redirect': (_req, res) => res.writeHead(302, { location: `http://${inside}/` }).end(),
      '/to-file': (_req, res) => res.writeHead(302, { location: 'file:///etc/hostname' }).end(),
      // Green only when no permission is granted and a dialog did not hold the page up.
      '/asks.html': html(
        `<div id="box" style="position:fixed;inset:0;background:#ff0000"></div>
        <script>
          alert('nobody is there');
          confirm('still nobody');
          Promise.all(
            ['geolocation', 'notifications', 'camera', 'clipboard-read'].map((name) =>
              navigator.permissions.query({ name }).then((p) => p.state, () => 'denied'),
            ),
          ).then((states) => {
            const granted = states.some((s) => s === 'granted') || Notification.permission === 'granted';
            document.getElementById('box').style.background = granted ? '#ff0000' : '#00ff00';
          });
        </script>`,
      ),
      '/reaches-in.html': html(
        `<div style="position:fixed;inset:0;background:#00ff00"></div>
        <img src="http://${inside}/img.png">
        <iframe src="http://${inside}/frame"></iframe>
        <link rel="stylesheet" href="https://${inside}/style.css">
        <script>
          fetch('http://${inside}/fetch').catch(() => {});
          try { new WebSocket('ws://${inside}/ws'); } catch {}
          try { new WebSocket('wss://${inside}/wss'); } catch {}
          navigator.serviceWorker && navigator.serviceWorker.register('/sw.js').catch(() => {});
          window.open('http://${inside}/popup');
          alert('nobody is there');
        </script>`,
      ),
    });
    shots = new ChromiumScreenshots({
      chromiumPath: '/usr/bin/chromium',
      contexts: 1,
      timeoutMs: 10_000,
      cacheTtlMs: 0,
      allowPrivate: false,
      addressPolicy: testPolicy,
    });
  });
  after(async () => {
    const proxyUrl = shots?.browserPool?.proxyUrl;
    const pids = proxyUrl ? browserProcesses(proxyUrl) : [];
    await shots?.close();
    await pages?.close();
    await new Promise((r) => forbidden?.close(r));
    for (const s of live) s.destroy();
    await new Promise((r) => sockets?.close(r));
    assert.ok(pids.length > 1, 'the browser and its children were found');
    assert.deepEqual(await untilEnded(pids), [], 'every browser process is gone');
  });

  it('shoots a page the policy allows', async () => {
    const png = await shots.capture(`${pages.base}/ok.html`, options);
    const { data } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    assert.deepEqual([...data.subarray(0, 3)], [0, 255, 0]);
  });

  it("lets a page's WebSocket and a worker's fetch through to an allowed address (the browser holds the credential)", async () => {
    await shots.capture(`${pages.base}/socket.html`, options);
    assert.equal(upgrades, 1);
    await shots.capture(`${pages.base}/worker.html`, options);
    assert.equal(workerFetches, 1);
  });

  it('refuses a page on a refused address, and one redirecting to it', async () => {
    await assert.rejects(
      shots.capture(`http://127.0.0.2:${forbiddenPort}/`, options),
      /refused: .*127\.0\.0\.2 is a loopback address/,
    );
    await assert.rejects(
      shots.capture(`${pages.base}/redirect`, options),
      /redirect: refused: .*127\.0\.0\.2 is a loopback address/,
    );
    assert.equal(forbiddenConnections, 0);
  });

  it('grants a page no permission, and its dialogs do not hold it up', async () => {
    const png = await shots.capture(`${pages.base}/asks.html`, { ...options, waitMs: 300 });
    const { data } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    assert.deepEqual([...data.subarray(0, 3)], [0, 255, 0]);
  });

  it("never reaches a refused address from a page's pictures, scripts, sockets, frames or pop-ups", async () => {
    const png = await shots.capture(`${pages.base}/reaches-in.html`, { ...options, waitMs: 500 });
    assert.ok(png.length > 0);
    assert.equal(forbiddenConnections, 0);
  });

  it('judges host names by the addresses they resolve to, with the standard policy', async () => {
    // The proxy alone (no browser): a plain request and a tunnel to localhost, which resolves
    // to loopback, are both refused before any connection.
    const proxy = await startAddressProxy({ allowPrivate: false });
    const target = `localhost:${forbiddenPort}`;
    try {
      const { port } = new URL(proxy.url);
      const auth = `Proxy-Authorization: ${proxyAuthorization(proxy.credential)}\r\n`;
      const plain = await rawExchange(
        Number(port),
        `GET http://${target}/ HTTP/1.1\r\nHost: ${target}\r\n${auth}\r\n`,
      );
      assert.match(plain, /^HTTP\/1\.1 403/);
      const tunnel = await rawExchange(
        Number(port),
        `CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\n${auth}\r\n`,
      );
      assert.match(tunnel, /^HTTP\/1\.1 403/);
      assert.match(proxy.refusal('localhost') ?? '', /loopback/);
    } finally {
      await proxy.close();
    }
    assert.equal(forbiddenConnections, 0);
  });

  it('does not follow a redirect out of http(s)', async () => {
    await assert.rejects(shots.capture(`${pages.base}/to-file`, options), /to-file: /);
    await assert.rejects(
      shots.capture('file:///etc/hostname', options),
      /only http and https pages/,
    );
  });
});
