/** Maps a workflow row to the API record (design 9): snake_case, ISO timestamps, read defaults. */
import type { AuthType, HttpMethod, WebhookBodyMode, WorkflowRecord } from '../../http/schemas/workflow.js';
import type { WorkflowRow } from '../../store/repositories/workflows.js';

/** The verb of rows stored before http_method existed (null column). */
export const DEFAULT_HTTP_METHOD: HttpMethod = 'POST';

const asObject = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/**
 * `viewerId` is the user the record is for: `auth_header_value` is shown to the owner only
 * (spec 2.1), everyone else reads null.
 */
export function toWorkflowRecord(row: WorkflowRow, viewerId: string): WorkflowRecord {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    nodes: asArray(row.nodes),
    edges: asArray(row.edges),
    owner_id: row.ownerId,
    folder_id: row.folderId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    scheduled_for_deletion: row.scheduledForDeletion?.toISOString() ?? null,
    auth_type: row.authType as AuthType,
    allow_anonymous: row.allowAnonymous,
    auth_header_key: row.authHeaderKey,
    auth_header_value: viewerId === row.ownerId ? row.authHeaderValue : null,
    http_method: (row.httpMethod as HttpMethod | null) ?? DEFAULT_HTTP_METHOD,
    webhook_body_mode: row.webhookBodyMode as WebhookBodyMode,
    cache_ttl_seconds: row.cacheTtlSeconds,
    rate_limit_requests: row.rateLimitRequests,
    rate_limit_window_seconds: row.rateLimitWindowSeconds,
    sse_enabled: row.sseEnabled,
    sse_node_config: asObject(row.sseNodeConfig),
    mcp_enabled: row.mcpEnabled,
    portal_enabled: row.portalEnabled,
    portal_slug: row.portalSlug,
    portal_stream_enabled: row.portalStreamEnabled,
    portal_file_upload_enabled: row.portalFileUploadEnabled,
    portal_file_config: asObject(row.portalFileConfig),
  };
}
