/**
 * Bearer-token authentication for /api/rest: resolves the token to its project (the caller) and
 * answers 401 `{"message":"Unauthenticated."}` with `WWW-Authenticate: Bearer` when the token is
 * missing, unknown, revoked or expired.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../core/errors.ts';
import { hashToken, type Caller } from '../core/projects.ts';
import type { Services } from '../core/services.ts';

/** The 401 of the API: `{"message":"Unauthenticated."}` and the scheme it expects (RFC 6750). */
function unauthenticated(): AppError {
  return new AppError('unauthenticated', 'Unauthenticated.', {
    headers: { 'www-authenticate': 'Bearer' },
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on every /api/rest request by the auth hook. */
    caller?: Caller;
  }
}

/** The authenticated caller of a request inside /api/rest (throws 401 outside of it). */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthenticated();
  return request.caller;
}

/** Adds the auth hook to an encapsulated plugin scope (the /api/rest routes). */
export function installAuth(scope: FastifyInstance, services: Services): void {
  scope.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
    if (!match) throw unauthenticated();
    const caller = await services.projects.findCallerByTokenHash(hashToken(match[1]));
    if (!caller) throw unauthenticated();
    request.caller = caller;
  });
}
