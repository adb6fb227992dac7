/**
 * safeFetch against a real local server: private targets refused (literals, DNS names resolving
 * to loopback, redirects to them) unless allowPrivate; size, time and redirect limits; messages.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import zlib from 'node:zlib';
import { blockedAddressReason } from '../../src/net/address-policy.ts';
import { FetchError } from '../../src/net/fetch-error.ts';
import { safeFetch, type SafeFetchOptions } from '../../src/net/safe-fetch.ts';
import { startServer, type TestServer } from './test-server.ts';

const open: SafeFetchOptions = { maxBytes: 1024 * 1024, timeoutMs: 3000, allowPrivate: true };
const strict: SafeFetchOptions = { ...open, allowPrivate: false };

async function refused(url: string, opts: SafeFetchOptions, pattern: RegExp): Promise<FetchError> {
  const err = await safeFetch(url, opts).then(
    () => assert.fail(`${url} should have been refused`),
    (e: unknown) => e,
  );
  assert.ok(err instanceof FetchError, String(err));
  assert.match(err.message, pattern);
  return err;
}

describe('address policy', () => {
  it('refuses every non-public range and allows public unicast', () => {
    const blocked = [
      '127.0.0.1',
      '127.1.2.3',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '100.64.0.1',
      '169.254.169.254',
      '169.254.1.1',
      '0.0.0.0',
      '0.1.2.3',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fc00::1',
      'fd00:ec2::254',
      'fe80::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:10.1.1.1',
    ];
    for (const a of blocked) assert.ok(blockedAddressReason(a), `${a} should be blocked`);
    for (const a of ['8.8.8.8', '1.1.1.1', '93.184.216.34', '2606:4700:4700::1111']) {
      assert.equal(blockedAddressReason(a), null, `${a} should be allowed`);
    }
    assert.match(blockedAddressReason('169.254.169.254')!, /metadata/);
    assert.match(blockedAddressReason('fd00:ec2::254')!, /metadata/);
    assert.match(blockedAddressReason('10.0.0.1')!, /private/);
  });
});

/** An IPv4 address as the two 16-bit hex groups an IPv6 address holds it in. */
function hexGroups(ipv4: string, invert = false): string {
  const b = ipv4.split('.').map((x) => Number(x) ^ (invert ? 0xff : 0));
  return `${((b[0] << 8) | b[1]).toString(16)}:${((b[2] << 8) | b[3]).toString(16)}`;
}

/** Every IPv6 spelling that carries `ipv4`: IPv4-compatible, mapped, SIIT, 6to4, NAT64, Teredo. */
function ipv6Forms(ipv4: string): Record<string, string> {
  const g = hexGroups(ipv4);
  return {
    'IPv4-compatible dotted': `::${ipv4}`,
    'IPv4-compatible hex': `::${g}`,
    'IPv4-mapped': `::ffff:${ipv4}`,
    'IPv4-mapped hex': `::ffff:${g}`,
    SIIT: `::ffff:0:${g}`,
    '6to4': `2002:${g}::1`,
    'NAT64 well-known': `64:ff9b::${g}`,
    'NAT64 well-known dotted': `64:ff9b::${ipv4}`,
    'NAT64 local-use /96': `64:ff9b:1::${g}`,
    'Teredo client': `2001:0:808:808:0:0:${hexGroups(ipv4, true)}`,
    'Teredo server': `2001:0:${g}:0:0:f7f7:f7f7`,
  };
}

describe('address policy: IPv4 inside IPv6', () => {
  const cases: Array<[string, RegExp]> = [
    ['127.0.0.1', /loopback/],
    ['10.1.2.3', /private/],
    ['192.168.0.5', /private/],
    ['169.254.1.1', /link-local/],
    ['169.254.169.254', /metadata/],
  ];
  for (const [ipv4, why] of cases) {
    it(`judges every form carrying ${ipv4} as that address`, () => {
      for (const [form, address] of Object.entries(ipv6Forms(ipv4))) {
        const reason = blockedAddressReason(address);
        assert.ok(reason, `${form} ${address} should be blocked`);
        assert.match(reason, why, `${form} ${address}`);
      }
    });
  }

  it('allows the same forms when the IPv4 address inside is public', () => {
    for (const [form, address] of Object.entries(ipv6Forms('8.8.8.8'))) {
      assert.equal(blockedAddressReason(address), null, `${form} ${address} should be allowed`);
    }
  });

  it('refuses NAT64 local-use addresses whose IPv4 address is not in the last 32 bits', () => {
    // 8.8.8.8 at the /48 position of RFC 6052, or anything else: the layout is the operator's.
    assert.match(blockedAddressReason('64:ff9b:1:808:8:800::')!, /NAT64 local-use/);
  });

  it('keeps ::1 and :: as loopback and unspecified', () => {
    assert.match(blockedAddressReason('::1')!, /^a loopback address$/);
    assert.match(blockedAddressReason('::')!, /^unspecified$/);
  });
});

describe('safeFetch', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer({
      '/hello': (_req, res) =>
        res.writeHead(200, { 'content-type': 'text/plain', 'x-a': 'b' }).end('hello'),
      '/echo': (req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () =>
          res.writeHead(201, { 'content-type': 'application/json' }).end(
            JSON.stringify({
              method: req.method,
              type: req.headers['content-type'],
              body: Buffer.concat(chunks).toString(),
            }),
          ),
        );
      },
      '/big': (_req, res) => res.writeHead(200).end(Buffer.alloc(5000, 1)),
      '/big-chunked': (_req, res) => {
        res.writeHead(200, { 'transfer-encoding': 'chunked' });
        let sent = 0;
        const push = () => {
          if (sent >= 50) return res.end();
          sent++;
          res.write(Buffer.alloc(1000, 2), () => setTimeout(push, 1));
        };
        push();
      },
      '/slow': (_req, res) => {
        const t = setTimeout(() => res.end('late'), 2000);
        res.on('close', () => clearTimeout(t));
      },
      '/drip': (_req, res) => {
        res.writeHead(200);
        const t = setInterval(() => res.write('x'), 50);
        res.on('close', () => clearInterval(t));
      },
      '/redirect-local': (_req, res) => res.writeHead(302, { location: '/hello' }).end(),
      '/redirect-meta': (_req, res) =>
        res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
      '/redirect-ten': (_req, res) => res.writeHead(301, { location: 'http://10.0.0.1/' }).end(),
      '/redirect-v6': (_req, res) => res.writeHead(307, { location: 'http://[::1]/' }).end(),
      '/redirect-other-loopback': (_req, res) =>
        res.writeHead(302, { location: `http://127.0.0.2:${server.port}/hello-2` }).end(),
      '/loop': (_req, res) => res.writeHead(302, { location: '/loop' }).end(),
      '/post-303': (_req, res) => res.writeHead(303, { location: '/echo' }).end(),
      '/post-307': (_req, res) => res.writeHead(307, { location: '/echo' }).end(),
      // Content codings servers apply unasked (an S3 object stored with Content-Encoding: gzip).
      '/gzip': (_req, res) =>
        res
          .writeHead(200, { 'content-type': 'image/png', 'content-encoding': 'gzip' })
          .end(zlib.gzipSync(Buffer.from('decoded bytes'))),
      '/gzip-br': (_req, res) =>
        res
          .writeHead(200, { 'content-encoding': 'gzip, br' })
          .end(zlib.brotliCompressSync(zlib.gzipSync(Buffer.from('twice')))),
      '/deflate': (_req, res) =>
        res
          .writeHead(200, { 'content-encoding': 'deflate' })
          .end(zlib.deflateSync(Buffer.from('deflated'))),
      '/bomb': (_req, res) =>
        res
          .writeHead(200, { 'content-encoding': 'gzip' })
          .end(zlib.gzipSync(Buffer.alloc(5_000_000))),
      '/bad-gzip': (_req, res) =>
        res.writeHead(200, { 'content-encoding': 'gzip' }).end('not gzip at all'),
      '/zstd': (_req, res) => res.writeHead(200, { 'content-encoding': 'zstd' }).end('x'),
    });
  });
  after(() => server.close());

  it('fetches from a local server when private addresses are allowed', async () => {
    const res = await safeFetch(`${server.base}/hello`, open);
    assert.equal(res.status, 200);
    assert.equal(res.body.toString(), 'hello');
    assert.equal(res.headers['content-type'], 'text/plain');
    assert.equal(res.headers['x-a'], 'b');
    assert.equal(res.url, `${server.base}/hello`);
  });

  it('returns non-2xx answers with their status (callers decide)', async () => {
    const res = await safeFetch(`${server.base}/nope`, open);
    assert.equal(res.status, 404);
  });

  it('sends method, headers and body', async () => {
    const res = await safeFetch(`${server.base}/echo`, {
      ...open,
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"a":1}',
    });
    assert.equal(res.status, 201);
    assert.deepEqual(JSON.parse(res.body.toString()), {
      method: 'POST',
      type: 'application/json',
      body: '{"a":1}',
    });
  });

  it('refuses loopback, private, metadata and IPv6 loopback literals', async () => {
    const before = server.hits.get('/hello') ?? 0;
    await refused(`${server.base}/hello`, strict, /address 127\.0\.0\.1 is a loopback address/);
    await refused(
      'http://10.1.2.3/a.png',
      strict,
      /^http:\/\/10\.1\.2\.3\/a\.png: address 10\.1\.2\.3 is private$/,
    );
    await refused('http://169.254.169.254/latest/meta-data/', strict, /cloud metadata/);
    await refused(`http://[::1]:${server.port}/hello`, strict, /address ::1 is a loopback address/);
    await refused('http://0.0.0.0/', strict, /unspecified/);
    await refused('http://100.64.3.4/', strict, /private \(carrier-grade NAT\)/);
    await refused('http://[fe80::1]/', strict, /link-local/);
    await refused('http://[::ffff:127.0.0.1]/', strict, /loopback/);
    // The URL parser writes [::127.0.0.1] as [::7f00:1]: still the loopback address inside.
    await refused(
      'http://[::127.0.0.1]/',
      strict,
      /::7f00:1 is a loopback address: it leads to 127\.0\.0\.1$/,
    );
    await refused('http://[64:ff9b::10.0.0.1]/', strict, /private/);
    await refused('http://[2002:a9fe:a9fe::]/', strict, /metadata/);
    // Alternative spellings are normalised by the URL parser before the check.
    await refused('http://2130706433/', strict, /127\.0\.0\.1 is a loopback/);
    await refused('http://0x7f.1/', strict, /127\.0\.0\.1 is a loopback/);
    assert.equal(server.hits.get('/hello') ?? 0, before, 'nothing reached the server');
  });

  it('refuses a hostname that resolves to loopback (checked after DNS)', async () => {
    const err = await refused(
      `http://localhost:${server.port}/hello`,
      strict,
      /localhost resolves to (127\.0\.0\.1|::1), which is a loopback address/,
    );
    assert.equal(err.reason, 'blocked_address');
    const res = await safeFetch(`http://localhost:${server.port}/hello`, open);
    assert.equal(res.body.toString(), 'hello');
  });

  it('re-checks every redirect hop', async () => {
    // The standard policy refuses the loopback test server itself, so these requests use a policy
    // that lets exactly 127.0.0.1 through and the standard one for everything else: the first hop
    // is allowed, and each redirect target must be refused on its own.
    const onlyTestServer = (a: string) => (a === '127.0.0.1' ? null : blockedAddressReason(a));
    const hop = { ...strict, addressPolicy: onlyTestServer };
    assert.equal((await safeFetch(`${server.base}/redirect-local`, hop)).body.toString(), 'hello');
    await refused(
      `${server.base}/redirect-meta`,
      hop,
      /^http:\/\/169\.254\.169\.254\/latest\/meta-data\/: address 169\.254\.169\.254 is a cloud metadata address$/,
    );
    await refused(`${server.base}/redirect-ten`, hop, /address 10\.0\.0\.1 is private/);
    await refused(`${server.base}/redirect-v6`, hop, /address ::1 is a loopback address/);
    await refused(`${server.base}/redirect-other-loopback`, hop, /127\.0\.0\.2 is a loopback/);
    assert.equal(server.hits.get('/hello-2') ?? 0, 0);
  });

  it('follows redirects (relative too) and reports the final URL', async () => {
    const res = await safeFetch(`${server.base}/redirect-local`, open);
    assert.equal(res.body.toString(), 'hello');
    assert.equal(res.url, `${server.base}/hello`);
  });

  it('stops after 5 redirects, or maxRedirects', async () => {
    await refused(`${server.base}/loop`, open, /more than 5 redirects/);
    await refused(
      `${server.base}/redirect-local`,
      { ...open, maxRedirects: 0 },
      /more than 0 redirects/,
    );
  });

  it('turns a POST into a GET on 303 but keeps it on 307', async () => {
    const post = { ...open, method: 'POST', body: 'x', headers: { 'content-type': 'text/plain' } };
    const a = JSON.parse((await safeFetch(`${server.base}/post-303`, post)).body.toString());
    assert.equal(a.method, 'GET');
    assert.equal(a.body, '');
    const b = JSON.parse((await safeFetch(`${server.base}/post-307`, post)).body.toString());
    assert.equal(b.method, 'POST');
    assert.equal(b.body, 'x');
  });

  it('stops reading past maxBytes, with or without Content-Length', async () => {
    const small = { ...open, maxBytes: 4000 };
    const e1 = await refused(`${server.base}/big`, small, /larger than 3\.9 KB/);
    assert.equal(e1.reason, 'too_large');
    await refused(
      `${server.base}/big-chunked`,
      { ...open, maxBytes: 10_000 },
      /larger than 9\.8 KB/,
    );
    await refused(`${server.base}/big`, { ...open, maxBytes: 1000 }, /larger than 1000 bytes/);
    const ok = await safeFetch(`${server.base}/big`, { ...open, maxBytes: 5000 });
    assert.equal(ok.body.length, 5000);
  });

  it('undoes gzip, deflate and br, limiting the decoded size', async () => {
    const body = async (path: string) =>
      (await safeFetch(`${server.base}${path}`, open)).body.toString();
    assert.equal(await body('/gzip'), 'decoded bytes');
    assert.equal(await body('/gzip-br'), 'twice');
    assert.equal(await body('/deflate'), 'deflated');
    // 5 MB of zeros is a few KB gzipped: the limit applies to what it decodes to.
    const bomb = await refused(
      `${server.base}/bomb`,
      { ...open, maxBytes: 1_000_000 },
      /larger than 976\.6 KB/,
    );
    assert.equal(bomb.reason, 'too_large');
    const bad = await refused(`${server.base}/bad-gzip`, open, /not valid gzip data/);
    assert.equal(bad.reason, 'bad_content');
    await refused(`${server.base}/zstd`, open, /content coding "zstd", which cannot be decoded/);
  });

  it('says "larger than N MB" for megabyte limits', async () => {
    const err = new FetchError('http://x/a', 'too_large', 'the response is larger than 25 MB');
    assert.equal(err.message, 'http://x/a: the response is larger than 25 MB');
    const { formatBytes } = await import('../../src/net/fetch-error.ts');
    assert.equal(formatBytes(25 * 1024 * 1024), '25 MB');
  });

  it('gives up after timeoutMs, also while the body trickles in', async () => {
    const t0 = Date.now();
    const e = await refused(
      `${server.base}/slow`,
      { ...open, timeoutMs: 300 },
      /no complete response within 0\.3 s/,
    );
    assert.equal(e.reason, 'timeout');
    await refused(`${server.base}/drip`, { ...open, timeoutMs: 300 }, /within 0\.3 s/);
    assert.ok(Date.now() - t0 < 3000, 'both requests ended near their limits');
  });

  it('refuses other schemes and malformed URLs; reports refused connections and unknown hosts', async () => {
    await refused('file:///etc/passwd', open, /only http and https URLs are allowed/);
    await refused('ftp://example.com/a', open, /only http and https/);
    await refused('not a url', open, /not a valid URL/);
    await refused('http://127.0.0.1:1/', open, /connection refused/);
    await refused('http://does-not-exist.invalid/', strict, /could not be resolved/);
  });

  it('keeps credentials out of messages', async () => {
    const e = await refused('http://user:pa55word@10.0.0.1/', strict, /private/);
    assert.doesNotMatch(e.message, /pa55word/);
  });
});
