/**
 * Issue 27, defect 1: a picture URL that cannot be loaded. The preview draws a visible
 * placeholder in the layer's box and warns (`picture_unavailable`) naming the layer and what
 * the URL answered; POST /images and /pdfs go on failing the job with an error that names the
 * layer and the answer.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { makeTemplate } from './template-fixtures.ts';

// An own file that does not exist: read from storage, it fails as a 404 would.
const MISSING = 'http://imprint.test/files/missing/nothing.png';
const design = {
  width: 200,
  height: 100,
  layers: [
    { name: 'photo', type: 'picture', x: 20, y: 10, width: 160, height: 80, image: MISSING },
  ],
};

describe('a picture that cannot be loaded', () => {
  let t: TestApp;
  let uuid: string;
  before(async () => {
    t = await createTestApp('sqlite');
    uuid = (await makeTemplate(t, { title: 'Card', width: 200, height: 100 })).uuid;
    const put = await t.request({
      method: 'PUT',
      url: `/api/rest/templates/${uuid}/design`,
      payload: design,
    });
    assert.equal(put.statusCode, 200, put.body);
  });
  after(async () => t?.close());

  for (const format of ['png', 'pdf'] as const) {
    it(`the ${format.toUpperCase()} preview draws a placeholder and warns, naming the layer and the answer`, async () => {
      const res = await t.request({
        method: 'POST',
        url: `/api/rest/templates/${uuid}/preview`,
        payload: { format },
      });
      assert.equal(res.statusCode, 200, res.body);
      const details = JSON.parse(String(res.headers['imprint-warning-details'])) as Array<{
        code: string;
        path: string;
        message: string;
      }>;
      const w = details.find((d) => d.code === 'picture_unavailable');
      assert.ok(w, JSON.stringify(details));
      assert.equal(w.path, 'layers.photo');
      assert.match(w.message, /nothing\.png: no such file here/);
      assert.match(w.message, /placeholder/);
      assert.match(String(res.headers['imprint-warnings']), /layers\.photo: .*nothing\.png/);
      if (format === 'pdf') return;
      // Inside the box: the placeholder's grey, not the white page around it.
      const { data, info } = await sharp(res.rawPayload)
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const at = (x: number, y: number) => [
        ...data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 4),
      ];
      const inside = at(30, 20);
      assert.equal(inside[3], 255, `opaque inside the box: ${inside}`);
      assert.ok(inside[0] > 150 && inside[0] < 240, `grey inside the box: ${inside}`);
      assert.deepEqual(at(5, 5).slice(0, 3), [255, 255, 255], 'the white page outside the box');
      // The red sign in the middle.
      const middle = at(100, 50 - 15);
      assert.ok(middle[0] > 180 && middle[1] < 90, `red sign in the middle: ${middle}`);
    });
  }

  for (const kind of ['images', 'pdfs'] as const) {
    it(`POST /${kind} fails, naming the layer and the answer`, async () => {
      const res = await t.request({
        method: 'POST',
        url: `/api/rest/${kind}`,
        payload:
          kind === 'images'
            ? { template_uuid: uuid, create_now: true }
            : { pages: [{ template_uuid: uuid }], create_now: true },
      });
      const body = res.json();
      assert.equal(body.status, 'error', res.body);
      assert.match(
        body.errors.join('\n'),
        /layers\.photo: http:\/\/imprint\.test\/files\/missing\/nothing\.png: no such file here/,
      );
    });
  }
});
