import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { issueToken } from '../../src/core/projects.ts';
import { testDbKinds } from '../helpers/databases.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import type { AssetServer } from './_helpers.ts';
import { startGenerationFixture, type GenerationFixture } from './generation-fixture.ts';

for (const { kind, skip } of testDbKinds()) {
  describe(`create_now slots and rate limit on ${kind}`, { skip }, () => {
    let fixture: GenerationFixture | undefined;
    let t: TestApp;
    let assets: AssetServer;
    let uuid: string;
    before(async () => {
      fixture = await startGenerationFixture(kind, {
        env: { IMPRINT_CREATE_NOW_LIMIT: '1', IMPRINT_RATE_LIMIT: '5' },
        processJobs: false,
      });
      ({ t, assets, uuid } = fixture);
    });
    after(async () => fixture?.close());

    it('answers 429 with Retry-After when every create_now slot is busy, never queueing', async () => {
      const slow = (ms: number, token?: string) =>
        t.request({
          method: 'POST',
          url: '/api/rest/images',
          token,
          payload: {
            template_uuid: uuid,
            create_now: true,
            layers: { photo: { image: `${assets.base}/slow.png?ms=${ms}` } },
          },
        });
      // Different tokens so the rate limit (5/min per token) stays out of the way.
      const first = slow(1500);
      await new Promise((r) => setTimeout(r, 300));
      const second = await slow(10, t.project.testToken);
      assert.equal(second.statusCode, 429, second.body);
      assert.equal(second.headers['retry-after'], '1');
      assert.match(second.json().message, /create_now/);
      const done = await first;
      assert.equal(done.statusCode, 200, done.body);
      assert.equal(done.json().status, 'finished');
      // Nothing was queued by the refused request: the project has exactly one image.
      const id = done.json().id as number;
      const next = await t.request({
        method: 'GET',
        url: `/api/rest/images/${id + 1}`,
        token: t.other.token,
      });
      assert.equal(next.statusCode, 404);
      // A slot is free again.
      const third = await slow(10, t.project.testToken);
      assert.equal(third.statusCode, 200, third.body);
      assert.equal(third.json().id, id + 1);
    });

    it('limits requests per token with X-RateLimit headers and 429', async () => {
      // Fresh tokens, counted from zero; stay clear of a minute boundary (windows are per minute).
      const msLeft = 60_000 - (Date.now() % 60_000);
      if (msLeft < 8000) await new Promise((r) => setTimeout(r, msLeft + 100));
      const projects = t.runtime.services.projects;
      const { token } = await issueToken(projects, t.other.id, 'live');
      const { token: second } = await issueToken(projects, t.project.id, 'live');
      const seen: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await t.request({ method: 'GET', url: '/api/rest/usage', token });
        assert.equal(res.statusCode, 200);
        assert.equal(res.headers['x-ratelimit-limit'], '5');
        seen.push(Number(res.headers['x-ratelimit-remaining']));
        const reset = Number(res.headers['x-ratelimit-reset']);
        const now = Date.now() / 1000;
        assert.ok(Number.isInteger(reset) && reset > now && reset <= now + 60, String(reset));
      }
      assert.deepEqual(seen, [4, 3, 2, 1, 0]);
      const over = await t.request({ method: 'GET', url: '/api/rest/images/1', token });
      assert.equal(over.statusCode, 429);
      assert.equal(over.headers['x-ratelimit-remaining'], '0');
      assert.ok(Number(over.headers['retry-after']) >= 1);
      assert.match(over.json().message, /5 requests per minute/);
      // Another token has its own budget.
      const mine = await t.request({ method: 'GET', url: '/api/rest/usage', token: second });
      assert.equal(mine.statusCode, 200);
      assert.equal(mine.headers['x-ratelimit-remaining'], '4');
      // Errors carry the headers too, unauthenticated requests are not counted.
      const bad = await t.request({ method: 'GET', url: '/api/rest/images/abc', token: second });
      assert.equal(bad.statusCode, 404);
      assert.equal(bad.headers['x-ratelimit-remaining'], '3');
      const anon = await t.request({ method: 'GET', url: '/api/rest/usage', token: null });
      assert.equal(anon.statusCode, 401);
    });
  });

  describe(`rate limit off by default on ${kind}`, { skip }, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(kind);
    });
    after(async () => t?.close());

    it('sends no rate-limit headers and never answers 429', async () => {
      for (let i = 0; i < 70; i++) {
        const res = await t.request({ method: 'GET', url: '/api/rest/usage' });
        assert.equal(res.statusCode, 200);
        assert.equal(res.headers['x-ratelimit-limit'], undefined);
      }
    });
  });
}
