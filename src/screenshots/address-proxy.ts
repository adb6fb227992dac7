/**
 * The browser's only way out: an HTTP proxy on loopback that Chromium sends every request
 * through (navigations, redirects, subresources, WebSockets, service workers; loopback too, as
 * the browser is told not to bypass it). Only requests that carry the proxy's per-process
 * credential are served (proxy-credential.ts); others get 407 and reach nothing. For each request
 * the host is resolved once, every address it resolves to is judged with the address policy of
 * net/safe-fetch, and the connection goes to those very addresses (net/pinned-addresses.ts), so a
 * second DNS answer cannot swap them (rebinding). A refused request gets 403.
 */
import http from 'node:http';
import type dns from 'node:dns';
import net from 'node:net';
import { pipeline, type Duplex } from 'node:stream';
import { blockedAddressReason } from '../net/address-policy.ts';
import { BlockedAddressError, type AddressPolicy } from '../net/guarded-lookup.ts';
import { checkedAddresses, pinnedLookup, type ResolveHost } from '../net/pinned-addresses.ts';
import {
  carriesCredential,
  newProxyCredential,
  PROXY_AUTH_REQUIRED,
  type ProxyCredential,
} from './proxy-credential.ts';

/** A running proxy: its address and credential for the browser, and how to end it. */
export interface AddressProxy {
  url: string;
  credential: ProxyCredential;
  /** Why the last request to `host` was refused, if it was (for the error of a failed page). */
  refusal(host: string): string | undefined;
  close(): Promise<void>;
}

/** How the proxy judges and resolves. */
export interface AddressProxyOptions {
  allowPrivate: boolean;
  /** Replaces the standard policy when allowPrivate is false (tests use a narrower one). */
  addressPolicy?: AddressPolicy;
  /** Resolves host names (the system resolver by default; tests pass their own). */
  resolve?: ResolveHost;
}

/** Hop-by-hop and proxy headers that are not passed on. */
const HOP_HEADERS = new Set([
  'proxy-connection',
  'proxy-authorization',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
]);

/** Splits `host:port` (IPv6 in brackets) of a CONNECT line. */
function splitHostPort(target: string): { host: string; port: number } | null {
  const m = /^\[([^\]]+)\]:(\d+)$/.exec(target) ?? /^([^:]+):(\d+)$/.exec(target);
  if (!m) return null;
  const port = Number(m[2]);
  return port > 0 && port < 65536 ? { host: m[1], port } : null;
}

const bare = (host: string): string => host.replace(/^\[|\]$/g, '');

/**
 * A CONNECT or upgrade socket is handed over without the HTTP server's error handler: the browser
 * resetting it (as Chromium does after a 407, before retrying with the credential) would be an
 * uncaught exception that ends the service. Its end is handled by 'close' wherever it matters.
 */
function ignoreResets(client: Duplex): void {
  client.on('error', () => undefined);
}

/** Starts the proxy on 127.0.0.1 (a free port); `allowPrivate` lifts the address policy. */
export async function startAddressProxy(opts: AddressProxyOptions): Promise<AddressProxy> {
  const credential = newProxyCredential();
  const refusals = new Map<string, string>();
  const sockets = new Set<net.Socket>();
  const policy = opts.allowPrivate ? null : (opts.addressPolicy ?? blockedAddressReason);

  const refuse = (host: string, why: string): void => {
    refusals.delete(host);
    refusals.set(host, why);
    // A handful is enough to explain the page that just failed.
    if (refusals.size > 100) refusals.delete(refusals.keys().next().value as string);
  };

  /**
   * The checked addresses of `host`, or why it may not (refused: true) or cannot be reached.
   * The resolver is asked once per request; the answer is what the connection may use.
   */
  const destination = async (
    host: string,
  ): Promise<{ addresses: dns.LookupAddress[] } | { refused: boolean; why: string }> => {
    try {
      return { addresses: await checkedAddresses(bare(host), policy, opts.resolve) };
    } catch (err) {
      if (err instanceof BlockedAddressError) {
        // An IP literal is named as such; a host name with the address it resolved to.
        const why =
          err.address === bare(host) ? `the address ${err.address} is ${err.why}` : err.message;
        refuse(host, why);
        return { refused: true, why };
      }
      const e = err as Error & { code?: string };
      return { refused: false, why: `unreachable (${e.code ?? e.message})` };
    }
  };

  const server = http.createServer((req, res) => {
    if (!carriesCredential(req.headers['proxy-authorization'], credential)) {
      res.writeHead(407, { 'proxy-authenticate': 'Basic realm="imprint-screenshots"' }).end();
      return;
    }
    let url: URL;
    try {
      url = new URL(req.url ?? '');
    } catch {
      res.writeHead(400).end();
      return;
    }
    if (url.protocol !== 'http:') {
      res.writeHead(400).end();
      return;
    }
    const host = url.hostname;
    req.pause();
    void destination(host).then((dest) => {
      // The browser gave up while the name was resolved: connect to nothing (nothing would
      // close that connection, as `res` has already closed).
      if (res.destroyed || req.destroyed) return;
      if (!('addresses' in dest)) {
        if (dest.refused) {
          res.writeHead(403, { 'content-type': 'text/plain' }).end(`refused: ${dest.why}`);
        } else res.writeHead(502).end();
        return;
      }
      const headers: http.OutgoingHttpHeaders = {};
      for (const [k, v] of Object.entries(req.headers)) if (!HOP_HEADERS.has(k)) headers[k] = v;
      const upstream = http.request({
        host: bare(host),
        port: url.port || 80,
        path: `${url.pathname}${url.search}`,
        method: req.method,
        headers,
        lookup: pinnedLookup(dest.addresses),
        agent: false,
      });
      upstream.on('response', (up) => {
        const out: http.OutgoingHttpHeaders = {};
        for (const [k, v] of Object.entries(up.headers)) if (!HOP_HEADERS.has(k)) out[k] = v;
        res.writeHead(up.statusCode ?? 502, out);
        // A response cut short upstream is cut short to the browser too, not left open.
        pipeline(up, res, (err) => {
          if (err) res.destroy();
        });
      });
      upstream.on('error', () => {
        if (!res.headersSent) res.writeHead(502).end();
        else res.destroy();
      });
      res.on('close', () => upstream.destroy());
      req.pipe(upstream);
      req.resume();
    });
  });

  /** A tunnel (https, wss) or an upgraded plain request (ws): bytes both ways once connected. */
  const tunnel = (
    client: Duplex,
    target: { host: string; port: number },
    head: Buffer,
    first?: string,
  ): void => {
    void destination(target.host).then((dest) => {
      if (!client.writable) return;
      if (!('addresses' in dest)) {
        client.end(`HTTP/1.1 ${dest.refused ? '403 Forbidden' : '502 Bad Gateway'}\r\n\r\n`);
        return;
      }
      const upstream = net.connect({
        host: bare(target.host),
        port: target.port,
        lookup: pinnedLookup(dest.addresses),
      });
      sockets.add(upstream);
      upstream.on('close', () => sockets.delete(upstream));
      let connected = false;
      upstream.on('error', () => {
        // Once bytes flow both ways, an answer would land inside the tunnelled stream (TLS, a
        // WebSocket): the browser sees the connection end instead.
        if (connected) client.destroy();
        else if (client.writable) client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n');
      });
      upstream.on('connect', () => {
        connected = true;
        if (first === undefined) client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        else upstream.write(first);
        if (head.length) upstream.write(head);
        upstream.pipe(client);
        client.pipe(upstream);
      });
      client.on('close', () => upstream.destroy());
    });
  };

  server.on('connect', (req: http.IncomingMessage, client: Duplex, head: Buffer) => {
    ignoreResets(client);
    if (!carriesCredential(req.headers['proxy-authorization'], credential)) {
      client.end(PROXY_AUTH_REQUIRED);
      return;
    }
    const target = splitHostPort(req.url ?? '');
    if (!target) {
      client.end('HTTP/1.1 400 Bad Request\r\n\r\n');
      return;
    }
    tunnel(client, target, head);
  });
  server.on('upgrade', (req: http.IncomingMessage, client: Duplex, head: Buffer) => {
    ignoreResets(client);
    if (!carriesCredential(req.headers['proxy-authorization'], credential)) {
      client.end(PROXY_AUTH_REQUIRED);
      return;
    }
    let url: URL;
    try {
      url = new URL(req.url ?? '');
    } catch {
      client.end('HTTP/1.1 400 Bad Request\r\n\r\n');
      return;
    }
    const lines = [`${req.method} ${url.pathname}${url.search} HTTP/1.1`];
    for (let i = 0; i < req.rawHeaders.length; i += 2) {
      if (!req.rawHeaders[i].toLowerCase().startsWith('proxy-'))
        lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
    }
    const port = Number(url.port || 80);
    tunnel(client, { host: url.hostname, port }, head, `${lines.join('\r\n')}\r\n\r\n`);
  });
  server.on('connection', (s: net.Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  // A later error of the listening socket (an accept failing when the process is out of file
  // descriptors) fails the pages being shot, not the service.
  server.on('error', () => undefined);
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    credential,
    refusal: (host) => refusals.get(host),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
