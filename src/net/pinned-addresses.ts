/**
 * Resolve once, judge, connect to what was judged: for a connection whose host name is resolved
 * by the caller (the screenshot proxy) rather than inside the socket. `checkedAddresses` asks the
 * resolver exactly once and refuses the host when any address is not allowed; `pinnedLookup`
 * hands exactly those addresses to the socket, so the connection can only go to an address that
 * was checked, whatever a second DNS answer would say (rebinding).
 */
import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import { ipLiteral } from './address-policy.ts';
import { BlockedAddressError, type AddressPolicy } from './guarded-lookup.ts';

/** All addresses of a host name (node's dns.lookup; tests pass their own). */
export type ResolveHost = (hostname: string) => Promise<dns.LookupAddress[]>;

export const systemResolveHost: ResolveHost = (hostname) =>
  dns.promises.lookup(hostname, { all: true, verbatim: true });

/**
 * The addresses `hostname` may be connected to: an IP literal as it is, a name resolved once.
 * `policy` null allows every address (IMPRINT_ALLOW_PRIVATE_URLS=1). Throws BlockedAddressError
 * when any address is refused (one private address among public ones refuses the host: the
 * socket could pick it), or the resolver's error (ENOTFOUND when it answers nothing).
 */
export async function checkedAddresses(
  hostname: string,
  policy: AddressPolicy | null,
  resolve: ResolveHost = systemResolveHost,
): Promise<dns.LookupAddress[]> {
  const literal = ipLiteral(hostname);
  const addresses = literal
    ? [{ address: literal, family: literal.includes(':') ? 6 : 4 }]
    : await resolve(hostname);
  if (addresses.length === 0) {
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  }
  for (const a of addresses) {
    const why = policy?.(a.address);
    if (why) throw new BlockedAddressError(hostname, a.address, why);
  }
  return addresses;
}

/** A socket lookup that answers `addresses` and never asks DNS. */
export function pinnedLookup(addresses: dns.LookupAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    const family = options.family === 4 || options.family === 6 ? options.family : 0;
    const usable = family ? addresses.filter((a) => a.family === family) : addresses;
    if (usable.length === 0) {
      const none = Object.assign(new Error(`no IPv${family} address`), { code: 'ENOTFOUND' });
      return callback(none, '', 0);
    }
    // Node asks for every address when it races IPv4 and IPv6 (autoSelectFamily), else one.
    if (options.all) {
      (callback as unknown as (e: null, list: dns.LookupAddress[]) => void)(null, usable);
    } else callback(null, usable[0].address, usable[0].family);
  };
}
