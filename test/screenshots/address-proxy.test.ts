/**
 * The screenshot proxy alone, without a browser: it serves only requests carrying its credential,
 * and it connects to exactly the addresses it checked. A resolver that changes its answer between
 * calls (DNS rebinding) stands in for DNS; 127.0.0.3 stands in for a public address (the test
 * policy allows it) and 127.0.0.1 for the inside, which must see no connection at all, for plain
 * requests, CONNECT tunnels and WebSocket upgrades alike.
 */
import assert from 'node:assert/strict';
import type dns from 'node:dns';
import http from 'node:http';
import net from 'node:net';
import { after, before, describe, it } from 'node:test';
import { blockedAddressReason } from '../../src/net/address-policy.ts';
import type { ResolveHost } from '../../src/net/pinned-addresses.ts';
import { startAddressProxy, type AddressProxy } from '../../src/screenshots/address-proxy.ts';
import { proxyAuthorization } from '../../src/screenshots/proxy-credential.ts';

const PUBLIC = '127.0.0.3';
const INSIDE = '127.0.0.1';
/** The standard policy, except that PUBLIC stands for a public address. */
const testPolicy = (address: string): string | null =>
  address === PUBLIC ? null : blockedAddressReason(address);

/** A web server counting connections; answers requests and WebSocket upgrades, then closes. */
interface Listener {
  server: http.Server;
  connections: number;
}

async function listen(host: string, port: number): Promise<Listener> {
  const l: Listener = { server: http.createServer(), connections: 0 };
  l.server.on('connection', () => l.connections++);
  l.server.on('request', (_req, res) => {
    res.writeHead(200, { connection: 'close' }).end(`hello from ${host}`);
  });
  l.server.on('upgrade', (_req, socket: net.Socket) => {
    socket.end(`HTTP/1.1 101 Switching Protocols\r\nX-Served-By: ${host}\r\n\r\n`);
  });
  await new Promise<void>((resolve, reject) => {
    l.server.once('error', reject);
    l.server.listen(port, host, () => resolve());
  });
  return l;
}

/** Listeners on PUBLIC and INSIDE with the same port (a request names one port for both). */
async function listenPair(): Promise<{ port: number; pub: Listener; inside: Listener }> {
  for (let attempt = 0; ; attempt++) {
    const pub = await listen(PUBLIC, 0);
    const port = (pub.server.address() as net.AddressInfo).port;
    try {
      return { port, pub, inside: await listen(INSIDE, port) };
    } catch (err) {
      pub.server.close();
      if (attempt > 20) throw err;
    }
  }
}

/** A resolver that answers `answers[n]` on its n-th call (the last one after that). */
function flipping(answers: string[][]): ResolveHost & { calls: number } {
  const resolve = async (_hostname: string): Promise<dns.LookupAddress[]> => {
    const list = answers[Math.min(resolve.calls, answers.length - 1)];
    resolve.calls++;
    return list.map((address) => ({ address, family: 4 }));
  };
  resolve.calls = 0;
  return resolve;
}

/**
 * Sends `request` to the proxy, then `then` once it answers a tunnel; reads until closed. A reset
 * fails the exchange, unless `resetEnds`: then it ends it like a close.
 */
function exchange(
  proxy: AddressProxy,
  request: string,
  then?: string,
  resetEnds = false,
): Promise<string> {
  const { port } = new URL(proxy.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(request));
    let text = '';
    let sent = false;
    socket.on('data', (d) => {
      text += d.toString('latin1');
      if (then && !sent && /^HTTP\/1\.1 200 [^\r]*\r\n\r\n/.test(text)) {
        sent = true;
        socket.write(then);
      }
    });
    socket.on('close', () => resolve(text));
    socket.on('error', (err) => {
      if (!resetEnds) reject(err);
    });
  });
}

type Kind = 'plain' | 'connect' | 'websocket';
const KINDS: Kind[] = ['plain', 'connect', 'websocket'];

/** A request of `kind` to `host:port` through the proxy, with `auth` as Proxy-Authorization. */
function request(proxy: AddressProxy, kind: Kind, target: string, auth: string | null) {
  const authLine = auth === null ? '' : `Proxy-Authorization: ${auth}\r\n`;
  if (kind === 'plain') {
    return exchange(
      proxy,
      `GET http://${target}/ HTTP/1.1\r\nHost: ${target}\r\n${authLine}Connection: close\r\n\r\n`,
    );
  }
  if (kind === 'connect') {
    return exchange(
      proxy,
      `CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\n${authLine}\r\n`,
      `GET / HTTP/1.1\r\nHost: ${target}\r\nConnection: close\r\n\r\n`,
    );
  }
  return exchange(
    proxy,
    `GET http://${target}/socket HTTP/1.1\r\nHost: ${target}\r\n${authLine}` +
      'Connection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\n' +
      'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
  );
}

describe('the screenshot proxy', () => {
  let pair: Awaited<ReturnType<typeof listenPair>>;
  before(async () => {
    pair = await listenPair();
  });
  after(async () => {
    await new Promise((r) => pair?.pub.server.close(r));
    await new Promise((r) => pair?.inside.server.close(r));
  });
  const counts = () => ({ pub: pair.pub.connections, inside: pair.inside.connections });

  /**
   * A request of `kind` for `host` through a proxy under the test policy whose resolver answers
   * `answers` in turn: the answer, the proxy's refusal of `host` (read before it closes), and
   * how often the resolver was asked.
   */
  async function throughProxy(kind: Kind, host: string, answers: string[][]) {
    const resolve = flipping(answers);
    const proxy = await startAddressProxy({
      allowPrivate: false,
      addressPolicy: testPolicy,
      resolve,
    });
    try {
      const auth = proxyAuthorization(proxy.credential);
      const answer = await request(proxy, kind, `${host}:${pair.port}`, auth);
      return { answer, refusal: proxy.refusal(host), calls: resolve.calls };
    } finally {
      await proxy.close();
    }
  }

  describe('connects to exactly the address it checked (DNS rebinding)', () => {
    for (const kind of KINDS) {
      it(`${kind}: a name that is public first and loopback next reaches the public address only`, async () => {
        const before = counts();
        const { answer, calls } = await throughProxy(kind, 'rebind.test', [[PUBLIC], [INSIDE]]);
        if (kind === 'websocket')
          assert.match(answer, /^HTTP\/1\.1 101 [^]*X-Served-By: 127\.0\.0\.3/);
        else assert.match(answer, /hello from 127\.0\.0\.3/);
        assert.equal(calls, 1, 'the name is resolved once per request');
        assert.deepEqual(counts(), { pub: before.pub + 1, inside: before.inside });
      });

      it(`${kind}: a name that is loopback first and public next is refused, nothing reached`, async () => {
        const before = counts();
        const { answer, refusal, calls } = await throughProxy(kind, 'rebind.test', [
          [INSIDE],
          [PUBLIC],
        ]);
        assert.match(answer, /^HTTP\/1\.1 403/);
        assert.equal(refusal, 'rebind.test resolves to 127.0.0.1, which is a loopback address');
        assert.equal(calls, 1, 'a refusal is not asked again');
        assert.deepEqual(counts(), before);
      });

      it(`${kind}: a name with a public and a loopback address is refused, nothing reached`, async () => {
        const before = counts();
        const { answer, refusal } = await throughProxy(kind, 'mixed.test', [[PUBLIC, INSIDE]]);
        assert.match(answer, /^HTTP\/1\.1 403/);
        assert.match(refusal ?? '', /127\.0\.0\.1, which is a loopback/);
        assert.deepEqual(counts(), before);
      });
    }
  });

  describe('serves only the holder of its credential', () => {
    for (const kind of KINDS) {
      it(`${kind}: 407 without the credential or with a wrong one, reaching nothing`, async () => {
        // The policy is lifted: only the credential stands between the request and the listener.
        const resolve = flipping([[INSIDE]]);
        const proxy = await startAddressProxy({ allowPrivate: true, resolve });
        const before = counts();
        try {
          const target = `site.test:${pair.port}`;
          const wrong = proxyAuthorization({ ...proxy.credential, password: 'guess' });
          for (const auth of [null, wrong, 'Bearer x', proxy.credential.password]) {
            const answer = await request(proxy, kind, target, auth);
            assert.match(answer, /^HTTP\/1\.1 407 /, `${kind} with ${auth}`);
            assert.match(answer, /Proxy-Authenticate: Basic realm="imprint-screenshots"/i);
          }
          assert.equal(resolve.calls, 0, 'nothing is resolved for a stranger');
          assert.deepEqual(counts(), before);

          const served = await request(proxy, kind, target, proxyAuthorization(proxy.credential));
          if (kind === 'websocket') assert.match(served, /^HTTP\/1\.1 101 /);
          else assert.match(served, /hello from 127\.0\.0\.1/);
          assert.deepEqual(counts(), { pub: before.pub, inside: before.inside + 1 });
        } finally {
          await proxy.close();
        }
      });
    }

    // Chromium may reset the connection that got the 407 before it asks again with the
    // credential; a reset tunnel or upgrade socket has no HTTP server's handler left, so without
    // one of the proxy's own it is an uncaught exception that ends the service.
    for (const kind of ['connect', 'websocket'] as const) {
      it(`${kind}: a connection reset after the 407 or the 400 leaves the proxy serving`, async () => {
        const proxy = await startAddressProxy({
          allowPrivate: true,
          resolve: flipping([[INSIDE]]),
        });
        const uncaught: Error[] = [];
        const seen = (err: Error) => uncaught.push(err);
        process.prependListener('uncaughtException', seen);
        try {
          const target = `site.test:${pair.port}`;
          const auth = `Proxy-Authorization: ${proxyAuthorization(proxy.credential)}\r\n`;
          const upgrade = 'Connection: Upgrade\r\nUpgrade: websocket\r\n';
          // Each line is answered 407 (no credential) or 400 (credential, but no target).
          const lines =
            kind === 'connect'
              ? [
                  `CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\n\r\n`,
                  `CONNECT nonsense HTTP/1.1\r\n${auth}\r\n`,
                ]
              : [
                  `GET http://${target}/ HTTP/1.1\r\nHost: ${target}\r\n${upgrade}\r\n`,
                  `GET /relative HTTP/1.1\r\nHost: ${target}\r\n${auth}${upgrade}\r\n`,
                ];
          const answers = new Set<string>();
          for (const line of lines) {
            for (let i = 0; i < 5; i++) {
              await new Promise<void>((resolve, reject) => {
                const { port } = new URL(proxy.url);
                const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(line));
                socket.once('data', (d) => {
                  answers.add(d.toString('latin1').slice(0, 12));
                  socket.resetAndDestroy();
                  resolve();
                });
                socket.on('error', reject);
              });
            }
          }
          assert.deepEqual([...answers].sort(), ['HTTP/1.1 400', 'HTTP/1.1 407']);
          // The resets have reached the proxy by the time it has served another client.
          const served = await request(proxy, kind, target, proxyAuthorization(proxy.credential));
          if (kind === 'websocket') assert.match(served, /^HTTP\/1\.1 101 /);
          else assert.match(served, /hello from 127\.0\.0\.1/);
          assert.deepEqual(
            uncaught.map((e) => e.message),
            [],
          );
        } finally {
          process.off('uncaughtException', seen);
          await proxy.close();
        }
      });
    }

    it('makes a new credential for each proxy: 32 random bytes', async () => {
      const a = await startAddressProxy({ allowPrivate: false });
      const b = await startAddressProxy({ allowPrivate: false });
      try {
        assert.equal(Buffer.from(a.credential.password, 'base64url').length, 32);
        assert.notEqual(a.credential.password, b.credential.password);
      } finally {
        await a.close();
        await b.close();
      }
    });
  });
  describe('ends what it cannot finish', () => {
    /** A loopback server whose connections `onSocket` handles; its port. */
    async function rawServer(onSocket: (s: net.Socket) => void): Promise<net.Server> {
      const server = net.createServer((s) => {
        s.on('error', () => undefined);
        onSocket(s);
      });
      await new Promise<void>((r) => server.listen(0, INSIDE, () => r()));
      return server;
    }
    const portOf = (server: net.Server) => (server.address() as net.AddressInfo).port;
    /** Fails after `ms` with `what`: the bound of a wait that would otherwise hang the test. */
    const within = <T>(ms: number, what: string, p: Promise<T>) => {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what}: nothing after ${ms} ms`)), ms);
      });
      return Promise.race([p, late]).finally(() => clearTimeout(timer));
    };
    /**
     * What the browser reads through a proxy (resolving every name to INSIDE) from `far` for the
     * request `line` makes, sending `then` after a tunnel's 200: read until the connection ends,
     * which must come within 10 s.
     */
    async function readFrom(
      far: net.Server,
      line: (target: string, auth: string) => string,
      then?: string,
    ): Promise<string> {
      const proxy = await startAddressProxy({ allowPrivate: true, resolve: flipping([[INSIDE]]) });
      try {
        const target = `site.test:${portOf(far)}`;
        const request = line(target, proxyAuthorization(proxy.credential));
        return await within(10_000, request, exchange(proxy, request, then, true));
      } finally {
        await proxy.close();
        await new Promise((r) => far.close(r));
      }
    }

    it('connects to nothing for a browser that left while the name was resolved', async () => {
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      let asked!: () => void;
      const resolving = new Promise<void>((r) => (asked = r));
      let calls = 0;
      const resolve: ResolveHost = async () => {
        if (calls++ === 0) {
          asked();
          await gate;
        }
        return [{ address: INSIDE, family: 4 }];
      };
      const seen: net.Socket[] = [];
      const far = await rawServer((s) => {
        seen.push(s);
        s.on('data', () => s.end('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok'));
      });
      const proxy = await startAddressProxy({ allowPrivate: true, resolve });
      try {
        const target = `site.test:${portOf(far)}`;
        const auth = proxyAuthorization(proxy.credential);
        const get = `GET http://${target}/ HTTP/1.1\r\nHost: ${target}\r\nProxy-Authorization: ${auth}\r\nConnection: close\r\n\r\n`;
        const { port } = new URL(proxy.url);
        const left = net.connect(Number(port), '127.0.0.1', () => left.write(get));
        left.on('error', () => undefined);
        await resolving;
        left.destroy();
        // Served after the proxy has seen the browser leave; then the name resolves, and another
        // request is served after anything the first would have connected.
        assert.match(await exchange(proxy, get, undefined, true), /\r\n\r\nok$/);
        release();
        assert.match(await exchange(proxy, get, undefined, true), /\r\n\r\nok$/);
        assert.equal(seen.length, 2, 'connections the far end saw: the two served requests only');
      } finally {
        release();
        await proxy.close();
        for (const s of seen) s.destroy();
        await new Promise((r) => far.close(r));
      }
    });

    it('ends a tunnel whose far end fails once connected, writing nothing into it', async () => {
      const far = await rawServer((s) => s.once('data', () => s.resetAndDestroy()));
      const text = await readFrom(
        far,
        (target, auth) =>
          `CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\nProxy-Authorization: ${auth}\r\n\r\n`,
        'bytes of a TLS handshake',
      );
      assert.equal(text, 'HTTP/1.1 200 Connection Established\r\n\r\n');
    });

    it('ends a response that its server cut short, instead of leaving the browser waiting', async () => {
      const far = await rawServer((s) =>
        s.once('data', () => {
          s.write('HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n0123456789');
          setImmediate(() => s.destroy());
        }),
      );
      const text = await readFrom(
        far,
        (target, auth) =>
          `GET http://${target}/ HTTP/1.1\r\nHost: ${target}\r\nProxy-Authorization: ${auth}\r\n\r\n`,
      );
      // The headers came through; the connection then ended with the body cut short.
      assert.match(text, /^HTTP\/1\.1 200 [^]*\r\n\r\n0123456789$/);
    });
  });
});
