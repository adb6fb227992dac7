/** A scripted HTTP server on 127.0.0.1 for outbound-request tests. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Handler by path. */
export type Routes = Record<string, (req: http.IncomingMessage, res: http.ServerResponse) => void>;

/** A running server and its request counts by path. */
export interface TestServer {
  base: string;
  port: number;
  hits: Map<string, number>;
  close(): Promise<void>;
}

/** Starts a server answering `routes` (404 otherwise) and counting requests per path. */
export async function startServer(routes: Routes): Promise<TestServer> {
  const hits = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const route = routes[path];
    if (route) route(req, res);
    else res.writeHead(404).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    port,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
