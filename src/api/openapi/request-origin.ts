/**
 * The origin a request reached the server at (scheme and Host, as a proxy forwards them; the app
 * trusts X-Forwarded-Proto/-Host), so the API description can name the address the caller
 * actually uses. A Host that is not a plain host[:port] gives null.
 */
import type { FastifyRequest } from 'fastify';

const HOST = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?$/;

/** "https://api.example.com:8443", or null when the request names no usable host. */
export function requestOrigin(request: FastifyRequest): string | null {
  const host = request.host;
  const protocol = request.protocol;
  if (typeof host !== 'string' || !HOST.test(host)) return null;
  if (protocol !== 'http' && protocol !== 'https') return null;
  return `${protocol}://${host.toLowerCase()}`;
}
