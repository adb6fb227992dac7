/**
 * Template version thumbnails on S3 storage (s3rver): each version's thumbnail is stored in the
 * bucket and served, a pruned version's thumbnail leaves the bucket, and deleting the template
 * empties its thumbnail folder (docs/template-versions.md, "Thumbnails").
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { S3RVER_CREDENTIALS, startS3, type TestS3 } from '../helpers/s3rver.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { makeTemplate } from '../api/template-fixtures.ts';

// The S3 storage takes credentials from the AWS SDK's standard chain, here the environment.
process.env.AWS_ACCESS_KEY_ID = S3RVER_CREDENTIALS.accessKeyId;
process.env.AWS_SECRET_ACCESS_KEY = S3RVER_CREDENTIALS.secretAccessKey;

const filled = (background: string) => ({ width: 40, height: 20, background, layers: [] });

describe('template version thumbnails on S3', () => {
  let s3: TestS3;
  let t: TestApp;
  before(async () => {
    s3 = await startS3();
    t = await createTestApp('sqlite', { ...s3.env('thumbs'), IMPRINT_TEMPLATE_VERSIONS_KEEP: '2' });
  });
  after(async () => {
    await t?.close();
    await s3?.close();
  });

  const base = (uuid: string) => `/api/rest/templates/${uuid}`;
  const inBucket = async (uuid: string) => {
    const keys: string[] = [];
    for await (const blob of t.runtime.services.storage.list(`thumbnails/${uuid}/`)) {
      keys.push(blob.key);
    }
    return keys.sort();
  };
  const versions = async (uuid: string) => {
    const res = await t.request({ method: 'GET', url: `${base(uuid)}/versions` });
    assert.equal(res.statusCode, 200, res.body);
    return res.json().data as Array<{ version: number; thumbnail: string | null }>;
  };

  it('stores, serves and deletes each version thumbnail in the bucket', async () => {
    const tpl = await makeTemplate(t, { width: 40, height: 20 }); // v1: a white page
    const saved = await t.request({
      method: 'PUT',
      url: `${base(tpl.uuid)}/design`,
      payload: filled('#0000ff'),
    });
    assert.equal(saved.statusCode, 200, saved.body);
    await t.runtime.services.previews.idle();
    const [v2, v1] = await versions(tpl.uuid);
    assert.ok(v1.thumbnail && v2.thumbnail);
    // Served from the bucket: the version's own picture (its first pixel is its background).
    for (const [v, rgb] of [
      [v1, [255, 255, 255]],
      [v2, [0, 0, 255]],
    ] as const) {
      const file = await t.request({
        method: 'GET',
        url: new URL(v.thumbnail!).pathname,
        token: null,
      });
      assert.equal(file.statusCode, 200, file.body);
      const raw = await sharp(file.rawPayload).removeAlpha().raw().toBuffer();
      assert.deepEqual(
        [raw[0], raw[1], raw[2]].map((c) => Math.round(c / 32) * 32),
        rgb.map((c) => Math.round(c / 32) * 32),
      );
    }
    assert.equal((await inBucket(tpl.uuid)).length, 2);

    // A third design prunes version 1 (two are kept): its thumbnail leaves the bucket.
    const third = await t.request({
      method: 'PUT',
      url: `${base(tpl.uuid)}/design`,
      payload: filled('#00ff00'),
    });
    assert.equal(third.statusCode, 200, third.body);
    await t.runtime.services.previews.idle();
    const kept = await versions(tpl.uuid);
    assert.deepEqual(
      kept.map((v) => v.version),
      [3, 2],
    );
    const keys = await inBucket(tpl.uuid);
    assert.equal(keys.length, 2, keys.join());
    assert.ok(
      keys.every((k) => kept.some((v) => v.thumbnail?.endsWith(k))),
      `${keys.join()} vs ${kept.map((v) => v.thumbnail).join()}`,
    );
    assert.ok(!keys.some((k) => v1.thumbnail!.endsWith(k)));

    const removed = await t.request({ method: 'DELETE', url: base(tpl.uuid) });
    assert.equal(removed.statusCode, 200, removed.body);
    await t.runtime.services.previews.idle();
    assert.deepEqual(await inBucket(tpl.uuid), []);
  });
});
