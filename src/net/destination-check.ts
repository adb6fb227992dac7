/**
 * Whether the outbound policy will refuse a URL, asked when a request gives it (a webhook
 * receiver, an S3 transfer endpoint) rather than when the delivery or the upload fails minutes
 * later. IP literals and `localhost` are judged at once; other hostnames are resolved, with a
 * short time limit. A name that cannot be resolved in time, or at all, passes: the delivery
 * resolves it again and applies the policy to the address it connects to (safe-fetch.ts,
 * guarded-lookup.ts), so this check only spares the client a delivery bound to fail.
 */
import dns from 'node:dns';
import { blockedAddressReason, ipLiteral } from './address-policy.ts';

/** Resolves a hostname to all its addresses (node's dns.lookup; tests pass their own). */
export type ResolveAll = (hostname: string) => Promise<Array<{ address: string }>>;

/** Options of the check. */
export interface DestinationCheckOptions {
  /** IMPRINT_ALLOW_PRIVATE_URLS=1: every destination passes. */
  allowPrivate: boolean;
  /** Longest wait for the resolver, in ms (default 1000). */
  resolveTimeoutMs?: number;
  resolve?: ResolveAll;
}

/** The default wait for the resolver: a creation request should not hang on a slow DNS server. */
export const RESOLVE_TIMEOUT_MS = 1000;

const systemResolve: ResolveAll = (hostname) => dns.promises.lookup(hostname, { all: true });

/** `localhost` and the names under it (RFC 6761: they always mean the machine itself). */
function isLocalhostName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

/** The addresses of `hostname`, or null when the resolver fails or takes too long. */
async function resolveWithin(
  hostname: string,
  resolve: ResolveAll,
  timeoutMs: number,
): Promise<Array<{ address: string }> | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((done) => {
    timer = setTimeout(() => done(null), timeoutMs);
  });
  try {
    return await Promise.race([resolve(hostname).catch(() => null), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Why the outbound policy refuses to contact `url` ("localhost is a loopback address",
 * "hooks.internal resolves to 10.0.0.7, which is private"), or null when it may be contacted or
 * that cannot be told now. `url` is an http(s) URL already checked for its form.
 */
export async function refusedDestination(
  url: string,
  opts: DestinationCheckOptions,
): Promise<string | null> {
  if (opts.allowPrivate) return null;
  let hostname: string;
  try {
    hostname = new URL(url).hostname;
  } catch {
    return null; // the form check names it
  }
  const literal = ipLiteral(hostname);
  if (literal) {
    const why = blockedAddressReason(literal);
    return why ? `the address ${literal} is ${why}` : null;
  }
  if (isLocalhostName(hostname)) return `${hostname} is a loopback address`;
  const addresses = await resolveWithin(
    hostname,
    opts.resolve ?? systemResolve,
    opts.resolveTimeoutMs ?? RESOLVE_TIMEOUT_MS,
  );
  for (const { address } of addresses ?? []) {
    const why = blockedAddressReason(address);
    if (why) return `${hostname} resolves to ${address}, which is ${why}`;
  }
  return null;
}
