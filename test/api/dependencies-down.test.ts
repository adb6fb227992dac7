/**
 * Redis or the database unreachable: /ready answers 503 naming what is down while /health stays
 * 200, creation answers 503 with Retry-After instead of hanging, the row of a refused creation is
 * withdrawn, a row whose job was never queued is queued by the periodic sweep, and the server
 * still shuts down. Over real HTTP against `imprint serve`, and in process for the database.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { freePort, restClient, ServerProcess } from '../helpers/server-process.ts';
import { redisReachable, TEST_REDIS_URL } from '../helpers/redis.ts';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDbKinds } from '../helpers/databases.ts';
import { createTemplate, testDesign } from '../generation/_helpers.ts';
import { newId } from '../../src/core/ids.ts';
import { QueueUnavailableError } from '../../src/queue/queue-unavailable-error.ts';
import { sqlGenerationStores } from '../../src/store/sql-generation-stores.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON bodies of the API
type Json = Record<string, any>;

// Asked before any suite starts: a suite's hooks run while the module awaits, and a server
// start blocking the event loop would time this probe out.
const redisOk = await redisReachable();

// A generous bound that only a hang exceeds: the answers come within a few seconds.
const NO_HANG = { signal: () => AbortSignal.timeout(30_000) };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Calls `fn` until it returns true (at most `tries` times, 100 ms apart). */
async function eventually(what: string, fn: () => Promise<boolean>, tries = 300) {
  for (let i = 0; i < tries; i++) {
    if (await fn()) return;
    await sleep(100);
  }
  throw new Error(`timed out waiting until ${what}`);
}

/** GET /ready as status and body. */
async function ready(base: string): Promise<{ status: number; body: Json; retry: string | null }> {
  const res = await fetch(`${base}/ready`, { signal: NO_HANG.signal() });
  return {
    status: res.status,
    body: (await res.json()) as Json,
    retry: res.headers.get('retry-after'),
  };
}

/** Starts a server whose REDIS_URL is `redisUrl`, with a project and a template. */
async function serverWithRedis(redisUrl: string) {
  const imprint = await ServerProcess.create({
    prefix: 'imprint-down-',
    env: {
      REDIS_URL: redisUrl,
      IMPRINT_REDIS_PREFIX: `imprint-test-${newId(8)}`,
      IMPRINT_RENDER_THREADS: '1',
    },
  });
  const { token } = imprint.createProject('Down');
  await imprint.start();
  const api = restClient(imprint.base, token);
  const tpl = await api('POST', '/templates', { title: 'Down', width: 400, height: 200 });
  assert.equal((await api('PUT', `/templates/${tpl.body.uuid}/design`, testDesign())).status, 200);
  const createImage = async () => {
    const res = await fetch(`${imprint.base}/api/rest/images`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ template_uuid: tpl.body.uuid }),
      signal: NO_HANG.signal(),
    });
    return {
      status: res.status,
      body: (await res.json()) as Json,
      retry: res.headers.get('retry-after'),
    };
  };
  return { imprint, api, createImage };
}

describe('REDIS_URL pointing at a closed port', () => {
  let server: Awaited<ReturnType<typeof serverWithRedis>>;
  before(async () => {
    server = await serverWithRedis(`redis://127.0.0.1:${await freePort()}`);
  });
  after(async () => server?.imprint.close());

  it('keeps /health at 200 and answers /ready 503 naming redis', async () => {
    assert.equal((await fetch(`${server.imprint.base}/health`)).status, 200);
    const r = await ready(server.imprint.base);
    assert.equal(r.status, 503);
    assert.equal(r.body.status, 'unavailable');
    assert.deepEqual(r.body.checks, { database: 'ok', redis: 'down' });
    assert.match(r.body.message, /redis/);
    assert.ok(r.retry);
  });

  it('answers POST /images with 503, Retry-After and a JSON message (no hang)', async () => {
    const res = await server.createImage();
    assert.equal(res.status, 503, JSON.stringify(res.body));
    assert.ok(Number(res.retry) > 0, 'Retry-After');
    assert.match(res.body.message, /job queue is unavailable/);
  });

  it('shuts down on SIGTERM while Redis is down', async () => {
    await server.imprint.stop();
  });
});

describe(
  'Redis stopped mid-run and back',
  { skip: redisOk ? false : 'Redis not reachable' },
  () => {
    let proxy: TcpProxy;
    let server: Awaited<ReturnType<typeof serverWithRedis>>;
    before(async () => {
      const u = new URL(TEST_REDIS_URL);
      proxy = await startTcpProxy(u.hostname, Number(u.port || 6379));
      server = await serverWithRedis(`redis://127.0.0.1:${proxy.port}`);
    });
    after(async () => {
      await server?.imprint.close();
      await proxy?.close();
    });

    it('creates while Redis is up', async () => {
      assert.equal((await ready(server.imprint.base)).status, 200);
      const res = await server.createImage();
      assert.equal(res.status, 200);
      await eventually('the image is finished', async () => {
        const got = await server.api('GET', `/images/${res.body.id}`);
        return got.body.status === 'finished';
      });
    });

    it('answers 503 (creation and /ready) once Redis is gone, and withdraws the refused row', async () => {
      await proxy.cut();
      const res = await server.createImage();
      assert.equal(res.status, 503, JSON.stringify(res.body));
      assert.ok(res.retry);
      const r = await ready(server.imprint.base);
      assert.equal(r.status, 503);
      assert.equal(r.body.checks.redis, 'down');
      assert.equal(r.body.checks.database, 'ok');
      // The refused image was removed: it neither holds credits nor shows up.
      const usage = await server.api('GET', '/usage');
      assert.equal(usage.body.credits_reserved, 0, JSON.stringify(usage.body));
      assert.equal((await server.api('GET', '/images/2')).status, 404);
    });

    it('recovers when Redis is back', async () => {
      await proxy.restore();
      await eventually(
        '/ready is 200 again',
        async () => (await ready(server.imprint.base)).status === 200,
      );
      const res = await server.createImage();
      assert.equal(res.status, 200, JSON.stringify(res.body));
      await eventually('the new image is finished', async () => {
        const got = await server.api('GET', `/images/${res.body.id}`);
        return got.body.status === 'finished';
      });
    });
  },
);

for (const { kind, skip } of testDbKinds()) {
  describe(`job queue unavailable in process (${kind})`, { skip }, () => {
    let t: TestApp;
    let uuid: string;
    before(
      async () => {
        t = await createTestApp(kind);
        uuid = await createTemplate(t);
      },
      { timeout: 240_000 },
    );
    after(async () => t?.close());

    it('answers 503 with Retry-After and removes the row it inserted', async () => {
      const queue = t.runtime.queue;
      const original = queue.enqueue.bind(queue);
      queue.enqueue = async () => {
        throw new QueueUnavailableError('Redis did not answer');
      };
      try {
        const res = await t.request({
          method: 'POST',
          url: '/api/rest/images',
          payload: { template_uuid: uuid },
        });
        assert.equal(res.statusCode, 503, res.body);
        assert.equal(res.headers['retry-after'], '5');
        assert.match(res.json().message, /job queue is unavailable/);
        const rows = await sql<{ n: number }>`select count(*) as n from images`.execute(
          t.runtime.db,
        );
        assert.equal(Number(rows.rows[0].n), 0, 'no image row is left behind');
      } finally {
        queue.enqueue = original;
      }
    });

    it('queues a row that has no job with the periodic sweep', async () => {
      const queued: string[] = [];
      const queue = t.runtime.queue;
      const original = queue.enqueue.bind(queue);
      queue.enqueue = async (kind, payload, opts) => {
        queued.push(String(opts?.jobId));
        return original(kind, payload, opts);
      };
      try {
        t.runtime.services.generation.startRecovery(100);
        // Inserted after the sweep started, as if the process had crashed between insert and
        // enqueue: only a later sweep can find it.
        await sleep(200);
        const repo = sqlGenerationStores(t.runtime.db).rows;
        const inserted = await repo.insert('image', {
          project_id: t.project.id,
          request: { kind: 'image', template_uuid: uuid, layers: {}, modifications: {} },
          passthrough: undefined,
          webhook_success: null,
          webhook_error: null,
          test_mode: true,
          credits: 0,
          has_transfer: false,
        });
        if (!('row' in inserted)) throw new Error('no credit limit is set here');
        const row = inserted.row;
        await eventually('the sweep queued the row', async () =>
          queued.includes(`image:${row.id}`),
        );
      } finally {
        queue.enqueue = original;
      }
    });
  });
}

describe('database unreachable (PostgreSQL stopped mid-run)', () => {
  const pg = testDbKinds().find((k) => k.kind === 'postgres');
  const skip = !pg ? 'PostgreSQL tests not selected' : pg.skip;
  let proxy: TcpProxy;
  let t: TestApp;
  before(async () => {
    if (skip) return;
    const { TEST_POSTGRES_URL } = await import('../helpers/databases.ts');
    const u = new URL(TEST_POSTGRES_URL);
    proxy = await startTcpProxy(u.hostname, Number(u.port || 5432));
    u.host = `127.0.0.1:${proxy.port}`;
    t = await createTestApp('postgres', {}, { postgresUrl: u.toString() });
  });
  after(async () => {
    await proxy?.restore();
    await t?.close();
    await proxy?.close();
  });

  it(
    'answers 503 with Retry-After on API routes and /ready names the database',
    { skip },
    async () => {
      assert.equal(
        (await t.request({ method: 'GET', url: '/api/rest/templates' })).statusCode,
        200,
      );
      await proxy.cut();
      const res = await t.request({ method: 'GET', url: '/api/rest/templates' });
      assert.equal(res.statusCode, 503, res.body);
      assert.equal(res.headers['retry-after'], '5');
      assert.match(res.json().message, /database is unavailable/);
      const r = await t.request({ method: 'GET', url: '/ready', token: null });
      assert.equal(r.statusCode, 503);
      assert.deepEqual(r.json().checks, { database: 'down' });
      assert.equal(
        (await t.request({ method: 'GET', url: '/health', token: null })).statusCode,
        200,
      );
      await proxy.restore();
      await eventually('the API answers again', async () => {
        const again = await t.request({ method: 'GET', url: '/api/rest/templates' });
        return again.statusCode === 200;
      });
    },
  );
});
