import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { AppError } from '../../core/errors.js';
import type { AuthService, IssuedSession } from '../../services/auth/auth-service.js';
import type { AuthLimiter, AuthAction } from '../../services/limits/auth-limiter.js';
import { currentUser, requireUser } from '../plugins/auth.js';
import { ProblemResponses } from '../schemas/problem.js';

export interface AuthRoutesOptions {
  auth: AuthService;
  limiter: AuthLimiter;
  allowRegister: boolean;
  secureCookies: boolean;
}

const PublicUser = Type.Object({ id: Type.String(), email: Type.String(), name: Type.String() });
const SessionResponse = Type.Object({
  user: PublicUser,
  access_token: Type.String(),
  token_type: Type.Literal('bearer'),
  expires_in: Type.Integer(),
});
const Email = Type.String({ format: 'email', minLength: 3, maxLength: 254 });
const Password = Type.String({ minLength: 1, maxLength: 1024 });
const RegisterBody = Type.Object({
  email: Email,
  password: Password,
  name: Type.Optional(Type.String({ maxLength: 200 })),
});
const LoginBody = Type.Object({ email: Type.String({ minLength: 1, maxLength: 254 }), password: Password });
const RefreshBody = Type.Union([
  Type.Object({ refresh_token: Type.Optional(Type.String({ maxLength: 512 })) }),
  Type.Null(),
]);

const REFRESH_COOKIE_PATH = '/api/auth/refresh';

export async function authRoutes(app: FastifyInstance, options: AuthRoutesOptions) {
  const cookieBase = { httpOnly: true, secure: options.secureCookies };

  const throttle = (action: AuthAction) => async (request: FastifyRequest) => {
    const verdict = await options.limiter.hit(action, request.ip);
    if (!verdict.allowed) {
      throw new AppError('rate_limited', {
        detail: `Too many ${action} attempts; retry in ${verdict.retryAfterSeconds} s`,
        headers: { 'Retry-After': String(verdict.retryAfterSeconds) },
      });
    }
  };

  const sendSession = (reply: FastifyReply, session: IssuedSession, status: number) => {
    reply
      .setCookie('access_token', session.accessToken, {
        ...cookieBase,
        sameSite: 'lax',
        path: '/',
        maxAge: session.expiresIn,
      })
      .setCookie('refresh_token', session.refreshToken, {
        ...cookieBase,
        sameSite: 'strict',
        path: REFRESH_COOKIE_PATH,
        expires: session.refreshExpiresAt,
      });
    return reply.status(status).send({
      user: session.user,
      access_token: session.accessToken,
      token_type: 'bearer',
      expires_in: session.expiresIn,
    });
  };

  app.post(
    '/api/auth/register',
    {
      onRequest: throttle('register'),
      schema: { tags: ['auth'], body: RegisterBody, response: { 201: SessionResponse, ...ProblemResponses } },
    },
    async (request, reply) => {
      if (!options.allowRegister) throw new AppError('registration_closed');
      const body = request.body as { email: string; password: string; name?: string };
      return sendSession(reply, await options.auth.register(body), 201);
    },
  );

  app.post(
    '/api/auth/login',
    {
      onRequest: throttle('login'),
      schema: { tags: ['auth'], body: LoginBody, response: { 200: SessionResponse, ...ProblemResponses } },
    },
    async (request, reply) => {
      const body = request.body as { email: string; password: string };
      return sendSession(reply, await options.auth.login(body), 200);
    },
  );

  app.post(
    '/api/auth/refresh',
    {
      schema: { tags: ['auth'], body: RefreshBody, response: { 200: SessionResponse, ...ProblemResponses } },
    },
    async (request, reply) => {
      const fromBody = (request.body as { refresh_token?: string } | null)?.refresh_token;
      const token = fromBody ?? request.cookies.refresh_token;
      if (!token) throw new AppError('unauthorized', { detail: 'No refresh token presented' });
      try {
        return sendSession(reply, await options.auth.refresh(token), 200);
      } catch (error) {
        reply.clearCookie('refresh_token', { path: REFRESH_COOKIE_PATH });
        throw error;
      }
    },
  );

  app.post(
    '/api/auth/logout',
    {
      preHandler: requireUser,
      schema: { tags: ['auth'], response: { 204: Type.Null(), ...ProblemResponses } },
    },
    async (request, reply) => {
      await options.auth.logout(currentUser(request));
      reply
        .clearCookie('access_token', { path: '/' })
        .clearCookie('refresh_token', { path: REFRESH_COOKIE_PATH });
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/auth/me',
    {
      preHandler: requireUser,
      schema: { tags: ['auth'], response: { 200: PublicUser, ...ProblemResponses } },
    },
    async (request) => {
      const user = await options.auth.me(currentUser(request).userId);
      if (!user) throw new AppError('invalid_token', { detail: 'The account no longer exists' });
      return user;
    },
  );
}
