import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ownFileKey } from '../../src/storage/own-file-key.ts';

describe('ownFileKey', () => {
  const key = 'media/0123456789abcdef0123456789abcdef/photo.png';

  it('maps a file URL under the public URL to its storage key', () => {
    assert.equal(
      ownFileKey(`https://img.example.com/files/${key}`, 'https://img.example.com'),
      key,
    );
    assert.equal(
      ownFileKey(`https://IMG.example.com:443/files/${key}?x=1`, 'https://img.example.com'),
      key,
    );
    assert.equal(ownFileKey(`https://x.test/imprint/files/${key}`, 'https://x.test/imprint/'), key);
  });

  it('leaves every other URL to the HTTP fetcher', () => {
    const pub = 'https://img.example.com';
    assert.equal(ownFileKey(`https://other.example.com/files/${key}`, pub), null);
    assert.equal(ownFileKey(`http://img.example.com/files/${key}`, pub), null);
    assert.equal(ownFileKey(`https://img.example.com:8443/files/${key}`, pub), null);
    assert.equal(ownFileKey(`https://img.example.com/api/rest/images/1`, pub), null);
    assert.equal(ownFileKey(`https://img.example.com/files/../secret`, pub), null);
    assert.equal(ownFileKey(`https://img.example.com/files/a/%20b`, pub), null);
    assert.equal(ownFileKey(`https://img.example.com/files/a/%ff`, pub), null);
    assert.equal(ownFileKey(`https://u:p@img.example.com/files/${key}`, pub), null);
    assert.equal(ownFileKey('not a url', pub), null);
  });
});
