/**
 * URL signatures as Placid documents them: hex HMAC-SHA256 of the query exactly as sent, without
 * the trailing `&s=…`; checked against `openssl dgst`, the shell recipe of docs/url-api.md.
 */
import assert from 'node:assert/strict';
import { runCheckedSync } from '../helpers/child-processes.ts';
import { describe, it } from 'node:test';
import {
  signatureMatches,
  signQuery,
  splitSignature,
} from '../../src/core/url-api/url-signature.ts';

/** The documented shell recipe: printf '%s' "$QUERY" | openssl dgst -sha256 -hmac "$SECRET". */
function opensslSignature(secret: string, query: string): string {
  const out = runCheckedSync('openssl', ['dgst', '-sha256', '-hmac', secret], { input: query });
  return out.toString().trim().split(/\s+/).pop()!;
}

describe('URL signatures', () => {
  it('signs like openssl does, including Placid’s example query with its leading "&"', () => {
    for (const query of ['&author[text]=asdf', 'title[text]=Hello%20World&width=600', '']) {
      assert.equal(signQuery('my-secret', query), opensslSignature('my-secret', query));
    }
  });

  it('splits off a trailing s, also when s is the only parameter', () => {
    assert.deepEqual(splitSignature('a[text]=1&b[text]=2&s=abc'), {
      ok: true,
      signed: 'a[text]=1&b[text]=2',
      signature: 'abc',
    });
    assert.deepEqual(splitSignature('s=abc'), { ok: true, signed: '', signature: 'abc' });
    assert.deepEqual(splitSignature('&author[text]=asdf&s=abc'), {
      ok: true,
      signed: '&author[text]=asdf',
      signature: 'abc',
    });
    assert.deepEqual(splitSignature('a[text]=1'), {
      ok: true,
      signed: 'a[text]=1',
      signature: null,
    });
    // A layer property or value that merely contains "s=" is no signature.
    assert.deepEqual(splitSignature('a[s]=1&bs=2'), {
      ok: true,
      signed: 'a[s]=1&bs=2',
      signature: null,
    });
  });

  it('refuses an s that is not the last parameter', () => {
    for (const q of ['s=abc&a[text]=1', 'a[text]=1&s=abc&b[text]=2', 's&a[text]=1']) {
      const split = splitSignature(q);
      assert.equal(split.ok, false, q);
    }
  });

  it('matches only the right signature, in either hex case', () => {
    const sig = signQuery('k', 'a[text]=1');
    assert.equal(signatureMatches('k', 'a[text]=1', sig), true);
    assert.equal(signatureMatches('k', 'a[text]=1', sig.toUpperCase()), true);
    assert.equal(signatureMatches('other', 'a[text]=1', sig), false);
    assert.equal(signatureMatches('k', 'a[text]=2', sig), false);
    assert.equal(signatureMatches('k', 'a[text]=1', sig.slice(0, 63)), false);
    assert.equal(signatureMatches('k', 'a[text]=1', ''), false);
  });
});
