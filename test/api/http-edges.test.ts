/**
 * The HTTP edges over real sockets: headers over Node's limit get a 431 with a JSON body, other
 * requests Node's parser refuses a JSON 400, and a body over the limit gets its 413 JSON read by
 * a client that is still sending (declared length, chunked, and fetch), not a reset connection;
 * a body that does not arrive within IMPRINT_REQUEST_TIMEOUT_MS gets a 408.
 */
import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, it } from 'node:test';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { DRAIN_MAX_BYTES } from '../../src/api/http-edges.ts';

const LIMIT = 64 * 1024;

/** A raw HTTP exchange: what the server wrote, and any socket error the client saw. */
interface Exchange {
  status: number;
  headers: string;
  body: string;
  error: string | null;
}

/** What the server writes to `socket` until it closes, as an Exchange. */
function readExchange(socket: net.Socket): Promise<Exchange> {
  return new Promise((resolve) => {
    let got = '';
    let error: string | null = null;
    socket.on('data', (d: Buffer) => (got += d.toString()));
    socket.on('error', (e: NodeJS.ErrnoException) => (error = e.code ?? e.message));
    socket.on('close', () => {
      const [headers, ...rest] = got.split('\r\n\r\n');
      resolve({
        status: Number(headers.split(' ')[1]),
        headers: headers.toLowerCase(),
        body: rest.join('\r\n\r\n'),
        error,
      });
    });
  });
}

/** Writes `head` and then `body` in 16 KiB pieces (respecting back-pressure); reads to the end. */
function exchange(port: number, head: string, body: Buffer[] = []): Promise<Exchange> {
  const socket = net.connect(port, '127.0.0.1');
  const answer = readExchange(socket);
  socket.write(head);
  const rest = [...body];
  const pump = () => {
    while (rest.length > 0) {
      if (!socket.write(rest.shift()!)) return void socket.once('drain', pump);
    }
  };
  pump();
  return answer;
}

/** `total` bytes of spaces as 16 KiB pieces, optionally in chunked encoding. */
function pieces(total: number, chunked = false): Buffer[] {
  const out: Buffer[] = [];
  for (let sent = 0; sent < total; sent += 16384) {
    const piece = Buffer.alloc(Math.min(16384, total - sent), 0x20);
    out.push(
      chunked
        ? Buffer.concat([
            Buffer.from(`${piece.length.toString(16)}\r\n`),
            piece,
            Buffer.from('\r\n'),
          ])
        : piece,
    );
  }
  if (chunked) out.push(Buffer.from('0\r\n\r\n'));
  return out;
}

describe('HTTP edges over real sockets', () => {
  let t: TestApp;
  let port: number;
  let auth: string;
  before(async () => {
    t = await createTestApp('sqlite', { IMPRINT_BODY_LIMIT: String(LIMIT) });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
    auth = `Authorization: Bearer ${t.project.token}\r\n`;
  });
  after(async () => t?.close());

  it('answers headers over the limit with a 431 and a JSON message', async () => {
    const res = await exchange(
      port,
      `GET /api/rest/templates HTTP/1.1\r\nHost: x\r\n${auth}X-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    assert.equal(res.status, 431);
    assert.match(res.headers, /content-type: application\/json/);
    assert.match(JSON.parse(res.body).message, /headers are too large \(at most \d+ bytes/);
  });

  it('answers a request that is not HTTP with a 400 and a JSON message', async () => {
    const res = await exchange(port, 'HELLO THERE\r\n\r\n');
    assert.equal(res.status, 400);
    assert.match(JSON.parse(res.body).message, /not valid HTTP/);
  });

  for (const chunked of [false, true]) {
    it(`lets a client still sending an oversized body read the 413 (${chunked ? 'chunked' : 'Content-Length'})`, async () => {
      // Far more than socket buffers hold, so the client is still writing when the 413 is due.
      const size = 12 * 1024 * 1024;
      const framing = chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${size}`;
      const res = await exchange(
        port,
        `POST /api/rest/images HTTP/1.1\r\nHost: x\r\n${auth}Content-Type: application/json\r\n${framing}\r\n\r\n`,
        pieces(size, chunked),
      );
      assert.equal(res.error, null, 'no reset or broken pipe while sending');
      assert.equal(res.status, 413);
      assert.match(res.headers, /connection: close/);
      assert.equal(
        JSON.parse(res.body).message,
        `The request body is too large (at most ${LIMIT} bytes).`,
      );
    });
  }

  it('gives fetch (undici) the 413 JSON for a body over the limit', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/rest/images`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.project.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ template_uuid: 'x', passthrough: 'p'.repeat(12 * 1024 * 1024) }),
    });
    assert.equal(res.status, 413);
    assert.match(((await res.json()) as { message: string }).message, /too large/);
  });

  it('closes at once when the declared body is beyond the drain bound', async () => {
    const res = await exchange(
      port,
      `POST /api/rest/images HTTP/1.1\r\nHost: x\r\n${auth}Content-Type: application/json\r\nContent-Length: ${DRAIN_MAX_BYTES + LIMIT + 1}\r\n\r\n`,
    );
    // Nothing of the body was sent yet, so the answer arrives intact before the close.
    assert.equal(res.status, 413);
    assert.match(res.headers, /connection: close/);
  });
});

describe('a request sent too slowly (IMPRINT_REQUEST_TIMEOUT_MS)', () => {
  let t: TestApp;
  let port: number;
  before(async () => {
    t = await createTestApp('sqlite', { IMPRINT_REQUEST_TIMEOUT_MS: '1500' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  after(async () => t?.close());

  it('answers a body sent a byte at a time with a 408 JSON and closes the connection', async () => {
    const started = performance.now();
    const socket = net.connect(port, '127.0.0.1');
    const answer = readExchange(socket);
    socket.write(
      `POST /api/rest/images HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${t.project.token}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n{',
    );
    const drip = setInterval(() => socket.writable && socket.write(' '), 100);
    const res = await answer.finally(() => clearInterval(drip));
    const ms = performance.now() - started;
    assert.equal(res.status, 408);
    assert.equal(JSON.parse(res.body).message, 'The request was not received in time.');
    // The limit, with room for a loaded machine; the client would have kept dripping for 10,000 s.
    assert.ok(ms < 15_000, `closed after ${Math.round(ms)} ms`);
  });

  it('still answers requests sent in time', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/rest/templates`, {
      headers: { authorization: `Bearer ${t.project.token}` },
    });
    assert.equal(res.status, 200);
  });
});
