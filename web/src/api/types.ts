/** Shapes of the public API the web app reads (design 9 and 10). */
export interface User {
  id: string;
  email: string;
  name: string;
}

export interface Position {
  x: number;
  y: number;
}

export interface DocNode {
  id: string;
  type: string;
  position: Position;
  data: { label: string; [key: string]: unknown };
  [key: string]: unknown;
}

export interface DocEdge {
  id: string;
  source: string;
  target: string;
  sourceHandle?: string | null;
  targetHandle?: string | null;
  [key: string]: unknown;
}

export interface WorkflowDocument {
  nodes: DocNode[];
  edges: DocEdge[];
}

export type AuthType = 'anonymous' | 'jwt' | 'header_auth';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface SseNodeSetting {
  send_start: boolean;
  start_message?: string | null;
}

export interface WorkflowSettings {
  auth_type: AuthType;
  allow_anonymous: boolean;
  auth_header_key: string | null;
  auth_header_value: string | null;
  http_method: HttpMethod;
  webhook_body_mode: 'defined' | 'generic';
  cache_ttl_seconds: number | null;
  rate_limit_requests: number | null;
  rate_limit_window_seconds: number | null;
  sse_enabled: boolean;
  sse_node_config: Record<string, SseNodeSetting>;
}

export interface WorkflowRecord extends WorkflowDocument, WorkflowSettings {
  id: string;
  name: string;
  description: string;
  owner_id: string;
  folder_id: string | null;
  created_at: string;
  updated_at: string;
  scheduled_for_deletion: string | null;
}

export interface Execution {
  id: string;
  workflow_id: string;
  status: string;
  trigger_source: string | null;
  test_run: boolean;
  user_id: string | null;
  inputs: unknown;
  outputs: unknown;
  node_results: Record<string, NodeResultRecord> | null;
  started_at: string;
  finished_at: string | null;
  execution_time_ms: number;
}

/** A run in the history across workflows: the run and its workflow's name. */
export interface NamedExecution extends Execution {
  workflow_name: string;
}

export interface ExecutionQuery {
  limit?: number;
  offset?: number;
  status?: string;
  trigger_source?: string;
}

export interface NodeResultRecord {
  status?: string;
  output?: unknown;
  error?: string | null;
  execution_time_ms?: number;
  attempts?: number;
  [key: string]: unknown;
}

export interface NodeTypeInfo {
  type: string;
  group: string;
  description: string;
  schema: JsonSchema;
  handles: { source: string[]; target: string[]; dynamic: boolean; note?: string };
  raw_fields: string[];
  docs: string;
}

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  description?: string;
  [key: string]: unknown;
}

export interface UserShare {
  user_id: string;
  email: string;
  name: string;
  created_at: string;
}

export interface TeamShare {
  team_id: string;
  name: string;
  created_at: string;
}

export interface Team {
  id: string;
  name: string;
  description: string;
  creator_id: string;
  members: { user_id: string; email: string; name: string }[];
}

export interface ExecutionToken {
  id: string;
  token?: string;
  expires_at: string;
  created_at: string;
  revoked: boolean;
  expired?: boolean;
}

export interface Credential {
  id: string;
  name: string;
  type: string;
  owner_id: string;
  values: Record<string, unknown>;
  masked: Record<string, string>;
  shared_with: { user_id: string; email: string; name?: string }[];
  team_shared_with?: { team_id: string; name: string }[];
}

export interface GlobalVariable {
  id: string;
  name: string;
  value: unknown;
  owner_id: string;
  created_at: string;
  updated_at: string;
}

export interface Folder {
  id: string;
  name: string;
  description: string | null;
  parent_id: string | null;
  created_at: string;
  children?: Folder[];
  /** The workflows in this folder for the caller (their own filing of a shared workflow too). */
  workflows?: Pick<
    WorkflowRecord,
    'id' | 'name' | 'description' | 'owner_id' | 'created_at' | 'updated_at'
  >[];
}
