/**
 * Session access tokens: HS256 JWTs over the UTF-8 bytes of SECRET_KEY, carrying `typ: "access"`
 * and the session (refresh family) id as `sid`. Verification pins the algorithm and the claims.
 */
import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

export interface AccessClaims {
  userId: string;
  sessionId: string;
  expiresAt: number;
}

export interface AccessTokenIssuer {
  sign(userId: string, sessionId: string): Promise<{ token: string; expiresIn: number }>;
  verify(token: string): Promise<AccessClaims | undefined>;
  secret: Uint8Array;
}

export function createAccessTokenIssuer(secretKey: string, ttlSeconds: number): AccessTokenIssuer {
  const secret = new TextEncoder().encode(secretKey);
  return {
    secret,
    async sign(userId, sessionId) {
      const token = await new SignJWT({ typ: 'access', sid: sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setJti(randomUUID())
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(secret);
      return { token, expiresIn: ttlSeconds };
    },
    async verify(token) {
      if (token.length > 4096) return undefined;
      try {
        const { payload } = await jwtVerify(token, secret, {
          algorithms: ['HS256'],
          requiredClaims: ['sub', 'exp', 'iat', 'sid', 'typ'],
        });
        if (payload.typ !== 'access' || typeof payload.sid !== 'string' || typeof payload.sub !== 'string') {
          return undefined;
        }
        return { userId: payload.sub, sessionId: payload.sid, expiresAt: payload.exp! };
      } catch {
        return undefined;
      }
    },
  };
}
