/**
 * Issuing, listing and revoking execution tokens (spec 4.2, 3.2). A signed-in user with access to a
 * workflow issues tokens for it and sees and revokes only the tokens they created. The token string
 * is shown once, at creation; the row keeps no copy of it.
 */
import { randomUUID } from 'node:crypto';
import { AppError } from '../../core/errors.js';
import type {
  ExecutionTokenRepository,
  ExecutionTokenRow,
} from '../../store/repositories/execution-tokens.js';
import type { WorkflowRow } from '../../store/repositories/workflows.js';
import type { WorkflowAccess } from '../access/workflow-access.js';
import type { ExecutionTokenJwt } from './execution-token-jwt.js';

/** Spec 5.2 rule 4, design 10: 60 seconds to 10 years of 365 days. */
export const EXECUTION_TOKEN_TTL = { minSeconds: 60, maxSeconds: 315_360_000 } as const;

export interface ExecutionTokenView {
  id: string;
  expires_at: string;
  created_at: string;
  revoked: boolean;
  expired: boolean;
}

export interface IssuedExecutionToken {
  id: string;
  token: string;
  expires_at: string;
  created_at: string;
  revoked: boolean;
}

export interface ExecutionTokenServiceDeps {
  repository: ExecutionTokenRepository;
  jwt: ExecutionTokenJwt;
  findWorkflow(id: string): Promise<WorkflowRow | undefined>;
  canAccess: WorkflowAccess;
  now?: () => Date;
}

export function createExecutionTokenService(deps: ExecutionTokenServiceDeps) {
  const now = deps.now ?? (() => new Date());

  /** The workflow, when `userId` may see it; 404 otherwise (design 10). */
  async function visibleWorkflow(userId: string, workflowId: string): Promise<WorkflowRow> {
    const workflow = await deps.findWorkflow(workflowId);
    if (!workflow || !(await deps.canAccess(userId, workflow))) {
      throw new AppError('not_found', { detail: 'Workflow not found' });
    }
    return workflow;
  }

  const view = (row: ExecutionTokenRow, at: Date): ExecutionTokenView => ({
    id: row.id,
    expires_at: row.expiresAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    revoked: row.revokedAt !== null,
    expired: row.expiresAt.getTime() <= at.getTime(),
  });

  return {
    async issue(userId: string, workflowId: string, ttlSeconds: number): Promise<IssuedExecutionToken> {
      const workflow = await visibleWorkflow(userId, workflowId);
      const { minSeconds, maxSeconds } = EXECUTION_TOKEN_TTL;
      if (!Number.isInteger(ttlSeconds) || ttlSeconds < minSeconds || ttlSeconds > maxSeconds) {
        const message = `must be an integer from ${minSeconds} to ${maxSeconds}`;
        throw new AppError('validation_failed', { errors: [{ path: 'body/ttl_seconds', message }] });
      }
      // Whole seconds, so that created_at and expires_at are exactly the JWT's iat and exp.
      const issuedAt = Math.floor(now().getTime() / 1000);
      const expiresAt = issuedAt + ttlSeconds;
      const row = await deps.repository.insert({
        id: randomUUID(),
        workflowId: workflow.id,
        userId,
        createdAt: new Date(issuedAt * 1000),
        expiresAt: new Date(expiresAt * 1000),
      });
      const token = await deps.jwt.sign({
        tokenId: row.id,
        userId,
        workflowId: workflow.id,
        issuedAt,
        expiresAt,
      });
      const { id, expires_at, created_at, revoked } = view(row, now());
      return { id, token, expires_at, created_at, revoked };
    },

    /** The caller's own tokens for the workflow, expired and revoked ones included and flagged. */
    async list(userId: string, workflowId: string): Promise<ExecutionTokenView[]> {
      const workflow = await visibleWorkflow(userId, workflowId);
      const at = now();
      return (await deps.repository.listOwn(workflow.id, userId)).map((row) => view(row, at));
    },

    /**
     * Revokes one of the caller's own tokens. Revoking is always allowed to the token's creator, even
     * after they lost access to the workflow: it only ever narrows what the token can do.
     */
    async revoke(userId: string, workflowId: string, tokenId: string): Promise<void> {
      if (!(await deps.repository.revokeOwn(tokenId, workflowId, userId, now()))) {
        throw new AppError('not_found', { detail: 'Execution token not found' });
      }
    },
  };
}

export type ExecutionTokenService = ReturnType<typeof createExecutionTokenService>;
