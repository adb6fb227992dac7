/**
 * A lean HTTP/1.1 client and webhook receiver for `npm run bench:api`. The benchmark runs on the
 * server's own cores, so every millisecond its client spends is taken from the server being
 * measured; node:http costs about 0.5 ms of CPU per exchange here, these raw keep-alive sockets a
 * fraction of that. They speak plain HTTP/1.1 with Content-Length bodies (what the server and
 * undici send) and fail loudly on anything else; they are measuring tools, not general clients.
 */
import net from 'node:net';

const CRLF2 = Buffer.from('\r\n\r\n');

/** One parsed HTTP message off a socket: its first line, lower-case headers and body. */
interface Message {
  start: string;
  headers: Map<string, string>;
  body: Buffer;
}

/** Splits a byte stream into HTTP messages with Content-Length bodies. */
class MessageReader {
  private buf: Buffer = Buffer.alloc(0);

  private readonly onMessage: (m: Message) => void;
  constructor(onMessage: (m: Message) => void) {
    this.onMessage = onMessage;
  }

  push(chunk: Buffer): void {
    this.buf = this.buf.length ? Buffer.concat([this.buf, chunk]) : chunk;
    for (;;) {
      const end = this.buf.indexOf(CRLF2);
      if (end < 0) return;
      const lines = this.buf.subarray(0, end).toString('latin1').split('\r\n');
      const headers = new Map<string, string>();
      for (const line of lines.slice(1)) {
        const colon = line.indexOf(':');
        headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
      }
      if (headers.get('transfer-encoding')) throw new Error('raw-http: chunked bodies unsupported');
      const length = Number(headers.get('content-length') ?? 0);
      if (this.buf.length < end + 4 + length) return;
      const body = this.buf.subarray(end + 4, end + 4 + length);
      this.buf = this.buf.subarray(end + 4 + length);
      this.onMessage({ start: lines[0], headers, body });
    }
  }
}

/** A keep-alive connection sending one request at a time. */
export class RawConnection {
  private readonly socket: net.Socket;
  private pending: { resolve(m: Message): void; reject(e: Error): void } | null = null;

  private readonly host: string;
  private constructor(socket: net.Socket, host: string) {
    this.host = host;
    this.socket = socket;
    const reader = new MessageReader((m) => {
      const p = this.pending;
      this.pending = null;
      p?.resolve(m);
    });
    socket.on('data', (c: Buffer) => reader.push(c));
    socket.on('error', (e) => this.pending?.reject(e));
    socket.on('close', () => this.pending?.reject(new Error('raw-http: connection closed')));
  }

  static open(base: string): Promise<RawConnection> {
    const url = new URL(base);
    return new Promise((resolve, reject) => {
      const socket = net.connect(Number(url.port), url.hostname, () =>
        resolve(new RawConnection(socket, url.host)),
      );
      socket.setNoDelay(true);
      socket.once('error', reject);
    });
  }

  /** Sends a request; resolves with the status and the body parsed as JSON. */
  request(
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: string,
  ): Promise<{ status: number; json: Record<string, unknown> }> {
    if (this.pending) throw new Error('raw-http: one request at a time per connection');
    const payload = body === undefined ? '' : body;
    let head = `${method} ${path} HTTP/1.1\r\nhost: ${this.host}\r\n`;
    for (const [k, v] of Object.entries(headers)) head += `${k}: ${v}\r\n`;
    head += `content-length: ${Buffer.byteLength(payload)}\r\n\r\n`;
    return new Promise((resolve, reject) => {
      this.pending = {
        resolve: (m) => {
          const status = Number(m.start.split(' ')[1]);
          resolve({ status, json: JSON.parse(m.body.toString('utf8')) as Record<string, unknown> });
        },
        reject,
      };
      this.socket.write(head + payload);
    });
  }

  close(): void {
    this.socket.destroy();
  }
}

/** Receives webhooks: answers 200 at once and reports each JSON body's `id`. */
export async function startRawWebhookReceiver(
  onWebhook: (id: number) => void,
): Promise<{ url: string; close(): Promise<void> }> {
  const ok = Buffer.from('HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nok');
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.setNoDelay(true);
    socket.on('close', () => sockets.delete(socket));
    const reader = new MessageReader((m) => {
      socket.write(ok);
      onWebhook((JSON.parse(m.body.toString('utf8')) as { id: number }).id);
    });
    socket.on('data', (c: Buffer) => reader.push(c));
    socket.on('error', () => socket.destroy());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}
