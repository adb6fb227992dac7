/** File keys, URLs and filename sanitising. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { blobKeyProblem } from '../../src/storage/blob-key.ts';
import { fileUrl, newFileKey, sanitizeFilename } from '../../src/storage/file-url.ts';

describe('file keys and URLs', () => {
  it('makes unguessable, valid keys (128 random bits)', () => {
    const a = newFileKey('images', 'card.png');
    const b = newFileKey('images', 'card.png');
    assert.match(a, /^images\/[0-9a-f]{32}\/card\.png$/);
    assert.notEqual(a, b);
    assert.equal(blobKeyProblem(a), null);
  });

  it('builds absolute URLs under /files/', () => {
    assert.equal(
      fileUrl('http://imprint.test/', 'images/ab/card.png'),
      'http://imprint.test/files/images/ab/card.png',
    );
    assert.equal(fileUrl('https://x.io/base', 'a/b.pdf'), 'https://x.io/base/files/a/b.pdf');
  });

  it('sanitises filenames: no paths, safe characters, the right extension, a fallback', () => {
    assert.equal(sanitizeFilename('My Card.png', 'png', '12'), 'My-Card.png');
    assert.equal(sanitizeFilename('../../etc/passwd', 'pdf', '7'), 'passwd.pdf');
    assert.equal(sanitizeFilename('C:\\Users\\me\\report.PDF', 'pdf', '7'), 'report.pdf');
    assert.equal(sanitizeFilename('Crème brûlée', 'jpg', '3'), 'Creme-brulee.jpg');
    assert.equal(sanitizeFilename('invoice.jpg', 'png', '3'), 'invoice.png');
    assert.equal(sanitizeFilename('card.JPEG', 'jpg', '3'), 'card.jpeg');
    assert.equal(sanitizeFilename('card.jpg', 'jpg', '3'), 'card.jpg');
    assert.equal(sanitizeFilename('scan.pdf', 'webp', '3'), 'scan.webp');
    assert.equal(sanitizeFilename('promo.mp4', 'mp4', '3'), 'promo.mp4');
    assert.equal(sanitizeFilename('promo.MP4', 'mp4', '3'), 'promo.mp4');
    assert.equal(sanitizeFilename('report.v2', 'pdf', '3'), 'report.v2.pdf');
    assert.equal(sanitizeFilename('Photo.PNG', 'png', '9'), 'Photo.png');
    assert.equal(sanitizeFilename('', 'png', '42'), '42.png');
    assert.equal(sanitizeFilename(null, 'webp', '42'), '42.webp');
    assert.equal(sanitizeFilename('...', 'png', '42'), '42.png');
    assert.equal(sanitizeFilename('"; rm -rf', 'png', '1'), 'rm-rf.png');
    assert.equal(sanitizeFilename('x'.repeat(500), 'pdf', '1').length, 120);
    // Nothing usable before the extension: the fallback, not the extension as a name.
    assert.equal(sanitizeFilename('日本語.jpg', 'jpg', '5'), '5.jpg');
    assert.equal(sanitizeFilename('日本語 report.png', 'png', '5'), 'report.png');
    assert.equal(sanitizeFilename('é.jpg', 'jpg', '5'), 'e.jpg');
    for (const n of ['a/b', 'a\\b', '"quoted"', 'new\nline', '']) {
      assert.equal(blobKeyProblem(`images/k/${sanitizeFilename(n, 'png', '1')}`), null, n);
    }
  });
});
