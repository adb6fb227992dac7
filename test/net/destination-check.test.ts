/**
 * The creation-time check of webhook receivers and transfer endpoints: literals and localhost
 * judged at once, other names resolved within a short time, and a name that cannot be resolved
 * (in time) passed on to the delivery, which applies the policy again when it connects.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { refusedDestination, type ResolveAll } from '../../src/net/destination-check.ts';

/** A resolver that knows a few names and counts its calls. */
function fakeResolver(table: Record<string, string[]>): ResolveAll & { calls: string[] } {
  const calls: string[] = [];
  const resolve = async (hostname: string) => {
    calls.push(hostname);
    const addresses = table[hostname];
    if (!addresses)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address }));
  };
  return Object.assign(resolve, { calls });
}

describe('refusedDestination', () => {
  it('judges IP literals and localhost without asking the resolver', async () => {
    const resolve = fakeResolver({});
    const opts = { allowPrivate: false, resolve };
    assert.equal(
      await refusedDestination('http://127.0.0.1:8080/hook', opts),
      'the address 127.0.0.1 is a loopback address',
    );
    assert.equal(
      await refusedDestination('http://[::ffff:10.0.0.1]/hook', opts),
      'the address ::ffff:a00:1 is private: it leads to 10.0.0.1',
    );
    assert.equal(
      await refusedDestination('http://LOCALHOST./hook', opts),
      'localhost. is a loopback address',
    );
    assert.equal(
      await refusedDestination('http://api.localhost/hook', opts),
      'api.localhost is a loopback address',
    );
    assert.equal(await refusedDestination('https://93.184.215.14/hook', opts), null);
    assert.deepEqual(resolve.calls, []);
  });

  it('resolves other names and refuses one that leads to a private address', async () => {
    const resolve = fakeResolver({
      'hooks.internal': ['10.0.0.7'],
      'mixed.example': ['93.184.215.14', '192.168.0.3'],
      'hooks.example': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
    });
    const opts = { allowPrivate: false, resolve };
    assert.equal(
      await refusedDestination('https://hooks.internal/x', opts),
      'hooks.internal resolves to 10.0.0.7, which is private',
    );
    // One refused address is enough: the connection could pick it.
    assert.equal(
      await refusedDestination('https://mixed.example/x', opts),
      'mixed.example resolves to 192.168.0.3, which is private',
    );
    assert.equal(await refusedDestination('https://hooks.example/x', opts), null);
  });

  it('passes a name that does not resolve, or not in time: the delivery decides', async () => {
    const failing = fakeResolver({});
    assert.equal(
      await refusedDestination('https://nowhere.invalid/x', {
        allowPrivate: false,
        resolve: failing,
      }),
      null,
    );
    let settle: (() => void) | undefined;
    const hanging: ResolveAll = () =>
      new Promise((resolve) => {
        settle = () => resolve([{ address: '127.0.0.1' }]);
      });
    const why = await refusedDestination('https://slow.example/x', {
      allowPrivate: false,
      resolve: hanging,
      resolveTimeoutMs: 50,
    });
    // Without the time limit this would wait for ever (the resolver never answers on its own).
    assert.equal(why, null);
    settle?.();
  });

  it('refuses nothing with IMPRINT_ALLOW_PRIVATE_URLS=1', async () => {
    const resolve = fakeResolver({ 'hooks.internal': ['10.0.0.7'] });
    for (const url of ['http://127.0.0.1/x', 'http://localhost/x', 'https://hooks.internal/x']) {
      assert.equal(await refusedDestination(url, { allowPrivate: true, resolve }), null, url);
    }
    assert.deepEqual(resolve.calls, []);
  });

  it('uses the system resolver by default (localhost names stay local)', async () => {
    // No network needed: the name is judged before any lookup.
    assert.match(
      (await refusedDestination('http://localhost:3000/hook', { allowPrivate: false })) ?? '',
      /loopback/,
    );
  });
});
