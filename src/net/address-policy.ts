/**
 * Which IP addresses outbound requests may reach. Only public unicast addresses pass: loopback,
 * private (RFC 1918, CGNAT, IPv6 ULA), link-local, cloud metadata, unspecified, multicast,
 * broadcast and reserved ranges are refused, so a URL in a request cannot probe the server's own
 * network (SSRF). IPv6 addresses that carry an IPv4 address (IPv4-compatible, IPv4-mapped,
 * SIIT, 6to4, NAT64, Teredo) are judged by the IPv4 address they lead to.
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

/** The IPv4 address of 4 bytes. */
const v4 = (b: number[]) => new ipaddr.IPv4(b);

/**
 * The IPv4 addresses an IPv6 address leads to ([] when it embeds none; two for Teredo, which
 * names a server and a client: both must be allowed), or null when it leads to an IPv4 address
 * that cannot be told from the address alone.
 */
export function embeddedIPv4(ip: ipaddr.IPv6): ipaddr.IPv4[] | null {
  const p = ip.parts;
  const b = ip.toByteArray();
  const zeros = (from: number, to: number) => p.slice(from, to).every((x) => x === 0);
  const last32 = () => [v4(b.slice(12, 16))];
  // ::a.b.c.d (IPv4-compatible, deprecated: URL parsers turn [::127.0.0.1] into [::7f00:1]),
  // ::ffff:a.b.c.d (IPv4-mapped) and ::ffff:0:a.b.c.d (SIIT). :: and ::1 keep their own meaning.
  if (zeros(0, 6) && (p[6] !== 0 || p[7] > 1)) return last32();
  if (zeros(0, 5) && p[5] === 0xffff) return last32();
  if (zeros(0, 4) && p[4] === 0xffff && p[5] === 0) return last32();
  // NAT64, well-known prefix 64:ff9b::/96 (RFC 6052).
  if (p[0] === 0x64 && p[1] === 0xff9b && zeros(2, 6)) return last32();
  // NAT64, local-use prefix 64:ff9b:1::/48 (RFC 8215): 64:ff9b:1::a.b.c.d is read as /96. Other
  // layouts depend on the prefix length the operator chose, so their IPv4 address is unknown.
  if (p[0] === 0x64 && p[1] === 0xff9b && p[2] === 1) return zeros(3, 6) ? last32() : null;
  // 6to4: 2002:AABB:CCDD::/48 routes to AA.BB.CC.DD.
  if (p[0] === 0x2002) return [v4(b.slice(2, 6))];
  // Teredo 2001:0::/32: server IPv4 in bits 32–63, client IPv4 in the last 32 bits, inverted.
  if (p[0] === 0x2001 && p[1] === 0) {
    return [v4(b.slice(4, 8)), v4(b.slice(12, 16).map((x) => x ^ 0xff))];
  }
  return [];
}

/** The policy for one parsed address, without looking inside IPv6. */
function reasonOf(ip: ipaddr.IPv4 | ipaddr.IPv6): string | null {
  if (METADATA.has(ip.toNormalizedString()) || METADATA.has(ip.toString())) {
    return 'a cloud metadata address';
  }
  const range = ip.range();
  if (range === 'unicast') return null;
  return RANGE_WORDS[range] ?? `in the special-purpose range "${range}"`;
}

/** Why an address may not be contacted ("private", "a loopback address"…), or null when it may. */
export function blockedAddressReason(address: string): string | null {
  if (isIP(address) === 0) return 'not a valid IP address';
  const ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv4') return reasonOf(ip);
  const inner = embeddedIPv4(ip as ipaddr.IPv6);
  if (inner === null) return 'a NAT64 local-use address whose IPv4 address is not at the end';
  // ::ffff:10.0.0.1 reaches 10.0.0.1: judge the IPv4 address inside.
  for (const candidate of inner) {
    const why = reasonOf(candidate);
    if (why) return `${why}: it leads to ${candidate.toString()}`;
  }
  return inner.length > 0 ? null : reasonOf(ip);
}

/** The address of a URL hostname when it is an IP literal ("[::1]" → "::1"), else null. */
export function ipLiteral(hostname: string): string | null {
  const bare =
    hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return isIP(bare) !== 0 ? bare : null;
}
