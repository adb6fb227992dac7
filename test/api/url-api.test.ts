/**
 * The URL API over real HTTP (a listening server, fetch): signatures, modifications from the
 * query, errors, caching (hits render and charge nothing, 304 on If-None-Match, a design change
 * renders again), and concurrent requests rendering once in one process and across two.
 */
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { UrlImageService } from '../../src/core/url-api/url-image-service.ts';
import { sqlGenerationStores } from '../../src/store/sql-generation-stores.ts';
import { SqlUrlApiStore } from '../../src/store/sql-url-api-store.ts';
import { testDbKinds } from '../helpers/databases.ts';
import { createTemplate, testDesign } from '../generation/_helpers.ts';
import {
  startGenerationFixture,
  type GenerationFixture,
} from '../generation/generation-fixture.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON error bodies
const jsonOf = async (res: Response) => (await res.json()) as Record<string, any>;

/** Placid's signature, computed here independently of the server's code. */
const hmac = (secret: string, message: string) =>
  createHmac('sha256', secret).update(message).digest('hex');

for (const { kind, skip } of testDbKinds()) {
  describe(`URL API over HTTP on ${kind}`, { skip }, () => {
    let fx: GenerationFixture;
    let base: string;
    let secret: string;

    const t = () => fx.t;
    const services = () => fx.t.runtime.services;
    const get = (path: string, headers: Record<string, string> = {}) =>
      fetch(`${base}${path}`, { headers });
    /** A signed URL path for `query` on the test template (or `uuid`). */
    const signed = (query: string, uuid = fx.uuid, key = secret) =>
      `/u/${uuid}?${query}${query ? '&' : ''}s=${hmac(key, query)}`;
    const imageCount = async () =>
      Number(
        (
          await t()
            .runtime.db.selectFrom('images')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('project_id', '=', t().project.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const creditsUsed = async () =>
      (await t().request({ method: 'GET', url: '/api/rest/usage' })).json().credits_used as number;
    const picture = (path: string) => encodeURIComponent(`${fx.assets.base}${path}`);

    before(async () => {
      fx = await startGenerationFixture(kind, {
        env: { IMPRINT_CREATE_NOW_LIMIT: '1' },
        processJobs: false,
      });
      await fx.t.app.listen({ port: 0, host: '127.0.0.1' });
      base = `http://127.0.0.1:${(fx.t.app.server.address() as AddressInfo).port}`;
      secret = await services().urlImages.secret(fx.t.project.id);
    });
    after(async () => fx?.close());

    it('renders a signed URL: the image itself, with modifications from the query', async () => {
      const query =
        'title[text]=Hello%20URL&box[background_color]=%2300ff00&width=200&image_format=png';
      const res = await get(signed(query));
      assert.equal(res.status, 200, await res.clone().text());
      assert.equal(res.headers.get('content-type'), 'image/png');
      assert.match(res.headers.get('etag') ?? '', /^"[0-9a-f]{64}"$/);
      assert.equal(res.headers.get('cache-control'), 'public, max-age=3600');
      const bytes = Buffer.from(await res.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      assert.deepEqual([meta.format, meta.width, meta.height], ['png', 200, 100]);
      // The green box (design 300..380 × 100..180, scaled by 0.5) is drawn from the query.
      const { data } = await sharp(bytes)
        .extract({ left: 170, top: 70, width: 1, height: 1 })
        .raw()
        .toBuffer({ resolveWithObject: true });
      assert.deepEqual([...data.subarray(0, 3)], [0, 255, 0]);
      assert.equal(await imageCount(), 1);
      assert.equal(await creditsUsed(), 1);
    });

    it('serves a repeated URL from storage without rendering or charging again', async () => {
      const query = 'title[text]=Cached&filename=card.jpg&image_format=jpg';
      const first = await get(signed(query));
      assert.equal(first.status, 200);
      assert.equal(first.headers.get('content-type'), 'image/jpeg');
      assert.match(first.headers.get('content-disposition') ?? '', /filename="card\.jpg"/);
      const bytes = Buffer.from(await first.arrayBuffer());
      const etag = first.headers.get('etag')!;
      const [images, credits] = [await imageCount(), await creditsUsed()];

      const again = await get(signed(query));
      assert.equal(again.status, 200);
      assert.equal(again.headers.get('etag'), etag);
      assert.deepEqual(Buffer.from(await again.arrayBuffer()), bytes);
      // The same parameters in another order are the same normalised query.
      const reordered = await get(signed('image_format=jpg&filename=card.jpg&title[text]=Cached'));
      assert.equal(reordered.status, 200);
      assert.equal(reordered.headers.get('etag'), etag);
      await reordered.arrayBuffer();

      const notModified = await get(signed(query), { 'if-none-match': etag });
      assert.equal(notModified.status, 304);
      assert.equal(notModified.headers.get('etag'), etag);
      assert.equal((await notModified.arrayBuffer()).byteLength, 0);
      assert.equal(await imageCount(), images, 'no new render');
      assert.equal(await creditsUsed(), credits, 'no new charge');
    });

    it('renders again when the design changes, and when the stored image was deleted', async () => {
      const uuid = await createTemplate(t());
      const query = 'title[text]=Versioned';
      const before = await get(signed(query, uuid));
      assert.equal(before.status, 200);
      const etag = before.headers.get('etag');
      const images = await imageCount();
      const design = testDesign();
      design.layers[2].background_color = '#0000ff';
      const put = await t().request({
        method: 'PUT',
        url: `/api/rest/templates/${uuid}/design`,
        payload: design,
      });
      assert.equal(put.statusCode, 200, put.body);
      const changed = await get(signed(query, uuid));
      assert.equal(changed.status, 200);
      assert.notEqual(changed.headers.get('etag'), etag);
      assert.equal(await imageCount(), images + 1);
      // DELETE /images/{id} removes the file: the URL renders it anew instead of failing.
      const last = await t()
        .runtime.db.selectFrom('images')
        .select('id')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      const del = await t().request({ method: 'DELETE', url: `/api/rest/images/${last.id}` });
      assert.equal(del.statusCode, 204);
      const rerendered = await get(signed(query, uuid));
      assert.equal(rerendered.status, 200);
      assert.equal(rerendered.headers.get('etag'), changed.headers.get('etag'));
      assert.equal(await imageCount(), images + 2);
    });

    it('coerces layer values from text, and answers a bad value with 422 naming the field', async () => {
      const ok = await get(signed('title[font_size]=20&title[hide]=true&box[opacity]=50'));
      assert.equal(ok.status, 200, await ok.clone().text());
      await ok.arrayBuffer();

      const bad = await get(signed('title[font_size]=huge&box[opacity]=500'));
      assert.equal(bad.status, 422);
      assert.match(bad.headers.get('content-type') ?? '', /application\/json/);
      const body = await jsonOf(bad);
      assert.deepEqual(Object.keys(body.errors).sort(), [
        'layers.box.opacity',
        'layers.title.font_size',
      ]);
      assert.match(body.errors['layers.title.font_size'][0], /"huge"/);

      const mods = await get(signed('dpi=999&image_format=gif'));
      assert.equal(mods.status, 422);
      const modErrors = (await jsonOf(mods)).errors;
      assert.ok(modErrors['modifications.dpi'], JSON.stringify(modErrors));
      assert.ok(modErrors['modifications.image_format'], JSON.stringify(modErrors));

      const unknown = await get(signed('title=Hello&title[text][x]=1'));
      assert.equal(unknown.status, 422);
      const unknownErrors = (await jsonOf(unknown)).errors;
      assert.ok(unknownErrors.title, JSON.stringify(unknownErrors));
    });

    it('refuses missing, bad and misplaced signatures with 403, unless unsigned is allowed', async () => {
      const query = 'title[text]=Signed';
      const missing = await get(`/u/${fx.uuid}?${query}`);
      assert.equal(missing.status, 403);
      assert.match((await jsonOf(missing)).message, /not signed/);

      const bad = await get(`/u/${fx.uuid}?${query}&s=${'0'.repeat(64)}`);
      assert.equal(bad.status, 403);
      assert.match((await jsonOf(bad)).message, /signature/);
      const otherKey = await get(signed(query, fx.uuid, 'not-the-secret'));
      assert.equal(otherKey.status, 403);
      await otherKey.arrayBuffer();
      // Signed over the decoded text instead of the query as sent: refused.
      const decoded = await get(
        `/u/${fx.uuid}?title[text]=A%20B&s=${hmac(secret, 'title[text]=A B')}`,
      );
      assert.equal(decoded.status, 403);
      await decoded.arrayBuffer();
      const notLast = await get(`/u/${fx.uuid}?s=${hmac(secret, query)}&${query}`);
      assert.equal(notLast.status, 403);
      assert.match((await jsonOf(notLast)).message, /last parameter/);

      // `s` as the only parameter signs the empty query; uppercase hex is the same signature.
      const onlyS = await get(`/u/${fx.uuid}?s=${hmac(secret, '').toUpperCase()}`);
      assert.equal(onlyS.status, 200);
      await onlyS.arrayBuffer();
      // Placid's documented example signs "&author[text]=asdf", leading "&" included.
      const placidShape = await get(signed('&title[text]=asdf'));
      assert.equal(placidShape.status, 200, await placidShape.clone().text());
      await placidShape.arrayBuffer();

      // The JavaScript recipe of docs/url-api.md: URLSearchParams encodes "[", "]" and spaces.
      const params = new URLSearchParams({ 'title[text]': 'Fish & Chips', width: '100' });
      const recipe = await get(signed(params.toString()));
      assert.equal(recipe.status, 200, await recipe.clone().text());
      assert.equal((await sharp(Buffer.from(await recipe.arrayBuffer())).metadata()).width, 100);

      await services().urlImages.setAllowUnsigned(t().project.id, true);
      try {
        const unsigned = await get(`/u/${fx.uuid}?${query}`);
        assert.equal(unsigned.status, 200);
        await unsigned.arrayBuffer();
        const stillBad = await get(`/u/${fx.uuid}?${query}&s=${'0'.repeat(64)}`);
        assert.equal(stillBad.status, 403, 'a wrong signature is refused even then');
        await stillBad.arrayBuffer();
      } finally {
        await services().urlImages.setAllowUnsigned(t().project.id, false);
      }
      const deniedAgain = await get(`/u/${fx.uuid}?${query}`);
      assert.equal(deniedAgain.status, 403);
      await deniedAgain.arrayBuffer();

      // Another project's template is signed with that project's secret, not this one's.
      const otherUuid = await createTemplate(t(), testDesign(), t().other.token);
      const cross = await get(signed(query, otherUuid));
      assert.equal(cross.status, 403);
      await cross.arrayBuffer();
      const otherSecret = await services().urlImages.secret(t().other.id);
      assert.notEqual(otherSecret, secret);
      const own = await get(signed(query, otherUuid, otherSecret));
      assert.equal(own.status, 200);
      await own.arrayBuffer();
    });

    it('answers 404 JSON for an unknown template', async () => {
      const res = await get(signed('title[text]=x', 'nosuchtemplate'));
      assert.equal(res.status, 404);
      assert.equal((await jsonOf(res)).message, 'Template not found');
    });

    it('renders concurrent identical requests once and charges once', async () => {
      const query = `title[text]=Together&photo[image]=${picture('/slow.png?ms=400')}`;
      const [images, credits] = [await imageCount(), await creditsUsed()];
      const answers = await Promise.all(Array.from({ length: 6 }, () => get(signed(query))));
      const etags = new Set<string | null>();
      for (const res of answers) {
        assert.equal(res.status, 200, await res.clone().text());
        etags.add(res.headers.get('etag'));
        await res.arrayBuffer();
      }
      assert.equal(etags.size, 1);
      assert.equal(await imageCount(), images + 1);
      assert.equal(await creditsUsed(), credits + 1);
      assert.equal(fx.assets.hits.get('/slow.png'), 1);
    });

    it('renders once across processes: a second service on the same database waits for the first', async () => {
      // Another process's URL API: its own in-process map, the same database and storage.
      const db = t().runtime.db;
      const second = new UrlImageService({
        store: new SqlUrlApiStore(db),
        projects: services().projects,
        templates: services().templates,
        generation: services().generation,
        images: sqlGenerationStores(db).rows,
        storage: services().storage,
        pollMs: 20,
      });
      const query = `title[text]=Across&photo[image]=${picture('/slow.png?ms=401')}`;
      const [images, credits] = [await imageCount(), await creditsUsed()];
      const rawQuery = `${query}&s=${hmac(secret, query)}`;
      const [http, direct] = await Promise.all([
        get(`/u/${fx.uuid}?${rawQuery}`),
        second.serve(fx.uuid, rawQuery),
      ]);
      assert.equal(http.status, 200);
      assert.equal(direct.notModified, false);
      assert.equal(`"${direct.etag}"`, http.headers.get('etag'));
      assert.deepEqual(
        direct.notModified ? null : direct.bytes,
        Buffer.from(await http.arrayBuffer()),
      );
      assert.equal(await imageCount(), images + 1);
      assert.equal(await creditsUsed(), credits + 1);
    });

    it('answers a failed render with 422 naming the layer, caching and charging nothing', async () => {
      const query = `photo[image]=${picture('/missing.png')}`;
      const credits = await creditsUsed();
      const res = await get(signed(query));
      assert.equal(res.status, 422);
      const body = await jsonOf(res);
      assert.match(body.message, /could not be rendered/);
      assert.ok(body.errors['layers.photo'], JSON.stringify(body));
      const again = await get(signed(query));
      assert.equal(again.status, 422, 'a failure is not cached: the picture is fetched again');
      await again.arrayBuffer();
      assert.equal(fx.assets.hits.get('/missing.png'), 2);
      assert.equal(await creditsUsed(), credits);
    });

    it('answers 429 with Retry-After when every create_now slot is busy', async () => {
      const slow = get(signed(`photo[image]=${picture('/slow.png?ms=1500')}`));
      // Wait until the slow render holds the process's only slot (not a fixed delay).
      while (services().generation.createNowInUse < 1) await new Promise((r) => setTimeout(r, 10));
      const refused = await get(signed('title[text]=Busy'));
      assert.equal(refused.status, 429);
      assert.equal(refused.headers.get('retry-after'), '1');
      assert.match((await jsonOf(refused)).message, /create_now/);
      const done = await slow;
      assert.equal(done.status, 200);
      await done.arrayBuffer();
      // Refused, so nothing was cached: the same URL renders now that a slot is free.
      const retried = await get(signed('title[text]=Busy'));
      assert.equal(retried.status, 200);
      await retried.arrayBuffer();
    });
  });
}
