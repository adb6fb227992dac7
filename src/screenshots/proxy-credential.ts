/**
 * The screenshot proxy's password. The proxy listens on loopback, where any local process could
 * reach it and use it as an open forward proxy; only the browser Imprint started is given this
 * per-process credential (random, never written anywhere), and every request without it is
 * answered 407 before anything is resolved or connected.
 */
import crypto from 'node:crypto';

/** A user name and password for `Proxy-Authorization: Basic …`. */
export interface ProxyCredential {
  username: string;
  password: string;
}

/** A fresh credential: 32 random bytes, base64url. */
export function newProxyCredential(): ProxyCredential {
  return { username: 'imprint', password: crypto.randomBytes(32).toString('base64url') };
}

/** The Proxy-Authorization value that carries `credential`. */
export function proxyAuthorization(credential: ProxyCredential): string {
  const token = Buffer.from(`${credential.username}:${credential.password}`).toString('base64');
  return `Basic ${token}`;
}

/** Whether a request's Proxy-Authorization header carries `credential` (constant time). */
export function carriesCredential(
  header: string | string[] | undefined,
  credential: ProxyCredential,
): boolean {
  if (typeof header !== 'string') return false;
  const given = crypto.createHash('sha256').update(header.trim()).digest();
  const wanted = crypto.createHash('sha256').update(proxyAuthorization(credential)).digest();
  return crypto.timingSafeEqual(given, wanted);
}

/** The answer to a request without the credential (a raw response, for tunnels and upgrades). */
export const PROXY_AUTH_REQUIRED =
  'HTTP/1.1 407 Proxy Authentication Required\r\n' +
  'Proxy-Authenticate: Basic realm="imprint-screenshots"\r\n' +
  'Content-Length: 0\r\nConnection: close\r\n\r\n';
