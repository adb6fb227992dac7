/**
 * Which IP addresses outbound requests may reach. Only public unicast addresses pass: loopback,
 * private (RFC 1918, CGNAT, IPv6 ULA), link-local, cloud metadata, unspecified, multicast,
 * broadcast and reserved ranges are refused, so a URL in a request cannot probe the server's own
 * network (SSRF).
 */
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

const RANGE_WORDS: Record<string, string> = {
  private: 'private',
  uniqueLocal: 'private',
  carrierGradeNat: 'private (carrier-grade NAT)',
  loopback: 'a loopback address',
  linkLocal: 'link-local',
  unspecified: 'unspecified',
  multicast: 'multicast',
  broadcast: 'broadcast',
  reserved: 'reserved',
};

// Cloud instance metadata endpoints (AWS, GCP, Azure, OpenStack share 169.254.169.254; AWS IPv6).
const METADATA = new Set(['169.254.169.254', 'fd00:ec2::254', '100.100.100.200']);

/** Why an address may not be contacted ("private", "a loopback address"…), or null when it may. */
export function blockedAddressReason(address: string): string | null {
  if (isIP(address) === 0) return 'not a valid IP address';
  let ip = ipaddr.parse(address);
  // ::ffff:10.0.0.1 reaches 10.0.0.1: judge the IPv4 address inside.
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) {
    ip = (ip as ipaddr.IPv6).toIPv4Address();
  }
  if (METADATA.has(ip.toNormalizedString()) || METADATA.has(ip.toString())) {
    return 'a cloud metadata address';
  }
  const range = ip.range();
  if (range === 'unicast') return null;
  return RANGE_WORDS[range] ?? `in the special-purpose range "${range}"`;
}

/** The address of a URL hostname when it is an IP literal ("[::1]" → "::1"), else null. */
export function ipLiteral(hostname: string): string | null {
  const bare =
    hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return isIP(bare) !== 0 ? bare : null;
}
