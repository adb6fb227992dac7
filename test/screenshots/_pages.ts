/** Web pages on loopback for the screenshot tests, each counting the browser's visits. */
import http from 'node:http';
import type net from 'node:net';

/** A page: status, headers and body, or a handler of its own. */
type Route = (req: http.IncomingMessage, res: http.ServerResponse) => void;

export interface PageServer {
  base: string;
  /** Requests by path (browser and fetcher together). */
  hits: Map<string, number>;
  close(): Promise<void>;
}

export const html = (body: string, headers: Record<string, string> = {}): Route => {
  return (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...headers });
    res.end(
      `<!doctype html><html><head><style>html,body{margin:0}</style></head><body>${body}</body></html>`,
    );
  };
};

/** Serves `routes` on `host` (a free port); unknown paths get 404. */
export async function startPages(
  routes: Record<string, Route>,
  host = '127.0.0.1',
): Promise<PageServer> {
  const hits = new Map<string, number>();
  const sockets = new Set<net.Socket>();
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const route = routes[path];
    if (route) route(req, res);
    else res.writeHead(404).end();
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, host, () => r()));
  const { port } = server.address() as net.AddressInfo;
  return {
    base: `http://${host}:${port}`,
    hits,
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}
