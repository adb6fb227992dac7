/**
 * A TCP proxy on a loopback port to a real server (PostgreSQL, Redis) that a test can cut and
 * restore on the same port, to see what the service does while a dependency is unreachable.
 */
import net from 'node:net';

/** The running proxy. */
export interface TcpProxy {
  port: number;
  /** Closes the listening port and every open connection: the target looks down. */
  cut(): Promise<void>;
  /** Listens again on the same port (nothing when it listens already). */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/** Starts a proxy from a free 127.0.0.1 port to `host:port`. */
export async function startTcpProxy(host: string, port: number): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let listenPort = 0;
  const listen = async () => {
    if (server) return;
    const srv = net.createServer((client) => {
      const upstream = net.connect(port, host);
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on('close', () => sockets.delete(s));
        s.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      srv.once('error', reject);
      srv.listen(listenPort, '127.0.0.1', resolve);
    });
    listenPort = (srv.address() as net.AddressInfo).port;
    server = srv;
  };
  const cut = async () => {
    const srv = server;
    server = null;
    for (const s of sockets) s.destroy();
    if (srv) await new Promise((r) => srv.close(r));
  };
  await listen();
  return {
    get port() {
      return listenPort;
    },
    cut,
    restore: listen,
    close: cut,
  };
}
