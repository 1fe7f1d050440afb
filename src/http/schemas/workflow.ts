/**
 * Workflow request and response schemas (design 9, spec 2.1). Bodies drop unknown members (so a
 * client may PATCH back a record it read); the record schema is the guard on what is serialised.
 */
import { Uuid } from './common.js';
import { Type, type Static, type TSchema } from 'typebox';
import { WorkflowEdgeSchema, WorkflowNodeSchema } from '../../core/workflow/index.js';

export const MAX_NODES = 2_000;
export const MAX_EDGES = 5_000;
/** Longest cache lifetime and rate-limit window: one year. */
export const MAX_SETTING_SECONDS = 31_536_000;
export const MAX_RATE_LIMIT_REQUESTS = 1_000_000;
export const PORTAL_SLUG_PATTERN = '^[a-z0-9][a-z0-9-]{0,62}$';
/** An HTTP header name (RFC 9110 token). */
const HEADER_NAME_PATTERN = "^[!#$%&'*+.^_`|~0-9A-Za-z-]+$";

const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const AuthType = Type.Union([
  Type.Literal('anonymous'),
  Type.Literal('jwt'),
  Type.Literal('header_auth'),
]);
export type AuthType = Static<typeof AuthType>;
export const HttpMethod = Type.Union([
  Type.Literal('GET'),
  Type.Literal('POST'),
  Type.Literal('PUT'),
  Type.Literal('DELETE'),
]);
export type HttpMethod = Static<typeof HttpMethod>;
export const WebhookBodyMode = Type.Union([Type.Literal('defined'), Type.Literal('generic')]);
export type WebhookBodyMode = Static<typeof WebhookBodyMode>;

export const SseNodeSetting = Type.Object(
  {
    send_start: Type.Boolean(),
    start_message: Type.Optional(
      Type.Union([Type.String({ maxLength: 2_000 }), Type.Null()], { default: null }),
    ),
  },
  { additionalProperties: false },
);
/** Keyed by node id. */
export const SseNodeConfig = Type.Record(Type.String(), SseNodeSetting, { maxProperties: MAX_NODES });
/** Keyed by portal input field; each value is that field's file settings (types, limits). */
export const PortalFileConfig = Type.Record(Type.String(), Type.Object({}, { additionalProperties: true }), {
  maxProperties: 500,
});

const Name = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' });
const Description = nullable(Type.String({ maxLength: 5_000 }));
const FolderId = nullable(Uuid);
/** Extra members of nodes and edges (canvas state) are kept as sent. */
const Node = Type.Object(WorkflowNodeSchema.properties, { additionalProperties: true });
const Edge = Type.Object(WorkflowEdgeSchema.properties, { additionalProperties: true });
const Nodes = Type.Array(Node, { maxItems: MAX_NODES });
const Edges = Type.Array(Edge, { maxItems: MAX_EDGES });

/** Every setting of spec 2.1 a client may write (scheduled_for_deletion has its own endpoints). */
const settings = {
  auth_type: Type.Optional(AuthType),
  allow_anonymous: Type.Optional(Type.Boolean()),
  auth_header_key: Type.Optional(nullable(Type.String({ maxLength: 256, pattern: HEADER_NAME_PATTERN }))),
  auth_header_value: Type.Optional(nullable(Type.String({ maxLength: 4_096 }))),
  http_method: Type.Optional(HttpMethod),
  webhook_body_mode: Type.Optional(WebhookBodyMode),
  cache_ttl_seconds: Type.Optional(nullable(Type.Integer({ minimum: 0, maximum: MAX_SETTING_SECONDS }))),
  rate_limit_requests: Type.Optional(
    nullable(Type.Integer({ minimum: 1, maximum: MAX_RATE_LIMIT_REQUESTS })),
  ),
  rate_limit_window_seconds: Type.Optional(
    nullable(Type.Integer({ minimum: 1, maximum: MAX_SETTING_SECONDS })),
  ),
  sse_enabled: Type.Optional(Type.Boolean()),
  sse_node_config: Type.Optional(SseNodeConfig),
  mcp_enabled: Type.Optional(Type.Boolean()),
  portal_enabled: Type.Optional(Type.Boolean()),
  portal_slug: Type.Optional(nullable(Type.String({ pattern: PORTAL_SLUG_PATTERN }))),
  portal_stream_enabled: Type.Optional(Type.Boolean()),
  portal_file_upload_enabled: Type.Optional(Type.Boolean()),
  portal_file_config: Type.Optional(PortalFileConfig),
};

const editable = {
  description: Type.Optional(Description),
  nodes: Type.Optional(Nodes),
  edges: Type.Optional(Edges),
  folder_id: Type.Optional(FolderId),
  ...settings,
};

export const CreateWorkflowBody = Type.Object({ name: Name, ...editable }, { additionalProperties: false });
export type CreateWorkflowBody = Static<typeof CreateWorkflowBody>;

export const PatchWorkflowBody = Type.Object(
  { name: Type.Optional(Name), ...editable },
  { additionalProperties: false },
);
export type PatchWorkflowBody = Static<typeof PatchWorkflowBody>;

/** Malformed ids are not refused here: they answer 404 like any workflow the caller cannot see. */
export const WorkflowIdParams = Type.Object({ id: Type.String() });

const Timestamp = Type.String({ format: 'date-time' });

export const WorkflowRecord = Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  description: Type.String(),
  /** The graph as stored (see the request schema for its shape). */
  nodes: Type.Array(Type.Unknown()),
  edges: Type.Array(Type.Unknown()),
  owner_id: Type.String({ format: 'uuid' }),
  folder_id: nullable(Type.String()),
  created_at: Timestamp,
  updated_at: Timestamp,
  scheduled_for_deletion: nullable(Timestamp),
  auth_type: AuthType,
  allow_anonymous: Type.Boolean(),
  auth_header_key: nullable(Type.String()),
  /** Null for everyone but the owner. */
  auth_header_value: nullable(Type.String()),
  http_method: HttpMethod,
  webhook_body_mode: WebhookBodyMode,
  cache_ttl_seconds: nullable(Type.Integer()),
  rate_limit_requests: nullable(Type.Integer()),
  rate_limit_window_seconds: nullable(Type.Integer()),
  sse_enabled: Type.Boolean(),
  sse_node_config: Type.Record(Type.String(), Type.Unknown()),
  mcp_enabled: Type.Boolean(),
  portal_enabled: Type.Boolean(),
  portal_slug: nullable(Type.String()),
  portal_stream_enabled: Type.Boolean(),
  portal_file_upload_enabled: Type.Boolean(),
  portal_file_config: Type.Record(Type.String(), Type.Unknown()),
});
export type WorkflowRecord = Static<typeof WorkflowRecord>;

export const WorkflowList = Type.Object({ items: Type.Array(WorkflowRecord) });
