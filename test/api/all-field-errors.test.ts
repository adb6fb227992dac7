/**
 * Template and collection writes answer one 422 naming every bad field: the route schema's
 * problems (types, lengths, counts) together with the use case's (blank titles and tags, unknown
 * templates and collections, custom_data size, design rules). Wrong types never make a 500, and a
 * 404 still comes only when the body holds no problem the schema sees.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { testDbKinds } from '../helpers/databases.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { makeCollection, makeTemplate } from './template-fixtures.ts';

type Res = { statusCode: number; body: string; json(): unknown };

/** Asserts a 422 whose `errors` holds exactly `fields`, each message once. */
function assertFields(res: Res, fields: string[]): Record<string, string[]> {
  assert.equal(res.statusCode, 422, res.body);
  const body = res.json() as { message: string; errors: Record<string, string[]> };
  assert.equal(typeof body.message, 'string');
  assert.deepEqual(Object.keys(body.errors).sort(), [...fields].sort(), res.body);
  for (const f of fields) assert.equal(new Set(body.errors[f]).size, body.errors[f].length);
  return body.errors;
}

for (const { kind, skip } of testDbKinds()) {
  describe(`template and collection writes name every bad field on ${kind}`, { skip }, () => {
    let t: TestApp;
    let tpl: string;
    before(async () => {
      t = await createTestApp(kind);
      tpl = (await makeTemplate(t)).uuid;
    });
    after(async () => t?.close());

    const send = (method: 'POST' | 'PATCH' | 'PUT', url: string, payload: unknown) =>
      t.request({ method, url, payload: payload as object });

    it('POST /templates: schema and use-case problems together', async () => {
      const res = await send('POST', '/api/rest/templates', {
        title: '   ',
        width: 0,
        height: 'tall',
        tags: ['ok', '  ', 7, 'a//b'],
        custom_data: 'c'.repeat(300),
        add_to_collections: ['nosuchcoll01', 5],
      });
      const errors = assertFields(res, [
        'title',
        'width',
        'height',
        'tags.1',
        'tags.2',
        'tags.3',
        'custom_data',
        'add_to_collections',
        'add_to_collections.0',
        'add_to_collections.1',
      ]);
      assert.match(errors.title[0], /must not be empty/);
      assert.match(errors['tags.2'][0], /type string/);
    });

    it('POST /templates: a required field is named once, with an unknown from_template', async () => {
      const missing = await send('POST', '/api/rest/templates', { width: 20000, tags: 'one' });
      assertFields(missing, ['title', 'width', 'height', 'tags']);
      const from = await send('POST', '/api/rest/templates', {
        from_template: 'nosuchtpl001',
        tags: Array(11).fill('t'),
        add_to_collections: ['nosuchcoll01'],
      });
      assertFields(from, ['from_template', 'tags', 'add_to_collections', 'add_to_collections.0']);
      // A from_template of the wrong type does not make title, width and height required.
      const wrong = await send('POST', '/api/rest/templates', { from_template: 12, tags: [' '] });
      assertFields(wrong, ['from_template', 'tags.0']);
    });

    it('PATCH /templates: schema and use-case problems together; 404 after them', async () => {
      const url = `/api/rest/templates/${tpl}`;
      const res = await send('PATCH', url, {
        title: 'x'.repeat(300),
        tags: [' ', { tag: 1 }],
        custom_data: { big: 'd'.repeat(300) },
      });
      assertFields(res, ['title', 'tags.0', 'tags.1', 'custom_data']);
      const gone = await send('PATCH', '/api/rest/templates/nosuchtpl001', { title: 7 });
      assertFields(gone, ['title']);
      const fine = await send('PATCH', '/api/rest/templates/nosuchtpl001', { title: 'ok' });
      assert.equal(fine.statusCode, 404);
    });

    it('PUT /templates/{uuid}/design: schema problems and design rules together', async () => {
      const url = `/api/rest/templates/${tpl}/design`;
      const res = await send('PUT', url, {
        width: 'wide',
        height: 100,
        background: 5,
        layers: [
          'not a layer',
          { name: 'a', type: 'no-such-type', x: 0, y: 0, width: 10, height: 10 },
        ],
      });
      const errors = assertFields(res, [
        'width',
        'background',
        'layers.0',
        ...Object.keys((res.json() as { errors: object }).errors).filter((f) =>
          f.startsWith('layers.1'),
        ),
      ]);
      assert.ok(
        Object.keys(errors).some((f) => f.startsWith('layers.1')),
        `the unknown layer type is named: ${res.body}`,
      );
      const missing = await send('PUT', '/api/rest/templates/nosuchtpl001/design', {
        width: 100,
        height: 100,
        layers: [],
      });
      assert.equal(missing.statusCode, 404);
      const missingBad = await send('PUT', '/api/rest/templates/nosuchtpl001/design', {
        width: 'x',
      });
      assertFields(missingBad, ['width']);
    });

    it('POST /collections: schema and use-case problems together', async () => {
      const res = await send('POST', '/api/rest/collections', {
        title: 't'.repeat(300),
        custom_data: 'c'.repeat(1100),
        template_uuids: [tpl, 'nosuchtpl001', 3],
      });
      assertFields(res, [
        'title',
        'custom_data',
        'template_uuids',
        'template_uuids.1',
        'template_uuids.2',
      ]);
      const noTitle = await send('POST', '/api/rest/collections', {
        custom_data: 12,
        template_uuids: ['nosuchtpl001'],
      });
      assertFields(noTitle, ['title', 'custom_data', 'template_uuids', 'template_uuids.0']);
    });

    it('PATCH /collections: schema and use-case problems together; 404 only for a clean body', async () => {
      const c = await makeCollection(t, { template_uuids: [tpl] });
      const res = await send('PATCH', `/api/rest/collections/${c.id}`, {
        title: '',
        custom_data: { big: 'c'.repeat(1100) },
        add_template_uuids: ['nosuchtpl001'],
        remove_template_uuids: 'all',
      });
      assertFields(res, [
        'title',
        'custom_data',
        'add_template_uuids',
        'add_template_uuids.0',
        'remove_template_uuids',
      ]);
      const unchanged = await t.request({ method: 'GET', url: `/api/rest/collections/${c.id}` });
      assert.deepEqual(unchanged.json().template_uuids, [tpl]);
      const gone = await send('PATCH', '/api/rest/collections/nosuchcoll01', { title: '' });
      assertFields(gone, ['title']);
      const fine = await send('PATCH', '/api/rest/collections/nosuchcoll01', { title: 'ok' });
      assert.equal(fine.statusCode, 404);
    });

    it('never answers 500 for wrong types mixed with bad values (small fuzz)', async () => {
      const junk: unknown[] = [null, true, 0, -5, 'x', '', '  ', [], [1, null, 'a'], {}, [{}]];
      let seed = 11;
      const rand = (n: number) => {
        seed = (seed * 1103515245 + 12345) % 2 ** 31;
        return seed % n;
      };
      const pick = () => junk[rand(junk.length)];
      const c = await makeCollection(t);
      const shapes: Array<['POST' | 'PATCH' | 'PUT', string, () => unknown]> = [
        [
          'POST',
          '/api/rest/templates',
          () => ({
            title: pick(),
            width: pick(),
            height: pick(),
            tags: pick(),
            custom_data: pick(),
            from_template: rand(3) ? undefined : pick(),
            add_to_collections: pick(),
          }),
        ],
        [
          'PATCH',
          `/api/rest/templates/${tpl}`,
          () => ({ title: pick(), tags: pick(), custom_data: pick() }),
        ],
        [
          'PUT',
          `/api/rest/templates/${tpl}/design`,
          () => ({ width: pick(), height: pick(), background: pick(), layers: pick() }),
        ],
        [
          'POST',
          '/api/rest/collections',
          () => ({ title: pick(), custom_data: pick(), template_uuids: pick() }),
        ],
        [
          'PATCH',
          `/api/rest/collections/${c.id}`,
          () => ({
            title: pick(),
            template_uuids: pick(),
            add_template_uuids: pick(),
            remove_template_uuids: pick(),
          }),
        ],
      ];
      for (let i = 0; i < 60; i++) {
        const [method, url, make] = shapes[i % shapes.length];
        const payload = make();
        const res = await send(method, url, payload);
        assert.ok(
          res.statusCode < 500,
          `${method} ${url} ${JSON.stringify(payload)} → ${res.statusCode} ${res.body}`,
        );
      }
    });
  });
}
