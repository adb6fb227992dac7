/**
 * Editor sign-in links: a code made by createEditorLink (what `imprint editor-link` runs) is
 * exchanged once at POST /api/editor/session for an expiring live token of its project; used,
 * unknown and expired codes are 401s, malformed bodies 422s naming `code`, attempts are limited
 * per address, codes are stored hashed, and expired tokens are refused like revoked ones.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createEditorLink } from '../../src/core/editor-links.ts';
import { hashToken, issueToken } from '../../src/core/projects.ts';
import { testDbKinds } from '../helpers/databases.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

for (const { kind, skip } of testDbKinds()) {
  describe(`editor sign-in links on ${kind}`, { skip }, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(kind, { IMPRINT_EDITOR_SIGNIN_RATE_LIMIT: '1000' });
    });
    after(async () => t?.close());

    const link = (ttl = 15, now?: number) =>
      createEditorLink(t.runtime.services.projects, t.project.id, ttl, t.config.publicUrl, now);
    const signIn = (payload: unknown) =>
      t.request({
        method: 'POST',
        url: '/api/editor/session',
        payload: payload as object,
        token: null,
      });

    it('prints an editor URL that carries the code in its fragment', async () => {
      const made = await link();
      assert.match(made.url, /^http:\/\/imprint\.test\/editor#link=[A-Za-z0-9_-]{32}$/);
      assert.equal(made.url.split('#link=')[1], made.code);
      const minutes = (Date.parse(made.expires_at) - Date.now()) / 60_000;
      assert.ok(minutes > 14 && minutes <= 15, String(minutes));
    });

    it('exchanges a code once for an expiring live token of the project', async () => {
      const { code } = await link();
      const before = Date.now();
      const res = await signIn({ code });
      assert.equal(res.statusCode, 200, res.body);
      const body = res.json();
      assert.deepEqual(Object.keys(body).sort(), ['expires_at', 'project', 'token']);
      assert.match(body.token, /^imp_live_[A-Za-z0-9_-]{43}$/);
      assert.deepEqual(body.project, { id: t.project.id, title: 'Test project' });
      const hours = (Date.parse(body.expires_at) - before) / 3_600_000;
      assert.ok(hours > 11.99 && hours < 12.01, String(hours));

      const templates = await t.request({
        method: 'GET',
        url: '/api/rest/templates',
        token: body.token,
      });
      assert.equal(templates.statusCode, 200);

      const again = await signIn({ code });
      assert.equal(again.statusCode, 401);
      assert.match(again.json().message, /unknown, was used already or has expired/);

      const listed = await t.runtime.services.projects.listTokens(t.project.id);
      const session = listed.find((x) => x.purpose === 'editor_session');
      assert.ok(session, JSON.stringify(listed));
      assert.equal(session.kind, 'live');
      assert.equal(session.expires_at, body.expires_at);
    });

    it('refuses unknown and expired codes with 401 JSON', async () => {
      const unknown = await signIn({ code: 'A'.repeat(32) });
      assert.equal(unknown.statusCode, 401);
      assert.equal(typeof unknown.json().message, 'string');

      const old = await link(1, Date.now() - 2 * 60_000);
      const expired = await signIn({ code: old.code });
      assert.equal(expired.statusCode, 401);
      assert.match(expired.json().message, /expired/);
    });

    it('answers a malformed body with a 422 naming code', async () => {
      for (const payload of [{}, { code: 5 }, { code: 'short' }, { code: 'A'.repeat(32) + '!' }]) {
        const res = await signIn(payload);
        assert.equal(res.statusCode, 422, JSON.stringify(payload));
        assert.ok(res.json().errors.code, res.body);
      }
    });

    it('lets exactly one of two simultaneous uses of a code win', async () => {
      const { code } = await link();
      const answers = await Promise.all([signIn({ code }), signIn({ code })]);
      assert.deepEqual(answers.map((a) => a.statusCode).sort(), [200, 401]);
    });

    it('stores only the hash of a code', async () => {
      const { code } = await link();
      const rows = await t.runtime.db.selectFrom('editor_links').selectAll().execute();
      assert.ok(rows.some((r) => r.code_hash === hashToken(code)));
      assert.ok(rows.every((r) => r.code_hash !== code && !JSON.stringify(r).includes(code)));
    });

    it('clears expired links when a new one is made', async () => {
      const old = await link(1, Date.now() - 2 * 60_000);
      const fresh = await link();
      const hashes = (
        await t.runtime.db.selectFrom('editor_links').select('code_hash').execute()
      ).map((r) => r.code_hash);
      assert.ok(!hashes.includes(hashToken(old.code)));
      assert.ok(hashes.includes(hashToken(fresh.code)));
    });

    it('refuses an expired token like a revoked one', async () => {
      const projects = t.runtime.services.projects;
      const past = await issueToken(projects, t.project.id, 'live', {
        expiresAt: new Date(Date.now() - 1000).toISOString(),
        purpose: 'editor_session',
      });
      const res = await t.request({ method: 'GET', url: '/api/rest/templates', token: past.token });
      assert.equal(res.statusCode, 401);
      assert.deepEqual(res.json(), { message: 'Unauthenticated.' });
      const future = await issueToken(projects, t.project.id, 'live', {
        expiresAt: new Date(Date.now() + 60_000).toISOString(),
      });
      const ok = await t.request({
        method: 'GET',
        url: '/api/rest/templates',
        token: future.token,
      });
      assert.equal(ok.statusCode, 200);
    });
  });

  describe(`editor sign-in attempts are limited on ${kind}`, { skip }, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(kind, { IMPRINT_EDITOR_SIGNIN_RATE_LIMIT: '3' });
    });
    after(async () => t?.close());

    it('answers 429 with Retry-After past the attempts of a minute from one address', async () => {
      const attempt = () =>
        t.request({
          method: 'POST',
          url: '/api/editor/session',
          payload: { code: 'B'.repeat(32) },
          token: null,
        });
      // Seven attempts: even if a minute boundary resets the count once, one side of it holds
      // four, one more than the limit.
      const answers = [];
      for (let i = 0; i < 7; i++) answers.push(await attempt());
      const refused = answers.find((a) => a.statusCode === 429);
      assert.ok(refused, answers.map((a) => a.statusCode).join());
      assert.equal(answers[0].statusCode, 401);
      assert.ok(Number(refused.headers['retry-after']) >= 1);
      assert.match(refused.json().message, /IMPRINT_EDITOR_SIGNIN_RATE_LIMIT/);
    });
  });
}
