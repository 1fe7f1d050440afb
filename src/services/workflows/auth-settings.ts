/**
 * `auth_type` and `allow_anonymous` are one setting seen twice (design 10): `anonymous` goes with
 * `allow_anonymous: true`, any other type with false. A write that sets one sets the other.
 */
import { AppError } from '../../core/errors.js';
import type { AuthType } from '../../http/schemas/workflow.js';

export interface AuthSetting {
  authType: AuthType;
  allowAnonymous: boolean;
}

export const DEFAULT_AUTH: AuthSetting = { authType: 'anonymous', allowAnonymous: true };

function invalid(field: string, message: string): AppError {
  return new AppError('validation_failed', { detail: message, errors: [{ path: `body/${field}`, message }] });
}

/**
 * The pair after applying `input` to `current`; undefined when the input sets neither.
 * `allow_anonymous: false` on an anonymous workflow switches it to `jwt`; on any other type it
 * keeps that type. Contradictory values in one request are refused.
 */
export function resolveAuth(
  current: AuthSetting,
  input: { auth_type?: AuthType | undefined; allow_anonymous?: boolean | undefined },
): AuthSetting | undefined {
  const { auth_type: type, allow_anonymous: allow } = input;
  if (type === undefined && allow === undefined) return undefined;
  if (type !== undefined && allow !== undefined && (type === 'anonymous') !== allow) {
    throw invalid(
      'allow_anonymous',
      `allow_anonymous ${allow} contradicts auth_type "${type}": allow_anonymous is true exactly when auth_type is "anonymous"`,
    );
  }
  const authType: AuthType =
    type ?? (allow ? 'anonymous' : current.authType === 'anonymous' ? 'jwt' : current.authType);
  return { authType, allowAnonymous: authType === 'anonymous' };
}
