/**
 * Who is calling an execute endpoint, judged by the workflow's auth_type before anything else
 * happens: before the verb check, the rate limit and the cache (spec 5.1, 5.2; design 10).
 *
 * - anonymous: anyone. A caller who identifies (session, or an execution token for this workflow)
 *   is still recorded as the run's user; a credential that does not verify is ignored.
 * - jwt: a session of a user with access, or an execution token for this workflow.
 * - header_auth: the header named auth_header_key equal to auth_header_value, or a session of a
 *   user with access. Execution tokens are not accepted here (spec 5.1 names only the session).
 *
 * A valid session of a user without access gets 404, as everywhere (design 10: a resource the
 * caller may not see is 404); missing or bad credentials get 401 with WWW-Authenticate.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../core/errors.js';
import type { AccessSubject, WorkflowAccess } from '../access/workflow-access.js';
import type { ExecutionTokenVerifier } from '../tokens/execution-token-verifier.js';

export type ExecuteCaller =
  | { kind: 'anonymous' }
  /** Passed header_auth by the header alone. */
  | { kind: 'header' }
  | { kind: 'session'; userId: string; hasAccess: boolean }
  | { kind: 'execution_token'; userId: string; tokenId: string };

export interface ExecuteCredentials {
  /** The verified session user (bearer or cookie), if any. */
  sessionUserId: string | null;
  /** The raw `Authorization: Bearer` token, if any; may be an execution token. */
  bearer: string | null;
  /** Whether any token was presented (bearer or cookie), valid or not. */
  tokenPresented: boolean;
  headers: Record<string, string | string[] | undefined>;
}

export interface ExecuteAuthWorkflow extends AccessSubject {
  authType: string;
  authHeaderKey: string | null;
  authHeaderValue: string | null;
}

export interface ExecuteAuthDeps {
  canAccess: WorkflowAccess;
  verifyExecutionToken: ExecutionTokenVerifier;
}

const REALM = 'realm="skein"';
const bearerChallenge = (error?: string) => `Bearer ${REALM}${error ? `, error="${error}"` : ''}`;

const notFound = () => new AppError('not_found', { detail: 'Workflow not found' });
const missingBearer = () =>
  new AppError('unauthorized', {
    detail: 'This workflow needs Authorization: Bearer with a session or an execution token for it',
    headers: { 'WWW-Authenticate': bearerChallenge() },
  });
const invalidBearer = () =>
  new AppError('invalid_token', {
    detail: 'The token is invalid, expired, revoked or not for this workflow',
    headers: { 'WWW-Authenticate': bearerChallenge('invalid_token') },
  });
// One answer for a missing and a wrong header, so that probing never reveals the header's name.
const headerRefused = () =>
  new AppError('header_auth_failed', { headers: { 'WWW-Authenticate': `Header ${REALM}, Bearer ${REALM}` } });

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** Constant-time equality; comparing fixed-length digests leaks neither content nor length. */
function safeEqual(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

/** An unconfigured header (no name or an empty value) never matches. */
function headerMatches(workflow: ExecuteAuthWorkflow, headers: ExecuteCredentials['headers']): boolean {
  const name = workflow.authHeaderKey?.trim().toLowerCase();
  const expected = workflow.authHeaderValue;
  if (!name || !expected) return false;
  const given = headers[name];
  return typeof given === 'string' && safeEqual(given, expected);
}

/**
 * The caller of a call that brought neither a session nor a bearer token, which needs no lookup
 * (most calls of anonymous and header_auth workflows); throws what authenticate would. Undefined
 * when there is a session or a token to look up.
 */
export function callerWithoutLookup(
  workflow: ExecuteAuthWorkflow,
  credentials: ExecuteCredentials,
): ExecuteCaller | undefined {
  if (credentials.sessionUserId || credentials.bearer) return undefined;
  if (workflow.authType === 'anonymous') return { kind: 'anonymous' };
  if (workflow.authType === 'header_auth') {
    if (headerMatches(workflow, credentials.headers)) return { kind: 'header' };
    throw headerRefused();
  }
  throw credentials.tokenPresented ? invalidBearer() : missingBearer();
}

export function createExecuteAuthenticator(deps: ExecuteAuthDeps) {
  return async function authenticate(
    workflow: ExecuteAuthWorkflow,
    credentials: ExecuteCredentials,
  ): Promise<ExecuteCaller> {
    const immediate = callerWithoutLookup(workflow, credentials);
    if (immediate) return immediate;
    const { sessionUserId, bearer } = credentials;
    const session: Extract<ExecuteCaller, { kind: 'session' }> | null = sessionUserId
      ? { kind: 'session', userId: sessionUserId, hasAccess: await deps.canAccess(sessionUserId, workflow) }
      : null;
    const tokenCaller = async (): Promise<ExecuteCaller | undefined> => {
      const caller = bearer ? await deps.verifyExecutionToken(bearer, workflow) : undefined;
      return caller && { kind: 'execution_token', ...caller };
    };

    if (workflow.authType === 'anonymous') return session ?? (await tokenCaller()) ?? { kind: 'anonymous' };

    if (session?.hasAccess) return session;
    if (workflow.authType === 'header_auth') {
      if (headerMatches(workflow, credentials.headers)) return { kind: 'header' };
      if (session) throw notFound();
      throw headerRefused();
    }
    // jwt, and any type this build does not know: the strictest rule.
    if (session) throw notFound();
    const caller = await tokenCaller();
    if (caller) return caller;
    throw credentials.tokenPresented ? invalidBearer() : missingBearer();
  };
}

export type ExecuteAuthenticator = ReturnType<typeof createExecuteAuthenticator>;

/** Test runs are honoured only for a signed-in user with access (design 10). */
export const mayTestRun = (caller: ExecuteCaller) => caller.kind === 'session' && caller.hasAccess;

/** Whose run it is (spec 5.2 rule 6): a token's creator, the session user, else the workflow owner. */
export function runUserOf(caller: ExecuteCaller, ownerId: string): string {
  return caller.kind === 'session' || caller.kind === 'execution_token' ? caller.userId : ownerId;
}
