/**
 * Reads the caller's session from `Authorization: Bearer` or the HttpOnly `access_token` cookie.
 * `request.user` is null for anonymous callers; `requireUser` answers 401 for them.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../core/errors.js';
import type { AuthenticatedUser, AuthService } from '../../services/auth/auth-service.js';

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthenticatedUser | null;
    /** The raw access token the caller presented, if any (bearer first, then cookie). */
    presentedToken: string | null;
  }
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

export function presentedToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header === 'string') {
    const match = BEARER.exec(header);
    if (match) return match[1]!;
  }
  const cookie = request.cookies?.access_token;
  return typeof cookie === 'string' && cookie !== '' ? cookie : null;
}

export const authPlugin = fp(async (app: FastifyInstance, options: { auth: AuthService }) => {
  app.decorateRequest('user', null);
  app.decorateRequest('presentedToken', null);
  // A callback hook, so an anonymous request (most execute calls) costs no promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const token = presentedToken(request);
    request.presentedToken = token;
    if (!token) return done();
    options.auth.authenticate(token).then((user) => {
      request.user = user ?? null;
      done();
    }, done);
  });
});

export async function requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!request.user) {
    reply.header('WWW-Authenticate', 'Bearer');
    throw new AppError(request.presentedToken ? 'invalid_token' : 'unauthorized');
  }
}

/** The signed-in user of a route guarded by requireUser. */
export function currentUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.user) throw new AppError('unauthorized');
  return request.user;
}
