/**
 * A DNS lookup for socket connections that refuses a host when any address it resolves to is not
 * public. Used as the `lookup` of the sockets themselves, so the address checked is the address
 * connected to (a second, rebinding answer cannot slip in between check and connect).
 */
import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import { blockedAddressReason } from './address-policy.ts';

/** Raised inside a connection when a hostname resolves to an address we may not contact. */
export class BlockedAddressError extends Error {
  readonly hostname: string;
  readonly address: string;
  readonly why: string;
  constructor(hostname: string, address: string, why: string) {
    super(`${hostname} resolves to ${address}, which is ${why}`);
    this.hostname = hostname;
    this.address = address;
    this.why = why;
    this.name = 'BlockedAddressError';
  }
}

/** Says why an address may not be contacted, or null when it may. */
export type AddressPolicy = (address: string) => string | null;

/** dns.lookup that applies `policy` to every resolved address. */
export function makeGuardedLookup(policy: AddressPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(
      hostname,
      { all: true, family: options.family, hints: options.hints },
      (err, addresses) => {
        if (err) return callback(err, '', 0);
        if (addresses.length === 0) {
          const notFound = Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {
            code: 'ENOTFOUND',
          });
          return callback(notFound, '', 0);
        }
        for (const a of addresses) {
          const why = policy(a.address);
          if (why) return callback(new BlockedAddressError(hostname, a.address, why), '', 0);
        }
        // Node asks for every address when it races IPv4 and IPv6 (autoSelectFamily), else one.
        if (options.all) {
          (callback as unknown as (e: null, list: dns.LookupAddress[]) => void)(null, addresses);
        } else callback(null, addresses[0].address, addresses[0].family);
      },
    );
  };
}

/** dns.lookup with the standard address policy applied to every resolved address. */
export const guardedLookup: LookupFunction = makeGuardedLookup(blockedAddressReason);
