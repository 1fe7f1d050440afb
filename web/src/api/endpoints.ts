/** Typed calls of the public API, one function per endpoint the app uses. */
import { api } from './client';
import type {
  Credential,
  Execution,
  ExecutionQuery,
  ExecutionToken,
  Folder,
  GlobalVariable,
  NamedExecution,
  NodeTypeInfo,
  Team,
  TeamShare,
  User,
  UserShare,
  WorkflowRecord,
} from './types';

interface Items<T> {
  items: T[];
}
const id = encodeURIComponent;
const auth = { noRefresh: true } as const;

export const authApi = {
  me: () => api<User>('/api/auth/me'),
  login: (email: string, password: string) =>
    api<{ user: User }>('/api/auth/login', { method: 'POST', body: { email, password }, ...auth }),
  register: (email: string, password: string, name?: string) =>
    api<{ user: User }>('/api/auth/register', {
      method: 'POST',
      body: { email, password, ...(name ? { name } : {}) },
      ...auth,
    }),
  logout: () => api<void>('/api/auth/logout', { method: 'POST' }),
};

export const workflowApi = {
  list: () => api<Items<WorkflowRecord>>('/api/workflows'),
  get: (workflowId: string) => api<WorkflowRecord>(`/api/workflows/${id(workflowId)}`),
  create: (body: Partial<WorkflowRecord> & { name: string }) =>
    api<WorkflowRecord>('/api/workflows', { method: 'POST', body }),
  update: (workflowId: string, body: Partial<WorkflowRecord>) =>
    api<WorkflowRecord>(`/api/workflows/${id(workflowId)}`, { method: 'PATCH', body }),
  remove: (workflowId: string) => api<void>(`/api/workflows/${id(workflowId)}`, { method: 'DELETE' }),
  scheduleDeletion: (workflowId: string) =>
    api<unknown>(`/api/workflows/${id(workflowId)}/schedule-deletion`, { method: 'PUT' }),
  restore: (workflowId: string) =>
    api<unknown>(`/api/workflows/${id(workflowId)}/schedule-deletion`, { method: 'DELETE' }),
};

/** Query parameters without the empty ones. */
function searchOf(query: object): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') params.set(key, String(value));
  return params;
}

export const executionApi = {
  list: (workflowId: string, query: ExecutionQuery) =>
    api<{ items: Execution[]; total: number }>(
      `/api/workflows/${id(workflowId)}/executions?${searchOf(query)}`,
    ),
  /** Runs of every workflow the user may see; `workflow_id` narrows it to one. */
  listAll: (query: ExecutionQuery & { workflow_id?: string }) =>
    api<{ items: NamedExecution[]; total: number }>(`/api/executions?${searchOf(query)}`),
  get: (executionId: string) => api<Execution>(`/api/executions/${id(executionId)}`),
  cancel: (workflowId: string, executionId: string) =>
    api<unknown>(`/api/workflows/${id(workflowId)}/executions/${id(executionId)}/cancel`, { method: 'POST' }),
};

export const nodeTypeApi = {
  list: () => api<Items<NodeTypeInfo>>('/api/node-types'),
};

export const expressionApi = {
  evaluate: (body: {
    expression: string;
    workflow_id?: string;
    node_id?: string;
    context?: { input?: unknown; nodes?: Record<string, unknown> };
  }) => api<{ result: unknown; type: string }>('/api/expressions/evaluate', { method: 'POST', body }),
};

export const shareApi = {
  users: (workflowId: string) => api<Items<UserShare>>(`/api/workflows/${id(workflowId)}/shares`),
  addUser: (workflowId: string, email: string) =>
    api<UserShare>(`/api/workflows/${id(workflowId)}/shares`, { method: 'POST', body: { email } }),
  removeUser: (workflowId: string, userId: string) =>
    api<void>(`/api/workflows/${id(workflowId)}/shares/${id(userId)}`, { method: 'DELETE' }),
  teams: (workflowId: string) => api<Items<TeamShare>>(`/api/workflows/${id(workflowId)}/team-shares`),
  addTeam: (workflowId: string, teamId: string) =>
    api<TeamShare>(`/api/workflows/${id(workflowId)}/team-shares`, {
      method: 'POST',
      body: { team_id: teamId },
    }),
  removeTeam: (workflowId: string, teamId: string) =>
    api<void>(`/api/workflows/${id(workflowId)}/team-shares/${id(teamId)}`, { method: 'DELETE' }),
};

export const teamApi = {
  list: () => api<Items<Team>>('/api/teams'),
  create: (name: string, description?: string) =>
    api<Team>('/api/teams', { method: 'POST', body: { name, description } }),
  remove: (teamId: string) => api<void>(`/api/teams/${id(teamId)}`, { method: 'DELETE' }),
  addMember: (teamId: string, email: string) =>
    api<unknown>(`/api/teams/${id(teamId)}/members`, { method: 'POST', body: { email } }),
  removeMember: (teamId: string, userId: string) =>
    api<void>(`/api/teams/${id(teamId)}/members/${id(userId)}`, { method: 'DELETE' }),
  sharedEntities: (teamId: string) =>
    api<Record<string, unknown>>(`/api/teams/${id(teamId)}/shared-entities`),
};

export const tokenApi = {
  list: (workflowId: string) =>
    api<Items<ExecutionToken>>(`/api/workflows/${id(workflowId)}/execution-tokens`),
  create: (workflowId: string, ttlSeconds: number) =>
    api<ExecutionToken>(`/api/workflows/${id(workflowId)}/execution-tokens`, {
      method: 'POST',
      body: { ttl_seconds: ttlSeconds },
    }),
  revoke: (workflowId: string, tokenId: string) =>
    api<void>(`/api/workflows/${id(workflowId)}/execution-tokens/${id(tokenId)}`, { method: 'DELETE' }),
};

export const credentialApi = {
  list: () => api<Items<Credential>>('/api/credentials'),
  create: (body: { name: string; type: string; values: Record<string, unknown> }) =>
    api<Credential>('/api/credentials', { method: 'POST', body }),
  remove: (credentialId: string) => api<void>(`/api/credentials/${id(credentialId)}`, { method: 'DELETE' }),
  share: (credentialId: string, email: string) =>
    api<unknown>(`/api/credentials/${id(credentialId)}/shares`, { method: 'POST', body: { email } }),
  unshare: (credentialId: string, userId: string) =>
    api<void>(`/api/credentials/${id(credentialId)}/shares/${id(userId)}`, { method: 'DELETE' }),
};

export const variableApi = {
  list: () => api<Items<GlobalVariable>>('/api/global-variables'),
  create: (name: string, value: unknown) =>
    api<GlobalVariable>('/api/global-variables', { method: 'POST', body: { name, value } }),
  update: (variableId: string, body: { name?: string; value?: unknown }) =>
    api<GlobalVariable>(`/api/global-variables/${id(variableId)}`, { method: 'PATCH', body }),
  remove: (variableId: string) => api<void>(`/api/global-variables/${id(variableId)}`, { method: 'DELETE' }),
};

export const folderApi = {
  tree: () => api<Items<Folder>>('/api/folders/tree'),
  create: (name: string, parentId?: string | null) =>
    api<Folder>('/api/folders', { method: 'POST', body: { name, parent_id: parentId ?? null } }),
  update: (folderId: string, body: { name?: string; parent_id?: string | null }) =>
    api<Folder>(`/api/folders/${id(folderId)}`, { method: 'PUT', body }),
  remove: (folderId: string) => api<void>(`/api/folders/${id(folderId)}`, { method: 'DELETE' }),
  moveWorkflow: (folderId: string, workflowId: string) =>
    api<unknown>(`/api/folders/${id(folderId)}/workflows/${id(workflowId)}`, { method: 'PUT' }),
  removeWorkflow: (workflowId: string) =>
    api<unknown>(`/api/folders/workflows/${id(workflowId)}/folder`, { method: 'DELETE' }),
};

export interface CredentialTypeInfo {
  type: string;
  fields: {
    name: string;
    secret: boolean;
    required: boolean;
    schema: { type?: string; [key: string]: unknown };
  }[];
}

export const credentialTypeApi = {
  list: () => api<Items<CredentialTypeInfo>>('/api/credential-types'),
};
