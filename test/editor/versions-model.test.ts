// The editor's view of a template's versions (web/src/editor/versions.ts) with a stand-in API:
// the autosave guard publishes the loaded version before the first save when nothing is
// published (once), does not save when that fails, and leaves a published template alone.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ApiError, type Api, type Design } from '../../web/src/api.ts';
import { madeBy, Versions, whenMade, type VersionInfo } from '../../web/src/editor/versions.ts';

const design: Design = { width: 10, height: 10, background: null, layers: [] };
const info = (version: number, extra: Partial<VersionInfo> = {}): VersionInfo => ({
  version,
  name: null,
  created_at: '2026-11-28T01:00:00.000Z',
  created_by: { kind: 'editor_session', token_id: 't' },
  thumbnail: null,
  published: false,
  width: 10,
  height: 10,
  ...extra,
});

/** A stand-in API recording every call; `published` is the template's published_version. */
function stand(published: number | null, opts: { failPublish?: boolean } = {}) {
  const calls: string[] = [];
  let pointers = { version: 3, published_version: published };
  const api = {
    json: async (method: string, path: string, body?: { published_version?: number }) => {
      calls.push(`${method} ${path}${body ? ` ${JSON.stringify(body)}` : ''}`);
      if (method === 'GET' && path.endsWith('/versions?per_page=50'))
        return { body: { data: [info(3), info(2), info(1)], meta: { next_cursor: null } } };
      if (method === 'GET') return { body: pointers };
      if (method === 'PATCH' && opts.failPublish)
        throw new ApiError(503, 'The database is down.', {});
      if (method === 'PATCH') {
        pointers = { ...pointers, published_version: body!.published_version ?? null };
        return { body: pointers };
      }
      throw new Error(`unexpected ${method} ${path}`);
    },
    saveDesign: async () => {
      calls.push('PUT design');
      pointers = { ...pointers, version: pointers.version + 1 };
      return '"9"';
    },
  } as unknown as Api;
  return { api, calls };
}

test('the first save publishes the loaded version when nothing is published, once', async () => {
  const { api, calls } = stand(null);
  const versions = new Versions(api, 'abc');
  const saver = versions.guard(api);
  assert.equal(await saver.saveDesign('abc', design, '"1"'), '"9"');
  await saver.saveDesign('abc', design, '"9"');
  assert.deepEqual(
    calls.filter((c) => !c.startsWith('GET')),
    ['PATCH /templates/abc {"published_version":3}', 'PUT design', 'PUT design'],
  );
  assert.deepEqual(versions.template, { version: 3, published_version: 3 });
  assert.deepEqual(
    versions.list.map((v) => [v.version, v.published]),
    [
      [3, true],
      [2, false],
      [1, false],
    ],
  );
});

test('a published template is saved without publishing', async () => {
  const { api, calls } = stand(2);
  const saver = new Versions(api, 'abc').guard(api);
  await saver.saveDesign('abc', design, '"1"');
  assert.deepEqual(
    calls.filter((c) => !c.startsWith('GET')),
    ['PUT design'],
  );
});

test('when publishing first fails, the design is not saved', async () => {
  const { api, calls } = stand(null, { failPublish: true });
  const saver = new Versions(api, 'abc').guard(api);
  await assert.rejects(saver.saveDesign('abc', design, '"1"'), /Could not publish version 3 first/);
  assert.ok(!calls.includes('PUT design'));
});

test('names and times of versions read as words', () => {
  assert.equal(madeBy(info(1, { created_by: { kind: 'cli', token_id: null } })), 'command line');
  assert.equal(madeBy(info(1)), 'editor');
  const now = new Date('2026-11-28T12:00:00Z');
  assert.doesNotMatch(whenMade('2026-11-28T11:00:00Z', now), /Nov/);
  assert.match(whenMade('2026-11-20T11:00:00Z', now), /Nov|11/);
});
