/**
 * Checks that the HTTP port can be bound before `imprint serve` touches the database, so a second
 * start on a taken port does not create the Default project (and print its tokens) and then fail.
 */
import net from 'node:net';

/** Resolves with null when host:port can be bound now, else with a message naming PORT. */
export async function portProblem(port: number, host: string): Promise<string | null> {
  const server = net.createServer();
  return new Promise((resolve) => {
    server.once('error', (err: NodeJS.ErrnoException) => {
      const why =
        err.code === 'EADDRINUSE'
          ? 'is already in use by another process'
          : `cannot be bound (${err.code ?? err.message})`;
      resolve(`port ${port} on ${host} ${why}; stop that process or set PORT to a free port.`);
    });
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(null)));
  });
}
