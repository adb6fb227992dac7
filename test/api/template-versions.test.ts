/**
 * Template versions (docs/template-versions.md) on SQLite and PostgreSQL: saves make versions,
 * restore, renders pinned to a version, publishing and the URL API, pruning, concurrent saves,
 * and the 4xx of bad inputs.
 */
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { testDbKinds } from '../helpers/databases.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { startJobProcessing } from '../../src/main.ts';
import { assert422, makeTemplate } from './template-fixtures.ts';

/** A 20×20 design filled with one colour. */
const filled = (background: string) => ({ width: 20, height: 20, background, layers: [] });

const pathOf = (url: string) => new URL(url).pathname + new URL(url).search;

for (const { kind, skip } of testDbKinds()) {
  describe(`template versions on ${kind}`, { skip }, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(kind, { IMPRINT_TEMPLATE_VERSIONS_KEEP: '3' });
    });
    after(async () => t?.close());

    const base = (uuid: string) => `/api/rest/templates/${uuid}`;
    const put = (uuid: string, design: unknown) =>
      t.request({ method: 'PUT', url: `${base(uuid)}/design`, payload: design as object });
    const versions = async (uuid: string) => {
      const res = await t.request({ method: 'GET', url: `${base(uuid)}/versions?per_page=100` });
      assert.equal(res.statusCode, 200, res.body);
      return res.json().data as Array<{ version: number; name: string | null; published: boolean }>;
    };
    /** The first pixel's RGB of a rendered file, rounded to steps of 16 (JPEG is lossy). */
    const firstPixel = async (bytes: Buffer) => {
      const raw = await sharp(bytes).removeAlpha().raw().toBuffer();
      return [raw[0], raw[1], raw[2]].map((c) => Math.min(255, Math.round(c / 16) * 16));
    };
    const imagePixel = async (body: Record<string, unknown>) => {
      const res = await t.request({
        method: 'POST',
        url: '/api/rest/images',
        payload: { create_now: true, ...body },
      });
      assert.equal(res.statusCode, 200, res.body);
      const image = res.json();
      assert.equal(image.status, 'finished', res.body);
      const file = await t.request({ method: 'GET', url: pathOf(image.image_url), token: null });
      return { image, pixel: await firstPixel(file.rawPayload) };
    };
    const RED = [255, 0, 0];
    const BLUE = [0, 0, 255];
    const GREEN = [0, 255, 0];

    it('each changed save is a version, newest first; an unchanged save is not', async () => {
      const tpl = await makeTemplate(t, { width: 20, height: 20 });
      assert.equal(tpl.version, 1);
      assert.equal(tpl.published_version, null);
      assert.equal((await put(tpl.uuid, filled('#ff0000'))).statusCode, 200);
      assert.equal((await put(tpl.uuid, filled('#ff0000'))).statusCode, 200); // same bytes
      assert.equal((await put(tpl.uuid, filled('#0000ff'))).statusCode, 200);
      const list = await versions(tpl.uuid);
      assert.deepEqual(
        list.map((v) => v.version),
        [3, 2, 1],
      );
      const got = await t.request({ method: 'GET', url: `${base(tpl.uuid)}/versions/2` });
      assert.equal(got.statusCode, 200, got.body);
      assert.equal(got.json().design.background, '#ff0000');
      assert.equal(got.json().created_by.kind, 'token');
      assert.equal(got.json().created_by.token_id !== null, true);
      const template = await t.request({ method: 'GET', url: base(tpl.uuid) });
      assert.equal(template.json().version, 3);
      // Another project's token sees nothing.
      const other = await t.request({
        method: 'GET',
        url: `${base(tpl.uuid)}/versions`,
        token: t.other.token,
      });
      assert.equal(other.statusCode, 404);
      const missing = await t.request({ method: 'GET', url: `${base(tpl.uuid)}/versions/9` });
      assert.equal(missing.statusCode, 404);
      assert.match(missing.json().message, /Version not found/);
    });

    it('restore makes a new version equal to the old one; every version stays', async () => {
      const tpl = await makeTemplate(t, { width: 20, height: 20 });
      await put(tpl.uuid, filled('#ff0000')); // v2
      await put(tpl.uuid, filled('#0000ff')); // v3
      const res = await t.request({ method: 'POST', url: `${base(tpl.uuid)}/versions/2/restore` });
      assert.equal(res.statusCode, 201, res.body);
      assert.equal(res.json().version, 4);
      const design = await t.request({ method: 'GET', url: `${base(tpl.uuid)}/design` });
      assert.equal(design.json().background, '#ff0000');
      assert.deepEqual(
        (await versions(tpl.uuid)).map((v) => v.version),
        [4, 3, 2], // version 1 is pruned: IMPRINT_TEMPLATE_VERSIONS_KEEP is 3 here
      );
    });

    it('a render pinned to version 2 keeps drawing it after version 3 is saved', async () => {
      const tpl = await makeTemplate(t, { width: 20, height: 20 });
      await put(tpl.uuid, filled('#ff0000')); // v2
      // Queued before the next save: the job runs after it and still draws version 2.
      const queued = await t.request({
        method: 'POST',
        url: '/api/rest/images',
        payload: { template_uuid: tpl.uuid, template_version: 2 },
      });
      assert.equal(queued.statusCode, 200, queued.body);
      assert.equal(queued.json().template_version, 2);
      await put(tpl.uuid, filled('#0000ff')); // v3
      const pinned = await imagePixel({ template_uuid: tpl.uuid, template_version: 2 });
      assert.deepEqual(pinned.pixel, RED);
      assert.equal(pinned.image.template_version, 2);
      const latest = await imagePixel({ template_uuid: tpl.uuid });
      assert.deepEqual(latest.pixel, BLUE);
      assert.equal(latest.image.template_version, 3);
      // The queued job runs now, after version 3 was saved.
      const stop = startJobProcessing(t.runtime, 1);
      let done;
      try {
        for (;;) {
          done = await t.request({ method: 'GET', url: pathOf(queued.json().polling_url) });
          if (done.json().status !== 'queued') break;
          await new Promise((r) => setTimeout(r, 20));
        }
      } finally {
        await stop();
      }
      assert.equal(done.json().status, 'finished', done.body);
      const file = await t.request({
        method: 'GET',
        url: pathOf(done.json().image_url),
        token: null,
      });
      assert.deepEqual(await firstPixel(file.rawPayload), RED);
      // A PDF records each page's version.
      const pdf = await t.request({
        method: 'POST',
        url: '/api/rest/pdfs',
        payload: {
          create_now: true,
          pages: [{ template_uuid: tpl.uuid, template_version: 2 }, { template_uuid: tpl.uuid }],
        },
      });
      assert.equal(pdf.statusCode, 200, pdf.body);
      assert.deepEqual(pdf.json().template_versions, [2, 3]);
    });

    it('publishing switches what renders and the URL API draw, and the ETag', async () => {
      const tpl = await makeTemplate(t, { width: 20, height: 20 });
      await put(tpl.uuid, filled('#ff0000')); // v2
      await put(tpl.uuid, filled('#00ff00')); // v3
      await t.runtime.services.urlImages.setAllowUnsigned(t.project.id, true);
      const first = await t.request({ method: 'GET', url: `/u/${tpl.uuid}`, token: null });
      assert.equal(first.statusCode, 200, first.body);
      assert.deepEqual(await firstPixel(first.rawPayload), GREEN);
      const publish = await t.request({
        method: 'PATCH',
        url: base(tpl.uuid),
        payload: { published_version: 2 },
      });
      assert.equal(publish.statusCode, 200, publish.body);
      assert.equal(publish.json().published_version, 2);
      const second = await t.request({ method: 'GET', url: `/u/${tpl.uuid}`, token: null });
      assert.equal(second.statusCode, 200, second.body);
      assert.deepEqual(await firstPixel(second.rawPayload), RED);
      assert.notEqual(second.headers.etag, first.headers.etag);
      // Saving again does not change what renders draw while version 2 is published.
      await put(tpl.uuid, filled('#0000ff')); // v4
      assert.deepEqual((await imagePixel({ template_uuid: tpl.uuid })).pixel, RED);
      const listed = await versions(tpl.uuid);
      assert.deepEqual(
        listed.filter((v) => v.published).map((v) => v.version),
        [2],
      );
      // Unpublish: the latest again.
      await t.request({
        method: 'PATCH',
        url: base(tpl.uuid),
        payload: { published_version: null },
      });
      assert.deepEqual((await imagePixel({ template_uuid: tpl.uuid })).pixel, BLUE);
    });

    it('a signed URL pinned with template_version keeps serving that version', async () => {
      const tpl = await makeTemplate(t, { width: 20, height: 20 });
      await put(tpl.uuid, filled('#ff0000')); // v2
      const secret = await t.runtime.services.urlImages.secret(t.project.id);
      // Placid's signature, computed here independently of the server's code.
      const sign = (query: string) =>
        `/u/${tpl.uuid}?${query}&s=${createHmac('sha256', secret).update(query).digest('hex')}`;
      const get = (url: string) => t.request({ method: 'GET', url, token: null });
      const pinned = sign('template_version=2');
      const before = await get(pinned);
      assert.equal(before.statusCode, 200, before.body);
      assert.deepEqual(await firstPixel(before.rawPayload), RED);
      await put(tpl.uuid, filled('#0000ff')); // v3
      const publish = await t.request({
        method: 'PATCH',
        url: base(tpl.uuid),
        payload: { published_version: 3 },
      });
      assert.equal(publish.statusCode, 200, publish.body);
      const after = await get(pinned);
      assert.equal(after.statusCode, 200, after.body);
      assert.deepEqual(await firstPixel(after.rawPayload), RED);
      assert.equal(after.headers.etag, before.headers.etag);
      // Without the pin: the published version 3.
      const unpinned = await get(sign('template_version='));
      assert.equal(unpinned.statusCode, 200, unpinned.body);
      assert.deepEqual(await firstPixel(unpinned.rawPayload), BLUE);
      // The pin is signed: changing it breaks the signature.
      const forged = pinned.replace('template_version=2', 'template_version=3');
      assert.equal((await get(forged)).statusCode, 403);
      // Bad values and unknown versions: 422 naming template_version, as POST /images.
      for (const bad of ['0', 'x', '1.5', '-2'])
        assert422(await get(sign(`template_version=${bad}`)), 'template_version');
      assert422(await get(sign('template_version=2&template_version=3')), 'template_version');
      const missing = await get(sign('template_version=7'));
      assert422(missing, 'template_version');
      const viaImages = await t.request({
        method: 'POST',
        url: '/api/rest/images',
        payload: { template_uuid: tpl.uuid, template_version: 7 },
      });
      assert.deepEqual(
        missing.json().errors.template_version,
        viaImages.json().errors.template_version,
      );
    });

    it('duplicates and starter copies record the token that made them', async () => {
      const tpl = await makeTemplate(t, { width: 20, height: 20 });
      await put(tpl.uuid, filled('#ff0000')); // v2, saved with the test token
      const saved = await t.request({ method: 'GET', url: `${base(tpl.uuid)}/versions/2` });
      const author = saved.json().created_by;
      assert.equal(author.kind, 'token');
      assert.equal(typeof author.token_id, 'string');
      const copies = [
        await t.request({
          method: 'POST',
          url: '/api/rest/templates',
          payload: { from_template: tpl.uuid },
        }),
        await t.request({
          method: 'POST',
          url: '/api/rest/starter-templates/event-ticket/copy',
          payload: {},
        }),
      ];
      for (const copy of copies) {
        assert.equal(copy.statusCode, 201, copy.body);
        const v1 = await t.request({ method: 'GET', url: `${base(copy.json().uuid)}/versions/1` });
        assert.equal(v1.statusCode, 200, v1.body);
        assert.deepEqual(v1.json().created_by, author);
      }
    });

    it('pruning keeps the newest N plus named, published and pinned versions', async () => {
      const tpl = await makeTemplate(t, { width: 20, height: 20 });
      const colours = ['#010101', '#020202', '#030303'];
      for (const c of colours) await put(tpl.uuid, filled(c)); // v2..v4
      const named = await t.request({
        method: 'PATCH',
        url: `${base(tpl.uuid)}/versions/2`,
        payload: { name: '  Spring campaign ' },
      });
      assert.equal(named.statusCode, 200, named.body);
      assert.equal(named.json().name, 'Spring campaign');
      await t.request({ method: 'PATCH', url: base(tpl.uuid), payload: { published_version: 3 } });
      for (const c of ['#050505', '#060606', '#070707', '#080808']) await put(tpl.uuid, filled(c)); // v5..v8
      const kept = (await versions(tpl.uuid)).map((v) => v.version);
      // The newest 3 (8, 7, 6), the named 2 and the published 3.
      assert.deepEqual(kept, [8, 7, 6, 3, 2]);
      const gone = await t.request({ method: 'GET', url: `${base(tpl.uuid)}/versions/1` });
      assert.equal(gone.statusCode, 404);
    });

    it('the store keeps a version a queued render names', async () => {
      const tpl = await makeTemplate(t, { width: 20, height: 20 });
      for (const c of ['#111111', '#121212']) await put(tpl.uuid, filled(c)); // v2, v3
      const store = t.runtime.services.templateVersions;
      // A queued image row pinned to version 1, written as the intake writes it.
      const { db } = t.runtime;
      const now = new Date().toISOString();
      await db
        .insertInto('images')
        .values({
          project_id: t.project.id,
          status: 'queued',
          request: JSON.stringify({
            kind: 'image',
            template_uuid: tpl.uuid,
            template_version: 1,
            layers: {},
            modifications: {},
          }),
          passthrough: null,
          webhook_success: null,
          webhook_error: null,
          file_key: null,
          test_mode: 1,
          credits: 0,
          has_transfer: 0,
          transfer_sealed: null,
          claimed_by: 'elsewhere',
          claim_until: new Date(Date.now() + 3_600_000).toISOString(),
          created_at: now,
          updated_at: now,
          deleted_at: null,
        })
        .execute();
      await store.prune(t.project.id, tpl.uuid, 1);
      const left = (await versions(tpl.uuid)).map((v) => v.version);
      assert.deepEqual(left, [3, 1]);
    });

    it('a queued render whose version is gone by the time it runs fails naming the version', async () => {
      // Its own app: processing jobs closes the queue when it stops.
      const own = await createTestApp(kind);
      try {
        const tpl = await makeTemplate(own, filled('#ff0000'));
        const saved = await own.request({
          method: 'PUT',
          url: `${base(tpl.uuid)}/design`,
          payload: filled('#0000ff'), // v2
        });
        assert.equal(saved.statusCode, 200, saved.body);
        const queued = await own.request({
          method: 'POST',
          url: '/api/rest/images',
          payload: { template_uuid: tpl.uuid, template_version: 1 },
        });
        assert.equal(queued.statusCode, 200, queued.body);
        // What a prune that committed between the request's checks and its insert leaves behind.
        await own.runtime.db
          .deleteFrom('template_versions')
          .where('template_uuid', '=', tpl.uuid)
          .where('version', '=', 1)
          .execute();
        const stop = startJobProcessing(own.runtime, 1);
        let done;
        try {
          for (;;) {
            done = await own.request({ method: 'GET', url: pathOf(queued.json().polling_url) });
            if (done.json().status !== 'queued') break;
            await new Promise((r) => setTimeout(r, 20));
          }
        } finally {
          await stop();
        }
        assert.equal(done.json().status, 'error', done.body);
        assert.match(
          JSON.stringify(done.json().errors),
          /template_version: Version 1 of the template/,
        );
      } finally {
        await own.close();
      }
    });

    it('two saves at once make two versions', async () => {
      const tpl = await makeTemplate(t, { width: 20, height: 20 });
      const [a, b] = await Promise.all([
        put(tpl.uuid, filled('#aa0000')),
        put(tpl.uuid, filled('#00aa00')),
      ]);
      assert.equal(a.statusCode, 200, a.body);
      assert.equal(b.statusCode, 200, b.body);
      const list = await versions(tpl.uuid);
      assert.deepEqual(
        list.map((v) => v.version),
        [3, 2, 1],
      );
      const designs = await Promise.all(
        [2, 3].map(async (n) => {
          const res = await t.request({ method: 'GET', url: `${base(tpl.uuid)}/versions/${n}` });
          return res.json().design.background as string;
        }),
      );
      assert.deepEqual(designs.sort(), ['#00aa00', '#aa0000']);
    });

    it('bad inputs are 4xx naming the field', async () => {
      const tpl = await makeTemplate(t, { width: 20, height: 20 });
      const image = (payload: object) =>
        t.request({ method: 'POST', url: '/api/rest/images', payload });
      assert422(await image({ template_uuid: tpl.uuid, template_version: 7 }), 'template_version');
      assert422(
        await image({ template_uuid: tpl.uuid, template_version: 'x' }),
        'template_version',
      );
      assert422(await image({ template_uuid: tpl.uuid, template_version: 0 }), 'template_version');
      assert422(
        await t.request({
          method: 'POST',
          url: '/api/rest/pdfs',
          payload: { pages: [{ template_uuid: tpl.uuid, template_version: 5 }] },
        }),
        'pages.0.template_version',
      );
      assert422(
        await t.request({
          method: 'PATCH',
          url: base(tpl.uuid),
          payload: { published_version: 9 },
        }),
        'published_version',
      );
      assert422(
        await t.request({
          method: 'PATCH',
          url: base(tpl.uuid),
          payload: { published_version: 'a' },
        }),
        'published_version',
      );
      assert422(
        await t.request({ method: 'GET', url: `${base(tpl.uuid)}/versions/abc` }),
        'version',
      );
      const rename = (payload: object) =>
        t.request({ method: 'PATCH', url: `${base(tpl.uuid)}/versions/1`, payload });
      assert422(await rename({ name: 5 }), 'name');
      assert422(await rename({ name: '   ' }), 'name');
      assert422(await rename({ name: 'x'.repeat(101) }), 'name');
      assert422(await rename({}), 'name');
      const unnamed = await rename({ name: null });
      assert.equal(unnamed.statusCode, 200, unnamed.body);
      assert.equal(unnamed.json().name, null);
      const restoreMissing = await t.request({
        method: 'POST',
        url: `${base(tpl.uuid)}/versions/8/restore`,
      });
      assert.equal(restoreMissing.statusCode, 404);
    });

    it('deleting a template deletes its versions', async () => {
      const tpl = await makeTemplate(t, { width: 20, height: 20 });
      await put(tpl.uuid, filled('#ff0000'));
      const del = await t.request({ method: 'DELETE', url: base(tpl.uuid) });
      assert.equal(del.statusCode, 200);
      const res = await t.request({ method: 'GET', url: `${base(tpl.uuid)}/versions` });
      assert.equal(res.statusCode, 404);
      assert.equal(
        await t.runtime.services.templateVersions.find(t.project.id, tpl.uuid, 1),
        undefined,
      );
    });
  });
}
