import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { testDbKinds } from '../helpers/databases.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { makeCollection, makeTemplate } from './template-fixtures.ts';

for (const { kind, skip } of testDbKinds()) {
  describe(`collection membership under concurrent updates on ${kind}`, { skip }, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(kind);
    });
    after(async () => t?.close());

    it('keeps every template added by simultaneous PATCH requests', async () => {
      const uuids: string[] = [];
      for (let i = 0; i < 12; i++) uuids.push((await makeTemplate(t, { title: `C${i}` })).uuid);
      const collection = await makeCollection(t, { title: 'Busy' });
      const results = await Promise.all(
        uuids.map((uuid) =>
          t.request({
            method: 'PATCH',
            url: `/api/rest/collections/${collection.id}`,
            payload: { add_template_uuids: [uuid] },
          }),
        ),
      );
      for (const res of results) assert.equal(res.statusCode, 200, res.body);
      const final = await t.request({
        method: 'GET',
        url: `/api/rest/collections/${collection.id}`,
      });
      assert.deepEqual([...final.json().template_uuids].sort(), [...uuids].sort());
    });
  });
}
