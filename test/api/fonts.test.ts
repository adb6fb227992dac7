import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { testDbKinds } from '../helpers/databases.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  FONT_FIXTURE_FORMATS,
  fontFixture,
  multipart,
  uploadBody,
} from '../fixtures/fonts/font-fixtures.ts';

const PNG_BYTES = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000001e221bc330000000049454e44ae426082',
  'hex',
);

for (const { kind, skip } of testDbKinds()) {
  describe(`fonts API on ${kind}`, { skip }, () => {
    let t: TestApp;
    const ttf = fontFixture('ttf');
    const woff2 = fontFixture('woff2');

    before(async () => {
      t = await createTestApp(kind);
    });
    after(async () => t?.close());

    const upload = (
      data: Buffer,
      filename: string,
      extra?: Record<string, string>,
      token?: string,
    ) =>
      t.request({
        method: 'POST',
        url: '/api/rest/fonts',
        token,
        ...uploadBody(data, filename, extra),
      });

    async function uploadOk(data = woff2, filename = 'font.woff2', token?: string) {
      const res = await upload(data, filename, { terms_accepted: '1' }, token);
      assert.equal(res.statusCode, 201, res.body);
      return res.json() as { uuid: string; title: string; filename: string; created_at: string };
    }

    it('accepts each of the four formats and returns the font object', async () => {
      for (const format of FONT_FIXTURE_FORMATS) {
        const res = await upload(fontFixture(format), `DejaVu Latin.${format}`);
        assert.equal(res.statusCode, 201, `${format}: ${res.body}`);
        const font = res.json();
        assert.deepEqual(Object.keys(font).sort(), [
          'created_at',
          'family',
          'filename',
          'style',
          'title',
          'uuid',
          'weight',
        ]);
        assert.equal(font.filename, `DejaVu Latin.${format}`);
        assert.equal(font.title, `DejaVu Latin.${format}`, 'title defaults to the filename');
        assert.match(font.uuid, /^[a-z0-9]{12}$/);
        assert.ok(!Number.isNaN(Date.parse(font.created_at)));
        assert.equal(new Date(font.created_at).toISOString(), font.created_at);
        const got = await t.request({ method: 'GET', url: `/api/rest/fonts/${font.uuid}` });
        assert.equal(got.statusCode, 200);
        assert.deepEqual(got.json(), font);
        // The stored bytes are exactly what was uploaded (what the renderer will get).
        const [source] = await t.runtime.services.fonts.loadFontSources(t.project.id, [font.uuid]);
        assert.ok(source.data.equals(fontFixture(format)));
      }
    });

    it('identifies the format by content, not by the file name', async () => {
      const res = await upload(fontFixture('otf'), 'renamed.ttf');
      assert.equal(res.statusCode, 201);
      const row = await t.runtime.db
        .selectFrom('fonts')
        .select(['format', 'family'])
        .where('uuid', '=', res.json().uuid)
        .executeTakeFirstOrThrow();
      assert.deepEqual(row, { format: 'otf', family: 'DejaVu Sans CFF Test' });
    });

    it('keeps an explicit title; 200 characters pass, 201 are refused', async () => {
      const ok = await upload(ttf, 'a.ttf', { terms_accepted: 'yes', title: 'é'.repeat(200) });
      assert.equal(ok.statusCode, 201, ok.body);
      assert.equal(ok.json().title, 'é'.repeat(200));
      assert.equal(ok.json().filename, 'a.ttf');
      const bad = await upload(ttf, 'a.ttf', { terms_accepted: 'yes', title: 'x'.repeat(201) });
      assert.equal(bad.statusCode, 422);
      assert.deepEqual(Object.keys(bad.json().errors), ['title']);
      assert.match(bad.json().errors.title[0], /200 characters/);
    });

    it('strips client paths from the filename and caps the default title at 200', async () => {
      const long = `${'n'.repeat(210)}.ttf`;
      const res = await upload(ttf, `C:\\fakepath\\${long}`);
      assert.equal(res.statusCode, 201, res.body);
      assert.equal(res.json().filename, long);
      assert.equal(res.json().title, long.slice(0, 200));
    });

    it('refuses a NUL in the title (422) and drops control characters from the filename', async () => {
      // PostgreSQL cannot store U+0000 in text: both used to answer 500 there.
      const bad = await upload(woff2, 'f.woff2', { terms_accepted: '1', title: 'a\u0000b' });
      assert.equal(bad.statusCode, 422, bad.body);
      assert.deepEqual(Object.keys(bad.json().errors), ['title']);
      const ok = await upload(woff2, 'a\u0000b\u0007c.woff2');
      assert.equal(ok.statusCode, 201, ok.body);
      assert.equal(ok.json().filename, 'abc.woff2');
      assert.equal(ok.json().title, 'abc.woff2');
    });

    it('accepts terms_accepted only as 1, true, yes or on (any case)', async () => {
      for (const value of ['1', 'true', 'yes', 'on', 'TRUE', 'Yes', 'ON']) {
        const res = await upload(woff2, 'f.woff2', { terms_accepted: value });
        assert.equal(res.statusCode, 201, `${value}: ${res.body}`);
      }
      for (const value of ['0', 'false', 'no', 'off', 'maybe', '', '2']) {
        const res = await upload(woff2, 'f.woff2', { terms_accepted: value });
        assert.equal(res.statusCode, 422, `${value}: ${res.body}`);
        assert.deepEqual(Object.keys(res.json().errors), ['terms_accepted']);
      }
      const missing = await upload(woff2, 'f.woff2', {});
      assert.equal(missing.statusCode, 422);
      assert.match(missing.json().errors.terms_accepted[0], /required/);
    });

    it('refuses bytes that are not a font, whatever the name, naming the allowed formats', async () => {
      const cut = ttf.subarray(0, Math.floor(ttf.length * 0.8));
      const fakeWoff2 = Buffer.concat([Buffer.from('wOF2'), Buffer.alloc(200, 7)]);
      for (const [data, name] of [
        [PNG_BYTES, 'logo.ttf'],
        [Buffer.from('just some text that is long enough'), 'font.otf'],
        [cut, 'cut.ttf'],
        [fakeWoff2, 'fake.woff2'],
        [Buffer.alloc(0), 'empty.woff'],
      ] as const) {
        const res = await upload(data, name);
        assert.equal(res.statusCode, 422, `${name}: ${res.body}`);
        const body = res.json();
        assert.deepEqual(Object.keys(body.errors), ['file']);
        assert.match(body.errors.file[0], /ttf, otf, woff, woff2/);
        assert.equal(typeof body.message, 'string');
      }
    });

    it('requires the file part, as a file', async () => {
      const none = await t.request({
        method: 'POST',
        url: '/api/rest/fonts',
        ...multipart([{ name: 'terms_accepted', value: '1' }]),
      });
      assert.equal(none.statusCode, 422);
      assert.deepEqual(Object.keys(none.json().errors), ['file']);
      const asText = await t.request({
        method: 'POST',
        url: '/api/rest/fonts',
        ...multipart([
          { name: 'file', value: 'not a file' },
          { name: 'terms_accepted', value: '1' },
        ]),
      });
      assert.equal(asText.statusCode, 422);
      assert.deepEqual(Object.keys(asText.json().errors), ['file']);
      const wrongField = await t.request({
        method: 'POST',
        url: '/api/rest/fonts',
        ...multipart([
          { name: 'font', filename: 'a.ttf', data: ttf },
          { name: 'terms_accepted', value: '1' },
        ]),
      });
      assert.equal(wrongField.statusCode, 422);
      assert.deepEqual(Object.keys(wrongField.json().errors), ['file']);
      const two = await t.request({
        method: 'POST',
        url: '/api/rest/fonts',
        ...multipart([
          { name: 'file', filename: 'a.ttf', data: ttf },
          { name: 'file', filename: 'b.ttf', data: ttf },
          { name: 'terms_accepted', value: '1' },
        ]),
      });
      assert.equal(two.statusCode, 422);
      assert.deepEqual(Object.keys(two.json().errors), ['file']);
    });

    it('answers non-multipart bodies with a 4xx naming the problems, never a 500', async () => {
      const json = await t.request({
        method: 'POST',
        url: '/api/rest/fonts',
        payload: { title: 'x', terms_accepted: false },
      });
      assert.equal(json.statusCode, 422);
      assert.deepEqual(Object.keys(json.json().errors).sort(), ['file', 'terms_accepted']);
      const empty = await t.request({ method: 'POST', url: '/api/rest/fonts' });
      assert.equal(empty.statusCode, 422);
      assert.ok(empty.json().errors.file);
      const text = await t.request({
        method: 'POST',
        url: '/api/rest/fonts',
        headers: { 'content-type': 'text/plain' },
        payload: 'hello',
      });
      // text/plain is not parsed at all: the same 415 as any other unsupported type.
      assert.equal(text.statusCode, 415, text.body);
      assert.match(text.json().message, /send multipart\/form-data/);
      const xml = await t.request({
        method: 'POST',
        url: '/api/rest/fonts',
        headers: { 'content-type': 'application/xml' },
        payload: '<font/>',
      });
      assert.equal(xml.statusCode, 415);
      // The upload takes multipart/form-data: telling the caller to send JSON would mislead.
      assert.match(xml.json().message, /send multipart\/form-data/);
      const broken = await t.request({
        method: 'POST',
        url: '/api/rest/fonts',
        headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
        payload:
          '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.ttf"\r\n\r\nabc',
      });
      assert.ok(broken.statusCode >= 400 && broken.statusCode < 500, broken.body);
    });

    it('requires a token', async () => {
      const res = await t.request({ method: 'GET', url: '/api/rest/fonts', token: null });
      assert.equal(res.statusCode, 401);
      const up = await upload(ttf, 'a.ttf', { terms_accepted: '1' }, 'imp_live_nope');
      assert.equal(up.statusCode, 401);
    });

    it('renames with PATCH {title}: required, 1–200 characters, a string', async () => {
      const font = await uploadOk();
      const res = await t.request({
        method: 'PATCH',
        url: `/api/rest/fonts/${font.uuid}`,
        payload: { title: 'y'.repeat(200) },
      });
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual(res.json(), { ...font, title: 'y'.repeat(200) });
      const again = await t.request({ method: 'GET', url: `/api/rest/fonts/${font.uuid}` });
      assert.equal(again.json().title, 'y'.repeat(200));
      for (const payload of [
        { title: 'z'.repeat(201) },
        {},
        { title: 5 },
        { title: '' },
        { title: '   ' },
      ]) {
        const bad = await t.request({
          method: 'PATCH',
          url: `/api/rest/fonts/${font.uuid}`,
          payload,
        });
        assert.equal(bad.statusCode, 422, JSON.stringify(payload));
        assert.deepEqual(Object.keys(bad.json().errors), ['title']);
      }
      const unknown = await t.request({
        method: 'PATCH',
        url: '/api/rest/fonts/doesnotexist',
        payload: { title: 'x' },
      });
      assert.equal(unknown.statusCode, 404);
      assert.deepEqual(Object.keys(unknown.json()), ['message']);
    });

    it('answers 404 {message} for unknown fonts', async () => {
      for (const method of ['GET', 'DELETE'] as const) {
        const res = await t.request({ method, url: '/api/rest/fonts/doesnotexist' });
        assert.equal(res.statusCode, 404);
        assert.deepEqual(Object.keys(res.json()), ['message']);
      }
    });

    it("isolates projects: another project's font is 404 and never listed", async () => {
      const theirs = await uploadOk(woff2, 'theirs.woff2', t.other.token);
      for (const [method, payload] of [['GET'], ['PATCH', { title: 'x' }], ['DELETE']] as const) {
        const res = await t.request({ method, url: `/api/rest/fonts/${theirs.uuid}`, payload });
        assert.equal(res.statusCode, 404, method);
      }
      const withLegacy = await t.request({
        method: 'GET',
        url: `/api/rest/fonts/${theirs.uuid}?include_legacy=1`,
      });
      assert.equal(withLegacy.statusCode, 404);
      const mine = await listAll('/api/rest/fonts?include_legacy=true');
      assert.ok(!mine.some((f) => f.uuid === theirs.uuid));
      const still = await t.request({
        method: 'GET',
        url: `/api/rest/fonts/${theirs.uuid}`,
        token: t.other.token,
      });
      assert.equal(still.statusCode, 200);
      assert.equal(still.json().title, 'theirs.woff2');
      assert.deepEqual(
        await t.runtime.services.fonts.loadFontSources(t.project.id, [theirs.uuid]),
        [],
      );
    });

    /** Follows links.next from `url` and returns every item. */
    async function listAll(url: string): Promise<Array<Record<string, unknown>>> {
      const items: Array<Record<string, unknown>> = [];
      let next: string | null = url;
      while (next) {
        const res = await t.request({
          method: 'GET',
          url: next.replace('http://imprint.test', ''),
        });
        assert.equal(res.statusCode, 200, res.body);
        const body = res.json();
        items.push(...body.data);
        next = body.links.next;
      }
      return items;
    }

    it('deletes for good; a second delete is 404', async () => {
      const font = await uploadOk();
      const res = await t.request({ method: 'DELETE', url: `/api/rest/fonts/${font.uuid}` });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(typeof res.json().message, 'string');
      const get = await t.request({ method: 'GET', url: `/api/rest/fonts/${font.uuid}` });
      assert.equal(get.statusCode, 404);
      const files = await t.runtime.db
        .selectFrom('font_files')
        .select('font_uuid')
        .where('font_uuid', '=', font.uuid)
        .execute();
      assert.equal(files.length, 0, 'the bytes are gone');
      const again = await t.request({ method: 'DELETE', url: `/api/rest/fonts/${font.uuid}` });
      assert.equal(again.statusCode, 404);
    });

    it('refuses to delete a font templates use (409) unless force is truthy', async () => {
      const font = await uploadOk();
      const makeTemplate = async (title: string, layers: unknown[], token?: string) => {
        const res = await t.request({
          method: 'POST',
          url: '/api/rest/templates',
          token,
          payload: { title, width: 100, height: 100 },
        });
        assert.equal(res.statusCode < 300, true, res.body);
        const uuid = res.json().uuid as string;
        // The design is written directly: what matters here is how the fonts side reads it.
        await t.runtime.db
          .updateTable('templates')
          .set({ design: JSON.stringify({ width: 100, height: 100, background: null, layers }) })
          .where('uuid', '=', uuid)
          .execute();
        return uuid;
      };
      const text = (props: Record<string, unknown>) => ({
        name: `l${Math.random()}`,
        type: 'text',
        x: 0,
        y: 0,
        width: 10,
        height: 10,
        text: 'hi',
        ...props,
      });
      const a = await makeTemplate('Uses font', [text({ font: font.uuid })]);
      const b = await makeTemplate('Uses alt_font', [text({}), text({ alt_font: font.uuid })]);
      const c = await makeTemplate('Uses fontFamily', [text({ fontFamily: font.uuid })]);
      const d = await makeTemplate('Uses header_font', [
        { name: 'items', type: 'table', x: 0, y: 0, width: 10, height: 10, header_font: font.uuid },
      ]);
      await makeTemplate('Mentions it in text only', [text({ text: font.uuid })]);
      await makeTemplate('No font', [text({})]);
      await makeTemplate('Other project', [text({ font: font.uuid })], t.other.token);

      const res = await t.request({ method: 'DELETE', url: `/api/rest/fonts/${font.uuid}` });
      assert.equal(res.statusCode, 409, res.body);
      const body = res.json();
      assert.deepEqual(Object.keys(body).sort(), ['message', 'templates_using_font']);
      assert.match(body.message, /font is in use/);
      assert.match(body.message, /force=1\/true/);
      assert.deepEqual(
        [...body.templates_using_font].sort((x, y) => x.title.localeCompare(y.title)),
        [
          { uuid: b, title: 'Uses alt_font' },
          { uuid: a, title: 'Uses font' },
          { uuid: c, title: 'Uses fontFamily' },
          { uuid: d, title: 'Uses header_font' },
        ],
      );
      for (const force of ['0', 'false', 'no', 'off']) {
        const kept = await t.request({
          method: 'DELETE',
          url: `/api/rest/fonts/${font.uuid}?force=${force}`,
        });
        assert.equal(kept.statusCode, 409, force);
      }
      const odd = await t.request({
        method: 'DELETE',
        url: `/api/rest/fonts/${font.uuid}?force=maybe`,
      });
      assert.equal(odd.statusCode, 422);
      assert.deepEqual(Object.keys(odd.json().errors), ['force']);
      const still = await t.request({ method: 'GET', url: `/api/rest/fonts/${font.uuid}` });
      assert.equal(still.statusCode, 200);
      // Loaded (so its bytes are cached in this process) before it is deleted.
      const [before] = await t.runtime.services.fonts.loadFontSources(t.project.id, [font.uuid]);
      assert.equal(before.key, font.uuid);

      const forced = await t.request({
        method: 'DELETE',
        url: `/api/rest/fonts/${font.uuid}?force=TRUE`,
      });
      assert.equal(forced.statusCode, 200, forced.body);
      const gone = await t.request({ method: 'GET', url: `/api/rest/fonts/${font.uuid}` });
      assert.equal(gone.statusCode, 404);
      // The templates keep the reference (they render with the default font from now on).
      const design = await t.runtime.db
        .selectFrom('templates')
        .select('design')
        .where('uuid', '=', a)
        .executeTakeFirstOrThrow();
      assert.equal(JSON.parse(design.design).layers[0].font, font.uuid);
      assert.deepEqual(
        await t.runtime.services.fonts.loadFontSources(t.project.id, [font.uuid]),
        [],
      );
    });

    it('lists legacy account fonts and is_legacy only with include_legacy', async () => {
      const fonts = t.runtime.services.fonts;
      const account_id = (await t.runtime.services.projects.findProject(t.project.id))!.account_id;
      const legacy = await fonts.insert({
        projectId: null,
        accountId: account_id,
        title: 'Legacy',
        filename: 'legacy.ttf',
        format: 'ttf',
        family: 'DejaVu Sans',
        data: ttf,
      });
      const stranger = await t.runtime.services.projects.createAccount('Stranger');
      const foreign = await fonts.insert({
        projectId: null,
        accountId: stranger.id,
        title: 'Foreign legacy',
        filename: 'foreign.ttf',
        format: 'ttf',
        family: 'DejaVu Sans',
        data: ttf,
      });
      const own = await uploadOk();

      const plain = await listAll('/api/rest/fonts');
      assert.ok(plain.length > 0);
      assert.ok(
        plain.every((f) => !('is_legacy' in f)),
        'is_legacy absent without include_legacy',
      );
      assert.ok(!plain.some((f) => f.uuid === legacy.uuid));
      const falsy = await listAll('/api/rest/fonts?include_legacy=0');
      assert.ok(falsy.every((f) => !('is_legacy' in f)));

      for (const v of ['1', 'true', 'yes', 'on', 'True']) {
        const all = await listAll(`/api/rest/fonts?include_legacy=${v}`);
        assert.equal(all.length, plain.length + 1, v);
        assert.equal(all.find((f) => f.uuid === legacy.uuid)?.is_legacy, true);
        assert.equal(all.find((f) => f.uuid === own.uuid)?.is_legacy, false);
        assert.ok(all.every((f) => typeof f.is_legacy === 'boolean'));
        assert.ok(!all.some((f) => f.uuid === foreign.uuid), 'other accounts stay hidden');
      }
      const bad = await t.request({ method: 'GET', url: '/api/rest/fonts?include_legacy=perhaps' });
      assert.equal(bad.statusCode, 422);
      assert.deepEqual(Object.keys(bad.json().errors), ['include_legacy']);

      const hidden = await t.request({ method: 'GET', url: `/api/rest/fonts/${legacy.uuid}` });
      assert.equal(hidden.statusCode, 404);
      const shown = await t.request({
        method: 'GET',
        url: `/api/rest/fonts/${legacy.uuid}?include_legacy=true`,
      });
      assert.equal(shown.statusCode, 200);
      assert.deepEqual(shown.json(), {
        uuid: legacy.uuid,
        title: 'Legacy',
        filename: 'legacy.ttf',
        family: 'DejaVu Sans',
        weight: 400,
        style: 'normal',
        created_at: legacy.created_at,
        is_legacy: true,
      });
      const ownShown = await t.request({
        method: 'GET',
        url: `/api/rest/fonts/${own.uuid}?include_legacy=1`,
      });
      assert.equal(ownShown.json().is_legacy, false);
      // Every project of the account sees it; another account's font is never reachable.
      const sibling = await t.request({
        method: 'GET',
        url: `/api/rest/fonts/${legacy.uuid}?include_legacy=1`,
        token: t.other.token,
      });
      assert.equal(sibling.statusCode, 200);
      const foreignGet = await t.request({
        method: 'GET',
        url: `/api/rest/fonts/${foreign.uuid}?include_legacy=1`,
      });
      assert.equal(foreignGet.statusCode, 404);
      // Legacy fonts are read-only through the API.
      const patch = await t.request({
        method: 'PATCH',
        url: `/api/rest/fonts/${legacy.uuid}`,
        payload: { title: 'x' },
      });
      assert.equal(patch.statusCode, 404);
      const del = await t.request({ method: 'DELETE', url: `/api/rest/fonts/${legacy.uuid}` });
      assert.equal(del.statusCode, 404);

      // The renderer port returns project and legacy fonts (with the other faces of their
      // family), never foreign or unknown ones.
      const sources = await fonts.loadFontSources(t.project.id, [
        own.uuid,
        legacy.uuid,
        foreign.uuid,
        'unknown',
        own.uuid,
      ]);
      const keys = sources.map((s) => s.key);
      assert.ok(keys.includes(own.uuid) && keys.includes(legacy.uuid));
      assert.ok(!keys.includes(foreign.uuid));
      assert.equal(new Set(keys).size, keys.length);
      const visible = await listAll('/api/rest/fonts?include_legacy=1');
      for (const s of sources) {
        assert.ok(visible.some((f) => f.uuid === s.key));
        assert.equal(s.family, 'DejaVu Sans');
      }
      assert.ok(sources.find((s) => s.key === legacy.uuid)!.data.equals(ttf));
      assert.deepEqual(await fonts.loadFontSources(t.project.id, []), []);
      // Bytes are read once per process: later loads hand out the same Buffer (so the render
      // pool sends it to a thread once), still checked per project each time: the other project
      // (same account, so it sees the legacy font) may not use this project's font.
      const again = await fonts.loadFontSources(t.project.id, [own.uuid, legacy.uuid]);
      assert.equal(
        again.find((s) => s.key === own.uuid)!.data,
        sources.find((s) => s.key === own.uuid)!.data,
      );
      assert.deepEqual(await fonts.loadFontSources(t.other.id, [own.uuid]), []);
      // Other keys name families (any case): the faces of the family, or nothing.
      assert.deepEqual(await fonts.loadFontSources(t.project.id, ['Nobody Sans', ' ', 'x/y']), []);
      const family = await fonts.loadFontSources(t.project.id, ['dejavu  SANS']);
      assert.ok(family.some((s) => s.key === own.uuid));
      assert.ok(family.every((s) => s.family === 'DejaVu Sans'));
    });
  });
}
