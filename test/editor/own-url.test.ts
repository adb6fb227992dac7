// The editor's rule for its own server's files (web/src/own-url.ts): URLs under the public URL
// become root-relative paths, so they load from the origin the editor was opened at; others stay.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ownUrl } from '../../web/src/own-url.ts';

const base = 'http://localhost:3000';

test('a URL under the public URL becomes its path; query and fragment are kept', () => {
  assert.equal(ownUrl(`${base}/files/thumbnails/abc/1.png`, base), '/files/thumbnails/abc/1.png');
  assert.equal(
    ownUrl(`${base}/api/starter-templates/social-card/thumbnail.png?v=2`, base),
    '/api/starter-templates/social-card/thumbnail.png?v=2',
  );
});

test('other origins, look-alike prefixes and an unknown public URL leave the URL alone', () => {
  for (const url of [
    'https://cdn.example.com/files/thumbnails/abc/1.png',
    'http://localhost:30001/files/x.png',
    'http://localhost:3000.evil.example/files/x.png',
    base,
  ]) {
    assert.equal(ownUrl(url, base), url);
  }
  assert.equal(ownUrl(`${base}/files/x.png`, null), `${base}/files/x.png`);
});

test('a public URL with a trailing slash, or a placeholder left unreplaced, is handled', () => {
  assert.equal(ownUrl(`${base}/files/x.png`, `${base}/`), '/files/x.png');
  assert.equal(ownUrl(`${base}/files/x.png`, '__PUBLIC_URL__'), `${base}/files/x.png`);
});
