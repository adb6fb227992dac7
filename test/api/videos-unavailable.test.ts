/**
 * Without a usable ffmpeg, POST /videos answers 503 saying so (nothing is stored), /ready stays
 * ready and names the problem in its details, and the other routes keep working.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

describe('videos without ffmpeg', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp('sqlite', { IMPRINT_VIDEO_FFMPEG: '/nonexistent/ffmpeg' });
  });
  after(async () => t?.close());

  it('answers 503 to POST /videos, naming ffmpeg, before any check or row', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/rest/videos',
      payload: { clips: [{ template_uuid: 'whatever' }] },
    });
    assert.equal(res.statusCode, 503, res.body);
    assert.match(res.json().message, /Videos are not available on this server: .*ffmpeg/);
    const list = await t.request({ method: 'GET', url: '/api/rest/videos' });
    assert.equal(list.statusCode, 200);
    assert.deepEqual(list.json().data, []);
  });

  it('stays ready and says why videos are unavailable in /ready', async () => {
    const res = await t.request({ method: 'GET', url: '/ready', token: null });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().status, 'ready');
    assert.match(res.json().details.video, /^unavailable: .*ffmpeg/);
  });
});

describe('videos with ffmpeg', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp('sqlite');
  });
  after(async () => t?.close());

  it('reports video ok in /ready', async () => {
    const res = await t.request({ method: 'GET', url: '/ready', token: null });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().details.video, 'available');
  });
});
