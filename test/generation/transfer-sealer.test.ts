/** TransferSealer: AES-256-GCM round trip, no clear text, and refusal of other keys or edits. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TransferSealer, TransferUnsealError } from '../../src/core/generation/transfer-sealer.ts';
import type { Transfer } from '../../src/storage/transfer/transfer.ts';

const t: Transfer = {
  to: 's3',
  key: 'AKIAEXAMPLEKEY',
  secret: 'the-secret-access-key-in-clear',
  token: 'session-token-in-clear',
  bucket: 'b',
  path: 'p.png',
};

describe('TransferSealer', () => {
  const sealer = new TransferSealer('a'.repeat(32));

  it('opens what it sealed, and the sealed text holds no credential in clear', () => {
    const sealed = sealer.seal(t);
    assert.deepEqual(sealer.open(sealed), t);
    assert.equal(sealed.includes(t.secret), false);
    assert.equal(sealed.includes(t.key), false);
    assert.equal(sealed.includes(Buffer.from(t.secret).toString('base64')), false);
    assert.notEqual(sealer.seal(t), sealed, 'a fresh IV every time');
  });

  it('refuses a message sealed with another key, or altered', () => {
    const sealed = sealer.seal(t);
    assert.throws(() => new TransferSealer('b'.repeat(32)).open(sealed), TransferUnsealError);
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3], 'base64url');
    body[0] ^= 1;
    parts[3] = body.toString('base64url');
    assert.throws(() => sealer.open(parts.join('.')), TransferUnsealError);
    assert.throws(() => sealer.open('not sealed'), TransferUnsealError);
  });

  it('opens a transfer sealed before the shared SecretSealer (a row queued before an upgrade)', () => {
    const earlier =
      'v1.htEAoHEDdel3vumN.6ocMPbGzOcZzctgDQVHP4w.5OC-GP8pwRhxrbi0GssA5xridrBOJw6CDhU5zOWWF9RbshVnJ3yt89EI-tWKMXcNp836-IA0d4HMSwVgNLU_vmJ_2gmIS97bDXBilV0';
    assert.deepEqual(new TransferSealer('k'.repeat(40)).open(earlier), {
      to: 's3',
      key: 'AKIAOLD',
      secret: 'old-secret',
      bucket: 'b',
      path: 'p.png',
    });
  });
});
