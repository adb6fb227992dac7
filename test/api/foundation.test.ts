import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { testDbKinds } from '../helpers/databases.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

for (const { kind, skip } of testDbKinds()) {
  describe(`foundation on ${kind}`, { skip }, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(kind);
    });
    after(async () => t?.close());

    it('answers /health and /ready', async () => {
      const health = await t.request({ method: 'GET', url: '/health', token: null });
      assert.equal(health.statusCode, 200);
      assert.deepEqual(health.json(), { status: 'ok' });
      const ready = await t.request({ method: 'GET', url: '/ready', token: null });
      assert.equal(ready.statusCode, 200);
      assert.equal(ready.json().status, 'ready');
    });

    it('serves an OpenAPI 3.1 document and the docs page', async () => {
      const doc = await t.request({ method: 'GET', url: '/api/openapi.json', token: null });
      assert.equal(doc.statusCode, 200);
      assert.equal(doc.json().openapi, '3.1.0');
      // What the routes answer: DELETE of an image or PDF is a 204 without a body.
      for (const path of ['/api/rest/images/{id}', '/api/rest/pdfs/{id}']) {
        const responses = doc.json().paths[path].delete.responses;
        assert.ok(responses['204'], path);
        assert.equal(
          Object.keys(responses)
            .filter((s) => s.startsWith('2'))
            .join(),
          '204',
          path,
        );
      }
      const docs = await t.request({ method: 'GET', url: '/docs/', token: null });
      assert.equal(docs.statusCode, 200);
      assert.match(docs.headers['content-type'] as string, /text\/html/);
    });

    it('routes a trailing slash and a doubled slash as the path without them', async () => {
      for (const url of ['/api/rest/templates/', '/api/rest//templates', '//api/rest/templates']) {
        const res = await t.request({ method: 'GET', url });
        assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
        assert.ok(Array.isArray(res.json().data), url);
      }
    });

    it('answers 404 with a message for unknown routes', async () => {
      const res = await t.request({ method: 'GET', url: '/nope', token: null });
      assert.equal(res.statusCode, 404);
      assert.match(res.json().message, /not found/);
    });

    it('answers URLs the router cannot take with our {message} body, not Fastify’s', async () => {
      const bad = await t.request({ method: 'GET', url: '/api/rest/templates/%ff' });
      assert.equal(bad.statusCode, 400);
      assert.deepEqual(Object.keys(bad.json()), ['message']);
      const long = await t.request({ method: 'GET', url: `/api/rest/fonts/${'a'.repeat(5000)}` });
      assert.equal(long.statusCode, 414);
      assert.deepEqual(Object.keys(long.json()), ['message']);
    });

    it('names a union type readably in a 422', async () => {
      const res = await t.request({
        method: 'POST',
        url: '/api/rest/collections',
        payload: { title: 'x', custom_data: 5 },
      });
      assert.equal(res.statusCode, 422);
      assert.deepEqual(res.json().errors.custom_data, [
        'The custom_data field must be of type string, object or null; received 5.',
      ]);
    });

    it('records when a token was last used, to the minute', async () => {
      const { issueToken } = await import('../../src/core/projects.ts');
      const { info, token } = await issueToken(t.runtime.services.projects, t.project.id, 'live');
      const lastUsed = async () =>
        (await t.runtime.services.projects.listTokens(t.project.id)).find((x) => x.id === info.id)
          ?.last_used_at ?? null;
      assert.equal(await lastUsed(), null, 'a new token was never used');
      const before = Date.now();
      assert.equal(
        (await t.request({ method: 'GET', url: '/api/rest/templates', token })).statusCode,
        200,
      );
      const first = await lastUsed();
      assert.ok(first && Date.parse(first) >= before - 5, `set on first use: ${first}`);
      await t.request({ method: 'GET', url: '/api/rest/templates', token });
      assert.equal(await lastUsed(), first, 'not written again within the minute');
      const old = new Date(Date.now() - 2 * 60_000).toISOString();
      await t.runtime.db
        .updateTable('api_tokens')
        .set({ last_used_at: old })
        .where('id', '=', info.id)
        .execute();
      await t.request({ method: 'GET', url: '/api/rest/templates', token });
      const later = await lastUsed();
      assert.ok(
        later && later > old && Date.parse(later) >= before - 5,
        `moved on after a minute: ${later}`,
      );
    });

    it('refuses a revoked token with 401', async () => {
      const { issueToken } = await import('../../src/core/projects.ts');
      const { info, token } = await issueToken(t.runtime.services.projects, t.project.id, 'live');
      assert.ok(
        await t.runtime.services.projects.findCallerByTokenHash(
          (await import('../../src/core/projects.ts')).hashToken(token),
        ),
      );
      assert.equal(await t.runtime.services.projects.revokeToken(info.id), true);
      assert.equal(await t.runtime.services.projects.revokeToken(info.id), false);
    });
  });
}
