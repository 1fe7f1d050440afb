/**
 * Turns a validated create/patch body into column values against the current row: the graph is
 * validated, auth_type and allow_anonymous are coupled, the rate limit is set as a pair.
 */
import { AppError } from '../../core/errors.js';
import { validateWorkflow } from '../../core/workflow/index.js';
import type { AuthType, PatchWorkflowBody } from '../../http/schemas/workflow.js';
import type { WorkflowChanges, WorkflowRow } from '../../store/repositories/workflows.js';
import { DEFAULT_AUTH, resolveAuth } from './auth-settings.js';
import { storableErrors } from './storable-json.js';

/** The parts of the current row a change is checked against; a create starts from the defaults. */
export type WorkflowBase = Pick<
  WorkflowRow,
  'nodes' | 'edges' | 'authType' | 'allowAnonymous' | 'rateLimitRequests' | 'rateLimitWindowSeconds'
>;

export const NEW_WORKFLOW_BASE: WorkflowBase = {
  nodes: [],
  edges: [],
  authType: DEFAULT_AUTH.authType,
  allowAnonymous: DEFAULT_AUTH.allowAnonymous,
  rateLimitRequests: null,
  rateLimitWindowSeconds: null,
};

/** Body fields copied to their column as they are (name, description and the auth pair are not). */
const COLUMN_OF = {
  nodes: 'nodes',
  edges: 'edges',
  folder_id: 'folderId',
  auth_header_key: 'authHeaderKey',
  auth_header_value: 'authHeaderValue',
  http_method: 'httpMethod',
  webhook_body_mode: 'webhookBodyMode',
  cache_ttl_seconds: 'cacheTtlSeconds',
  rate_limit_requests: 'rateLimitRequests',
  rate_limit_window_seconds: 'rateLimitWindowSeconds',
  sse_enabled: 'sseEnabled',
  sse_node_config: 'sseNodeConfig',
  mcp_enabled: 'mcpEnabled',
  portal_enabled: 'portalEnabled',
  portal_slug: 'portalSlug',
  portal_stream_enabled: 'portalStreamEnabled',
  portal_file_upload_enabled: 'portalFileUploadEnabled',
  portal_file_config: 'portalFileConfig',
} as const satisfies Record<
  Exclude<keyof PatchWorkflowBody, 'name' | 'description' | 'auth_type' | 'allow_anonymous'>,
  keyof WorkflowChanges
>;

function invalid(field: string, message: string): AppError {
  return new AppError('validation_failed', { detail: message, errors: [{ path: `body/${field}`, message }] });
}

/** Checks that need no current row; run before any database work. */
export function checkStorable(body: PatchWorkflowBody): void {
  const errors = storableErrors(body);
  if (errors.length > 0) {
    throw new AppError('validation_failed', { detail: `${errors[0]!.path}: ${errors[0]!.message}`, errors });
  }
}

/**
 * The column changes `body` makes to `base`, or an AppError (422) when the result would be
 * invalid. The graph is validated whenever the body touches it.
 */
export function toChanges(
  body: PatchWorkflowBody,
  base: WorkflowBase,
  knownNodeTypes: ReadonlySet<string>,
): WorkflowChanges {
  const changes: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(COLUMN_OF)) {
    const value = body[field as keyof typeof COLUMN_OF];
    if (value !== undefined) changes[column] = value;
  }
  if (body.name !== undefined) changes.name = body.name.trim();
  if (body.description !== undefined) changes.description = body.description ?? '';

  if (body.nodes !== undefined || body.edges !== undefined) {
    validateWorkflow({ nodes: body.nodes ?? base.nodes, edges: body.edges ?? base.edges }, knownNodeTypes);
  }

  const auth = resolveAuth(
    { authType: base.authType as AuthType, allowAnonymous: base.allowAnonymous },
    { auth_type: body.auth_type, allow_anonymous: body.allow_anonymous },
  );
  if (auth) {
    changes.authType = auth.authType;
    changes.allowAnonymous = auth.allowAnonymous;
  }

  const requests = body.rate_limit_requests === undefined ? base.rateLimitRequests : body.rate_limit_requests;
  const window =
    body.rate_limit_window_seconds === undefined
      ? base.rateLimitWindowSeconds
      : body.rate_limit_window_seconds;
  if ((requests === null) !== (window === null)) {
    throw invalid(
      requests === null ? 'rate_limit_requests' : 'rate_limit_window_seconds',
      'rate_limit_requests and rate_limit_window_seconds are set together: both or neither',
    );
  }
  return changes as WorkflowChanges;
}
