/**
 * Merges of issue 11: a page cap (IMPRINT_MERGE_MAX_PAGES) ends the PDF in error with a reason
 * naming the cap, the render time limit (IMPRINT_RENDER_TIMEOUT_MS) stops a merge, and a merge
 * costs 1 credit per started 100 merged pages (0 with a test token), checked against the
 * project's credit limit. Merges run with create_now so each answer is the final object.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { testDbKinds } from '../helpers/databases.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { makePdf } from './_helpers.ts';

/** Serves /pages/<n>.pdf: a PDF of n pages (made once per n). */
async function startPdfServer(): Promise<{ base: string; close(): Promise<void> }> {
  const made = new Map<number, Promise<Buffer>>();
  const server = http.createServer((req, res) => {
    const n = Number(/^\/pages\/(\d+)\.pdf$/.exec(req.url ?? '')?.[1] ?? NaN);
    if (!Number.isInteger(n) || n < 1) {
      res.writeHead(404).end('not found');
      return;
    }
    if (!made.has(n)) made.set(n, makePdf(n));
    void made.get(n)!.then((pdf) => {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      res.end(pdf);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let pdfs: { base: string; close(): Promise<void> };
before(async () => {
  pdfs = await startPdfServer();
});
after(() => pdfs.close());

/** POST /pdfs/merge with create_now of PDFs with the given page counts. */
function merge(t: TestApp, pages: number[], token?: string) {
  return t.request({
    method: 'POST',
    url: '/api/rest/pdfs/merge',
    payload: { urls: pages.map((n) => `${pdfs.base}/pages/${n}.pdf`), create_now: true },
    token,
  });
}

for (const { kind, skip } of testDbKinds()) {
  describe(`merge page cap and credits on ${kind}`, { skip }, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(kind, {
        IMPRINT_ALLOW_PRIVATE_URLS: '1',
        IMPRINT_RENDER_THREADS: '1',
        IMPRINT_MERGE_MAX_PAGES: '300',
      });
    });
    after(() => t?.close());

    const usage = async () => (await t.request({ method: 'GET', url: '/api/rest/usage' })).json();
    const setLimit = (limit: number | null) =>
      t.runtime.services.generation.setCreditLimit(t.project.id, limit);

    it(
      'ends a merge past the page cap in error, naming the cap, and charges nothing',
      { timeout: 90_000 },
      async () => {
        const res = await merge(t, [200, 200]);
        assert.equal(res.statusCode, 200, res.body);
        const body = res.json();
        assert.equal(body.status, 'error');
        assert.equal(body.pdf_url, null);
        assert.deepEqual(body.errors, [
          'urls: the merged PDF would have more than 300 pages (the merge page limit, IMPRINT_MERGE_MAX_PAGES): the first 2 files already have 400.',
        ]);
        assert.equal((await usage()).credits_used, 0);
      },
    );

    it('merges exactly up to the cap', async () => {
      const res = await merge(t, [150, 150]);
      assert.equal(res.json().status, 'finished', res.body);
      assert.equal((await usage()).credits_used, 3, '300 pages cost 3 credits');
    });

    it('charges 1 credit per started 100 merged pages, and nothing with a test token', async () => {
      const before = (await usage()).credits_used;
      const cases: Array<[number[], number]> = [
        [[1, 1], 1],
        [[50, 50], 1],
        [[100, 1], 2],
        [[1, 200], 3],
      ];
      let expected = before;
      for (const [pages, credits] of cases) {
        const res = await merge(t, pages);
        assert.equal(res.json().status, 'finished', res.body);
        expected += credits;
        assert.equal((await usage()).credits_used, expected, `pages ${pages.join('+')}`);
      }
      const free = await merge(t, [100, 101], t.project.testToken);
      assert.equal(free.json().status, 'finished', free.body);
      assert.equal((await usage()).credits_used, expected, 'a test-token merge is free');
      assert.equal((await usage()).credits_reserved, 0);
    });

    it('answers 402 when not even 1 credit is left, and fails a merge whose counted pages do not fit', async () => {
      const used = (await usage()).credits_used;
      await setLimit(used);
      const refused = await merge(t, [1, 1]);
      assert.equal(refused.statusCode, 402, refused.body);
      assert.match(refused.json().message, /^Not enough credits: this PDF costs 1 credit/);

      await setLimit(used + 1);
      const tooMany = await merge(t, [100, 51]);
      assert.equal(tooMany.statusCode, 200, tooMany.body);
      assert.equal(tooMany.json().status, 'error');
      assert.deepEqual(tooMany.json().errors, [
        `credits: Not enough credits: this merge of 151 pages costs 2 credits (1 per started 100 pages), but only 1 of the project's limit of ${used + 1} is left. Raise the limit with "imprint project credits <project-id> --limit <n>".`,
      ]);
      assert.deepEqual(await usage(), {
        credits_used: used,
        credits_reserved: 0,
        credit_limit: used + 1,
        credits_remaining: 1,
      });

      const fits = await merge(t, [60, 40]);
      assert.equal(fits.json().status, 'finished', fits.body);
      assert.equal((await usage()).credits_used, used + 1);
      await setLimit(null);
    });
  });
}

describe('merge time limit (sqlite)', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp('sqlite', {
      IMPRINT_ALLOW_PRIVATE_URLS: '1',
      IMPRINT_RENDER_THREADS: '1',
      IMPRINT_RENDER_TIMEOUT_MS: '100',
      IMPRINT_MERGE_MAX_PAGES: '20000',
    });
  });
  after(() => t?.close());

  it('stops a merge that runs past IMPRINT_RENDER_TIMEOUT_MS and ends it in error', async () => {
    // Reading and copying 8,000 pages takes seconds, far beyond the 100 ms limit.
    const res = await merge(t, [4000, 4000]);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().status, 'error');
    assert.deepEqual(res.json().errors, ['The merge took longer than 100 ms and was stopped']);
    const usage = (await t.request({ method: 'GET', url: '/api/rest/usage' })).json();
    assert.equal(usage.credits_used, 0);
  });
});
