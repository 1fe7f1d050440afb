/**
 * The execution token JWT (spec 2.4, design 10): HS256 over the UTF-8 bytes of SECRET_KEY with
 * `sub` (creator), `wid`, `scope: "workflow:execute"`, `jti` (the row id), `iat` and `exp`. It never
 * carries `typ`, so a session verifier refuses it; this verifier refuses any token with a `typ`
 * claim, so a session token is never taken for an execution token.
 */
import { SignJWT, jwtVerify } from 'jose';

export const EXECUTION_SCOPE = 'workflow:execute';
/** Longer than any token we sign; refuses oversized input before any crypto. */
const MAX_TOKEN_LENGTH = 4096;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Clock skew allowed between workers for `iat`; a token issued later than that is forged. */
const MAX_SKEW_SECONDS = 60;

export interface ExecutionTokenClaims {
  tokenId: string;
  userId: string;
  workflowId: string;
  /** Seconds since the epoch. */
  issuedAt: number;
  expiresAt: number;
}

export interface ExecutionTokenJwt {
  sign(claims: ExecutionTokenClaims): Promise<string>;
  /** The claims of a well-formed, correctly signed, unexpired execution token; undefined otherwise. */
  verify(token: string, now?: Date): Promise<ExecutionTokenClaims | undefined>;
}

export function createExecutionTokenJwt(secretKey: string): ExecutionTokenJwt {
  const secret = new TextEncoder().encode(secretKey);
  return {
    sign(claims) {
      return new SignJWT({ wid: claims.workflowId, scope: EXECUTION_SCOPE })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.userId)
        .setJti(claims.tokenId)
        .setIssuedAt(claims.issuedAt)
        .setExpirationTime(claims.expiresAt)
        .sign(secret);
    },

    async verify(token, now) {
      if (token.length > MAX_TOKEN_LENGTH) return undefined;
      try {
        const { payload } = await jwtVerify(token, secret, {
          algorithms: ['HS256'],
          requiredClaims: ['sub', 'wid', 'scope', 'jti', 'exp', 'iat'],
          ...(now ? { currentDate: now } : {}),
        });
        const { sub, wid, scope, jti, iat, exp } = payload;
        if ('typ' in payload || scope !== EXECUTION_SCOPE) return undefined;
        if (typeof sub !== 'string' || typeof wid !== 'string' || typeof jti !== 'string') return undefined;
        if (!UUID.test(sub) || !UUID.test(wid) || !UUID.test(jti)) return undefined;
        const nowSeconds = Math.floor((now ?? new Date()).getTime() / 1000);
        if (iat! > nowSeconds + MAX_SKEW_SECONDS) return undefined;
        return { tokenId: jti, userId: sub, workflowId: wid, issuedAt: iat!, expiresAt: exp! };
      } catch {
        return undefined;
      }
    },
  };
}
