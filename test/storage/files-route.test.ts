/** GET /files/<key>: public, unguessable, right headers, and no way out of the storage root. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { fileUrl, newFileKey } from '../../src/storage/file-url.ts';
import { testDbKinds } from '../helpers/databases.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

for (const { kind, skip } of testDbKinds()) {
  describe(`GET /files/* (${kind})`, { skip }, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(kind);
    });
    after(() => t.close());

    it('serves a stored file without a token, with its type and an inline filename', async () => {
      const key = newFileKey('images', 'my-card.png');
      const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 255]);
      await t.runtime.services.storage.put(key, bytes, 'image/png');
      const url = fileUrl(t.config.publicUrl, key);
      assert.equal(url, `http://imprint.test/files/${key}`);
      const res = await t.request({ method: 'GET', url: `/files/${key}`, token: null });
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['content-type'], 'image/png');
      assert.equal(res.headers['content-disposition'], 'inline; filename="my-card.png"');
      assert.equal(res.headers['x-content-type-options'], 'nosniff');
      assert.equal(Number(res.headers['content-length']), bytes.length);
      assert.ok(res.rawPayload.equals(bytes));
      const head = await t.request({ method: 'HEAD', url: `/files/${key}`, token: null });
      assert.equal(head.statusCode, 200);
      assert.equal(head.headers['content-type'], 'image/png');
      assert.equal(head.rawPayload.length, 0);
    });

    it('serves PDFs as application/pdf', async () => {
      const key = newFileKey('pdfs', 'report.pdf');
      await t.runtime.services.storage.put(key, Buffer.from('%PDF-1.7'), 'application/pdf');
      const res = await t.request({ method: 'GET', url: `/files/${key}`, token: null });
      assert.equal(res.headers['content-type'], 'application/pdf');
      assert.equal(res.body, '%PDF-1.7');
    });

    it('answers 404 for unknown and deleted keys', async () => {
      const key = newFileKey('images', 'gone.jpg');
      await t.runtime.services.storage.put(key, Buffer.from('x'), 'image/jpeg');
      await t.runtime.services.storage.delete(key);
      for (const url of [`/files/${key}`, '/files/images/0000/none.png', '/files/']) {
        const res = await t.request({ method: 'GET', url, token: null });
        assert.equal(res.statusCode, 404, url);
        assert.equal(typeof res.json().message, 'string');
      }
    });

    it('cannot be walked out of the storage root', async () => {
      const attempts = [
        '/files/../package.json',
        '/files/..%2Fpackage.json',
        '/files/images/%2e%2e/%2e%2e/%2e%2e/package.json',
        '/files/images/..%2F..%2F..%2F..%2Fimprint.sqlite',
        '/files/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
        '/files/data/..%5C..%5Cpackage.json',
        '/files//etc/passwd',
        '/files/images/x/%00.png',
      ];
      for (const url of attempts) {
        const res = await t.request({ method: 'GET', url, token: null });
        assert.equal(res.statusCode, 404, url);
        assert.doesNotMatch(res.body, /"name"\s*:\s*"imprint"|root:/, url);
      }
    });
  });
}
