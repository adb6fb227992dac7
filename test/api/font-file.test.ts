// GET /api/rest/fonts/{uuid}/file: the stored bytes with their media type, for the project's own
// fonts and its account's legacy fonts only.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { testDbKinds } from '../helpers/databases.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { FONT_FIXTURE_FORMATS, fontFixture, uploadBody } from '../fixtures/fonts/font-fixtures.ts';

for (const { kind, skip } of testDbKinds()) {
  describe(`font file download on ${kind}`, { skip }, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(kind);
    });
    after(async () => t?.close());

    const upload = async (format: string, token?: string) => {
      const res = await t.request({
        method: 'POST',
        url: '/api/rest/fonts',
        token,
        ...uploadBody(
          fontFixture(format as (typeof FONT_FIXTURE_FORMATS)[number]),
          `Latin.${format}`,
          { terms_accepted: '1' },
        ),
      });
      assert.equal(res.statusCode, 201, res.body);
      return res.json() as { uuid: string };
    };
    const file = (uuid: string, token?: string | null) =>
      t.request({ method: 'GET', url: `/api/rest/fonts/${uuid}/file`, token });

    it('answers each format byte for byte with its font/* media type', async () => {
      for (const format of FONT_FIXTURE_FORMATS) {
        const font = await upload(format);
        const res = await file(font.uuid);
        assert.equal(res.statusCode, 200, res.body);
        assert.equal(res.headers['content-type'], `font/${format}`);
        assert.equal(res.headers['x-content-type-options'], 'nosniff');
        assert.match(String(res.headers['cache-control']), /^private/);
        assert.ok(res.rawPayload.equals(fontFixture(format)), format);
      }
    });

    it("answers 404 for another project's font and unknown uuids, 401 without a token", async () => {
      const theirs = await upload('woff2', t.other.token);
      assert.equal((await file(theirs.uuid)).statusCode, 404);
      assert.equal((await file(theirs.uuid, t.other.token)).statusCode, 200);
      const unknown = await file('nosuchfont00');
      assert.equal(unknown.statusCode, 404);
      assert.equal(typeof unknown.json().message, 'string');
      assert.equal((await file(theirs.uuid, null)).statusCode, 401);
    });

    it("serves the account's legacy fonts (a render may use them), not other accounts'", async () => {
      const fonts = t.runtime.services.fonts;
      const accountId = (await t.runtime.services.projects.findProject(t.project.id))!.account_id;
      const legacy = { title: 'Legacy', filename: 'l.ttf', format: 'ttf' as const };
      const own = await fonts.insert({
        ...legacy,
        projectId: null,
        accountId,
        family: 'DejaVu Sans',
        data: fontFixture('ttf'),
      });
      const stranger = await t.runtime.services.projects.createAccount('Stranger');
      const foreign = await fonts.insert({
        ...legacy,
        projectId: null,
        accountId: stranger.id,
        family: 'DejaVu Sans',
        data: fontFixture('ttf'),
      });
      const res = await file(own.uuid);
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['content-type'], 'font/ttf');
      assert.equal((await file(foreign.uuid)).statusCode, 404);
    });

    it('is in the OpenAPI document with the four font media types', async () => {
      const doc = (
        await t.request({ method: 'GET', url: '/api/openapi.json', token: null })
      ).json();
      const route = Object.keys(doc.paths).find((p) => p.endsWith('/fonts/{uuid}/file'));
      assert.ok(route, 'route documented');
      const content = doc.paths[route].get.responses['200'].content;
      assert.deepEqual(Object.keys(content).sort(), [
        'font/otf',
        'font/ttf',
        'font/woff',
        'font/woff2',
      ]);
    });
  });
}
