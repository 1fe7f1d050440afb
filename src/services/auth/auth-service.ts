import { randomUUID } from 'node:crypto';
import { AppError } from '../../core/errors.js';
import type { RefreshTokenRepository } from '../../store/repositories/refresh-tokens.js';
import type { UserRecord, UserRepository } from '../../store/repositories/users.js';
import type { AccessTokenIssuer } from './access-tokens.js';
import { passwordPolicyErrors } from './password-policy.js';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords.js';
import { hashRefreshToken, newRefreshToken } from './refresh-secrets.js';
import type { SessionRevocations } from './session-revocations.js';

export interface PublicUser {
  id: string;
  email: string;
  name: string;
}

export interface IssuedSession {
  user: PublicUser;
  accessToken: string;
  expiresIn: number;
  refreshToken: string;
  refreshExpiresAt: Date;
}

export interface AuthenticatedUser {
  userId: string;
  sessionId: string;
  expiresAt: number;
}

export interface AuthServiceDeps {
  users: UserRepository;
  refreshTokens: RefreshTokenRepository;
  issuer: AccessTokenIssuer;
  revocations: SessionRevocations;
  refreshTtlSeconds: number;
  accessTtlSeconds: number;
  now?: () => Date;
}

export const normaliseEmail = (email: string) => email.normalize('NFC').trim().toLowerCase();
const toPublic = (user: UserRecord): PublicUser => ({ id: user.id, email: user.email, name: user.name });

export function createAuthService(deps: AuthServiceDeps) {
  const now = deps.now ?? (() => new Date());

  async function startSession(user: UserRecord, familyId: string = randomUUID()): Promise<IssuedSession> {
    const refreshToken = newRefreshToken();
    const refreshExpiresAt = new Date(now().getTime() + deps.refreshTtlSeconds * 1000);
    await deps.refreshTokens.insert({
      userId: user.id,
      familyId,
      tokenHash: hashRefreshToken(refreshToken),
      expiresAt: refreshExpiresAt,
    });
    const access = await deps.issuer.sign(user.id, familyId);
    return {
      user: toPublic(user),
      accessToken: access.token,
      expiresIn: access.expiresIn,
      refreshToken,
      refreshExpiresAt,
    };
  }

  return {
    async register(input: { email: string; password: string; name?: string }): Promise<IssuedSession> {
      const errors = passwordPolicyErrors(input.password);
      if (errors.length > 0) throw new AppError('weak_password', { errors });
      const created = await deps.users.create({
        email: normaliseEmail(input.email),
        name: (input.name ?? '').normalize('NFC').trim(),
        passwordHash: await hashPassword(input.password),
      });
      if (!created.ok) throw new AppError('email_taken');
      return startSession(created.user);
    },

    async login(input: { email: string; password: string }): Promise<IssuedSession> {
      const user = await deps.users.findByEmail(normaliseEmail(input.email));
      const valid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
      if (!user || !valid) throw new AppError('invalid_credentials');
      return startSession(user);
    },

    async refresh(refreshToken: string): Promise<IssuedSession> {
      const successor = newRefreshToken();
      const expiresAt = new Date(now().getTime() + deps.refreshTtlSeconds * 1000);
      const result = await deps.refreshTokens.rotate(
        hashRefreshToken(refreshToken),
        { tokenHash: hashRefreshToken(successor), expiresAt },
        now(),
      );
      if (result.kind === 'reused') {
        await deps.revocations.revoke(result.familyId, deps.accessTtlSeconds * 1000);
        throw new AppError('refresh_token_reused');
      }
      if (result.kind !== 'rotated') throw new AppError('invalid_token');
      const user = await deps.users.findById(result.token.userId);
      if (!user) throw new AppError('invalid_token');
      const access = await deps.issuer.sign(user.id, result.token.familyId);
      return {
        user: toPublic(user),
        accessToken: access.token,
        expiresIn: access.expiresIn,
        refreshToken: successor,
        refreshExpiresAt: expiresAt,
      };
    },

    async logout(session: AuthenticatedUser): Promise<void> {
      await deps.refreshTokens.revokeFamily(session.sessionId, now());
      const ttlMs = session.expiresAt * 1000 - now().getTime();
      await deps.revocations.revoke(session.sessionId, ttlMs);
    },

    /** Verifies an access token and that its session was not logged out. */
    async authenticate(token: string): Promise<AuthenticatedUser | undefined> {
      const claims = await deps.issuer.verify(token);
      if (!claims) return undefined;
      if (await deps.revocations.isRevoked(claims.sessionId)) return undefined;
      return claims;
    },

    async me(userId: string): Promise<PublicUser | undefined> {
      const user = await deps.users.findById(userId);
      return user && toPublic(user);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
