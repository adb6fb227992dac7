/**
 * GET /api/rest/images and /pdfs: pagination, newest first, every filter, project isolation and
 * a 422 naming each bad parameter. Most rows are inserted through the repository (no render), a
 * few through the API, so the stored requests are the real ones.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { RenderRequest } from '../../src/core/generation/render-row.ts';
import { sqlGenerationStores } from '../../src/store/sql-generation-stores.ts';
import { testDbKinds } from '../helpers/databases.ts';
import { insertQueuedRow } from '../generation/_helpers.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { assert422, makeTemplate, walk } from './template-fixtures.ts';

type Obj = Record<string, unknown> & { id: number; created_at: string };

const image = (template_uuid: string): RenderRequest => ({
  kind: 'image',
  template_uuid,
  layers: {},
  modifications: {},
});
const pdf = (...uuids: string[]): RenderRequest => ({
  kind: 'pdf',
  pages: uuids.map((template_uuid) => ({ template_uuid, layers: {} })),
  modifications: {},
});
const merge: RenderRequest = { kind: 'merge', urls: ['https://a/1.pdf'], modifications: {} };

// Two passthroughs that share their first 200 characters (the indexed prefix) and differ after.
const LONG_A = `${'ü'.repeat(250)}-a`;
const LONG_B = `${'ü'.repeat(250)}-b`;

for (const { kind, skip } of testDbKinds()) {
  describe(`images and PDFs lists on ${kind}`, { skip }, () => {
    let t: TestApp;
    let repo: ReturnType<typeof sqlGenerationStores>;
    let tplA: string;
    let tplB: string;
    /** Every image of the main project, oldest first, as the API shows it. */
    let images: Obj[] = [];

    const insert = async (
      type: 'image' | 'pdf',
      request: RenderRequest,
      passthrough?: unknown,
      projectId = t.project.id,
    ) => {
      return insertQueuedRow(repo.rows, type, { project_id: projectId, request, passthrough });
    };

    const list = async (path: string, token?: string) => {
      const res = await t.request({ method: 'GET', url: path, ...(token ? { token } : {}) });
      assert.equal(res.statusCode, 200, res.body);
      return res.json() as { data: Obj[]; links: Record<string, string | null>; meta: never };
    };
    const ids = async (path: string) => (await list(path)).data.map((o) => o.id);

    before(async () => {
      t = await createTestApp(kind);
      repo = sqlGenerationStores(t.runtime.db);
      tplA = (await makeTemplate(t, { title: 'A' })).uuid;
      tplB = (await makeTemplate(t, { title: 'B' })).uuid;
      // 25 images: A and B alternate; passthroughs of every kind; some finished, some failed.
      for (let i = 0; i < 25; i++) {
        const passthrough =
          i === 3
            ? 'batch-7'
            : i === 4
              ? { batch: 7, row: 4 }
              : i === 5
                ? ['x', 1]
                : i === 6
                  ? LONG_A
                  : i === 7
                    ? LONG_B
                    : i === 8
                      ? 'batch-7 '
                      : undefined;
        const id = await insert('image', image(i % 2 === 0 ? tplA : tplB), passthrough);
        if (i % 5 === 1) await repo.ledger.markFinished('image', id, `files/${id}.png`);
        if (i % 5 === 2)
          await repo.ledger.markError('image', id, ['The picture could not be read.']);
      }
      // One created through the API (queued: no job processing here).
      const created = await t.request({
        method: 'POST',
        url: '/api/rest/images',
        payload: { template_uuid: tplA, passthrough: 'via-api' },
      });
      assert.equal(created.statusCode, 200, created.body);
      // A deleted image is never listed.
      const gone = await insert('image', image(tplA), 'batch-7');
      await repo.rows.markDeleted('image', t.project.id, gone);
      // The other project's rows match every filter and must never appear.
      for (let i = 0; i < 3; i++) {
        await insert('image', image(tplA), 'batch-7', t.other.id);
        await insert('pdf', pdf(tplA), 'batch-7', t.other.id);
      }
      images = [];
      for (const page of await walk(t, '/api/rest/images?per_page=100'))
        images.push(...(page as Obj[]));
      images.reverse();
    });
    after(async () => t?.close());

    it('answers the envelope of the other lists, 20 per page, newest first', async () => {
      const body = await list('/api/rest/images');
      assert.deepEqual(Object.keys(body).sort(), ['data', 'links', 'meta']);
      assert.equal((body.meta as { per_page: number }).per_page, 20);
      assert.equal((body.meta as { path: string }).path, 'http://imprint.test/api/rest/images');
      assert.equal(body.links.first, null);
      assert.equal(body.links.prev, null);
      assert.ok(body.links.next?.startsWith('http://imprint.test/api/rest/images?cursor='));
      assert.equal(body.data.length, 20);
      assert.equal(images.length, 26);
      // Newest first: created_at never rises down the list; ties are broken by the higher id.
      const all = [...images].reverse();
      for (let i = 1; i < all.length; i++) {
        const [a, b] = [all[i - 1], all[i]];
        assert.ok(a.created_at > b.created_at || (a.created_at === b.created_at && a.id > b.id));
      }
      assert.equal(all[0].passthrough, 'via-api');
      assert.equal(all[0].status, 'queued');
      const finished = all.find((o) => o.status === 'finished');
      assert.match(String(finished?.image_url), /^http:\/\/imprint\.test\/files\//);
      const failed = all.find((o) => o.status === 'error');
      assert.deepEqual(failed?.errors, ['The picture could not be read.']);
      assert.ok(all.every((o) => o.template_uuid === tplA || o.template_uuid === tplB));
    });

    it('walks every image once with links.next, and back with links.prev', async () => {
      const pages = await walk(t, '/api/rest/images?per_page=7');
      assert.deepEqual(
        pages.map((p) => p.length),
        [7, 7, 7, 5],
      );
      const forward = pages.flat().map((o) => o.id);
      assert.deepEqual(
        forward,
        [...images].reverse().map((o) => o.id),
      );
      const last = await list(`/api/rest/images?per_page=7&cursor=${lastCursor(pages)}`);
      assert.equal(last.data.length, 0);
      // From the last page back to the first.
      const lastPage = await list(
        `/api/rest/images?per_page=7&cursor=${new URL(String((await pageAt(3)).links.prev)).searchParams.get('cursor')}`,
      );
      assert.deepEqual(
        lastPage.data.map((o) => o.id),
        forward.slice(14, 21),
      );
      const back = await walk(t, String((await pageAt(3)).links.prev), 'prev');
      assert.deepEqual(
        back
          .reverse()
          .flat()
          .map((o) => o.id),
        forward.slice(0, 21),
      );
    });

    // The page `n` (0-based) of 7, reached by following links.next.
    const pageAt = async (n: number) => {
      let body = await list('/api/rest/images?per_page=7');
      for (let i = 0; i < n; i++)
        body = await list(String(body.links.next).replace('http://imprint.test', ''));
      return body;
    };
    // A cursor just past the last item of the walk (an empty page after it).
    const lastCursor = (pages: Array<Array<Record<string, unknown>>>) => {
      const lastItem = pages.flat().at(-1) as Obj;
      return Buffer.from(JSON.stringify(['n', lastItem.created_at, lastItem.id])).toString(
        'base64url',
      );
    };

    it('filters by status', async () => {
      for (const status of ['queued', 'finished', 'error'] as const) {
        const want = images
          .filter((o) => o.status === status)
          .map((o) => o.id)
          .reverse();
        assert.ok(want.length > 0);
        assert.deepEqual(await ids(`/api/rest/images?per_page=100&status=${status}`), want);
      }
    });

    it('filters by template_uuid; an unknown or foreign template lists nothing', async () => {
      const want = images
        .filter((o) => o.template_uuid === tplB)
        .map((o) => o.id)
        .reverse();
      assert.equal(want.length, 12);
      assert.deepEqual(await ids(`/api/rest/images?per_page=100&template_uuid=${tplB}`), want);
      assert.equal((await ids(`/api/rest/images?per_page=100&template_uuid=${tplA}`)).length, 14);
      assert.deepEqual(await ids('/api/rest/images?template_uuid=nope'), []);
      const foreign = (await makeTemplate(t, { title: 'F' }, t.other.token)).uuid;
      await insert('image', image(foreign), undefined, t.other.id);
      assert.deepEqual(await ids(`/api/rest/images?template_uuid=${foreign}`), []);
    });

    it('filters by creation time: created_after inclusive, created_before exclusive', async () => {
      const mid = images[10];
      const q = (p: string) => ids(`/api/rest/images?per_page=100&${p}`);
      const after = await q(`created_after=${encodeURIComponent(mid.created_at)}`);
      assert.deepEqual(
        after,
        images
          .filter((o) => o.created_at >= mid.created_at)
          .map((o) => o.id)
          .reverse(),
      );
      assert.ok(after.includes(mid.id));
      const beforeIds = await q(`created_before=${encodeURIComponent(mid.created_at)}`);
      assert.deepEqual(
        beforeIds,
        images
          .filter((o) => o.created_at < mid.created_at)
          .map((o) => o.id)
          .reverse(),
      );
      assert.ok(!beforeIds.includes(mid.id));
      // Unix seconds and an offset mean the same instants.
      const secs = Math.floor(Date.parse(images[0].created_at) / 1000) - 1;
      assert.equal((await q(`created_after=${secs}`)).length, images.length);
      assert.deepEqual(await q(`created_before=${secs}`), []);
      assert.deepEqual(await q('created_before=1970-01-02'), []);
      assert.equal((await q('created_after=2000-01-01T01:00:00%2B01:00')).length, images.length);
    });

    it('filters by passthrough, exactly', async () => {
      const q = (v: string) => ids(`/api/rest/images?passthrough=${encodeURIComponent(v)}`);
      const byIndex = (i: number) => [images[i].id];
      assert.deepEqual(await q('batch-7'), byIndex(3));
      assert.deepEqual(await q('batch-7 '), byIndex(8));
      assert.deepEqual(await q('batch'), []);
      assert.deepEqual(await q('{"batch":7,"row":4}'), byIndex(4));
      assert.deepEqual(await q('{ "batch": 7, "row": 4 }'), byIndex(4));
      assert.deepEqual(await q('["x",1]'), byIndex(5));
      assert.deepEqual(await q(LONG_A), byIndex(6));
      assert.deepEqual(await q(LONG_B), byIndex(7));
      assert.deepEqual(await q('via-api'), [images[25].id]);
    });

    it('combines filters', async () => {
      const want = images
        .filter((o) => o.template_uuid === tplB && o.status === 'finished')
        .map((o) => o.id)
        .reverse();
      assert.ok(want.length > 0);
      assert.deepEqual(
        await ids(`/api/rest/images?status=finished&template_uuid=${tplB}&per_page=100`),
        want,
      );
      assert.deepEqual(await ids(`/api/rest/images?status=error&passthrough=batch-7`), []);
    });

    it("never lists another project's images or PDFs", async () => {
      const mine = new Set(images.map((o) => o.id));
      const theirs = await list('/api/rest/images?per_page=100', t.other.token);
      assert.ok(theirs.data.length >= 3);
      assert.ok(theirs.data.every((o) => !mine.has(o.id)));
      assert.deepEqual(await ids(`/api/rest/pdfs?template_uuid=${tplA}`), []);
      const noToken = await t.request({ method: 'GET', url: '/api/rest/images', token: null });
      assert.equal(noToken.statusCode, 401);
    });

    it('lists PDFs: a page of the template matches, merges have no template', async () => {
      const one = await insert('pdf', pdf(tplA));
      const two = await insert('pdf', pdf(tplB, tplA), { job: 'x' });
      const merged = await insert('pdf', merge);
      const body = await list('/api/rest/pdfs');
      assert.deepEqual(
        body.data.map((o) => o.id),
        [merged, two, one],
      );
      assert.match(String(body.data[0].polling_url), /\/api\/rest\/pdfs\/\d+$/);
      assert.ok('pdf_url' in body.data[0]);
      assert.deepEqual(await ids(`/api/rest/pdfs?template_uuid=${tplA}`), [two, one]);
      assert.deepEqual(await ids(`/api/rest/pdfs?template_uuid=${tplB}`), [two]);
      assert.deepEqual(await ids('/api/rest/pdfs?passthrough={"job":"x"}'), [two]);
      assert.deepEqual(await ids('/api/rest/pdfs?status=finished'), []);
    });

    it('lists videos with the same filters and envelope', async () => {
      const res = await t.request({ method: 'GET', url: '/api/rest/videos?status=finished' });
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual(res.json().data, []);
      assert.equal(res.json().meta.per_page, 20);
    });

    it('answers 422 naming each bad parameter', async () => {
      const bad = async (query: string, field: string) => {
        const res = await t.request({ method: 'GET', url: `/api/rest/images?${query}` });
        assert422(res, field);
        return res.json() as { errors: Record<string, string[]> };
      };
      await bad('status=done', 'status');
      await bad('per_page=0', 'per_page');
      await bad('per_page=101', 'per_page');
      await bad('per_page=many', 'per_page');
      await bad('cursor=not-a-cursor', 'cursor');
      // A cursor of another list (a text id) is not one of these.
      const textId = Buffer.from(JSON.stringify(['n', '2026-01-01T00:00:00.000Z', 'abc'])).toString(
        'base64url',
      );
      await bad(`cursor=${textId}`, 'cursor');
      const numberValue = Buffer.from(JSON.stringify(['n', 5, 3])).toString('base64url');
      await bad(`cursor=${numberValue}`, 'cursor');
      const e = await bad('created_after=yesterday', 'created_after');
      assert.match(e.errors.created_after[0], /ISO 8601/);
      await bad('created_after=2026-02-30', 'created_after');
      await bad('created_before=2026-11-27T25:00:00Z', 'created_before');
      await bad('created_after=2026-11-28&created_before=2026-11-27', 'created_before');
      await bad('template_uuid=', 'template_uuid');
      // A NUL anywhere in the URL is refused before any route (a 400 that says so).
      const nul = await t.request({ method: 'GET', url: '/api/rest/images?passthrough=a%00b' });
      assert.equal(nul.statusCode, 400, nul.body);
      assert.match(nul.json().message, /NUL/);
      await bad(`passthrough=${'x'.repeat(1025)}`, 'passthrough');
      const both = await bad('created_after=soon&template_uuid=', 'created_after');
      assert.ok(both.errors.template_uuid);
      const pdfRes = await t.request({ method: 'GET', url: '/api/rest/pdfs?status=ready' });
      assert422(pdfRes, 'status');
    });
  });
}
