/**
 * What the HTTP server answers before or around Fastify's routing: requests Node's parser
 * refuses (headers over its size limit: 431; anything else that is not HTTP: 400) get a JSON body
 * like every other error, and a body over the limit is read and discarded up to a bound before
 * its 413, so the client, still sending, reads the answer instead of a reset connection.
 */
import http, { type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';

/** How much of a too-large body is read and discarded before the 413 (beyond the limit). */
export const DRAIN_MAX_BYTES = 16 * 1024 * 1024;

/** Longest time spent discarding a too-large body before the 413 is sent anyway. */
export const DRAIN_MAX_MS = 10_000;

/** The status and message for an error of Node's HTTP parser. */
function clientErrorAnswer(code: string | undefined): [number, string] {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return [
        431,
        `The request headers are too large (at most ${http.maxHeaderSize} bytes in all); send fewer or shorter headers.`,
      ];
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return [408, 'The request was not received in time.'];
    default:
      return [400, 'The request is not valid HTTP.'];
  }
}

/**
 * Fastify's `clientErrorHandler`: answers a request Node's HTTP parser refused with a JSON body
 * `{message}` and closes the connection (its framing can no longer be trusted).
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] = clientErrorAnswer(err.code);
  const body = JSON.stringify({ message });
  // A response already started on this socket cannot get a second status line.
  if ((socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent) {
    socket.destroy(err);
    return;
  }
  socket.end(
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
}

/**
 * Reads and discards the rest of a request body: resolves true once it has ended, false when it
 * is larger than `maxBytes` (declared or received) or takes longer than `maxMs`, or the client
 * went away. Then the connection can be closed without resetting a client still sending.
 */
export function drainBody(
  req: IncomingMessage,
  maxBytes = DRAIN_MAX_BYTES,
  maxMs = DRAIN_MAX_MS,
): Promise<boolean> {
  if (req.complete || req.readableEnded) return Promise.resolve(true);
  if (req.destroyed) return Promise.resolve(false);
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) return Promise.resolve(false);
  return new Promise((resolve) => {
    let received = 0;
    const finish = (ended: boolean) => {
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('close', onClose);
      req.off('error', onClose);
      if (!ended) req.pause();
      resolve(ended);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > maxBytes) finish(false);
    };
    const onEnd = () => finish(true);
    const onClose = () => finish(req.complete);
    const timer = setTimeout(() => finish(false), maxMs);
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('close', onClose);
    req.once('error', onClose);
    req.resume();
  });
}

/**
 * Closes the connection of a request whose whole body has not arrived `ms` after its headers,
 * with a 408 JSON when no answer has started. Node's own `requestTimeout` stops counting once
 * the headers are in, and Fastify sets none, so a client sending its body a byte at a time held
 * its connection, and the request's memory, for as long as it liked. A request whose body is in
 * (or that has none) is left alone, so a long answer, such as a large download to a slow
 * client, is never cut.
 */
export function installBodyDeadline(app: FastifyInstance, ms: number): void {
  app.addHook('onRequest', (request, reply, done) => {
    const req = request.raw;
    if (req.complete) return done();
    const timer = setTimeout(() => {
      if (req.complete || req.destroyed) return;
      const err = Object.assign(new Error('request body not received in time'), {
        code: 'ERR_HTTP_REQUEST_TIMEOUT',
      });
      clientErrorHandler(err, req.socket);
      req.socket.destroySoon();
    }, ms);
    const stop = () => clearTimeout(timer);
    req.once('end', stop);
    req.once('close', stop);
    reply.raw.once('close', stop);
    done();
  });
}
