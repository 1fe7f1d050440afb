/**
 * Builds the application services from their dependencies: repositories over the database, the
 * shared store and the configuration. Plain parameters, no container.
 */
import type { Config } from '../config.js';
import type { Database } from '../store/database.js';
import { createRefreshTokenRepository } from '../store/repositories/refresh-tokens.js';
import { createUserRepository } from '../store/repositories/users.js';
import { createAccessTokenIssuer } from './auth/access-tokens.js';
import { createAuthService } from './auth/auth-service.js';
import { createSessionRevocations } from './auth/session-revocations.js';
import { AuthLimiter } from './limits/auth-limiter.js';
import type { SharedStore } from './shared-store/shared-store.js';

export interface ServiceDeps {
  config: Config;
  database: Database;
  store: SharedStore;
}

export function createServices({ config, database, store }: ServiceDeps) {
  const users = createUserRepository(database.db);
  const issuer = createAccessTokenIssuer(config.secretKey, config.accessTokenTtlSeconds);
  const auth = createAuthService({
    users,
    refreshTokens: createRefreshTokenRepository(database.db),
    issuer,
    revocations: createSessionRevocations(store),
    refreshTtlSeconds: config.refreshTokenTtlSeconds,
    accessTtlSeconds: config.accessTokenTtlSeconds,
  });
  return { users, issuer, auth, authLimiter: new AuthLimiter(store) };
}

export type Services = ReturnType<typeof createServices>;
