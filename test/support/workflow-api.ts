/** Shared pieces of the workflow HTTP suites. */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { json } from './app.js';
import type { Registered } from './auth.js';

export const RECORD_KEYS = [
  'id',
  'name',
  'description',
  'nodes',
  'edges',
  'owner_id',
  'folder_id',
  'created_at',
  'updated_at',
  'scheduled_for_deletion',
  'auth_type',
  'allow_anonymous',
  'auth_header_key',
  'auth_header_value',
  'http_method',
  'webhook_body_mode',
  'cache_ttl_seconds',
  'rate_limit_requests',
  'rate_limit_window_seconds',
  'sse_enabled',
  'sse_node_config',
  'mcp_enabled',
  'portal_enabled',
  'portal_slug',
  'portal_stream_enabled',
  'portal_file_upload_enabled',
  'portal_file_config',
].sort();

/**
 * The fields of a workflow export file (the archive format): every record field but the secret
 * `auth_header_value` and the ids, owner, folder, timestamps and deletion date of the server it came from.
 */
export const EXPORTED_KEYS = RECORD_KEYS.filter(
  (key) =>
    ![
      'id',
      'owner_id',
      'folder_id',
      'created_at',
      'updated_at',
      'scheduled_for_deletion',
      'auth_header_value',
    ].includes(key),
);

let slugCounter = 0;
/** A portal slug no other call returns. */
export const uniqueSlug = () => `slug-${++slugCounter}-${randomUUID().slice(0, 8)}`;

/** The greeter of design 5. */
export const greeter = {
  nodes: [
    {
      id: 'n1',
      type: 'textInput',
      position: { x: 0, y: 0 },
      data: { label: 'request', inputFields: [{ key: 'name' }] },
    },
    {
      id: 'n2',
      type: 'set',
      position: { x: 240, y: 0 },
      data: { label: 'shape', mappings: [{ key: 'greeting', value: 'Hello $request.body.name' }] },
    },
    {
      id: 'n3',
      type: 'output',
      position: { x: 480, y: 0 },
      data: { label: 'result', value: '$shape.greeting' },
    },
  ],
  edges: [
    { id: 'e1', source: 'n1', target: 'n2' },
    { id: 'e2', source: 'n2', target: 'n3' },
  ],
};

type Response = { statusCode: number; headers: Record<string, unknown>; body: string };

/** Asserts a problem+json answer without a stack trace; returns its body. */
export function expectProblem(response: Response, status: number, code: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  const body = json(response);
  expect(body).toMatchObject({ status, code });
  expect(response.body).not.toMatch(/at .+\.(ts|js):\d+/);
  return body;
}

/** Calls on the workflow routes as a user (or anonymously with null). */
export function workflowClient(app: () => FastifyInstance) {
  const call = (user: Registered | null, method: string, url: string, payload?: unknown) =>
    app().inject({
      method: method as 'GET',
      url,
      headers: user ? user.headers : {},
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  return {
    call,
    /** Creates a workflow (name "W" unless given) and expects 201. */
    async create(user: Registered, body: Record<string, unknown> = {}) {
      const response = await call(user, 'POST', '/api/workflows', { name: 'W', ...body });
      expect(response.statusCode, response.body).toBe(201);
      return json(response);
    },
    patch: (user: Registered, id: string, body: unknown) => call(user, 'PATCH', `/api/workflows/${id}`, body),
    read: async (user: Registered, id: string) => json(await call(user, 'GET', `/api/workflows/${id}`)),
  };
}
