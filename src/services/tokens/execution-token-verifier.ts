/**
 * Checks an execution token on every use (spec 5.2 rule 2): signature with the algorithm pinned,
 * expiry, scope, `wid` equal to the target workflow, a `jti` row that exists, matches the claims
 * and is neither revoked nor expired, and a creator who still has access to the workflow. The row is
 * read by primary key each time, never cached, so a revocation holds on the very next request on
 * every worker.
 */
import type { ExecutionTokenRepository } from '../../store/repositories/execution-tokens.js';
import type { AccessSubject, WorkflowAccess } from '../access/workflow-access.js';
import type { ExecutionTokenJwt } from './execution-token-jwt.js';

export interface ExecutionTokenCaller {
  tokenId: string;
  /** The token's creator: the run is attributed to them (spec 5.2 rule 6). */
  userId: string;
}

export interface ExecutionTokenVerifierDeps {
  repository: Pick<ExecutionTokenRepository, 'findById'>;
  jwt: ExecutionTokenJwt;
  canAccess: WorkflowAccess;
  now?: () => Date;
}

export type ExecutionTokenVerifier = (
  token: string,
  workflow: AccessSubject,
) => Promise<ExecutionTokenCaller | undefined>;

export function createExecutionTokenVerifier(deps: ExecutionTokenVerifierDeps): ExecutionTokenVerifier {
  const now = deps.now ?? (() => new Date());
  return async (token, workflow) => {
    const at = now();
    const claims = await deps.jwt.verify(token, at);
    if (!claims || claims.workflowId !== workflow.id) return undefined;
    const row = await deps.repository.findById(claims.tokenId);
    if (!row || row.revokedAt !== null || row.expiresAt.getTime() <= at.getTime()) return undefined;
    if (row.workflowId !== workflow.id || row.userId !== claims.userId) return undefined;
    if (!(await deps.canAccess(row.userId, workflow))) return undefined;
    return { tokenId: row.id, userId: row.userId };
  };
}
