/**
 * The browser's only way out: an HTTP proxy on loopback that Chromium sends every request
 * through (navigations, redirects, subresources, WebSockets, service workers; loopback too, as
 * the browser is told not to bypass it). For each request it resolves the host with the same
 * address policy as net/safe-fetch (net/guarded-lookup.ts) and connects to the very address it
 * checked, so a second DNS answer cannot swap it (rebinding). IP literals are judged before any
 * connection. A refused request gets 403 (plain HTTP) or a failed tunnel (CONNECT).
 */
import dns from 'node:dns';
import http from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import { blockedAddressReason, ipLiteral } from '../net/address-policy.ts';
import { guardedLookup, makeGuardedLookup, type AddressPolicy } from '../net/guarded-lookup.ts';

/** A running proxy: its address for `--proxy-server`, and how to end it. */
export interface AddressProxy {
  url: string;
  /** Why the last request to `host` was refused, if it was (for the error of a failed page). */
  refusal(host: string): string | undefined;
  close(): Promise<void>;
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

/** Starts the proxy on 127.0.0.1 (a free port); `allowPrivate` lifts the address policy. */
export async function startAddressProxy(opts: {
  allowPrivate: boolean;
  /** Replaces the standard policy when allowPrivate is false (tests use a narrower one). */
  addressPolicy?: AddressPolicy;
}): Promise<AddressProxy> {
  const refusals = new Map<string, string>();
  const sockets = new Set<net.Socket>();
  const policy = opts.addressPolicy ?? blockedAddressReason;
  const lookup = opts.allowPrivate
    ? dns.lookup
    : opts.addressPolicy
      ? makeGuardedLookup(opts.addressPolicy)
      : guardedLookup;

  /** Why a host may not be contacted before resolving it (an IP literal), or null. */
  const literalRefusal = (host: string): string | null => {
    if (opts.allowPrivate) return null;
    const literal = ipLiteral(host);
    const why = literal ? policy(literal) : null;
    return why ? `the address ${literal} is ${why}` : null;
  };
  const refuse = (host: string, why: string): void => {
    refusals.delete(host);
    refusals.set(host, why);
    // A handful is enough to explain the page that just failed.
    if (refusals.size > 100) refusals.delete(refusals.keys().next().value as string);
  };
  /** Opens a TCP connection through the policy; reports a refusal before calling back. */
  const connect = (host: string, port: number, onError: (why: string) => void): net.Socket => {
    const socket = net.connect({ host: host.replace(/^\[|\]$/g, ''), port, lookup });
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', (err) => {
      const why =
        err.name === 'BlockedAddressError'
          ? err.message
          : `unreachable (${(err as { code?: string }).code ?? err.message})`;
      if (err.name === 'BlockedAddressError') refuse(host, why);
      onError(why);
    });
    return socket;
  };

  const server = http.createServer((req, res) => {
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
    const why = literalRefusal(host);
    if (why) {
      refuse(host, why);
      res.writeHead(403, { 'content-type': 'text/plain' }).end(`refused: ${why}`);
      return;
    }
    const headers: http.OutgoingHttpHeaders = {};
    for (const [k, v] of Object.entries(req.headers)) if (!HOP_HEADERS.has(k)) headers[k] = v;
    const upstream = http.request({
      host: host.replace(/^\[|\]$/g, ''),
      port: url.port || 80,
      path: `${url.pathname}${url.search}`,
      method: req.method,
      headers,
      lookup,
      agent: false,
    });
    upstream.on('response', (up) => {
      const out: http.OutgoingHttpHeaders = {};
      for (const [k, v] of Object.entries(up.headers)) if (!HOP_HEADERS.has(k)) out[k] = v;
      res.writeHead(up.statusCode ?? 502, out);
      up.pipe(res);
    });
    upstream.on('error', (err) => {
      const blocked = err.name === 'BlockedAddressError';
      if (blocked) refuse(host, err.message);
      if (!res.headersSent) res.writeHead(blocked ? 403 : 502).end();
      else res.destroy();
    });
    req.pipe(upstream);
  });

  /** A tunnel (https, wss) or an upgraded plain request (ws): bytes both ways once connected. */
  const tunnel = (
    client: Duplex,
    target: { host: string; port: number },
    head: Buffer,
    first?: string,
  ): void => {
    const why = literalRefusal(target.host);
    if (why) {
      refuse(target.host, why);
      client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    client.on('error', () => undefined);
    const upstream = connect(target.host, target.port, () => {
      if (client.writable) client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
    });
    upstream.on('connect', () => {
      if (first === undefined) client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      else upstream.write(first);
      if (head.length) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    client.on('close', () => upstream.destroy());
  };

  server.on('connect', (req: http.IncomingMessage, client: Duplex, head: Buffer) => {
    const target = splitHostPort(req.url ?? '');
    if (!target) {
      client.end('HTTP/1.1 400 Bad Request\r\n\r\n');
      return;
    }
    tunnel(client, target, head);
  });
  server.on('upgrade', (req: http.IncomingMessage, client: Duplex, head: Buffer) => {
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
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    refusal: (host) => refusals.get(host),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
