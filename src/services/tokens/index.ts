/** Execution tokens (spec 2.4, 4.2, 5.2) and the execute authentication that accepts them. */
import type { Database } from '../../store/database.js';
import { createExecutionTokenRepository } from '../../store/repositories/execution-tokens.js';
import type { WorkflowRow } from '../../store/repositories/workflows.js';
import type { WorkflowAccess } from '../access/workflow-access.js';
import { createExecuteAuthenticator } from '../executions/execute-auth.js';
import { createExecutionTokenJwt } from './execution-token-jwt.js';
import { createExecutionTokenService } from './execution-token-service.js';
import { createExecutionTokenVerifier } from './execution-token-verifier.js';

export interface TokenServiceDeps {
  database: Database;
  secretKey: string;
  findWorkflow(id: string): Promise<WorkflowRow | undefined>;
  canAccess: WorkflowAccess;
  now?: () => Date;
}

export function createTokenServices({ database, secretKey, findWorkflow, canAccess, now }: TokenServiceDeps) {
  const repository = createExecutionTokenRepository(database.db);
  const jwt = createExecutionTokenJwt(secretKey);
  const verifyExecutionToken = createExecutionTokenVerifier({ repository, jwt, canAccess, now });
  return {
    executionTokens: createExecutionTokenService({ repository, jwt, findWorkflow, canAccess, now }),
    authenticateExecute: createExecuteAuthenticator({ canAccess, verifyExecutionToken }),
  };
}
