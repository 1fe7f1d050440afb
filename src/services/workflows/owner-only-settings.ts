/**
 * What a collaborator (a user with access who is not the owner) may change with a PATCH (spec 5.8,
 * design 10): the canvas, the name and the description. An owner-only setting sent with its
 * current value is accepted, so a client can PATCH back the record it read; a change refuses the
 * whole request with 403 `owner_only_setting` and nothing is written. `auth_header_value` is hidden
 * from collaborators, so their write to it is dropped without an error.
 */
import { AppError } from '../../core/errors.js';
import type { PatchWorkflowBody } from '../../http/schemas/workflow.js';
import type { WorkflowRow } from '../../store/repositories/workflows.js';
import { canonicalJson } from '../limits/canonical-json.js';
import { toWorkflowRecord } from './workflow-record.js';

export const OWNER_ONLY_SETTINGS = [
  // Spec 5.8, and allow_anonymous, which is auth_type seen twice (design 10).
  'auth_type',
  'allow_anonymous',
  'auth_header_key',
  'webhook_body_mode',
  'http_method',
  'cache_ttl_seconds',
  'rate_limit_requests',
  'rate_limit_window_seconds',
  'sse_enabled',
  'sse_node_config',
  // The spec is silent on these. They decide who else can run the workflow without the owner's
  // auth_type (portal, MCP) or move it in the owner's folder tree, so they are the owner's too.
  'mcp_enabled',
  'portal_enabled',
  'portal_slug',
  'portal_stream_enabled',
  'portal_file_upload_enabled',
  'portal_file_config',
  'folder_id',
] as const satisfies readonly (keyof PatchWorkflowBody)[];

/** The part of `body` a collaborator may apply to `current`; throws when it changes an owner-only setting. */
export function collaboratorPatch(body: PatchWorkflowBody, current: WorkflowRow): PatchWorkflowBody {
  // Compared with the record as the owner reads it, so read defaults (a null http_method is POST) match.
  const record = toWorkflowRecord(current, current.ownerId);
  const changed = OWNER_ONLY_SETTINGS.filter(
    (field) => body[field] !== undefined && canonicalJson(body[field]) !== canonicalJson(record[field]),
  );
  if (changed.length > 0) {
    throw new AppError('owner_only_setting', {
      detail: `Only the owner may change ${changed.join(', ')}`,
      errors: changed.map((field) => ({
        path: `body/${field}`,
        message: 'only the owner may change this setting',
      })),
    });
  }
  const { auth_header_value: _hidden, ...allowed } = body;
  return allowed;
}
